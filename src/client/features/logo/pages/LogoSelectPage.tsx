import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { LogoTemplate } from '../../../../contract/generation';
import FlowSteps from '../../../components/FlowSteps';
import LazyMediaPreviewDialog from '../../../components/LazyMediaPreviewDialog';
import type { MediaPreview } from '../../../components/MediaPreviewDialog';
import PageHeading from '../../../components/PageHeading';
import { pageColumnStyle } from '../../../components/pageLayout';
import TemplateGrid from '../../../components/TemplateGrid';
import { useDelayedPreview } from '../../../components/useDelayedPreview';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { catalogPageRequested, selectLogoCatalog, templatePreviewFailed } from '../../catalog/catalogSlice';
import { logoTemplateChosen, selectLogoTemplate } from '../../selections/selectionsSlice';
import { logoFlowOf, pathAfterLogoChoice } from '../../selections/selections.types';

const introOf = {
  alone: '挑选一款LOGO样式，下一步填写游戏名称即可生成透明或动态LOGO。',
  fsa: '为整屏动画挑选一款LOGO样式，下一步填写动画文字。',
  miniSite: '为网站挑选一款LOGO样式。',
} as const;

/** /logo/selectPage?module=tl|al|fsa: the logo styles, 12 a page (spec screen 12). */
export default function LogoSelectPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const module = params.get('module');
  const flow = logoFlowOf(module);
  const catalog = useAppSelector(selectLogoCatalog);
  const chosen = useAppSelector((state) => selectLogoTemplate(state, flow));
  // The previewed style rides with its picture, for the dialog's 选择.
  const { preview, open, close } = useDelayedPreview<{ media: MediaPreview; template: LogoTemplate }>();
  // The page the visitor was on last time: coming back from a config page lands there again.
  const [firstPage] = useState(catalog.page);

  useEffect(() => {
    dispatch(catalogPageRequested({ catalog: 'logo', page: firstPage }));
  }, [dispatch, firstPage]);

  const choose = (template: LogoTemplate) => {
    dispatch(logoTemplateChosen({ flow, template }));
    navigate(pathAfterLogoChoice(module));
  };

  return (
    <div style={pageColumnStyle}>
      {flow === 'alone' ? <FlowSteps flow="logo" current={0} /> : null}
      {flow === 'fsa' ? <FlowSteps flow="banner" current={1} /> : null}
      {flow === 'miniSite' ? <FlowSteps flow="miniSite" current={1} /> : null}
      <PageHeading title="选择LOGO样式" text={introOf[flow]} />
      <TemplateGrid
        items={catalog.items}
        loading={catalog.status === 'loading' || catalog.status === 'idle'}
        page={catalog.page}
        total={catalog.total}
        selectedId={chosen?.id ?? null}
        coverFit="contain"
        onPageChange={(page) => {
          dispatch(catalogPageRequested({ catalog: 'logo', page }));
          window.scrollTo?.({ top: 0, behavior: 'smooth' });
        }}
        onPreview={(template) => open({ media: { kind: 'image', src: template.preview_image1, title: template.name }, template })}
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
