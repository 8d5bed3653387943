import { screen, waitFor } from '@testing-library/react';
import type { UserInfo } from '../../../../src/contract/auth';
import { Messages } from '../../../../src/contract/messages';
import type { StorageUsage } from '../../../../src/contract/storageQuota';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice';
import PersonalPage from '../../../../src/client/features/personal/pages/PersonalPage';
import { passwordChangeRequested, storageUsageRequested, userNameChangeRequested } from '../../../../src/client/features/personal/personalSlice';
import { bindPhoneOpened } from '../../../../src/client/features/bindPhone/bindPhoneSlice';
import { renderWithProviders } from '../../renderWithProviders';
import { button, fastUser } from '../../fastTesting';

const phoneUser: UserInfo = { id: 7, name: '小明', mobile: '13800138000', openid: '' };
const qrUser: UserInfo = { id: 8, name: '微信用户', mobile: '', openid: 'wx-1' };

const MB = 1024 * 1024;

function renderAs(userInfo: UserInfo, storage: StorageUsage | null = null) {
  return renderWithProviders(<PersonalPage />, {
    route: '/backend/personal',
    preloadedState: { auth: { ...initialAuthState, token: 'jwt-1', userInfo }, personal: { nameStatus: 'idle', passwordStatus: 'idle', storage } },
  });
}

describe('PersonalPage', () => {
  it('asks for the storage used, and shows it over a bar against the quota', () => {
    const { store } = renderAs(phoneUser, { usedBytes: 120 * MB, quotaBytes: 500 * MB });
    expect(store.dispatch).toHaveBeenCalledWith(storageUsageRequested());
    expect(screen.getByText('存储空间 120 MB / 500 MB')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '24');
  });

  it('shows the storage used without a bar when there is no quota, and nothing before it is read', () => {
    renderAs(phoneUser, { usedBytes: 3.5 * MB, quotaBytes: 0 });
    expect(screen.getByText('存储空间 已用 3.5 MB')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the phone read-only and the name of a phone account', () => {
    renderAs(phoneUser);
    expect(screen.getByText('13800138000')).toBeInTheDocument();
    expect(screen.getByLabelText('手机号')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('用户名')).toHaveValue('小明');
  });

  it('says 未绑定 for a WeChat account and offers 绑定手机号, which opens the bind dialog; the password waits for the phone', async () => {
    const { store, user } = renderAs(qrUser);
    expect(screen.getByText(Messages.phoneNotBound)).toBeInTheDocument();
    expect(screen.queryByLabelText('新密码')).toBeNull();
    expect(screen.getByText('当前为微信账号，绑定手机号后即可设置登录密码。')).toBeInTheDocument();
    await user.click(button('绑定手机号'));
    expect(store.dispatch).toHaveBeenCalledWith(bindPhoneOpened({ reason: 'personal' }));
    expect(store.getState().bindPhone).toMatchObject({ open: true, reason: 'personal' });
  });

  it('refuses an empty or too long user name, and sends a good one', async () => {
    const { store } = renderAs(phoneUser);
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    const name = screen.getByLabelText('用户名');
    await user.clear(name);
    await user.click(button(/^保\s*存$/));
    expect(await screen.findByText(Messages.userNameRequired)).toBeInTheDocument();
    await user.click(name);
    await user.paste('一二三四五六七八九十一二三');
    expect(await screen.findByText(Messages.userNameTooLong)).toBeInTheDocument();
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: userNameChangeRequested.type }));

    await user.clear(name);
    await user.click(name);
    await user.paste('大明');
    await user.click(button(/^保\s*存$/));
    await waitFor(() => expect(dispatch).toHaveBeenCalledWith(userNameChangeRequested({ name: '大明' })));
  });

  it('checks the new password and its confirmation before sending the change', async () => {
    const { store } = renderAs(phoneUser);
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(screen.getByLabelText('新密码'));
    await user.paste('newsecret');
    await user.click(screen.getByLabelText('确认密码'));
    await user.paste('newsecreT');
    await user.click(screen.getByLabelText('短信验证码'));
    await user.paste('123456');
    await user.click(button('修改密码'));
    expect(await screen.findByText(Messages.passwordMismatch)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('确认密码'));
    await user.click(screen.getByLabelText('确认密码'));
    await user.paste('newsecret');
    await user.click(button('修改密码'));
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith(passwordChangeRequested({ mobile: '13800138000', password: 'newsecret', verifyCode: '123456' })),
    );
  });
});
