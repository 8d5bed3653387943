import { act, screen, within } from '@testing-library/react';
import { initialAuthState, logoutRequested } from '../../../../src/client/features/auth/authSlice';
import BackendLayout from '../../../../src/client/features/layout/BackendLayout';
import { selectedBackendKey } from '../../../../src/client/features/layout/backendMenu';
import { makeStore } from '../../../../src/client/app/store';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';

const user = { id: 1, name: '小明', mobile: '13800138000', openid: '' };

/** Renders, then lets antd's Menu finish its deferred first measurement inside act. */
async function renderBackend(route: string) {
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
    ],
    store: loggedInStore(),
  });
  await act(async () => {});
  return rendered;
}

function loggedInStore() {
  const store = makeStore({ auth: { ...initialAuthState, token: 't', userInfo: user } }, { services: makeFakeServices() });
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

  it('has the three sider items, the current one highlighted', async () => {
    await renderBackend('/backend/personal');
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['网站列表', '立即搭建', '个人中心']);
    expect(items[2]).toHaveClass('ant-menu-item-selected');
    expect(items[0]).not.toHaveClass('ant-menu-item-selected');
  });

  it('navigates from the sider', async () => {
    const { user: pointer, router } = await renderBackend('/backend/personal');
    await pointer.click(within(screen.getByRole('menu')).getByText('立即搭建'));
    expect(router?.state.location.pathname).toBe('/createWeb');
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
});
