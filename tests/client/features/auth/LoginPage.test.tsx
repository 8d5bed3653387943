import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Messages } from '../../../../src/contract/messages';
import { initialAuthState, loginRequested } from '../../../../src/client/features/auth/authSlice';
import LoginPage from '../../../../src/client/features/auth/pages/LoginPage';
import { renderWithProviders } from '../../renderWithProviders';
import { button, tab, link, fastUser } from './fastTesting';

/** Pastes into a field: one input event instead of a keystroke per character. */
async function fill(user: UserEvent, placeholder: string, text: string) {
  await user.click(screen.getByPlaceholderText(placeholder));
  await user.paste(text);
}

// antd puts a space between two Chinese characters on a button.
const loginButton = () => button(/^登\s*录$/);

describe('LoginPage', () => {
  it('opens on the QR tab by default and starts a QR session', () => {
    const { store } = renderWithProviders(<LoginPage />, { route: '/auth/login' });
    expect(tab('扫码登录')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByPlaceholderText('请输入手机号')).not.toBeInTheDocument();
    expect(store.getState().qrLogin.status).toBe('loading');
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

  it('stops the QR session when the user switches to the account tab', async () => {
    const { store } = renderWithProviders(<LoginPage />, { route: '/auth/login?handleType=qrcode' });
    const user = fastUser();
    expect(store.getState().qrLogin.status).toBe('loading');
    await user.click(tab('账号登录'));
    expect(await screen.findByPlaceholderText('请输入手机号')).toBeInTheDocument();
    expect(store.getState().qrLogin.status).toBe('idle');
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
        loginRequested({ username: '13800138000', password: 'secret123', remember: false, redirect: '/createWeb' }),
      ),
    );
    expect(store.getState().auth.status).toBe('loading');
  });
});
