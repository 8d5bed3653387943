import { screen, within } from '@testing-library/react';
import PublicLayout from '../../../../src/client/features/layout/PublicLayout';
import { initialAuthState, logoutRequested } from '../../../../src/client/features/auth/authSlice';
import { emptySiteConfig } from '../../../../src/client/features/siteConfig/siteConfigSlice';
import type { SiteConfig } from '../../../../src/contract/common';
import { makeStore } from '../../../../src/client/app/store';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';

const siteConfig: SiteConfig = {
  ...emptySiteConfig,
  logoUrl: '/static/logo.png',
  copyright: '© 2024 网页生成系统 版权所有',
  qq1: '111111',
  qq1_link: 'https://qm.qq.com/q/one',
  qq1_url: '/static/qq1.png',
  qq3: '333333',
  qq3_link: 'javascript:alert(1)',
  qq4: '444444',
  qq4_link: 'https://qm.qq.com/q/four',
  ad1_url: '/static/ad1.png',
  ad1_link: 'https://example.com/ad1',
  ad2_url: '/static/ad2.png',
  ad2_link: 'javascript:alert(2)',
};

const user = { id: 1, name: '小明', mobile: '13800138000', openid: '' };

function renderLayout(loggedIn: boolean, route = '/') {
  return renderWithProviders(null, {
    route,
    routes: [{ path: '/', element: <PublicLayout />, children: [{ index: true, element: <p>页面内容</p> }, { path: '*', element: <p>页面内容</p> }] }],
    store: storeWith(loggedIn),
  });
}

function storeWith(loggedIn: boolean) {
  const store = makeStore(
    { siteConfig: { config: siteConfig }, auth: loggedIn ? { ...initialAuthState, token: 't', userInfo: user } : initialAuthState },
    { services: makeFakeServices() },
  );
  // Spied before rendering, so that the components' dispatch is the spy.
  jest.spyOn(store, 'dispatch');
  return store;
}

describe('PublicLayout: header', () => {
  it('shows the site logo, the name and the page', () => {
    renderLayout(false);
    expect(screen.getByAltText('网站标志')).toHaveAttribute('src', '/static/logo.png');
    expect(screen.getByText('网页生成系统')).toBeInTheDocument();
    expect(screen.getByText('页面内容')).toBeInTheDocument();
  });

  it('links the generators and the tutorial', () => {
    renderLayout(false);
    const nav = screen.getByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '建站' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: '游戏LOGO' })).toHaveAttribute('href', '/logo/selectPage?module=tl');
    expect(within(nav).getByRole('link', { name: '整屏动画' })).toHaveAttribute('href', '/banner/selectPage?module=fsa');
    expect(within(nav).getByRole('link', { name: '视频教程' })).toHaveAttribute('href', '/videoTutorial?type=1');
    expect(within(nav).getByText('意见反馈QQ群：111111')).toBeInTheDocument();
  });

  it('shows the feedback group QR code and join link on hover', async () => {
    const { user: pointer } = renderLayout(false);
    await pointer.hover(within(screen.getByRole('navigation', { name: '主导航' })).getByText('意见反馈QQ群：111111'));
    expect(await screen.findByAltText('扫码加入QQ群')).toHaveAttribute('src', '/static/qq1.png');
    const join = screen.getByRole('link', { name: '点击加入QQ群' });
    expect(join).toHaveAttribute('href', 'https://qm.qq.com/q/one');
    expect(join).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('offers login and register when logged out', async () => {
    const { user: pointer, router } = renderLayout(false);
    // antd spaces out a two-character Chinese button label: "注 册".
    expect(screen.getByRole('button', { name: /注\s*册/ })).toBeInTheDocument();
    expect(screen.queryByTestId('user-name')).not.toBeInTheDocument();
    await pointer.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(router?.state.location.pathname).toBe('/auth/login');
  });

  it("shows the user's name instead of the buttons when logged in", async () => {
    renderLayout(true);
    expect(await screen.findByTestId('user-name')).toHaveTextContent('小明');
    expect(screen.queryByRole('button', { name: /注\s*册/ })).not.toBeInTheDocument();
  });

  it('logs out from the dropdown, coming back to this page after the next login', async () => {
    const { user: pointer, store } = renderLayout(true, '/logo/config?module=tl');
    await pointer.hover(await screen.findByTestId('user-name'));
    await pointer.click(await screen.findByText('退出登录'));
    expect(store.dispatch).toHaveBeenCalledWith(logoutRequested({ redirect: '/logo/config?module=tl' }));
  });

  it('opens the back office from the dropdown', async () => {
    const { user: pointer, router } = renderLayout(true);
    await pointer.hover(await screen.findByTestId('user-name'));
    await pointer.click(await screen.findByText('进入后台'));
    expect(router?.state.location.pathname).toBe('/backend');
  });

  it('opens 我的作品 from the dropdown', async () => {
    const { user: pointer, router } = renderLayout(true);
    await pointer.hover(await screen.findByTestId('user-name'));
    await pointer.click(await screen.findByText('我的作品'));
    expect(router?.state.location.pathname).toBe('/backend/works');
  });
});

