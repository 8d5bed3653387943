import type { ComponentType } from 'react';
import { matchRoutes, redirect, type RouteObject } from 'react-router-dom';
import PageLoading from '../components/PageLoading';
import { consolePages } from '../features/admin/consolePages';
import { createGuard, type GuardDependencies } from './guard';
import type { LazyFeature, StartFeature } from './lazyFeatures';
import RootShell from './RootShell';
import type { RouteHandle } from './title';

/** Route ids the spec names (section 2), for code that needs to refer to a route. */
export const RouteId = {
  root: 'root',
  Layout: 'Layout',
  home: 'home',
  Login: 'Login',
  Register: 'Register',
  Forget: 'Forget',
  createWeb: 'createWeb',
  Backend: 'Backend',
  siteList: 'siteList',
  works: 'works',
  Personal: 'Personal',
  Admin: 'Admin',
} as const;

type PageModule = { default: ComponentType };

/** A code-split route: its page loads on first visit. */
function lazyPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

// The home page and /miniSite/selectPage are one page, one chunk.
const siteSelect = lazyPage(() => import(/* webpackChunkName: "site-select" */ '../features/miniSite/pages/SiteSelectPage'));

/** A code-split route whose page brings its own sagas, started when it is first opened. */
function featurePage(startFeature: StartFeature, load: () => Promise<{ Page: ComponentType; feature: LazyFeature }>): RouteObject['lazy'] {
  return async () => {
    const { Page, feature } = await load();
    startFeature(feature);
    return { Component: Page };
  };
}

function page(path: string, title: string, lazy: RouteObject['lazy'], id?: string): RouteObject {
  const handle: RouteHandle = { title };
  return { id, path, handle, lazy };
}

/**
 * The lazy features that the app's own pages start (lazyFeatures.ts), by module, each loaded on
 * first use. Modules named into one chunk come in one file: the config pages' sagas, the result
 * pages', the back office's.
 */
const lazyFeatures = {
  authForms: () => import(/* webpackChunkName: "auth-sagas" */ '../features/auth/feature').then((module) => [module.authFormsFeature]),
  builder: () => import(/* webpackChunkName: "builder-sagas" */ '../features/builder/feature').then((module) => [module.builderFeature]),
  generation: () => import(/* webpackChunkName: "config-sagas" */ '../features/generation/feature').then((module) => [module.generationFeature, module.keyArtFeature]),
  miniSite: () => import(/* webpackChunkName: "config-sagas" */ '../features/miniSite/feature').then((module) => [module.miniSiteFeature]),
  download: () => import(/* webpackChunkName: "result-sagas" */ '../features/download/feature').then((module) => [module.downloadFeature]),
  publishing: () => import(/* webpackChunkName: "result-sagas" */ '../features/publishing/feature').then((module) => [module.publishingFeature]),
  phonePreview: () => import(/* webpackChunkName: "result-sagas" */ '../features/phonePreview/feature').then((module) => [module.phonePreviewFeature]),
  bannerCuts: () => import(/* webpackChunkName: "result-sagas" */ '../features/banner/feature').then((module) => [module.bannerCutsFeature]),
  tutorial: () => import(/* webpackChunkName: "tutorial-sagas" */ '../features/tutorial/feature').then((module) => [module.tutorialFeature]),
  siteList: () => import(/* webpackChunkName: "backend-sagas" */ '../features/siteList/feature').then((module) => [module.siteListFeature, module.siteVersionsFeature]),
  works: () => import(/* webpackChunkName: "backend-sagas" */ '../features/works/feature').then((module) => [module.worksFeature]),
  personal: () => import(/* webpackChunkName: "backend-sagas" */ '../features/personal/feature').then((module) => [module.personalFeature]),
} satisfies Record<string, () => Promise<LazyFeature[]>>;

type FeatureModule = keyof typeof lazyFeatures;

/** A code-split route whose page needs lazy features: they load with the page and start before it shows. */
function pageWithFeatures(startFeature: StartFeature, load: () => Promise<PageModule>, modules: FeatureModule[]): RouteObject['lazy'] {
  return async () => {
    const [{ default: Page }, ...features] = await Promise.all([load(), ...modules.map((name) => lazyFeatures[name]())]);
    features.flat().forEach(startFeature);
    return { Component: Page };
  };
}

/** The config pages' 生成 (logo, banner, mini site), the key-art field and the mini site's form. */
const configFeatures: FeatureModule[] = ['generation', 'miniSite'];

/** The operator console (运营后台): each page loads with its own state and saga, started when first opened. */
function consoleRoutes(startFeature: StartFeature): RouteObject[] {
  const pages: RouteObject[] = consolePages.map(({ path, title, load }) => ({ path, handle: { title } satisfies RouteHandle, lazy: featurePage(startFeature, load) }));
  return [{ index: true, loader: () => redirect(`/admin/${consolePages[0].path}`), element: null }, ...pages];
}

