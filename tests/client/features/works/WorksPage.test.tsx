import { screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { useLocation } from 'react-router-dom';
import * as generationApi from '../../../../src/client/api/generationApi';
import * as miniSiteApi from '../../../../src/client/api/miniSiteApi';
import * as worksApi from '../../../../src/client/api/worksApi';
import { appStarted } from '../../../../src/client/app/appActions';
import { makeStore } from '../../../../src/client/app/store';
import { downloadFeature } from '../../../../src/client/features/download/feature';
import { worksFeature } from '../../../../src/client/features/works/feature';
import WorksPage from '../../../../src/client/features/works/pages/WorksPage';
import { GenerationMessages } from '../../../../src/contract/generation';
import { WorkMessages, type WorkListAnswer, type WorkRecord } from '../../../../src/contract/works';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';
import { fastUser } from '../../fastTesting';
import { bannerWork, logoWork, siteWork } from './worksHarness';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/generationApi');
jest.mock('../../../../src/client/api/miniSiteApi');
jest.mock('../../../../src/client/api/worksApi');

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderPage() {
  const services = makeFakeServices();
  const store = makeStore({}, { services });
  store.dispatch(appStarted());
  // As the works page's route does when it loads.
  [worksFeature, downloadFeature].forEach(store.startFeature);
  return renderWithProviders(null, {
    store,
    services,
    route: '/backend/works',
    routes: [
      {
        path: '/backend/works',
        element: (
          <StrictMode>
            <WorksPage />
          </StrictMode>
        ),
      },
      { path: '*', element: <Where /> },
    ],
  });
}

function answerWith(list: WorkRecord[], total = list.length) {
  jest.mocked(worksApi.getWorkList).mockResolvedValue({ list, total } satisfies WorkListAnswer);
}

function cardOf(alt: string): HTMLElement {
  const card = screen.getByAltText(alt).closest<HTMLElement>('[data-testid="work-card"]');
  if (!card) throw new Error(`No card for ${alt}`);
  return card;
}

beforeEach(() => {
  jest.clearAllMocks();
  answerWith([siteWork, bannerWork, logoWork]);
  jest.mocked(generationApi.createZipUrlByFile).mockResolvedValue({ zipUrl: '/zips/0123456789abcdef0123456789abcdef/星辰战纪-LOGO.zip' });
  jest.mocked(miniSiteApi.getDownloadZipUrl).mockResolvedValue({ zipUrl: '/zips/fedcba9876543210fedcba9876543210/星辰战纪.zip' });
});

describe('WorksPage', () => {
  it('shows every work with its picture, type, title and dates', async () => {
    renderPage();
    await screen.findByAltText('星辰战纪 迷你站');
    expect(worksApi.getWorkList).toHaveBeenCalledWith({ type: '', page: 1, page_size: 12 });
    expect(screen.getAllByTestId('work-card')).toHaveLength(3);
    expect(screen.getByAltText('星辰战纪 整屏动画')).toHaveAttribute('src', bannerWork.picture);
    const logo = cardOf('星辰战纪 LOGO');
    expect(within(logo).getByText('LOGO')).toBeInTheDocument();
    expect(within(logo).getByText(/创建于 2026-11-25 10:00:01/)).toBeInTheDocument();
    expect(within(logo).getByText(/保留至 2026-12-02/)).toBeInTheDocument();
  });

  it('下载 on a logo packs its files under its name and starts the download', async () => {
    const { services } = renderPage();
    await screen.findByAltText('星辰战纪 LOGO');
    await fastUser().click(within(cardOf('星辰战纪 LOGO')).getByText(/下\s*载/));
    await waitFor(() => expect(services.download).toHaveBeenCalled());
    expect(generationApi.createZipUrlByFile).toHaveBeenCalledWith({ fileName: '星辰战纪-LOGO', fileList: [logoWork.picture] });
    expect(services.notify.success).toHaveBeenCalledWith(GenerationMessages.downloadStarted);
  });

  it('下载 on a mini site asks for its folder', async () => {
    const { services } = renderPage();
    await screen.findByAltText('星辰战纪 迷你站');
    await fastUser().click(within(cardOf('星辰战纪 迷你站')).getByText(/下\s*载/));
    await waitFor(() => expect(services.download).toHaveBeenCalled());
    expect(miniSiteApi.getDownloadZipUrl).toHaveBeenCalledWith({ webSiteDir: '0123456789abcdef0123456789abcdef' });
  });

  it('数据 shows on a published mini site only, and opens its figures', async () => {
    answerWith([{ ...siteWork, publishedSlug: 'a'.repeat(32) }, { ...siteWork, key: `site:${'b'.repeat(32)}`, title: '云梦山海', download: { webSiteDir: 'b'.repeat(32) } }]);
    renderPage();
    await screen.findByAltText('云梦山海 迷你站');
    expect(within(cardOf('云梦山海 迷你站')).queryByText(/数\s*据/)).toBeNull();
    await fastUser().click(within(cardOf('星辰战纪 迷你站')).getByText(/数\s*据/));
    expect(await screen.findByTestId('where')).toHaveTextContent(`/backend/siteStats/${'a'.repeat(32)}`);
  });

  it('查看 opens a mini site in a new tab and plays a banner in the dialog', async () => {
    renderPage();
    await screen.findByAltText('星辰战纪 迷你站');
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    await fastUser().click(within(cardOf('星辰战纪 迷你站')).getByText(/查\s*看/));
    expect(open).toHaveBeenCalledWith(siteWork.viewUrl, '_blank', 'noopener,noreferrer');
    open.mockRestore();
    await fastUser().click(within(cardOf('星辰战纪 整屏动画')).getByText(/查\s*看/));
    expect(await screen.findByTestId('preview-video')).toHaveAttribute('src', bannerWork.viewUrl);
  });

  it('a type filter asks for that type', async () => {
    renderPage();
    await screen.findByAltText('星辰战纪 LOGO');
    answerWith([logoWork]);
    await fastUser().click(screen.getByText('LOGO', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(screen.getAllByTestId('work-card')).toHaveLength(1));
    expect(worksApi.getWorkList).toHaveBeenLastCalledWith({ type: 'logo', page: 1, page_size: 12 });
  });

  it('with no works, says where they come from and links to making one', async () => {
    answerWith([]);
    renderPage();
    expect(await screen.findByText(WorkMessages.empty)).toBeInTheDocument();
    await fastUser().click(screen.getByText('生成LOGO'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/logo/selectPage?module=tl');
  });
});
