import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserInfo } from '../../../../src/contract/auth';
import { initialAuthState, logoutRequested } from '../../../../src/client/features/auth/authSlice';
import BackendLayout from '../../../../src/client/features/layout/BackendLayout';
import { backendMenuTarget, selectedBackendKey } from '../../../../src/client/features/layout/backendMenu';
import { PHONE_QUERY } from '../../../../src/client/features/layout/usePhoneLayout';
import { makeStore } from '../../../../src/client/app/store';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';

const user: UserInfo = { id: 1, name: '小明', mobile: '13800138000', openid: '' };

/** Renders, then lets antd's Menu finish its deferred first measurement inside act. */
async function renderBackend(route: string, userInfo: UserInfo = user) {
  const rendered = renderWithProviders(null, {
    route,
    routes: [
      {
        path: '/backend',
        element: <BackendLayout />,
        children: [
          { path: 'siteList', element: <p>网站列表内容</p> },
          { path: 'personal', element: <p>个人中心内容</p> },
        ],
      },
      { path: '/createWeb', element: <p>搭建页</p> },
      { path: '/admin', element: <p>运营后台内容</p> },
    ],
    store: loggedInStore(userInfo),
  });
  await act(async () => {});
  return rendered;
}

/** The phone header's menu button (the drawer is labelled 菜单 too). */
function menuButton(): HTMLElement | null {
  return document.querySelector<HTMLElement>('header button[aria-label="菜单"]');
}

function loggedInStore(userInfo: UserInfo) {
  const store = makeStore({ auth: { ...initialAuthState, token: 't', userInfo } }, { services: makeFakeServices() });
  // Spied before rendering, so that the components' dispatch is the spy.
  jest.spyOn(store, 'dispatch');
  return store;
}

describe('BackendLayout', () => {
  it('has the top links, the user and the child page', async () => {
    await renderBackend('/backend/siteList');
    const nav = screen.getByRole('navigation', { name: '后台导航' });
    expect(within(nav).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/backend/personal');
    expect(within(nav).getByText('关于我们')).toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('小明');
    expect(screen.getByText('网站列表内容')).toBeInTheDocument();
  });

  it('has the sider items, the current one highlighted', async () => {
    await renderBackend('/backend/personal');
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['网站列表', '我的作品', '立即搭建', '个人中心']);
    expect(items[3]).toHaveAttribute('aria-current', 'page');
    expect(items[0]).not.toHaveAttribute('aria-current');
  });

  it('is kept by keyboard: Tab reaches the current item, the arrows move, Enter opens', async () => {
    const { user: pointer, router } = await renderBackend('/backend/personal');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.tabIndex)).toEqual([-1, -1, -1, 0]);
    items[3].focus();
    await pointer.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await pointer.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await pointer.keyboard('{End}');
    expect(items[3]).toHaveFocus();
    await pointer.keyboard('{ArrowUp}');
    expect(items[2]).toHaveFocus();
    await pointer.keyboard('{Enter}');
    expect(router?.state.location.pathname).toBe('/createWeb');
  });

  it('navigates from the sider; 立即搭建 asks the builder for a new site', async () => {
    const { user: pointer, router } = await renderBackend('/backend/personal');
    await pointer.click(within(screen.getByRole('menu')).getByText('立即搭建'));
    expect(router?.state.location.pathname).toBe('/createWeb');
    expect(router?.state.location.search).toBe('?new=1');
  });

  it('has no menu button on a desktop screen', async () => {
    await renderBackend('/backend/siteList');
    expect(menuButton()).not.toBeInTheDocument();
  });

  it('opens 关于我们 in a dialog', async () => {
    const { user: pointer } = await renderBackend('/backend/siteList');
    await pointer.click(screen.getByText('关于我们'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/网页生成系统帮助游戏工作室/)).toBeInTheDocument();
  });

  it('logs out from the user dropdown', async () => {
    const { user: pointer, store } = await renderBackend('/backend/siteList');
    await pointer.hover(screen.getByTestId('user-name'));
    await pointer.click(await screen.findByText('退出登录'));
    expect(store.dispatch).toHaveBeenCalledWith(logoutRequested({ redirect: '/backend/siteList' }));
    expect(screen.queryByText('进入后台')).not.toBeInTheDocument();
    expect(screen.queryByText('运营后台')).not.toBeInTheDocument();
  });

  it('opens the user dropdown by keyboard and closes it with Escape or a click elsewhere', async () => {
    const { user: pointer, store } = await renderBackend('/backend/siteList');
    const trigger = screen.getByRole('button', { name: /小明/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await pointer.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const logout = await screen.findByRole('menuitem', { name: '退出登录' });
    await waitFor(() => expect(logout).toHaveFocus());
    await pointer.keyboard('{Escape}');
    expect(screen.queryByRole('menuitem', { name: '退出登录' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    await pointer.click(trigger);
    expect(screen.getByRole('menuitem', { name: '退出登录' })).toBeInTheDocument();
    await pointer.click(screen.getByText('网站列表内容'));
    expect(screen.queryByRole('menuitem', { name: '退出登录' })).not.toBeInTheDocument();
    trigger.focus();
    await pointer.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: '退出登录' })).toHaveFocus());
    await pointer.keyboard('{Enter}');
    expect(store.dispatch).toHaveBeenCalledWith(logoutRequested({ redirect: '/backend/siteList' }));
  });

  it('offers an operator the way to the console from the user dropdown', async () => {
    const { user: pointer, router } = await renderBackend('/backend/siteList', { ...user, operator: true });
    await pointer.hover(screen.getByTestId('user-name'));
    await pointer.click(await screen.findByText('运营后台'));
    expect(router?.state.location.pathname).toBe('/admin');
  });
});

