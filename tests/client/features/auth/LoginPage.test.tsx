import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Messages } from '../../../../src/contract/messages';
import {
  initialAuthState,
  loginRequested,
  passwordLoginLocked,
  smsLoginRequested,
} from '../../../../src/client/features/auth/authSlice';
import LoginPage from '../../../../src/client/features/auth/pages/LoginPage';
import { wechatWebLoginReturned } from '../../../../src/client/features/auth/wechatWebLoginSaga';
import { smsCodeRequested, smsSlice } from '../../../../src/client/features/auth/smsSlice';
import { renderWithProviders } from '../../renderWithProviders';
import { button, tab, link, fastUser } from '../../fastTesting';

/** Pastes into a field: one input event instead of a keystroke per character. */
async function fill(user: UserEvent, placeholder: string, text: string) {
  await user.click(screen.getByPlaceholderText(placeholder));
  await user.paste(text);
}

// antd puts a space between two Chinese characters on a button.
const loginButton = () => button(/^登\s*录$/);

describe('LoginPage', () => {
  it('finishes 微信一键登录 once when the server sends the browser back (wxLogin=1), and drops the flag', () => {
    const { store, router } = renderWithProviders(null, {
      routes: [{ path: '/auth/login', element: <LoginPage /> }],
      route: '/auth/login?wxLogin=1&redirect=%2Flogo%2Fconfig%3Fmodule%3Dtl',
    });
    const taken = (store.dispatch as jest.Mock).mock.calls.filter(([action]) => wechatWebLoginReturned.match(action));
    expect(taken).toEqual([[wechatWebLoginReturned({ redirect: '/logo/config?module=tl' })]]);
    expect(router?.state.location.search).toBe('?redirect=%2Flogo%2Fconfig%3Fmodule%3Dtl');
  });

  it('opens on the QR tab by default and starts a QR session', () => {
    const { store } = renderWithProviders(<LoginPage />, { route: '/auth/login' });
    expect(tab('扫码登录')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByPlaceholderText('请输入手机号')).not.toBeInTheDocument();
    expect(store.getState().qrLogin?.status).toBe('loading');
  });

  it('opens on the account tab for handleType=account, with the saved phone and 记住我 on', () => {
    renderWithProviders(<LoginPage />, {
      route: '/auth/login?handleType=account',
      preloadedState: { auth: { ...initialAuthState, savedUsername: '13800138000' } },
    });
    expect(tab('账号登录')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByPlaceholderText('请输入手机号')).toHaveValue('13800138000');
    expect(screen.getByLabelText('记住我')).toBeChecked();
    expect(link('忘记密码')).toHaveAttribute('href', '/auth/forget');
    expect(link('注册')).toHaveAttribute('href', '/auth/register');
  });

  it('carries the redirect query on to register and forget, so that both come back to where the user was', () => {
    renderWithProviders(<LoginPage />, { route: '/auth/login?handleType=account&redirect=%2Flogo%2Fconfig%3Fmodule%3Dtl' });
    expect(link('注册')).toHaveAttribute('href', '/auth/register?redirect=%2Flogo%2Fconfig%3Fmodule%3Dtl');
    expect(link('忘记密码')).toHaveAttribute('href', '/auth/forget?redirect=%2Flogo%2Fconfig%3Fmodule%3Dtl');
  });

  it('stops the QR session when the user switches to the account tab', async () => {
    const { store } = renderWithProviders(<LoginPage />, { route: '/auth/login?handleType=qrcode' });
    const user = fastUser();
    expect(store.getState().qrLogin?.status).toBe('loading');
    await user.click(tab('账号登录'));
    expect(await screen.findByPlaceholderText('请输入手机号')).toBeInTheDocument();
    expect(store.getState().qrLogin?.status).toBe('idle');
  });

  it('shows the spec messages for bad input and sends nothing', async () => {
    const { store } = renderWithProviders(<LoginPage />, { route: '/auth/login?handleType=account' });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(loginButton());
    expect(await screen.findByText(Messages.phoneRequired)).toBeInTheDocument();
    expect(await screen.findByText(Messages.passwordRequired)).toBeInTheDocument();

    await fill(user, '请输入手机号', '12345');
    await fill(user, '请输入密码', '123');
    expect(await screen.findByText(Messages.phoneInvalid)).toBeInTheDocument();
    expect(await screen.findByText(Messages.passwordTooShort)).toBeInTheDocument();
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: loginRequested.type }));
  });

  it('submits phone, password, 记住我 and the redirect query', async () => {
    const { store } = renderWithProviders(<LoginPage />, { route: '/auth/login?handleType=account&redirect=%2FcreateWeb' });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await fill(user, '请输入手机号', '13800138000');
    await fill(user, '请输入密码', 'secret123');
    await user.click(screen.getByLabelText('记住我'));
    await user.click(loginButton());
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith(
        loginRequested({ username: '13800138000', password: 'secret123', remember: false, redirect: '/createWeb', place: 'loginPage' }),
      ),
    );
    expect(store.getState().auth.status).toBe('loading');
  });

  it('switches between 密码登录 and 短信验证码登录, keeping the typed phone', async () => {
    const { store } = renderWithProviders(<LoginPage />, { route: '/auth/login?handleType=account' });
    const user = fastUser();
    expect(screen.getByLabelText(Messages.passwordLoginSwitch)).toBeChecked();
    expect(screen.queryByPlaceholderText('请输入验证码')).not.toBeInTheDocument();
    await fill(user, '请输入手机号', '13800138000');

    await user.click(screen.getByLabelText(Messages.smsLoginSwitch));
    expect(store.getState().auth.loginMode).toBe('sms');
    expect(screen.getByLabelText(Messages.smsLoginSwitch)).toBeChecked();
    expect(screen.getByPlaceholderText('请输入验证码')).toBeInTheDocument();
    expect(button('获取验证码')).toBeEnabled();
    expect(screen.queryByPlaceholderText('请输入密码')).not.toBeInTheDocument();
    expect(screen.queryByText('忘记密码')).not.toBeInTheDocument();
    expect(screen.getByLabelText('记住我')).toBeChecked();
    expect(screen.getByPlaceholderText('请输入手机号')).toHaveValue('13800138000');

    await user.click(screen.getByLabelText(Messages.passwordLoginSwitch));
    expect(screen.getByPlaceholderText('请输入密码')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('请输入验证码')).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入手机号')).toHaveValue('13800138000');
  });

  it('checks the phone and the 6-digit code in SMS mode and sends nothing until both are right', async () => {
    const { store } = renderWithProviders(<LoginPage />, { route: '/auth/login?handleType=account' });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(screen.getByLabelText(Messages.smsLoginSwitch));
    await user.click(loginButton());
    expect(await screen.findByText(Messages.phoneRequired)).toBeInTheDocument();
    expect(await screen.findByText(Messages.smsCodeRequired)).toBeInTheDocument();
    // The password rules are not checked in SMS mode.
    expect(screen.queryByText(Messages.passwordRequired)).not.toBeInTheDocument();

    await fill(user, '请输入手机号', '12800138000');
    await fill(user, '请输入验证码', '12a45');
    expect(await screen.findByText(Messages.phoneInvalid)).toBeInTheDocument();
    expect(await screen.findByText(Messages.smsCodeInvalid)).toBeInTheDocument();
    await user.click(loginButton());
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: smsLoginRequested.type }));
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: loginRequested.type }));
  });

  it('caps the code at 6 characters', async () => {
    renderWithProviders(<LoginPage />, { route: '/auth/login?handleType=account' });
    const user = fastUser();
    await user.click(screen.getByLabelText(Messages.smsLoginSwitch));
    await fill(user, '请输入验证码', '1234567');
    expect(screen.getByPlaceholderText('请输入验证码')).toHaveValue('123456');
  });

  it('asks the SMS saga for a login code for the typed phone', async () => {
    const { store } = renderWithProviders(<LoginPage />, { route: '/auth/login?handleType=account' });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(screen.getByLabelText(Messages.smsLoginSwitch));
    await fill(user, '请输入手机号', '13800138000');
    await user.click(button('获取验证码'));
    expect(dispatch).toHaveBeenCalledWith(smsCodeRequested({ form: 'login', phone: '13800138000', purpose: 'login' }));
  });

  it('shows the countdown of the login form', () => {
    renderWithProviders(<LoginPage />, {
      route: '/auth/login?handleType=account',
      preloadedState: {
        auth: { ...initialAuthState, loginMode: 'sms' },
        sms: { ...smsSlice.getInitialState(), login: { status: 'countingDown', secondsLeft: 42 } },
      },
    });
    expect(button('42秒后重新获取')).toBeDisabled();
  });

  it('submits phone, code, 记住我 and the redirect query in SMS mode', async () => {
    const { store } = renderWithProviders(<LoginPage />, { route: '/auth/login?handleType=account&redirect=%2FcreateWeb' });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(screen.getByLabelText(Messages.smsLoginSwitch));
    await fill(user, '请输入手机号', '13800138000');
    await fill(user, '请输入验证码', '123456');
    await user.click(loginButton());
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith(smsLoginRequested({ mobile: '13800138000', verifyCode: '123456', remember: true, redirect: '/createWeb', place: 'loginPage' })),
    );
    expect(store.getState().auth.status).toBe('loading');
  });

  it('turns to SMS login with the phone kept and says why when password login is locked', async () => {
    const { store } = renderWithProviders(<LoginPage />, { route: '/auth/login?handleType=account' });
    const user = fastUser();
    await fill(user, '请输入手机号', '13800138000');
    await fill(user, '请输入密码', 'secret123');
    // What the login saga puts on answer 423 (tested in loginSaga.test.ts).
    act(() => {
      store.dispatch(passwordLoginLocked({ message: Messages.loginLockedUseSms }));
    });
    expect(await screen.findByText(Messages.loginLockedUseSms)).toBeInTheDocument();
    expect(screen.getByLabelText(Messages.smsLoginSwitch)).toBeChecked();
    expect(screen.getByPlaceholderText('请输入手机号')).toHaveValue('13800138000');
    expect(screen.getByPlaceholderText('请输入验证码')).toHaveValue('');
    expect(screen.queryByPlaceholderText('请输入密码')).not.toBeInTheDocument();

    // Going back to the password form drops the notice.
    await user.click(screen.getByLabelText(Messages.passwordLoginSwitch));
    expect(screen.queryByText(Messages.loginLockedUseSms)).not.toBeInTheDocument();
  });
});
