import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type EffectProviders, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import type { RootState } from '../../../../src/client/app/rootReducer';
import type { BuilderState } from '../../../../src/client/features/builder/builder.types';
import { initialBuilderState } from '../../../../src/client/features/builder/builderSlice';
import { COMPONENT_TYPES, type BuilderSite, type ComponentTemplate, type ComponentType, type SelectedComponents } from '../../../../src/contract/builder';
import type { ConfigGroup } from '../../../../src/contract/miniSite';
import { SERVICES } from '../../../../src/client/app/services';
import { makeFakeServices } from '../../fakeServices';
import { stateWith } from '../../sagaHarness';

/** The fields each type's template has in these tests. */
const CONFIGS: Record<ComponentType, ConfigGroup[]> = {
  main: [{ name: '整站', children: [{ key: 'siteName', name: '网站名称', type: 'text', value: '龙腾天下' }, { key: 'bgm', name: '背景音乐', type: 'music', value: '' }] }],
  head: [{ name: '导航', children: [{ key: 'nav1', name: '导航一', type: 'text', value: '首页' }, { key: 'headLogo', name: '导航LOGO', type: 'banner_logo', value: '' }] }],
  banner: [{ name: '首屏', children: [{ key: 'prompt', name: '画面描述', type: 'textarea', value: '云海仙山' }, { key: 'bannerImage', name: 'banner图片', type: 'banner', value: '' }] }],
  content: [{ name: '内容', children: [{ key: 'intro', name: '游戏简介', type: 'textarea', value: '一款国风手游。' }, { key: 'cover', name: '封面图片', type: 'image', value: '/static/c.jpg' }] }],
  sidebar: [{ name: '侧栏', children: [{ key: 'qq', name: 'QQ群', type: 'text', value: '123456' }] }],
  footer: [{ name: '页脚', children: [{ key: 'copyright', name: '版权信息', type: 'text', value: '© 龙腾' }] }],
  logo: [{ name: 'LOGO', children: [{ key: 'logotext', name: 'LOGO文字', type: 'text', value: '龙腾' }] }],
};

export function template(type: ComponentType, id: number): ComponentTemplate {
  return { id, name: `${type}模版${id}`, type, url: `/static/builder/${type}/${id}.jpg`, preview_image: `/static/builder/${type}/${id}-large.jpg`, config: CONFIGS[type] };
}

function defaultsOf(type: ComponentType): Record<string, string> {
  return Object.fromEntries(CONFIGS[type].flatMap((group) => group.children.map((field) => [field.key, field.value])));
}

/** A site as the server answers it; `revision` changes its previewUrl, as every render does. */
export function site(overrides: Partial<BuilderSite> = {}, revision = 1): BuilderSite {
  const selectedComponents = Object.fromEntries(COMPONENT_TYPES.map((type) => [type, template(type, 1)])) as SelectedComponents;
  return {
    id: 42,
    web_name: '龙腾天下',
    status: 1,
    previewUrl: `/sites/abc/index.html?v=${revision}`,
    configData: Object.fromEntries(COMPONENT_TYPES.map((type) => [type, CONFIGS[type]])) as BuilderSite['configData'],
    formData: Object.fromEntries(COMPONENT_TYPES.map((type) => [type, defaultsOf(type)])) as BuilderSite['formData'],
    selectedComponents,
    templatePath: '/sites/abc/',
    bannerArtist: '本站服务器绘制的生成艺术图（非AI）',
    bannerKeyArt: '',
    bannerStyle: 'cloud-sea',
    ...overrides,
  };
}

/** The whole state with the builder slice on a page. */
export function builderState(builder: Partial<BuilderState> = {}, pathname = '/createWeb'): RootState {
  return stateWith({ router: { location: { pathname, search: '' } }, builder: { ...initialBuilderState, ...builder } as RootState['builder'] });
}

/** The builder with `s` open. */
export function openState(s: BuilderSite = site(), builder: Partial<BuilderState> = {}, pathname = '/createWeb'): RootState {
  return builderState({ site: s, siteId: s.id, previewUrl: s.previewUrl, status: 'succeeded', ...builder }, pathname);
}

/** A provider answering every call of `fn` with `value`. */
export function answer(fn: (...args: never[]) => unknown, value: unknown): StaticProvider {
  return [matchers.call.fn(fn), value] as StaticProvider;
}
/** A provider failing every call of `fn` with `error`. */
export function failing(fn: (...args: never[]) => unknown, error: Error): StaticProvider {
  return [matchers.call.fn(fn), throwError(error)] as StaticProvider;
}

export const networkError = new ApiError({ code: 0, msg: '网络连接失败，请检查网络' });
export function answerError(code: number, serverMsg = ''): ApiError {
  return new ApiError({ code, msg: serverMsg || '请求失败', httpStatus: 200, serverMsg });
}

/** Services only: `delay` (and so `debounce`) runs on the timers: jest's fake ones in the auto-save tests. */
export function servicesOnly(location = { pathname: '/createWeb', search: '' }) {
  const services = makeFakeServices(location);
  const providers: EffectProviders = { getContext: (key, next) => (key === SERVICES ? services : next()) };
  return { services, providers };
}
