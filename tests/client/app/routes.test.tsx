import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, type DataRouter } from 'react-router-dom';
import { BASENAME } from '../../../src/client/app/basename';
import { connectRouterEvents } from '../../../src/client/app/routerEvents';
import { locationChanged } from '../../../src/client/app/routerSlice';
import { buildRoutes, RouteId, type RouteDependencies } from '../../../src/client/app/routes';
import { initialAuthState } from '../../../src/client/features/auth/authSlice';
import { renderWithProviders } from '../renderWithProviders';

interface Setup {
  token?: string | null;
  productionHost?: string;
  ready?: Promise<unknown>;
}

function makeRouter(path: string, { token = null, productionHost = '', ready = Promise.resolve() }: Setup = {}) {
  const deps: RouteDependencies & { leaveTo: jest.Mock } = {
    getToken: () => token,
    ready,
    productionHost: () => productionHost,
    leaveTo: jest.fn(),
    basename: BASENAME,
    startFeature: jest.fn(),
  };
  const router = createMemoryRouter(buildRoutes(deps), { basename: BASENAME, initialEntries: [`${BASENAME}${path}`] });
  return { router, deps };
}

/** Resolves once the router has no navigation in flight. */
function settled(router: DataRouter): Promise<void> {
  const done = () => router.state.initialized && router.state.navigation.state === 'idle';
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe(() => {
      if (!done()) return;
      stop();
      resolve();
    });
  });
}

async function landing(path: string, setup?: Setup): Promise<string> {
  const { router } = makeRouter(path, setup);
  await settled(router);
  const { pathname, search } = router.state.location;
  router.dispose();
  return `${pathname}${search}`;
}

describe('routes: access (spec section 2)', () => {
  it.each(['/', '/miniSite/selectPage', '/logo/config?module=tl', '/banner/preview', '/videoTutorial?type=1', '/auth/login', '/auth/register', '/auth/forget'])(
    'opens the public page %s without a token',
    async (path) => {
      expect(await landing(path)).toBe(`${BASENAME}${path}`);
    },
  );

  it.each([
    ['/createWeb?id=3', '%2FcreateWeb%3Fid%3D3'],
    ['/result', '%2Fresult'],
    ['/backend/siteList', '%2Fbackend%2FsiteList'],
    ['/backend/personal', '%2Fbackend%2Fpersonal'],
    // A route's own redirect goes first (React Router follows the deepest one); the guard then checks its target.
    ['/profile', '%2Fbackend%2Fpersonal'],
    ['/backend', '%2Fbackend%2FsiteList'],
  ])('sends %s to login with the way back', async (path, redirect) => {
    expect(await landing(path)).toBe(`${BASENAME}/auth/login?redirect=${redirect}`);
  });

  it('opens protected pages with a token', async () => {
    expect(await landing('/createWeb', { token: 't' })).toBe(`${BASENAME}/createWeb`);
    expect(await landing('/backend/personal', { token: 't' })).toBe(`${BASENAME}/backend/personal`);
  });

  it('checks again on every navigation (after logout, the back office is closed)', async () => {
    let token: string | null = 't';
    const deps = { getToken: () => token, ready: Promise.resolve(), productionHost: () => '', leaveTo: jest.fn(), basename: BASENAME, startFeature: jest.fn() };
    const router = createMemoryRouter(buildRoutes(deps), { basename: BASENAME, initialEntries: [`${BASENAME}/backend/personal`] });
    await settled(router);
    expect(router.state.location.pathname).toBe(`${BASENAME}/backend/personal`);
    token = null;
    await router.navigate('/backend/siteList');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`${BASENAME}/auth/login?redirect=%2Fbackend%2FsiteList`);
    router.dispose();
  });

  it('waits for the stored state before deciding', async () => {
    let token: string | null = null;
    let rehydrate: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      rehydrate = resolve;
    });
    const deps = { getToken: () => token, ready, productionHost: () => '', leaveTo: jest.fn(), basename: BASENAME, startFeature: jest.fn() };
    const router = createMemoryRouter(buildRoutes(deps), { basename: BASENAME, initialEntries: [`${BASENAME}/backend/personal`] });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(router.state.initialized).toBe(false);
    token = 'restored';
    rehydrate();
    await settled(router);
    expect(router.state.location.pathname).toBe(`${BASENAME}/backend/personal`);
    router.dispose();
  });
});

