import { act, screen } from '@testing-library/react';
import { Messages } from '../../../../src/contract/messages';
import { isLocalOnly, QrLoginPanel } from '../../../../src/client/features/auth/components/QrLoginPanel';
import {
  qrLoginQrcodeFailed,
  qrLoginExpired,
  qrLoginPollSucceeded,
  qrLoginQrcodeReceived,
  qrLoginStarted,
} from '../../../../src/client/features/auth/qrLoginSlice';
import { renderWithProviders } from '../../renderWithProviders';
import { fastUser } from '../../fastTesting';

const image = 'data:image/png;base64,QR';

/** Renders the pane, then puts the QR state as the saga would have left it. */
function renderPane(status: 'waiting' | 'scanned' | 'expired', secondsLeft: number, scanUrl?: string) {
  const rendered = renderWithProviders(<QrLoginPanel place="loginPage" redirect="/createWeb" />);
  act(() => {
    rendered.store.dispatch(qrLoginQrcodeReceived({ ticket: 't1', image, secondsLeft, ...(scanUrl ? { scanUrl } : {}) }));
    if (status === 'scanned') rendered.store.dispatch(qrLoginPollSucceeded('scanned'));
    if (status === 'expired') rendered.store.dispatch(qrLoginExpired());
  });
  return rendered;
}


describe('QrLoginPanel', () => {
  it('says so in the server\u2019s words when WeChat is down, and offers the phone logins', async () => {
    const onUsePhone = jest.fn();
    const rendered = renderWithProviders(<QrLoginPanel place="loginDialog" onUsePhone={onUsePhone} />);
    act(() => {
      rendered.store.dispatch(qrLoginQrcodeFailed(Messages.wechatUnavailable));
    });
    expect(await screen.findByRole('button', { name: new RegExp(Messages.wechatUnavailable), hidden: true })).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: '使用手机号登录' }));
    expect(onUsePhone).toHaveBeenCalled();
  });

  it('asks for a scan with WeChat when the server\u2019s provider is a WeChat service account', async () => {
    const meta = document.createElement('meta');
    meta.name = 'wechat-web-login';
    meta.content = '1';
    document.head.append(meta);
    try {
      renderPane('waiting', 87);
      expect(await screen.findByText('请使用微信扫描二维码登录，87 秒后过期')).toBeInTheDocument();
    } finally {
      meta.remove();
    }
  });

  it('shows 微信一键登录 instead of a code in WeChat\u2019s browser, leading to the web authorization', async () => {
    const rendered = renderWithProviders(<QrLoginPanel place="loginDialog" redirect="/logo/selectPage?module=tl" wechatOneClick />);
    const button = await screen.findByRole('link', { name: new RegExp(Messages.wechatOneClick) });
    expect(button).toHaveAttribute('href', '/api/wxAuth/wechat/authorize?redirect=%2Flogo%2FselectPage%3Fmodule%3Dtl');
    expect(screen.queryByAltText('登录二维码')).not.toBeInTheDocument();
    // No code is fetched: the pane starts no QR session.
    expect(rendered.store.getState().qrLogin?.status).toBe('idle');
  });

  it('shows the code and the seconds left', async () => {
    renderPane('waiting', 87);
    expect(await screen.findByAltText('登录二维码')).toHaveAttribute('src', image);
    expect(screen.getByText(/87 秒后过期/)).toBeInTheDocument();
  });

  it('says the code was scanned', async () => {
    renderPane('scanned', 60);
    expect(await screen.findByText(Messages.qrScannedConfirmOnPhone)).toBeInTheDocument();
  });

  it('covers an expired code with a mask that refreshes on click', async () => {
    const { store } = renderPane('expired', 0);
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(await screen.findByRole('button', { name: new RegExp(Messages.qrExpiredClickToRefresh), hidden: true }));
    expect(dispatch).toHaveBeenCalledWith(qrLoginStarted({ host: window.location.host, place: 'loginPage', redirect: '/createWeb' }));
  });

  it('shows the scan link under the code when the server gives it (the local provider), to open or copy', async () => {
    const scanUrl = 'http://localhost:8080/api/wxAuth/scan?ticket=t1';
    renderPane('waiting', 87, scanUrl);
    const link = await screen.findByText(scanUrl);
    expect(link.closest('a')).toHaveAttribute('href', scanUrl);
    expect(screen.getByText(/复制链接到手机浏览器打开/)).toBeInTheDocument();
    expect(screen.getByText(/这是本机地址，手机打不开/)).toBeInTheDocument();
  });

  it('does not call a public address local, and shows no link when the server gives none', async () => {
    renderPane('waiting', 87, 'https://www.example.com/api/wxAuth/scan?ticket=t1');
    expect(await screen.findByText('https://www.example.com/api/wxAuth/scan?ticket=t1')).toBeInTheDocument();
    expect(screen.queryByText(/这是本机地址/)).not.toBeInTheDocument();
  });

  it('shows no link without one, nor once the code has expired', async () => {
    const { unmount } = renderPane('waiting', 87);
    await screen.findByAltText('登录二维码');
    expect(screen.queryByText(/复制链接到手机浏览器打开/)).not.toBeInTheDocument();
    unmount();
    renderPane('expired', 0, 'http://localhost:8080/api/wxAuth/scan?ticket=t1');
    expect(screen.queryByText(/复制链接到手机浏览器打开/)).not.toBeInTheDocument();
  });
});

describe('isLocalOnly', () => {
  it.each([
    ['http://localhost:8080/x', true],
    ['http://127.0.0.1:8080/x', true],
    ['http://[::1]:8080/x', true],
    ['http://192.168.1.20:8080/x', false],
    ['https://www.example.com/x', false],
  ])('%s -> %p', (url, expected) => {
    expect(isLocalOnly(url)).toBe(expected);
  });
});
