import { screen, waitFor, within } from '@testing-library/react';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice';
import BindPhoneDialog from '../../../../src/client/features/bindPhone/components/BindPhoneDialog';
import { bindPhoneCancelled, bindPhoneSubmitted, initialBindPhoneState, mergeSubmitted, type BindPhoneState } from '../../../../src/client/features/bindPhone/bindPhoneSlice';
import type { AccountSummary } from '../../../../src/contract/auth';
import { renderWithProviders } from '../../renderWithProviders';
import { button, fastUser } from '../../fastTesting';
import { qrUser } from '../../sagaHarness';

const summary = (over: Partial<AccountSummary>): AccountSummary => ({ name: '账号', wechat: false, phone: false, password: false, builderSites: 0, miniSites: 0, publishedSites: 0, works: 0, createdAt: Date.UTC(2026, 0, 2), ...over });

function renderWith(bindPhone: BindPhoneState) {
  return renderWithProviders(<BindPhoneDialog />, { preloadedState: { auth: { ...initialAuthState, token: 'jwt', userInfo: qrUser }, bindPhone } });
}

describe('BindPhoneDialog', () => {
  it('opened by 发布 says why, and sends the phone and the code', async () => {
    const { store } = renderWith({ ...initialBindPhoneState, open: true, reason: 'publish' });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    expect(screen.getByText('根据国家规定，发布网站前需要绑定手机号')).toBeInTheDocument();
    await user.click(screen.getByLabelText('手机号'));
    await user.paste('13900139000');
    await user.click(screen.getByLabelText('短信验证码'));
    await user.paste('123456');
    await user.click(button('绑定并发布'));
    await waitFor(() => expect(dispatch).toHaveBeenCalledWith(bindPhoneSubmitted({ mobile: '13900139000', verifyCode: '123456' })));
  });

  it('checks the phone before sending anything', async () => {
    const { store } = renderWith({ ...initialBindPhoneState, open: true });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(screen.getByLabelText('手机号'));
    await user.paste('12345');
    await user.click(button(/^绑\s*定$/));
    expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument();
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: bindPhoneSubmitted.type }));
    await user.click(within(screen.getByRole('dialog')).getByLabelText('关闭', { selector: 'button' }));
    expect(dispatch).toHaveBeenCalledWith(bindPhoneCancelled());
  });

  it('shows both accounts with what each holds, and merges only once one is chosen', async () => {
    const choice = {
      mobile: '13900139000',
      verifyCode: '123456',
      current: summary({ name: '微信用户', wechat: true, works: 1 }),
      phone: summary({ name: '用户9000', phone: true, password: true, builderSites: 2, publishedSites: 1 }),
    };
    const { store } = renderWith({ ...initialBindPhoneState, open: true, choice });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    expect(screen.getByText('手机号 139****9000 已有账号')).toBeInTheDocument();
    expect(screen.getByText('保留当前微信账号')).toBeInTheDocument();
    expect(screen.getByText(/用户9000 · 登录方式：手机号\+密码/)).toBeInTheDocument();
    expect(screen.getByText('网站 2 个 · 小站 0 个 · 已发布 1 个 · 作品 0 个')).toBeInTheDocument();
    expect(button('确认合并')).toBeDisabled();
    await user.click(screen.getByText('保留手机号 139****9000 的账号'));
    await user.click(button('确认合并'));
    expect(dispatch).toHaveBeenCalledWith(mergeSubmitted({ keep: 'phone' }));
  });
});
