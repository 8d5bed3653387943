import { screen, waitFor, within } from '@testing-library/react';
import * as consoleQueueApi from '../../../../src/client/api/consoleQueueApi';
import type { ConsoleJob, ConsoleJobList, ConsoleOverview } from '../../../../src/contract/consoleQueue';
import { button, fastUser } from '../../fastTesting';
import { openConsole } from './consoleKit';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/authApi');
jest.mock('../../../../src/client/api/consoleQueueApi');

const day = (n: number, newUsers: number, renders: number, failures: number) => ({ day: `2026-11-${String(n).padStart(2, '0')}`, newUsers, renders, failures });

const figures: ConsoleOverview = {
  users: { today: 7, lastSevenDays: 41, total: 1_234 },
  kinds: [
    { kind: 'tl', renders: 120, failures: 3, medianMs: 240 },
    { kind: 'fsa', renders: 9, failures: 0, medianMs: 95_000 },
    { kind: 'ab', renders: 0, failures: 0, medianMs: null },
  ],
  queue: { waiting: 5, running: 2 },
  publishedSites: 88,
  storage: { bytes: 1.5 * 1024 ** 3, where: 's3', measuredAt: Date.UTC(2026, 10, 29, 13, 5) },
  days: Array.from({ length: 14 }, (_, n) => day(16 + n, n, 10 * n, n % 3)),
};

const waiting: ConsoleJob = {
  id: 'a'.repeat(32),
  kind: 'tl',
  style: '1',
  title: '星河传说',
  user: { id: 2, name: '玩家', mobile: '13800138000' },
  queuedAt: 1_000,
  startedAt: null,
  finishedAt: null,
  ahead: 3,
  error: '',
};
const failed: ConsoleJob = { ...waiting, id: 'b'.repeat(32), title: '龙城', ahead: null, finishedAt: Date.UTC(2026, 10, 29, 12), error: '生成超时，请稍后重试' };
const answer = (jobs: ConsoleJob[]): ConsoleJobList => ({ list: jobs, total: jobs.length, now: 61_000 });

beforeEach(() => {
  jest.mocked(consoleQueueApi.getConsoleOverview).mockResolvedValue(figures);
  jest.mocked(consoleQueueApi.getConsoleJobs).mockImplementation(async (status) => answer(status === 'failed' ? [failed] : status === 'waiting' ? [waiting] : []));
  jest.mocked(consoleQueueApi.cancelJob).mockResolvedValue(null);
  jest.mocked(consoleQueueApi.retryJob).mockResolvedValue(null);
});

describe('概览', () => {
  it('shows users, the queue, published sites, storage, each kind today and the last 14 days', async () => {
    openConsole('/admin/overview');
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    for (const [title, value] of [
      ['今日新用户', '7'],
      ['近7天新用户', '41'],
      ['排队中', '5'],
      ['生成中', '2'],
      ['已发布网站', '88'],
    ]) {
      const statistic = screen.getByText(title).closest('.ant-statistic') as HTMLElement;
      expect(within(statistic).getByText(value)).toBeInTheDocument();
    }
    expect(screen.getByText('已用存储（对象存储）')).toBeInTheDocument();
    expect(screen.getByText('1.5 GB')).toBeInTheDocument();
    expect(screen.getByText('2026-11-29 21:05 统计')).toBeInTheDocument();

    const logos = screen.getByText('透明LOGO').closest('tr') as HTMLElement;
    expect(within(logos).getByText('120')).toBeInTheDocument();
    expect(within(logos).getByText('3')).toBeInTheDocument();
    expect(within(logos).getByText('0.2 秒')).toBeInTheDocument();
    expect(within(screen.getByText('整屏动画').closest('tr') as HTMLElement).getByText('1 分 35 秒')).toBeInTheDocument();

    // jsdom draws no canvas: the chart's figures are shown as its table, a row a day.
    const chart = await screen.findByRole('table', { name: '近14天新用户、生成与失败（数据表）' });
    expect(chart.querySelectorAll('tr[data-day]')).toHaveLength(14);
    const lastDay = within(chart.querySelector('tr[data-day="2026-11-29"]') as HTMLElement);
    expect(lastDay.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['13', '130', '1']);
  });
});

describe('任务队列', () => {
  it('lists the waiting jobs with their place and age, and cancels one after asking', async () => {
    const user = fastUser();
    openConsole('/admin/queue');
    const row = (await screen.findByText('星河传说')).closest('tr') as HTMLElement;
    expect(within(row).getByText('玩家（13800138000） ID 2')).toBeInTheDocument();
    expect(within(row).getByText('透明LOGO')).toBeInTheDocument();
    expect(within(row).getByText('3 个')).toBeInTheDocument();
    expect(within(row).getByText('1 分 0 秒')).toBeInTheDocument();
    expect(consoleQueueApi.getConsoleJobs).toHaveBeenCalledWith('waiting', 1);

    await user.click(button(/^取\s?消$/, row));
    expect(await screen.findByText('取消这个任务？')).toBeInTheDocument();
    expect(consoleQueueApi.cancelJob).not.toHaveBeenCalled();
    const reads = jest.mocked(consoleQueueApi.getConsoleJobs).mock.calls.length;
    await user.click(button('取消任务'));
    await waitFor(() => expect(consoleQueueApi.cancelJob).toHaveBeenCalledWith(waiting.id));
    // Read again at once, not at the next refresh.
    await waitFor(() => expect(jest.mocked(consoleQueueApi.getConsoleJobs).mock.calls.length).toBeGreaterThan(reads));
  });

  it('shows the failed jobs with their error and retries one', async () => {
    const user = fastUser();
    openConsole('/admin/queue');
    await screen.findByText('星河传说');
    await user.click(screen.getByText('失败'));
    const row = (await screen.findByText('龙城')).closest('tr') as HTMLElement;
    expect(consoleQueueApi.getConsoleJobs).toHaveBeenLastCalledWith('failed', 1);
    expect(within(row).getByText('生成超时，请稍后重试')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-29 20:00')).toBeInTheDocument();
    await user.click(button(/^重\s?试$/, row));
    await waitFor(() => expect(consoleQueueApi.retryJob).toHaveBeenCalledWith(failed.id));
  });

  it('says when a list is empty', async () => {
    const user = fastUser();
    openConsole('/admin/queue');
    await screen.findByText('星河传说');
    await user.click(screen.getByText('生成中'));
    expect(await screen.findByText('没有正在生成的任务')).toBeInTheDocument();
  });
});
