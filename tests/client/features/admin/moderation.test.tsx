import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import * as authApi from '../../../../src/client/api/authApi';
import * as moderationApi from '../../../../src/client/api/moderationApi';
import { appStarted } from '../../../../src/client/app/appActions';
import { BASENAME } from '../../../../src/client/app/basename';
import { buildRoutes } from '../../../../src/client/app/routes';
import { makeStore } from '../../../../src/client/app/store';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice';
import type { UserInfo } from '../../../../src/contract/auth';
import { ModerationMessages, type ConsolePublishedPage, type ConsoleReport } from '../../../../src/contract/moderation';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/authApi');
jest.mock('../../../../src/client/api/moderationApi');

const LOAD_MS = 15_000;
const operator: UserInfo = { id: 1, name: '运营小王', mobile: '13900139000', openid: '', operator: true };
const slug = 'c'.repeat(32);
const page: ConsolePublishedPage = {
  slug,
  kind: 'miniSite',
  name: '星辰大海',
  url: `https://pub.example/pub/${slug}/`,
  owner: { id: 2, name: '玩家', mobile: '13800138000' },
  publishedAt: Date.UTC(2026, 10, 1, 4),
  updatedAt: Date.UTC(2026, 10, 2, 4),
  visits: 42,
  status: 'online',
  reason: '',
  takenDownAt: null,
  reviewRequestedAt: null,
  openReports: 1,
};
const xss = '<img src=x onerror=alert(1)>举报内容';
const report: ConsoleReport = {
  id: 7,
  slug,
  url: page.url,
  siteName: '星辰大海',
  category: 'fraud',
  text: xss,
  contact: '',
  createdAt: Date.UTC(2026, 10, 3),
  status: 'open',
  resolution: null,
  note: '',
  resolvedBy: '',
  resolvedAt: null,
  pageStatus: 'online',
};

function openConsole(path: string) {
  jest.mocked(authApi.getUserInfo).mockResolvedValue(operator);
  const services = makeFakeServices();
  const store = makeStore({ auth: { ...initialAuthState, token: 't', userInfo: operator } }, { services });
  store.dispatch(appStarted());
  const router = createMemoryRouter(
    buildRoutes({ getToken: () => 't', ready: Promise.resolve(), productionHost: () => '', leaveTo: jest.fn(), basename: BASENAME, startFeature: store.startFeature }),
    { basename: BASENAME, initialEntries: [`${BASENAME}${path}`] },
  );
  return { ...renderWithProviders(null, { store, services, router }), router, services };
}

beforeEach(() => {
  jest.mocked(moderationApi.getPublishedPages).mockResolvedValue({ list: [page], total: 1 });
  jest.mocked(moderationApi.getReports).mockResolvedValue({ list: [report], total: 1 });
  jest.mocked(moderationApi.getSensitiveWords).mockResolvedValue({ words: '赌博' });
  jest.mocked(moderationApi.takedownPage).mockResolvedValue(null);
  jest.mocked(moderationApi.saveSensitiveWords).mockImplementation(async (words) => ({ words: words.trim() }));
});

jest.setTimeout(60_000);

describe('内容审核 in the console', () => {
  it('lists published pages with owner and views, and takes one down only with a reason', async () => {
    const { services } = openConsole('/admin/moderation');
    // The page's code loads with its route: on a busy machine that takes more than findBy's second.
    const row = (await screen.findByText('星辰大海', {}, { timeout: LOAD_MS })).closest('tr') as HTMLElement;
    expect(within(row).getByText('13800138000')).toBeInTheDocument();
    expect(within(row).getByText('42')).toBeInTheDocument();
    expect(within(row).getByText('1 条待处理举报')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /^下\s*线$/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^下\s*线$/ }));
    expect(await within(dialog).findByText(ModerationMessages.takedownReasonRequired)).toBeInTheDocument();
    expect(moderationApi.takedownPage).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('下线原因'), '虚假宣传');
    await userEvent.click(within(dialog).getByRole('button', { name: /^下\s*线$/ }));
    await waitFor(() => expect(moderationApi.takedownPage).toHaveBeenCalledWith(slug, '虚假宣传'));
    await waitFor(() => expect(services.notify.success).toHaveBeenCalledWith(ModerationMessages.takedownSucceeded));
  });

  it('shows what a visitor reported as text, never as markup', async () => {
    openConsole('/admin/moderation');
    await userEvent.click(await screen.findByRole('tab', { name: '举报' }, { timeout: LOAD_MS }));
    expect(await screen.findByText(xss)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(moderationApi.getReports).toHaveBeenCalledWith('open', 1);
  });

  it('edits the sensitive words one a line', async () => {
    const { services } = openConsole('/admin/moderation');
    await userEvent.click(await screen.findByRole('tab', { name: '敏感词' }, { timeout: LOAD_MS }));
    const box = await screen.findByRole('textbox', { name: '敏感词' });
    await waitFor(() => expect(box).toHaveValue('赌博'));
    await userEvent.type(box, '\n代开发票');
    await userEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() => expect(moderationApi.saveSensitiveWords).toHaveBeenCalledWith('赌博\n代开发票'));
    await waitFor(() => expect(services.notify.success).toHaveBeenCalledWith(ModerationMessages.sensitiveWordsSaved));
  });
});
