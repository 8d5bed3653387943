import { screen, within } from '@testing-library/react';
import { Messages } from '../../../../src/contract/messages';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice';
import LoginDialog from '../../../../src/client/features/auth/components/LoginDialog';
import { loginDialogClosed } from '../../../../src/client/features/auth/loginDialogSlice';
import { renderWithProviders } from '../../renderWithProviders';
import { button, tab, fastUser } from './fastTesting';

describe('LoginDialog', () => {
  it('shows nothing while closed', () => {
    renderWithProviders(<LoginDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on the QR pane and starts a QR session', () => {
    const { store } = renderWithProviders(<LoginDialog />, { preloadedState: { loginDialog: { open: true } } });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: '扫码登录', selected: true, hidden: true })).toBeInTheDocument();
    expect(store.getState().qrLogin.status).toBe('loading');
  });

  it('has an account pane that is disabled and points to QR login', async () => {
    renderWithProviders(<LoginDialog />, { preloadedState: { loginDialog: { open: true } } });
    const user = fastUser();
    await user.click(tab('账号登录'));
    expect(await screen.findByText(Messages.loginDialogUseQr)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入手机号')).toBeDisabled();
    expect(screen.getByPlaceholderText('请输入密码')).toBeDisabled();
    expect(button(/^登\s*录$/)).toBeDisabled();
  });

  it('leads from the account pane to the login page, which comes back to this page after logging in', async () => {
    const { store } = renderWithProviders(<LoginDialog />, { route: '/miniSite/config?from=home', preloadedState: { loginDialog: { open: true } } });
    const user = fastUser();
    await user.click(tab('账号登录'));
    const link = await screen.findByText('去登录页用账号密码登录，登录后回到本页');
    expect(link.closest('a')?.getAttribute('href')).toMatch(/\/auth\/login\?redirect=%2FminiSite%2Fconfig%3Ffrom%3Dhome$/);
    await user.click(link);
    expect(store.getState().loginDialog.open).toBe(false);
  });

  it('offers no SMS login, even when the login page was left in SMS mode', async () => {
    renderWithProviders(<LoginDialog />, {
      preloadedState: { loginDialog: { open: true }, auth: { ...initialAuthState, loginMode: 'sms', passwordLockNotice: Messages.loginLocked } },
    });
    const user = fastUser();
    await user.click(tab('账号登录'));
    expect(await screen.findByText(Messages.loginDialogUseQr)).toBeInTheDocument();
    expect(screen.queryByText(Messages.smsLoginSwitch)).not.toBeInTheDocument();
    expect(screen.queryByText(Messages.loginLocked)).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('请输入验证码')).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入密码')).toBeDisabled();
  });

  it('closing stops the QR session', async () => {
    const { store } = renderWithProviders(<LoginDialog />, { preloadedState: { loginDialog: { open: true } } });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    // antd's close button (labelled 关闭 in zh_CN) holds an icon labelled 'close'.
    await user.click(within(screen.getByRole('dialog')).getByLabelText('关闭', { selector: 'button' }));
    expect(dispatch).toHaveBeenCalledWith(loginDialogClosed());
    expect(store.getState().loginDialog.open).toBe(false);
  });
});
