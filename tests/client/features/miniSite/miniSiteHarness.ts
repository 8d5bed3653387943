import type { RootState } from '../../../../src/client/app/rootReducer';
import { DEFAULT_FLOW_CONFIG, initialSelectionsState } from '../../../../src/client/features/selections/selectionsSlice';
import { initialMiniSiteState } from '../../../../src/client/features/miniSite/miniSiteSlice';
import type { ConfigGroup, MusicItem, SiteCategory, SiteTemplate } from '../../../../src/contract/miniSite';
import { stateWith } from '../../sagaHarness';
import { bannerTemplate, logoTemplate } from '../generation/generationHarness';

export const categories: SiteCategory[] = [
  { id: 1, name: '仙侠' },
  { id: 2, name: '三国' },
];

export function siteTemplate(id: number, overrides: Partial<SiteTemplate> = {}): SiteTemplate {
  return { id, name: `模版${id}`, category_id: 1, thumbnail: `/static/site/${id}/thumb.jpg`, preview_image: `/static/site/${id}/full.jpg`, preview_image_phone: `/static/site/${id}/phone.jpg`, banner_id: bannerTemplate.id, ...overrides };
}

export const site = siteTemplate(1);
export const otherSite = siteTemplate(2, { banner_id: 6 });

export const groups: ConfigGroup[] = [
  {
    name: '基本信息',
    children: [
      { key: 'title', name: '网站标题', type: 'text', value: '龙腾天下官网', len: 20, tips: '显示在浏览器标签上' },
      { key: 'intro', name: '游戏简介', type: 'textarea', value: '一款国风仙侠手游。' },
    ],
  },
  {
    name: '媒体',
    children: [
      { key: 'cover', name: '背景图片', type: 'image', value: '/generated/catalog/site/1/bg.jpg' },
      { key: 'music', name: '背景音乐', type: 'music', value: '' },
      { key: 'hero', name: '首屏动画', type: 'banner', value: '' },
      { key: 'logo', name: '网站LOGO', type: 'banner_logo', value: '' },
      { key: 'trailer', name: '宣传视频', type: 'video', value: '' },
    ],
  },
];

export const music: MusicItem[] = [{ id: 1, name: '山河', url: '/generated/catalog/music/1.mp3', shortUrl: '/generated/catalog/music/1.mp3', value: 'music-1' }];

export const generated = { logoUrl: '/generated/jobs/a/logo.png', bannerUrl: '/generated/jobs/b/banner.mp4' };

/** On the config page with everything chosen, both results generated and the template's form loaded. */
export function readyState(overrides: { selections?: Partial<RootState['selections']>; miniSite?: Partial<RootState['miniSite']> } = {}): RootState {
  return stateWith({
    router: { location: { pathname: '/miniSite/config', search: '' } },
    selections: {
      ...initialSelectionsState,
      logoTemplates: { miniSite: logoTemplate },
      configs: { miniSite: { ...DEFAULT_FLOW_CONFIG, ...generated, module: 'fsa' } },
      siteTemplate: site,
      ...overrides.selections,
    },
    miniSite: { ...initialMiniSiteState, templateConfig: { status: 'succeeded', templateId: site.id, groups }, ...overrides.miniSite },
  });
}
