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

/** A builder page, with the builder's sagas. */
async function builderPage(page: Promise<PageModule>): Promise<{ Page: ComponentType; feature: LazyFeature }> {
  const [{ default: Page }, { builderFeature }] = await Promise.all([page, import(/* webpackChunkName: "builder-sagas" */ '../features/builder/feature')]);
  return { Page, feature: builderFeature };
}

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
        page('miniSite/config', '网站配置', lazyPage(() => import(/* webpackChunkName: "site-config" */ '../features/miniSite/pages/SiteConfigPage'))),
        page('miniSite/preview', '网站预览', lazyPage(() => import(/* webpackChunkName: "site-preview" */ '../features/miniSite/pages/SitePreviewPage'))),
        page('logo/selectPage', '选择LOGO样式', lazyPage(() => import(/* webpackChunkName: "logo-select" */ '../features/logo/pages/LogoSelectPage'))),
        page('logo/config', 'LOGO配置', lazyPage(() => import(/* webpackChunkName: "logo-config" */ '../features/logo/pages/LogoConfigPage'))),
        page('logo/preview', 'LOGO预览', lazyPage(() => import(/* webpackChunkName: "logo-preview" */ '../features/logo/pages/LogoPreviewPage'))),
        page('banner/selectPage', '选择整屏动画样式', lazyPage(() => import(/* webpackChunkName: "banner-select" */ '../features/banner/pages/BannerSelectPage'))),
        page('banner/config', '整屏动画配置', lazyPage(() => import(/* webpackChunkName: "banner-config" */ '../features/banner/pages/BannerConfigPage'))),
        page('banner/preview', '整屏动画预览', lazyPage(() => import(/* webpackChunkName: "banner-preview" */ '../features/banner/pages/BannerPreviewPage'))),
        page('videoTutorial', '视频教程', lazyPage(() => import(/* webpackChunkName: "tutorial" */ '../features/tutorial/pages/VideoTutorialPage'))),
      ],
    },
    {
      id: 'AuthLayout',
      lazy: lazyPage(() => import(/* webpackChunkName: "auth-layout" */ '../features/layout/AuthLayout')),
      children: [
        page('auth/login', '登录', lazyPage(() => import(/* webpackChunkName: "login" */ '../features/auth/pages/LoginPage')), RouteId.Login),
        page('auth/register', '注册', lazyPage(() => import(/* webpackChunkName: "register" */ '../features/auth/pages/RegisterPage')), RouteId.Register),
        page('auth/forget', '忘记密码', lazyPage(() => import(/* webpackChunkName: "forget" */ '../features/auth/pages/ForgetPage')), RouteId.Forget),
      ],
    },
    // The builder and its result are full-screen pages of their own, without a site layout.
    page('createWeb', '游戏官网配置', featurePage(startFeature, () => builderPage(import(/* webpackChunkName: "builder" */ '../features/builder/pages/CreateWebPage'))), RouteId.createWeb),
    page('result', '生成结果', featurePage(startFeature, () => builderPage(import(/* webpackChunkName: "builder-result" */ '../features/builder/pages/ResultPage'))), 'result'),
    {
      id: RouteId.Backend,
      path: 'backend',
      handle: { title: '后台管理' } satisfies RouteHandle,
      lazy: lazyPage(() => import(/* webpackChunkName: "backend-layout" */ '../features/layout/BackendLayout')),
      children: [
        // element: null marks these redirect-only routes as meant to render nothing (no router warning).
        { index: true, loader: () => redirect('/backend/siteList'), element: null },
        page('siteList', '网站列表', lazyPage(() => import(/* webpackChunkName: "site-list" */ '../features/siteList/pages/SiteListPage')), RouteId.siteList),
        page('siteStats/:slug', '网站数据', featurePage(startFeature, () => import(/* webpackChunkName: "site-stats" */ '../features/siteStats'))),
        page('works', '我的作品', lazyPage(() => import(/* webpackChunkName: "works" */ '../features/works/pages/WorksPage')), RouteId.works),
        page('personal', '个人中心', lazyPage(() => import(/* webpackChunkName: "personal" */ '../features/personal/pages/PersonalPage')), RouteId.Personal),
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
  /** Starts the saga of a page that loads with its route (the console's). */
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
