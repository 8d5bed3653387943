import { fireEvent, render, screen } from '@testing-library/react';
import ReserveSettingsForm from '../../../../src/client/features/siteReserve/ReserveSettingsForm';
import { DEFAULT_RESERVE_SETTINGS, ReserveMessages, type ReserveSettings } from '../../../../src/contract/reservations';
import { button, fastUser } from '../../fastTesting';

function renderForm(settings: ReserveSettings = DEFAULT_RESERVE_SETTINGS) {
  const onSave = jest.fn();
  render(<ReserveSettingsForm settings={settings} saving={false} onSave={onSave} />);
  return onSave;
}

const notice = '本活动由星火工作室收集手机号，仅用于发放预约礼包。';

describe('the 预约 settings form', () => {
  it('refuses, with the server\'s own message, to turn 预约 on without a privacy notice', async () => {
    const user = fastUser();
    const onSave = renderForm();
    await user.click(screen.getByLabelText('开启预约'));
    await user.click(button('保存设置'));
    expect(await screen.findByText(ReserveMessages.privacyNoticeRequired)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses tiers out of order and no platform, then saves what the server would take', async () => {
    const user = fastUser();
    const onSave = renderForm({ ...DEFAULT_RESERVE_SETTINGS, platforms: [], tiers: [{ count: 5000, reward: '头像框' }, { count: 1000, reward: '钻石' }] });
    await user.click(button('保存设置'));
    expect(await screen.findByText(ReserveMessages.platformsRequired)).toBeTruthy();
    expect(await screen.findByText(ReserveMessages.tiersNotAscending)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByText('PC'));
    await user.click(screen.getByLabelText('删除第1档'));
    fireEvent.change(screen.getByPlaceholderText(/例如/), { target: { value: notice } });
    await user.click(button('保存设置'));
    expect(onSave).toHaveBeenCalledWith({ enabled: false, platforms: ['pc'], tiers: [{ count: 1000, reward: '钻石' }], privacyNotice: notice, zipForm: false });
  });
});
