import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Messages } from '../../../../src/contract/messages';
import { registerRequested } from '../../../../src/client/features/auth/accountFormsSlice';
import RegisterPage from '../../../../src/client/features/auth/pages/RegisterPage';
import { smsCodeRequested, smsSlice } from '../../../../src/client/features/auth/smsSlice';
import { renderWithProviders } from '../../renderWithProviders';
import { button, fastUser } from '../../fastTesting';

// antd puts a space between two Chinese characters on a button.
const submitButton = () => button(/^注\s*册$/);

/** Pastes into a field: one input event instead of a keystroke per character. */
async function fill(user: UserEvent, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

describe('RegisterPage', () => {
  it('says that phone and password cannot be empty', async () => {
    renderWithProviders(<RegisterPage />, { route: '/auth/register' });
    const user = fastUser();
    await user.click(submitButton());
    expect(await screen.findAllByText(Messages.accountPasswordRequired)).toHaveLength(2);
    expect(screen.getByText(Messages.smsCodeRequired)).toBeInTheDocument();
  });

  it('shows the messages for a wrong phone, a short password and a mismatched confirmation', async () => {
    const { store } = renderWithProviders(<RegisterPage />, { route: '/auth/register' });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await fill(user, '手机号', '1234567');
    await fill(user, '密码', '12345');
    await fill(user, '确认密码', '54321');
    await user.click(submitButton());
    expect(await screen.findByText(Messages.phoneInvalid)).toBeInTheDocument();
    expect(await screen.findByText(Messages.passwordTooShort)).toBeInTheDocument();
    expect(await screen.findByText(Messages.passwordMismatch)).toBeInTheDocument();
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: registerRequested.type }));
    // Nothing typed is lost.
    expect(screen.getByLabelText('手机号')).toHaveValue('1234567');
  });

  it('refuses a password of spaces only, one repeated character, control characters or the phone', async () => {
    const { store } = renderWithProviders(<RegisterPage />, { route: '/auth/register' });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await fill(user, '手机号', '13800138000');
    await fill(user, '短信验证码', '123456');
    const cases: [string, string][] = [
      ['      ', Messages.passwordBlank],
      ['aaaaaaa', Messages.passwordAllSame],
      ['abc\u0007defg', Messages.passwordControlCharacters],
      ['my13800138000', Messages.passwordIsPhone],
    ];
    for (const [password, message] of cases) {
      await user.clear(screen.getByLabelText('密码'));
      await fill(user, '密码', password);
      await user.click(submitButton());
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: registerRequested.type }));
  });

  it('checks the password again when the phone changes', async () => {
    renderWithProviders(<RegisterPage />, { route: '/auth/register' });
    const user = fastUser();
    await fill(user, '手机号', '13800138000');
    await fill(user, '密码', 'pw13900139000');
    await user.click(submitButton());
    expect(await screen.findByText(Messages.smsCodeRequired)).toBeInTheDocument();
    expect(screen.queryByText(Messages.passwordIsPhone)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('手机号'));
    await fill(user, '手机号', '13900139000');
    expect(await screen.findByText(Messages.passwordIsPhone)).toBeInTheDocument();
  });

  it('hands the typed phone to the SMS saga, which checks it before the captcha', async () => {
    const { store } = renderWithProviders(<RegisterPage />, { route: '/auth/register' });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(button('获取验证码'));
    expect(dispatch).toHaveBeenCalledWith(smsCodeRequested({ form: 'register', phone: undefined, purpose: 'register' }));
    await fill(user, '手机号', '13800138000');
    await user.click(button('获取验证码'));
    expect(dispatch).toHaveBeenCalledWith(smsCodeRequested({ form: 'register', phone: '13800138000', purpose: 'register' }));
  });

  it('shows the countdown while the next code must wait', () => {
    renderWithProviders(<RegisterPage />, {
      route: '/auth/register',
      preloadedState: { sms: { ...smsSlice.getInitialState(), register: { status: 'countingDown', secondsLeft: 60 } } },
    });
    expect(button('60秒后重新获取')).toBeDisabled();
  });

  it('sends the form with the invite query', async () => {
    const { store } = renderWithProviders(<RegisterPage />, { route: '/auth/register?invite=friend-1' });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await fill(user, '手机号', '13800138000');
    await fill(user, '短信验证码', '123456');
    await fill(user, '密码', 'secret123');
    await fill(user, '确认密码', 'secret123');
    await user.click(submitButton());
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith(registerRequested({ mobile: '13800138000', password: 'secret123', verifyCode: '123456', invite: 'friend-1', place: 'loginPage' })),
    );
  });

  it('sends the redirect query along, and keeps it on the way to the login page', async () => {
    const { store } = renderWithProviders(<RegisterPage />, { route: '/auth/register?redirect=%2Flogo%2Fconfig%3Fmodule%3Dtl' });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    expect(screen.getByText('去登录').closest('a')).toHaveAttribute('href', '/auth/login?handleType=account&redirect=%2Flogo%2Fconfig%3Fmodule%3Dtl');
    await fill(user, '手机号', '13800138000');
    await fill(user, '短信验证码', '123456');
    await fill(user, '密码', 'secret123');
    await fill(user, '确认密码', 'secret123');
    await user.click(submitButton());
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith(
        registerRequested({ mobile: '13800138000', password: 'secret123', verifyCode: '123456', place: 'loginPage', redirect: '/logo/config?module=tl' }),
      ),
    );
  });
});