describe('routes: redirects', () => {
  it('/backend opens the site list', async () => {
    expect(await landing('/backend', { token: 't' })).toBe(`${BASENAME}/backend/siteList`);
  });

  it('/profile opens the personal centre', async () => {
    expect(await landing('/profile', { token: 't' })).toBe(`${BASENAME}/backend/personal`);
  });

  it('an unknown path goes home, with or without a token', async () => {
    expect(await landing('/no/such/page')).toBe(BASENAME);
    expect(await landing('/no/such/page', { token: 't' })).toBe(BASENAME);
  });
});

describe('routes: names and titles', () => {
  it('has the route ids the spec names', async () => {
    const { router } = makeRouter('/');
    await settled(router);
    const ids = new Set<string>();
    const visit = (routes: typeof router.routes) =>
      routes.forEach((route) => {
        ids.add(route.id);
        if (route.children) visit(route.children);
      });
    visit(router.routes);
    for (const id of Object.values(RouteId)) expect(ids).toContain(id);
    router.dispose();
  });

  it.each([
    ['/auth/login', '登录 - 网页生成系统'],
    ['/auth/register', '注册 - 网页生成系统'],
    ['/videoTutorial?type=1', '视频教程 - 网页生成系统'],
    ['/logo/selectPage?module=tl', '选择LOGO样式 - 网页生成系统'],
  ])('%s is titled %s', async (path, title) => {
    const { router } = makeRouter(path);
    const dispatch = jest.fn();
    connectRouterEvents(router, dispatch);
    await settled(router);
    expect(document.title).toBe(title);
    router.dispose();
  });

  it('the back office pages are titled after the child page', async () => {
    const { router } = makeRouter('/backend/personal', { token: 't' });
    connectRouterEvents(router, jest.fn());
    await settled(router);
    expect(document.title).toBe('个人中心 - 网页生成系统');
    router.dispose();
  });
});

