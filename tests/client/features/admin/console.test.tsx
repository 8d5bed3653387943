import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as consoleQueueApi from '../../../../src/client/api/consoleQueueApi';
import * as operatorsApi from '../../../../src/client/api/operatorsApi';
import { BASENAME } from '../../../../src/client/app/basename';
import type { ConsoleUser, ConsoleUserList, OperatorActionList } from '../../../../src/contract/operators';
import { openConsole, operator } from './consoleKit';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/authApi');
jest.mock('../../../../src/client/api/operatorsApi');
jest.mock('../../../../src/client/api/consoleQueueApi');

const player: ConsoleUser = { id: 2, name: '玩家', mobile: '13800138000', wechat: false, role: 'user', disabledReason: '', createdAt: Date.UTC(2026, 10, 1, 4), works: 3, sites: 1, published: 1 };

beforeEach(() => {
  jest.mocked(operatorsApi.getConsoleUsers).mockResolvedValue({ list: [player], total: 1 } satisfies ConsoleUserList);
  jest.mocked(operatorsApi.getOperatorActions).mockResolvedValue({
    list: [{ id: 1, operatorId: null, operatorName: '命令行', action: 'user.role', target: 'user:1', before: { role: 'user' }, after: { role: 'operator' }, createdAt: Date.UTC(2026, 10, 1) }],
    total: 1,
  } satisfies OperatorActionList);
  jest.mocked(operatorsApi.disableUser).mockResolvedValue(null);
});

describe('the operator console', () => {
  it('shows someone who is not an operator a refusal and nothing of the console', async () => {
    openConsole('/admin/users', { ...operator, operator: undefined });
    expect(await screen.findByText('该功能仅限运营人员使用')).toBeInTheDocument();
    expect(screen.queryByText('运营后台')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('leads /admin to its first page, 概览, whose state and saga load with it', async () => {
    jest.mocked(consoleQueueApi.getConsoleOverview).mockResolvedValue({
      users: { today: 4, lastSevenDays: 30, total: 512 },
      kinds: [],
      queue: { waiting: 0, running: 0 },
      publishedSites: 0,
      storage: { bytes: 0, where: 'local', measuredAt: 0 },
      days: [],
    });
    const { router } = openConsole('/admin', operator);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASENAME}/admin/overview`));
    expect(await screen.findByText('512')).toBeInTheDocument();
    expect(consoleQueueApi.getConsoleOverview).toHaveBeenCalled();
  });

  it('opens 用户 with its state and saga', async () => {
    openConsole('/admin/users', operator);
    expect(await screen.findByText('13800138000')).toBeInTheDocument();
    expect(operatorsApi.getConsoleUsers).toHaveBeenCalledWith('', 1);
  });

  it('stops an account with a reason, and keeps the dialog and the reason when the server refuses', async () => {
    const user = userEvent.setup();
    openConsole('/admin/users', operator);
    const row = (await screen.findByText('13800138000')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^停\s?用$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^停\s?用$/ }));
    expect(within(dialog).getByText('请填写停用原因')).toBeInTheDocument();
    expect(operatorsApi.disableUser).not.toHaveBeenCalled();

    jest.mocked(operatorsApi.disableUser).mockRejectedValueOnce(new Error('网络连接失败'));
    await user.type(within(dialog).getByLabelText('停用原因'), '发布违规内容');
    await user.click(within(dialog).getByRole('button', { name: /^停\s?用$/ }));
    await waitFor(() => expect(operatorsApi.disableUser).toHaveBeenCalledWith(2, '发布违规内容'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('停用原因')).toHaveValue('发布违规内容');

    jest.mocked(operatorsApi.getConsoleUsers).mockResolvedValue({ list: [{ ...player, disabledReason: '发布违规内容' }], total: 1 });
    await user.click(within(dialog).getByRole('button', { name: /^停\s?用$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(row).findByText('已停用')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^启\s?用$/ })).toBeInTheDocument();
  });

  it('reads the operators\u2019 log with labels, before and after', async () => {
    openConsole('/admin/log', operator);
    expect(await screen.findByText('修改运营权限')).toBeInTheDocument();
    expect(screen.getByText('命令行')).toBeInTheDocument();
    expect(screen.getByText('{"role":"user"} → {"role":"operator"}')).toBeInTheDocument();
  });
});
