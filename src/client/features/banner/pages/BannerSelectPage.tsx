import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { BannerTemplate } from '../../../../contract/generation';
import FlowSteps from '../../../components/FlowSteps';
import LazyMediaPreviewDialog from '../../../components/LazyMediaPreviewDialog';
import type { MediaPreview } from '../../../components/MediaPreviewDialog';
import PageHeading from '../../../components/PageHeading';
import { pageColumnStyle } from '../../../components/pageLayout';
import TemplateGrid from '../../../components/TemplateGrid';
import { useDelayedPreview } from '../../../components/useDelayedPreview';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { catalogPageRequested, selectBannerCatalog, templatePreviewFailed } from '../../catalog/catalogSlice';
import { bannerModuleOf } from '../../generation/moduleQuery';
import { bannerTemplateChosen, selectBannerSelection } from '../../selections/selectionsSlice';

/** /banner/selectPage?module=fsa: the full-screen animation styles, each previewed as a video (spec screen 15). */
export default function BannerSelectPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const module = bannerModuleOf(params.get('module'));
  const catalog = useAppSelector(selectBannerCatalog);
  const chosen = useAppSelector(selectBannerSelection);
  // The previewed style rides with its picture, for the dialog's 选择.
  const { preview, open, close } = useDelayedPreview<{ media: MediaPreview; template: BannerTemplate }>();
  const [firstPage] = useState(catalog.page);

  useEffect(() => {
    dispatch(catalogPageRequested({ catalog: 'banner', page: firstPage }));
  }, [dispatch, firstPage]);

  const choose = (template: BannerTemplate) => {
    dispatch(bannerTemplateChosen({ template, module }));
    navigate(`/logo/selectPage?module=${module}`);
  };

  return (
    <div style={pageColumnStyle}>
      <FlowSteps flow="banner" current={0} />
      <PageHeading title="选择整屏动画样式" text="挑选一款整屏动画样式，下一步选择LOGO样式。点击预览可观看动画效果。" />
      <TemplateGrid
        items={catalog.items}
        loading={catalog.status === 'loading' || catalog.status === 'idle'}
        page={catalog.page}
        total={catalog.total}
        selectedId={chosen?.template.id ?? null}
        coverFit="cover"
        onPageChange={(page) => {
          dispatch(catalogPageRequested({ catalog: 'banner', page }));
          window.scrollTo?.({ top: 0, behavior: 'smooth' });
        }}
        onPreview={(template) => open({ media: { kind: 'video', src: template.preview_video, title: template.name }, template })}
        onSelect={choose}
      />
      <LazyMediaPreviewDialog
        preview={preview?.media ?? null}
        onClose={close}
        onError={(media) => dispatch(templatePreviewFailed({ media }))}
        onChoose={preview ? () => choose(preview.template) : undefined}
      />
    </div>
  );
}