describe('routes: the production host rule', () => {
  it('moves to the same path on the production host, before anything renders', async () => {
    const { router, deps } = makeRouter('/logo/config?module=tl', { productionHost: 'www.example.com' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(deps.leaveTo).toHaveBeenCalledWith('http://www.example.com/user/logo/config?module=tl');
    expect(router.state.initialized).toBe(false);
    router.dispose();
  });

  it('checks it on later navigations too', async () => {
    let host = '';
    const deps = { getToken: () => null, ready: Promise.resolve(), productionHost: () => host, leaveTo: jest.fn(), basename: BASENAME, startFeature: jest.fn() };
    const router = createMemoryRouter(buildRoutes(deps), { basename: BASENAME, initialEntries: [`${BASENAME}/`] });
    await settled(router);
    host = 'www.example.com';
    void router.navigate('/videoTutorial?type=2');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(deps.leaveTo).toHaveBeenCalledWith('http://www.example.com/user/videoTutorial?type=2');
    router.dispose();
  });

  it('is off when the setting is empty', async () => {
    const { router, deps } = makeRouter('/');
    await settled(router);
    expect(deps.leaveTo).not.toHaveBeenCalled();
    router.dispose();
  });
});

describe('routes: location reports', () => {
  it('reports the start location once, then each navigation, without the basename', async () => {
    const { router } = makeRouter('/logo/selectPage?module=tl');
    const dispatch = jest.fn();
    connectRouterEvents(router, dispatch);
    await settled(router);
    await router.navigate('/videoTutorial?type=1');
    await router.navigate('/backend');
    expect(dispatch.mock.calls).toEqual([
      [locationChanged({ pathname: '/logo/selectPage', search: '?module=tl' })],
      [locationChanged({ pathname: '/videoTutorial', search: '?type=1' })],
      // The guard's redirect is the one location the user saw.
      [locationChanged({ pathname: '/auth/login', search: '?redirect=%2Fbackend%2FsiteList' })],
    ]);
    router.dispose();
  });
});

describe('routes: pages', () => {
  it('/createWeb opens the builder full screen, without the public layout', async () => {
    const { router } = makeRouter('/createWeb', { token: 't' });
    renderWithProviders(null, { router, preloadedState: { auth: { ...initialAuthState, token: 't' } } });
    expect(await screen.findByRole('heading', { name: '游戏官网配置' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '主导航' })).not.toBeInTheDocument();
    router.dispose();
  });

  it.each([
    ['/logo/config?module=tl', '请选择LOGO模版'],
    ['/logo/selectPage?module=tl', '选择LOGO样式'],
    ['/logo/preview', '没有可预览的LOGO'],
    ['/banner/selectPage?module=fsa', '选择整屏动画样式'],
    ['/banner/config?module=fsa', '整屏动画配置'],
    ['/banner/preview', '没有可预览的整屏动画'],
    ['/miniSite/selectPage', '选择网站模版'],
    ['/miniSite/config', '请选择网站模版'],
    ['/miniSite/preview', '没有可预览的网站'],
  ])('%s opens its page inside the public layout', async (path, text) => {
    const { router } = makeRouter(path);
    renderWithProviders(null, { router });
    // The title may also name a step of the flow: at least one.
    expect((await screen.findAllByText(text, undefined, { timeout: 3_000 })).length).toBeGreaterThan(0);
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeInTheDocument();
    router.dispose();
  });

  it('opens each new page at its top, and goes back to where the user was', async () => {
    const scrollTo = jest.fn((_x: number, y: number) => {
      window.scrollY = y;
    });
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    const { router } = makeRouter('/');
    renderWithProviders(null, { router });
    await screen.findByRole('heading', { name: '选择网站模版' });
    window.scrollY = 1200;
    await router.navigate(`${BASENAME}/videoTutorial?type=1`);
    await settled(router);
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 0));
    await router.navigate(-1);
    await settled(router);
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 1200));
    router.dispose();
  });

  it('home is inside the public layout', async () => {
    const { router } = makeRouter('/');
    renderWithProviders(null, { router });
    // The home page is the site template list (spec section 2).
    expect(await screen.findByRole('heading', { name: '选择网站模版' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeInTheDocument();
  });
});

describe('routes: the sagas that load with their pages', () => {
  it.each([
    // The first page starts none: its budget is the tightest (DESIGN.md section 10).
    ['/', []],
    ['/auth/login', ['authForms']],
    ['/auth/register', ['authForms']],
    ['/miniSite/config', ['generation', 'keyArt', 'miniSite']],
    ['/miniSite/preview', ['download', 'phonePreview', 'publishing']],
    ['/logo/config?module=tl', ['generation', 'keyArt']],
    ['/logo/preview', ['download']],
    ['/banner/config?module=fsa', ['generation', 'keyArt', 'miniSite']],
    ['/banner/preview', ['bannerCuts', 'download']],
    ['/videoTutorial?type=1', ['tutorial']],
    ['/createWeb', ['builder', 'miniSite', 'phonePreview']],
    ['/result', ['builder', 'miniSite']],
    ['/backend/siteList', ['publishing', 'siteList', 'siteVersions']],
    ['/backend/siteStats/abc123', ['siteStats']],
    ['/backend/siteReserve?builderId=12', ['siteReserve']],
    ['/backend/siteReserve?builderId=3', ['siteReserve']],
    ['/backend/works', ['download', 'works']],
    ['/backend/personal', ['authForms', 'personal']],
  ])('%s starts %j', async (path, names) => {
    const { router, deps } = makeRouter(path, { token: 't' });
    await settled(router);
    router.dispose();
    const started = jest.mocked(deps.startFeature).mock.calls.map(([feature]) => feature.name);
    expect(started.sort()).toEqual(names);
  });
});