describe('PublicLayout: footer', () => {
  it('links the ads safely, and drops a javascript: link', () => {
    renderLayout(false);
    const ad1 = screen.getByAltText('广告一');
    expect(ad1.closest('a')).toHaveAttribute('href', 'https://example.com/ad1');
    expect(ad1.closest('a')).toHaveAttribute('target', '_blank');
    expect(ad1.closest('a')).toHaveAttribute('rel', 'noopener noreferrer');
    const ad2 = screen.getByAltText('广告二');
    expect(ad2.closest('a')).toBeNull();
  });

  it('shows no ad for the tool the visitor is using', () => {
    const store = makeStore(
      { siteConfig: { config: { ...siteConfig, ad1_link: '/user/logo/selectPage?module=tl', ad2_link: '/user/banner/selectPage?module=fsa' } }, auth: initialAuthState },
      { services: makeFakeServices() },
    );
    const routes = [{ path: '/', element: <PublicLayout />, children: [{ index: true, element: <p>页面内容</p> }, { path: '*', element: <p>页面内容</p> }] }];
    const { unmount } = renderWithProviders(null, { route: '/logo/config?module=tl', routes, store });
    expect(screen.queryByAltText('广告一')).toBeNull();
    expect(screen.getByAltText('广告二')).toBeInTheDocument();
    unmount();
    renderWithProviders(null, { route: '/', routes, store });
    expect(screen.getByAltText('广告一')).toBeInTheDocument();
    expect(screen.getByAltText('广告二')).toBeInTheDocument();
  });

  it('shows no QQ group the operator did not set', () => {
    const store = makeStore({ siteConfig: { config: { ...siteConfig, qq1: '', qq3: '', qq4: '' } }, auth: initialAuthState }, { services: makeFakeServices() });
    const { container } = renderWithProviders(null, {
      route: '/',
      routes: [{ path: '/', element: <PublicLayout />, children: [{ index: true, element: <p>页面内容</p> }] }],
      store,
    });
    expect(container.textContent).not.toMatch(/QQ群/);
  });

  it('lists the QQ groups, linking only safe links, and the copyright', () => {
    const { container } = renderLayout(false);
    const footer = container.querySelector('footer');
    expect(footer).not.toBeNull();
    const inFooter = within(footer as HTMLElement);
    expect(inFooter.getByText(/111111/)).toBeInTheDocument();
    expect(inFooter.getByText(/333333/)).toBeInTheDocument();
    expect(inFooter.getByText(/444444/)).toBeInTheDocument();
    const joins = inFooter.getAllByRole('link', { name: '加入' }).map((link) => link.getAttribute('href'));
    expect(joins).toEqual(['https://qm.qq.com/q/one', 'https://qm.qq.com/q/four']);
    expect(inFooter.getByText('© 2024 网页生成系统 版权所有')).toBeInTheDocument();
    expect(footer?.innerHTML).not.toContain('javascript:');
  });
});