describe('BackendLayout on a phone', () => {
  const desktopMatchMedia = window.matchMedia;
  beforeEach(() => {
    // Only the phone query matches: a 375 px screen.
    window.matchMedia = (query: string) => ({ ...desktopMatchMedia(query), matches: query === PHONE_QUERY });
  });
  afterEach(() => {
    window.matchMedia = desktopMatchMedia;
  });

  it('hides the sider and the top links behind a menu button', async () => {
    await renderBackend('/backend/siteList');
    expect(menuButton()).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '后台导航' })).not.toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('小明');
    expect(screen.getByText('网站列表内容')).toBeInTheDocument();
  });

  it('opens a drawer with the four items and the top links, and closes it on navigation', async () => {
    const { user: pointer, router } = await renderBackend('/backend/siteList');
    await pointer.click(menuButton() as HTMLElement);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['网站列表', '我的作品', '立即搭建', '个人中心']);
    const links = within(drawer).getByRole('navigation', { name: '后台导航' });
    expect(within(links).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/');
    expect(within(links).getByText('关于我们')).toBeInTheDocument();

    await pointer.click(within(drawer).getByText('立即搭建'));
    expect(`${router?.state.location.pathname}${router?.state.location.search}`).toBe('/createWeb?new=1');
  });

  it('closes the drawer when a sider item opens another back-office page', async () => {
    const { user: pointer } = await renderBackend('/backend/siteList');
    await pointer.click(menuButton() as HTMLElement);
    const drawer = await screen.findByRole('dialog');
    await pointer.click(within(drawer).getByRole('menuitem', { name: '个人中心' }));
    expect(await screen.findByText('个人中心内容')).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens 关于我们 from the drawer', async () => {
    const { user: pointer } = await renderBackend('/backend/siteList');
    await pointer.click(menuButton() as HTMLElement);
    const drawer = await screen.findByRole('dialog');
    await pointer.click(within(drawer).getByText('关于我们'));
    expect(await screen.findByText(/网页生成系统帮助游戏工作室/)).toBeInTheDocument();
  });
});

describe('backendMenuTarget', () => {
  it('leads each item where it belongs', () => {
    expect(backendMenuTarget('/backend/siteList')).toBe('/backend/siteList');
    expect(backendMenuTarget('/createWeb')).toBe('/createWeb?new=1');
    expect(backendMenuTarget('/backend/personal')).toBe('/backend/personal');
  });
});

describe('selectedBackendKey', () => {
  it.each([
    ['/backend/siteList', '/backend/siteList'],
    ['/backend/personal', '/backend/personal'],
    ['/createWeb', '/createWeb'],
    ['/backend', undefined],
    ['/backend/personalx', undefined],
  ])('%s highlights %s', (path, key) => {
    expect(selectedBackendKey(path)).toBe(key);
  });

  it.each([
    ['?miniSiteDir=0123456789abcdef0123456789abcdef', '/backend/works'],
    ['?builderId=7', '/backend/siteList'],
  ])('a site’s 预约 page (%s) highlights the list it was opened from, %s', (search, key) => {
    expect(selectedBackendKey('/backend/siteReserve', search)).toBe(key);
  });
});
