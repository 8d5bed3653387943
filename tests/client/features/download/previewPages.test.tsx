import { cleanup, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import * as generationApi from '../../../../src/client/api/generationApi';
import { appStarted } from '../../../../src/client/app/appActions';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { makeStore } from '../../../../src/client/app/store';
import { bannerCutsFeature } from '../../../../src/client/features/banner/feature';
import BannerPreviewPage from '../../../../src/client/features/banner/pages/BannerPreviewPage';
import { downloadFeature } from '../../../../src/client/features/download/feature';
import LogoPreviewPage from '../../../../src/client/features/logo/pages/LogoPreviewPage';
import { DEFAULT_FLOW_CONFIG, initialSelectionsState } from '../../../../src/client/features/selections/selectionsSlice';
import { GenerationMessages } from '../../../../src/contract/generation';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';
import { fastUser } from '../../fastTesting';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/generationApi');

function renderPage(path: string, page: ReactElement, route: string, preloadedState: Partial<RootState> = {}) {
  // The sagas run before the page mounts, as in the app (they start once the stored state is back).
  const services = makeFakeServices();
  const store = makeStore(preloadedState, { services });
  store.dispatch(appStarted());
  // As the preview pages' routes do when they load.
  [downloadFeature, bannerCutsFeature].forEach(store.startFeature);
  return renderWithProviders(null, {
    route,
    store,
    services,
    // StrictMode runs the page's effects twice, as in development: the zip must still download once.
    routes: [
      { path, element: <StrictMode>{page}</StrictMode> },
      { path: '*', element: null },
    ],
  });
}

beforeEach(() => {
  // Module mocks keep their calls from test to test otherwise.
  jest.clearAllMocks();
  jest.mocked(generationApi.createZipUrlByFile).mockResolvedValue({ zipUrl: '/zips/LOGO_ab12.zip' });
});

describe('LogoPreviewPage', () => {
  const route = `/logo/preview?logoUrl=${encodeURIComponent('/generated/logo/a.png')}&fileName=LOGO`;

  it('shows the logo and downloads its zip once on load, then again on 下载', async () => {
    const { services } = renderPage('/logo/preview', <LogoPreviewPage />, route);
    expect(screen.getByAltText('生成的LOGO')).toHaveAttribute('src', '/generated/logo/a.png');
    await waitFor(() => expect(services.download).toHaveBeenCalledTimes(1));
    expect(generationApi.createZipUrlByFile).toHaveBeenCalledTimes(1);
    expect(generationApi.createZipUrlByFile).toHaveBeenCalledWith({ fileName: 'LOGO', fileList: ['/generated/logo/a.png'] });
    expect(services.download).toHaveBeenCalledWith('/zips/LOGO_ab12.zip', 'LOGO_ab12.zip');
    expect(services.notify.success).toHaveBeenCalledWith(GenerationMessages.downloadStarted);

    await fastUser().click(screen.getByText(/^下\s*载$/));
    await waitFor(() => expect(services.download).toHaveBeenCalledTimes(2));
  });

  it('says 获取下载文件失败 when there is no zip', async () => {
    jest.mocked(generationApi.createZipUrlByFile).mockResolvedValue({ zipUrl: '' });
    const { services } = renderPage('/logo/preview', <LogoPreviewPage />, route);
    await waitFor(() => expect(services.notify.error).toHaveBeenCalledWith(GenerationMessages.zipEmpty));
    expect(services.notify.error).toHaveBeenCalledTimes(1);
    expect(services.download).not.toHaveBeenCalled();
  });

  it('names the zip after the game when the address does not (an older link): as 我的作品 names it', async () => {
    const state: Partial<RootState> = { selections: { ...initialSelectionsState, configs: { alone: { ...DEFAULT_FLOW_CONFIG, logotext: '星河战纪', module: 'al' } } } };
    renderPage('/logo/preview', <LogoPreviewPage />, `/logo/preview?logoUrl=${encodeURIComponent('/generated/logo/a.webp')}`, state);
    await waitFor(() => expect(generationApi.createZipUrlByFile).toHaveBeenCalledWith({ fileName: '星河战纪-动态LOGO', fileList: ['/generated/logo/a.webp'] }));
  });

  it('goes back to the config page of the module it was made with', async () => {
    const state: Partial<RootState> = { selections: { ...initialSelectionsState, configs: { alone: { ...DEFAULT_FLOW_CONFIG, module: 'al' } } } };
    const { router } = renderPage('/logo/preview', <LogoPreviewPage />, route, state);
    await fastUser().click(screen.getByText('返回修改'));
    expect(`${router?.state.location.pathname}${router?.state.location.search}`).toBe('/logo/config?module=al');
  });

  it.each([['/logo/preview'], ['/logo/preview?logoUrl=javascript%3Aalert(1)']])('%s: nothing to show, nothing downloaded', async (address) => {
    const { services } = renderPage('/logo/preview', <LogoPreviewPage />, address);
    expect(screen.getByText('没有可预览的LOGO')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(generationApi.createZipUrlByFile).not.toHaveBeenCalled();
    expect(services.download).not.toHaveBeenCalled();
  });
});

describe('BannerPreviewPage', () => {
  const route = `/banner/preview?logoUrl=${encodeURIComponent('/generated/logo/a.png')}&bannerUrl=${encodeURIComponent('/generated/banner/b.mp4')}&fileName=${encodeURIComponent('全屏动画')}`;

  it('shows the logo and the video, and downloads both in one zip once', async () => {
    jest.mocked(generationApi.createZipUrlByFile).mockResolvedValue({ zipUrl: `/zips/${encodeURIComponent('全屏动画_1.zip')}` });
    const { services } = renderPage('/banner/preview', <BannerPreviewPage />, route);
    expect(screen.getByAltText('生成的LOGO')).toHaveAttribute('src', '/generated/logo/a.png');
    const video = screen.getByTestId('banner-video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', '/generated/banner/b.mp4');
    expect(video.controls).toBe(true);
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    await waitFor(() => expect(services.download).toHaveBeenCalledTimes(1));
    expect(generationApi.createZipUrlByFile).toHaveBeenCalledTimes(1);
    // The automatic download does not wait for the phone cut and WebM: the page shows them as they come...
    expect(generationApi.createZipUrlByFile).toHaveBeenCalledWith({ fileName: '全屏动画', fileList: ['/generated/logo/a.png', '/generated/banner/b.mp4'], waitForExtras: false });
    expect(services.download).toHaveBeenCalledWith(`/zips/${encodeURIComponent('全屏动画_1.zip')}`, '全屏动画_1.zip');
    // ...and 下载 asks for the zip with them.
    await fastUser().click(screen.getByText(/^下\s*载$/));
    await waitFor(() => expect(services.download).toHaveBeenCalledTimes(2));
    expect(generationApi.createZipUrlByFile).toHaveBeenLastCalledWith({ fileName: '全屏动画', fileList: ['/generated/logo/a.png', '/generated/banner/b.mp4'] });
  });

  it('shows the phone cut under 手机竖屏 once it is made, and how far it is until then', async () => {
    const notYet = { ready: false, portraitProgress: 40, portraitUrl: '', portraitPosterUrl: '', portraitWebmUrl: '', webmUrl: '', artMaker: 'scene' as const, artMakerLabel: '', keyArtUrl: '' };
    const phoneCut = { portraitUrl: '/generated/x/cuts/banner-portrait.mp4', portraitPosterUrl: '/generated/x/cuts/banner-portrait-poster.jpg' };
    const made = { ...notYet, ready: true, portraitProgress: 100, ...phoneCut, portraitWebmUrl: '/generated/x/webm/banner-portrait.webm', webmUrl: '/generated/x/webm/banner.webm' };
    jest.mocked(generationApi.bannerCuts).mockResolvedValue(notYet);
    renderPage('/banner/preview', <BannerPreviewPage />, route);
    await waitFor(() => expect(generationApi.bannerCuts).toHaveBeenCalledWith({ bannerUrl: '/generated/banner/b.mp4' }));
    await fastUser().click(screen.getByText('手机竖屏'));
    expect(screen.getByText('手机竖屏版生成中…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '手机竖屏版生成进度' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.queryByTestId('banner-video')).not.toBeInTheDocument();
    await fastUser().click(screen.getByText('电脑横屏'));
    expect(screen.getByTestId('banner-video')).toBeInTheDocument();
    cleanup();

    // The phone cut comes before the WebMs: shown at once, with word of them.
    jest.mocked(generationApi.bannerCuts).mockResolvedValue({ ...notYet, ...phoneCut });
    renderPage('/banner/preview', <BannerPreviewPage />, route);
    await fastUser().click(screen.getByText('手机竖屏'));
    expect(await screen.findByTestId('banner-portrait-video')).toHaveAttribute('src', phoneCut.portraitUrl);
    expect(screen.getByText('1080×1920，手机竖屏播放；WebM 格式生成中，生成后点击“下载”即包含在压缩包中。')).toBeInTheDocument();
    expect(screen.getByText(/手机竖屏版已生成（见“手机竖屏”），WebM 格式生成中/)).toBeInTheDocument();
    cleanup();

    jest.mocked(generationApi.bannerCuts).mockResolvedValue(made);
    renderPage('/banner/preview', <BannerPreviewPage />, route);
    await fastUser().click(screen.getByText('手机竖屏'));
    const video = (await screen.findByTestId('banner-portrait-video')) as HTMLVideoElement;
    expect(screen.getByText('1080×1920，手机竖屏播放；压缩包另含横屏与竖屏的 WebM 格式。')).toBeInTheDocument();
    expect(video).toHaveAttribute('src', made.portraitUrl);
    expect(video).toHaveAttribute('poster', made.portraitPosterUrl);
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('playsinline');
  });

  it('without a video shows the logo alone and packs it alone, named after the game when the address does not', async () => {
    const state: Partial<RootState> = { selections: { ...initialSelectionsState, configs: { banner: { ...DEFAULT_FLOW_CONFIG, logotext: '星河战纪' } } } };
    const { services } = renderPage('/banner/preview', <BannerPreviewPage />, `/banner/preview?logoUrl=${encodeURIComponent('/generated/logo/a.png')}`, state);
    expect(screen.queryByTestId('banner-video')).not.toBeInTheDocument();
    await waitFor(() => expect(services.download).toHaveBeenCalledTimes(1));
    expect(generationApi.createZipUrlByFile).toHaveBeenCalledWith({ fileName: '星河战纪-整屏动画', fileList: ['/generated/logo/a.png'], waitForExtras: false });
  });
});