/** Every route of spec section 2, below the root route that guards them, and the console. */
function childRoutes(startFeature: StartFeature): RouteObject[] {
  return [
    {
      id: RouteId.Layout,
      lazy: lazyPage(() => import(/* webpackChunkName: "public-layout" */ '../features/layout/PublicLayout')),
      children: [
        { id: RouteId.home, index: true, handle: { title: '选择网站模版' } satisfies RouteHandle, lazy: siteSelect },
        page('miniSite/selectPage', '选择网站模版', siteSelect),
        page('miniSite/config', '网站配置', pageWithFeatures(startFeature, () => import(/* webpackChunkName: "site-config" */ '../features/miniSite/pages/SiteConfigPage'), configFeatures)),
        page('miniSite/preview', '网站预览', pageWithFeatures(startFeature, () => import(/* webpackChunkName: "site-preview" */ '../features/miniSite/pages/SitePreviewPage'), ['download', 'publishing', 'phonePreview'])),
        page('logo/selectPage', '选择LOGO样式', lazyPage(() => import(/* webpackChunkName: "logo-select" */ '../features/logo/pages/LogoSelectPage'))),
        page('logo/config', 'LOGO配置', pageWithFeatures(startFeature, () => import(/* webpackChunkName: "logo-config" */ '../features/logo/pages/LogoConfigPage'), ['generation'])),
        page('logo/preview', 'LOGO预览', pageWithFeatures(startFeature, () => import(/* webpackChunkName: "logo-preview" */ '../features/logo/pages/LogoPreviewPage'), ['download'])),
        page('banner/selectPage', '选择整屏动画样式', lazyPage(() => import(/* webpackChunkName: "banner-select" */ '../features/banner/pages/BannerSelectPage'))),
        page('banner/config', '整屏动画配置', pageWithFeatures(startFeature, () => import(/* webpackChunkName: "banner-config" */ '../features/banner/pages/BannerConfigPage'), configFeatures)),
        page('banner/preview', '整屏动画预览', pageWithFeatures(startFeature, () => import(/* webpackChunkName: "banner-preview" */ '../features/banner/pages/BannerPreviewPage'), ['download', 'bannerCuts'])),
        page('videoTutorial', '视频教程', pageWithFeatures(startFeature, () => import(/* webpackChunkName: "tutorial" */ '../features/tutorial/pages/VideoTutorialPage'), ['tutorial'])),
      ],
    },
    {
      id: 'AuthLayout',
      lazy: pageWithFeatures(startFeature, () => import(/* webpackChunkName: "auth-layout" */ '../features/layout/AuthLayout'), ['authForms']),
      children: [
        page('auth/login', '登录', lazyPage(() => import(/* webpackChunkName: "login" */ '../features/auth/pages/LoginPage')), RouteId.Login),
        page('auth/register', '注册', lazyPage(() => import(/* webpackChunkName: "register" */ '../features/auth/pages/RegisterPage')), RouteId.Register),
        page('auth/forget', '忘记密码', lazyPage(() => import(/* webpackChunkName: "forget" */ '../features/auth/pages/ForgetPage')), RouteId.Forget),
      ],
    },
    // The builder and its result are full-screen pages of their own, without a site layout.
    page('createWeb', '游戏官网配置', pageWithFeatures(startFeature, () => import(/* webpackChunkName: "builder" */ '../features/builder/pages/CreateWebPage'), ['builder', 'miniSite', 'phonePreview']), RouteId.createWeb),
    page('result', '生成结果', pageWithFeatures(startFeature, () => import(/* webpackChunkName: "builder-result" */ '../features/builder/pages/ResultPage'), ['builder', 'miniSite']), 'result'),
    {
      id: RouteId.Backend,
      path: 'backend',
      handle: { title: '后台管理' } satisfies RouteHandle,
      lazy: lazyPage(() => import(/* webpackChunkName: "backend-layout" */ '../features/layout/BackendLayout')),
      children: [
        // element: null marks these redirect-only routes as meant to render nothing (no router warning).
        { index: true, loader: () => redirect('/backend/siteList'), element: null },
        page('siteList', '网站列表', pageWithFeatures(startFeature, () => import(/* webpackChunkName: "site-list" */ '../features/siteList/pages/SiteListPage'), ['siteList', 'publishing']), RouteId.siteList),
        page('siteStats/:slug', '网站数据', featurePage(startFeature, () => import(/* webpackChunkName: "site-stats" */ '../features/siteStats'))),
        page('siteReserve', '预约', featurePage(startFeature, () => import(/* webpackChunkName: "site-reserve" */ '../features/siteReserve'))),
        page('works', '我的作品', pageWithFeatures(startFeature, () => import(/* webpackChunkName: "works" */ '../features/works/pages/WorksPage'), ['works', 'download']), RouteId.works),
        page('personal', '个人中心', pageWithFeatures(startFeature, () => import(/* webpackChunkName: "personal" */ '../features/personal/pages/PersonalPage'), ['personal', 'authForms']), RouteId.Personal),
      ],
    },
    {
      id: RouteId.Admin,
      path: 'admin',
      handle: { title: '运营后台' } satisfies RouteHandle,
      lazy: lazyPage(() => import(/* webpackChunkName: "console-layout" */ '../features/admin/ConsoleLayout')),
      children: consoleRoutes(startFeature),
    },
    { path: 'profile', loader: () => redirect('/backend/personal'), element: null },
    { id: 'notFound', path: '*', loader: () => redirect('/'), element: null },
  ];
}

export type RouteDependencies = Omit<GuardDependencies, 'isUnknownPath'> & {
  /** Starts the sagas of a page that loads with its route (the console's, the flows' pages'). */
  startFeature: StartFeature;
};

/** The whole route table, with the access guard on its root. */
export function buildRoutes({ startFeature, ...deps }: RouteDependencies): RouteObject[] {
  const routes: RouteObject[] = [
    {
      id: RouteId.root,
      path: '/',
      Component: RootShell,
      HydrateFallback: PageLoading,
      // Check access and the production host on every navigation, not only when params change.
      shouldRevalidate: () => true,
      children: childRoutes(startFeature),
    },
  ];
  const isUnknownPath = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id === 'notFound';
  routes[0].loader = createGuard({ ...deps, isUnknownPath });
  return routes;
}
