import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Messages } from '../../../../src/contract/messages';
import { registerRequested } from '../../../../src/client/features/auth/accountFormsSlice';
import { loginRequested, smsLoginRequested } from '../../../../src/client/features/auth/authSlice';
import LoginDialog from '../../../../src/client/features/auth/components/LoginDialog';
import { loginDialogClosed } from '../../../../src/client/features/auth/loginDialogSlice';
import { PHONE_QUERY } from '../../../../src/client/features/layout/usePhoneLayout';
import { renderWithProviders } from '../../renderWithProviders';
import { button, tab, fastUser } from '../../fastTesting';

const openDialog = { loginDialog: { open: true, view: null } };
const onTheLogoPage = { route: '/logo/config?module=tl', preloadedState: openDialog };

/** Pastes into a field: one input event instead of a keystroke per character. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('LoginDialog', () => {
  it('shows nothing while closed', () => {
    renderWithProviders(<LoginDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on the QR pane on a desktop and starts a QR session', () => {
    const { store } = renderWithProviders(<LoginDialog />, { preloadedState: openDialog });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: '扫码登录', selected: true, hidden: true })).toBeInTheDocument();
    expect(store.getState().qrLogin?.status).toBe('loading');
  });

  it('opens on the account pane on a phone, which cannot scan its own screen, and starts no QR session', () => {
    const desktopMatchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...desktopMatchMedia(query), matches: query === PHONE_QUERY });
    try {
      const { store } = renderWithProviders(<LoginDialog />, { preloadedState: openDialog });
      expect(tab('账号登录')).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByPlaceholderText('请输入手机号')).toBeEnabled();
      expect(store.getState().qrLogin?.status).toBe('idle');
    } finally {
      window.matchMedia = desktopMatchMedia;
    }
  });

  it('logs in with a password in place: the login stays in the dialog', async () => {
    const { store } = renderWithProviders(<LoginDialog />, onTheLogoPage);
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(tab('账号登录'));
    await fill(user, await screen.findByPlaceholderText('请输入手机号'), '13800138000');
    await fill(user, screen.getByPlaceholderText('请输入密码'), 'secret123');
    await user.click(button(/^登\s*录$/));
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith(
        loginRequested({ username: '13800138000', password: 'secret123', remember: true, redirect: '/logo/config?module=tl', place: 'loginDialog' }),
      ),
    );
  });

  it('logs in with an SMS code in place', async () => {
    const { store } = renderWithProviders(<LoginDialog />, onTheLogoPage);
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(tab('账号登录'));
    await user.click(await screen.findByLabelText(Messages.smsLoginSwitch));
    await fill(user, screen.getByPlaceholderText('请输入手机号'), '13800138000');
    await fill(user, screen.getByPlaceholderText('请输入验证码'), '123456');
    await user.click(button(/^登\s*录$/));
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith(
        smsLoginRequested({ mobile: '13800138000', verifyCode: '123456', remember: true, redirect: '/logo/config?module=tl', place: 'loginDialog' }),
      ),
    );
  });

  it('leads 忘记密码 to its page, coming back to this page through the login', async () => {
    renderWithProviders(<LoginDialog />, onTheLogoPage);
    const user = fastUser();
    await user.click(tab('账号登录'));
    expect((await screen.findByText('忘记密码')).closest('a')).toHaveAttribute('href', '/auth/forget?redirect=%2Flogo%2Fconfig%3Fmodule%3Dtl');
  });

  it('registers in the dialog, and goes back to the login pane on 去登录', async () => {
    const { store } = renderWithProviders(<LoginDialog />, onTheLogoPage);
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(tab('账号登录'));
    await user.click(await screen.findByText('注册'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('注册', { selector: '.ant-modal-title' })).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('手机号'), '13800138000');
    await fill(user, within(dialog).getByLabelText('短信验证码'), '123456');
    await fill(user, within(dialog).getByLabelText('密码'), 'secret123');
    await fill(user, within(dialog).getByLabelText('确认密码'), 'secret123');
    await user.click(button(/^注\s*册$/, dialog));
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith(registerRequested({ mobile: '13800138000', password: 'secret123', verifyCode: '123456', place: 'loginDialog' })),
    );
    await user.click(within(dialog).getByText('去登录'));
    expect(tab('账号登录')).toHaveAttribute('aria-selected', 'true');
  });

  it('closing stops the QR session', async () => {
    const { store } = renderWithProviders(<LoginDialog />, { preloadedState: openDialog });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    // antd's close button (labelled 关闭 in zh_CN) holds an icon labelled 'close'.
    await user.click(within(screen.getByRole('dialog')).getByLabelText('关闭', { selector: 'button' }));
    expect(dispatch).toHaveBeenCalledWith(loginDialogClosed());
    expect(store.getState().loginDialog.open).toBe(false);
  });
});
