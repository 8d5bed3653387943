import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MiniSiteMessages, type SiteTemplate } from '../../../../contract/miniSite';
import FlowSteps from '../../../components/FlowSteps';
import LazyMediaPreviewDialog from '../../../components/LazyMediaPreviewDialog';
import type { MediaPreview } from '../../../components/MediaPreviewDialog';
import PageHeading from '../../../components/PageHeading';
import { pageColumnStyle } from '../../../components/pageLayout';
import TemplateGrid from '../../../components/TemplateGrid';
import { useDelayedPreview } from '../../../components/useDelayedPreview';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { templatePreviewFailed } from '../../catalog/catalogSlice';
import { selectLogoTemplate, selectSiteTemplate, siteTemplateChosen } from '../../selections/selectionsSlice';
import CategoryBar from '../components/CategoryBar';
import { sitePagePreview } from '../sitePreview';
import { categoriesRequested, selectSiteCategories, selectSiteTemplateList, templatesRequested } from '../miniSiteSlice';

/** Where 选择 leads: the logo styles first when the mini site has none yet, else straight to the config page. */
export function pathAfterSiteChoice(hasLogoTemplate: boolean): string {
  return hasLogoTemplate ? '/miniSite/config' : '/logo/selectPage';
}

/** / and /miniSite/selectPage: the site templates by category, 12 a page (spec screen 9). */
export default function SiteSelectPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const categories = useAppSelector(selectSiteCategories);
  const list = useAppSelector(selectSiteTemplateList);
  const chosen = useAppSelector(selectSiteTemplate);
  const hasLogo = useAppSelector((state) => selectLogoTemplate(state, 'miniSite')) !== null;
  // The previewed style rides with its picture, for the dialog's 选择.
  const { preview, open, close } = useDelayedPreview<{ media: MediaPreview; template: SiteTemplate }>();
  // The category and page the visitor was on last time: coming back from the config page lands there again.
  const [first] = useState(() => ({ categoryId: list.categoryId, page: list.page }));

  useEffect(() => {
    dispatch(categoriesRequested());
    dispatch(templatesRequested(first));
  }, [dispatch, first]);

  const choose = (template: SiteTemplate) => {
    dispatch(siteTemplateChosen({ template }));
    navigate(pathAfterSiteChoice(hasLogo));
  };

  return (
    <div style={pageColumnStyle}>
      <FlowSteps flow="miniSite" current={0} />
      <PageHeading title="选择网站模版" text="挑选一款游戏官网模版，再选LOGO样式、填写文字，即可生成一个可下载的网站。点击预览可查看整页效果。" />
      <CategoryBar categories={categories} current={list.categoryId} onChange={(categoryId) => dispatch(templatesRequested({ categoryId, page: 1 }))} />
      <TemplateGrid
        items={list.items}
        loading={list.status === 'loading' || list.status === 'idle'}
        page={list.page}
        total={list.total}
        selectedId={chosen?.id ?? null}
        coverFit="cover"
        coverRatio={0.75}
        cardSize="large"
        emptyText={MiniSiteMessages.noTemplates}
        onPageChange={(page) => {
          dispatch(templatesRequested({ categoryId: list.categoryId, page }));
          window.scrollTo?.({ top: 0, behavior: 'smooth' });
        }}
        onPreview={(template) => open({ media: sitePagePreview(template), template })}
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
