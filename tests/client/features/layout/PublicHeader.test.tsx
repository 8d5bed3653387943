import { act, screen, waitFor, within } from '@testing-library/react';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice';
import PublicHeader from '../../../../src/client/features/layout/components/PublicHeader';
import { activeNavOf } from '../../../../src/client/features/layout/components/publicNav';
import { emptySiteConfig } from '../../../../src/client/features/siteConfig/siteConfigSlice';
import type { SiteConfig } from '../../../../src/contract/common';
import { renderWithProviders } from '../../renderWithProviders';

const siteConfig: SiteConfig = { ...emptySiteConfig, logoUrl: '/static/logo.png', qq1: '111111', qq1_link: 'https://qm.qq.com/q/one', qq1_url: '/static/qq1.png' };
const user = { id: 1, name: '小明', mobile: '13800138000', openid: '' };

/**
 * jsdom applies no stylesheet, so the inline links and the menu button are both in its document;
 * publicLayout.css shows one or the other by width (checked in Chromium at 390, 768 and 1440 px).
 */
function renderHeader({ loggedIn = false, config = siteConfig, route = '/logo/config?module=tl' } = {}) {
  return renderWithProviders(null, {
    route,
    routes: [{ path: '*', element: <PublicHeader /> }],
    preloadedState: { siteConfig: { config }, auth: loggedIn ? { ...initialAuthState, token: 't', userInfo: user } : initialAuthState },
  });
}

async function openMenu(pointer: ReturnType<typeof renderHeader>['user']) {
  const button = screen.getByRole('button', { name: '菜单' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await pointer.click(button);
  await screen.findByRole('navigation', { name: '菜单导航' });
  expect(button).toHaveAttribute('aria-expanded', 'true');
}

describe('the header marks the flow a page belongs to', () => {
  it.each([
    ['/', '', 'site'],
    ['/miniSite/selectPage', '', 'site'],
    // 建站 step 2 (its logo style) and 3 (the site's own form) are the mini site's.
    ['/logo/selectPage', '', 'site'],
    ['/miniSite/config', '', 'site'],
    ['/miniSite/preview', '?url=x', 'site'],
    ['/logo/selectPage', '?module=tl', 'logo'],
    ['/logo/config', '?module=al', 'logo'],
    ['/logo/preview', '?logoUrl=x', 'logo'],
    // The banner flow's logo step is the banner's.
    ['/logo/selectPage', '?module=fsa', 'banner'],
    ['/banner/config', '?module=fsa', 'banner'],
    ['/videoTutorial', '?type=2', 'tutorial'],
    ['/auth/login', '', null],
  ])('%s%s -> %s', (pathname, search, expected) => {
    expect(activeNavOf(pathname, search)).toBe(expected);
  });

  it.each([
    ['/logo/selectPage', '建站'],
    ['/miniSite/config', '建站'],
    ['/logo/selectPage?module=fsa', '整屏动画'],
  ])('on %s marks %s, and only it', (route, label) => {
    renderHeader({ route });
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);
    expect(current).toEqual([label]);
  });
});

describe('PublicHeader on narrow screens', () => {
  it('does not load the menu drawer before the menu button is pressed', () => {
    renderHeader();
    expect(screen.getByRole('button', { name: '菜单' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '菜单导航' })).not.toBeInTheDocument();
  });

  it('opens a menu with the four links, the current one marked', async () => {
    const { user: pointer } = renderHeader({ route: '/logo/selectPage?module=tl' });
    await openMenu(pointer);
    const menu = screen.getByRole('navigation', { name: '菜单导航' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['建站', '游戏LOGO', '整屏动画', '视频教程']);
    expect(within(menu).getByRole('link', { name: '游戏LOGO' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: '整屏动画' })).toHaveAttribute('href', '/banner/selectPage?module=fsa');
  });

  it('shows the feedback group with its QR code and join link outright: a phone has no hover', async () => {
    const { user: pointer } = renderHeader();
    await openMenu(pointer);
    const group = screen.getByRole('region', { name: '意见反馈' });
    expect(within(group).getByText('意见反馈QQ群：111111')).toBeInTheDocument();
    expect(within(group).getByAltText('扫码加入QQ群')).toHaveAttribute('src', '/static/qq1.png');
    const join = within(group).getByRole('link', { name: '点击加入QQ群' });
    expect(join).toHaveAttribute('href', 'https://qm.qq.com/q/one');
    expect(join).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('leaves the feedback group out of the menu when the site has none', async () => {
    const { user: pointer } = renderHeader({ config: { ...siteConfig, qq1: '' } });
    await openMenu(pointer);
    expect(screen.queryByRole('region', { name: '意见反馈' })).not.toBeInTheDocument();
  });

  it('goes to the chosen page and closes the menu', async () => {
    const { user: pointer, router } = renderHeader();
    await openMenu(pointer);
    await pointer.click(within(screen.getByRole('navigation', { name: '菜单导航' })).getByRole('link', { name: '视频教程' }));
    expect(router?.state.location.pathname).toBe('/videoTutorial');
    await waitFor(() => expect(screen.getByRole('button', { name: '菜单' })).toHaveAttribute('aria-expanded', 'false'));
  });

  it('closes the menu when the page changes some other way (the back button)', async () => {
    const { user: pointer, router } = renderHeader();
    await openMenu(pointer);
    await act(async () => {
      await router?.navigate('/banner/selectPage?module=fsa');
    });
    expect(screen.getByRole('button', { name: '菜单' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps login and register beside the menu button when logged out', () => {
    renderHeader();
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /注\s*册/ })).toBeInTheDocument();
  });

  it('logs in and registers coming back to this page', async () => {
    const { user: pointer, router } = renderHeader({ route: '/logo/config?module=tl' });
    await pointer.click(screen.getByRole('button', { name: /注\s*册/ }));
    expect(`${router?.state.location.pathname}${router?.state.location.search}`).toBe('/auth/register?redirect=%2Flogo%2Fconfig%3Fmodule%3Dtl');
    await act(async () => {
      await router?.navigate('/banner/config?module=fsa');
    });
    await pointer.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(`${router?.state.location.pathname}${router?.state.location.search}`).toBe('/auth/login?redirect=%2Fbanner%2Fconfig%3Fmodule%3Dfsa');
  });

  it("keeps the user's menu beside the menu button when logged in", async () => {
    renderHeader({ loggedIn: true });
    expect(await screen.findByTestId('user-name')).toHaveTextContent('小明');
    expect(screen.getByRole('button', { name: '菜单' })).toBeInTheDocument();
  });

  it('marks a brand with a logo picture, whose name narrow screens may then drop', () => {
    const { unmount } = renderHeader();
    expect(screen.getByText('网页生成系统').closest('a')).toHaveClass('wpg-brand--logo');
    unmount();
    renderHeader({ config: { ...siteConfig, logoUrl: '' } });
    expect(screen.getByText('网页生成系统').closest('a')).not.toHaveClass('wpg-brand--logo');
  });
});
