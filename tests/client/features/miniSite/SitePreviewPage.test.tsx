import { screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { useLocation } from 'react-router-dom';
import * as generationApi from '../../../../src/client/api/generationApi';
import * as miniSiteApi from '../../../../src/client/api/miniSiteApi';
import { appStarted } from '../../../../src/client/app/appActions';
import { makeStore } from '../../../../src/client/app/store';
import { downloadFeature } from '../../../../src/client/features/download/feature';
import SitePreviewPage from '../../../../src/client/features/miniSite/pages/SitePreviewPage';
import { BuilderMessages } from '../../../../src/contract/builder';
import { GenerationMessages } from '../../../../src/contract/generation';
import { phonePreviewFeature } from '../../../../src/client/features/phonePreview/feature';
import { publishingFeature } from '../../../../src/client/features/publishing/feature';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';
import { button, fastUser } from '../../fastTesting';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/generationApi');
jest.mock('../../../../src/client/api/miniSiteApi');

const dir = '0123456789abcdef0123456789abcdef';
const previewUrl = `/sites/${dir}/index.html`;
const route = `/miniSite/preview?previewUrl=${encodeURIComponent(previewUrl)}&webSiteDir=${dir}`;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderPage(entries: string[] = [route]) {
  // The sagas run before the page mounts, as in the app.
  const services = makeFakeServices();
  const store = makeStore({}, { services });
  store.dispatch(appStarted());
  // As the preview's route does when it loads.
  [downloadFeature, publishingFeature, phonePreviewFeature].forEach(store.startFeature);
  return renderWithProviders(null, {
    store,
    services,
    route: entries[0],
    // StrictMode runs the page's effects twice, as in development: the zip must still download once.
    routes: [
      { path: '/miniSite/preview', element: <StrictMode><SitePreviewPage /></StrictMode> },
      { path: '*', element: <Where /> },
    ],
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  window.scrollTo = jest.fn();
  jest.mocked(miniSiteApi.getDownloadZipUrl).mockResolvedValue({ zipUrl: '/zips/龙腾天下-官网.zip' });
});

describe('SitePreviewPage', () => {
  it('shows the site in a frame and downloads its zip once on load, then again on 下载压缩包', async () => {
    const { services } = renderPage();
    expect(screen.getByTitle('网站预览')).toHaveAttribute('src', previewUrl);
    // The site runs in an opaque origin: nothing in it reaches the app's storage or the page around it.
    expect(screen.getByTitle('网站预览')).toHaveAttribute('sandbox', 'allow-scripts allow-popups allow-popups-to-escape-sandbox');
    await waitFor(() => expect(services.download).toHaveBeenCalledTimes(1));
    expect(miniSiteApi.getDownloadZipUrl).toHaveBeenCalledTimes(1);
    expect(miniSiteApi.getDownloadZipUrl).toHaveBeenCalledWith({ webSiteDir: dir });
    expect(generationApi.createZipUrlByFile).not.toHaveBeenCalled();
    expect(services.download).toHaveBeenCalledWith('/zips/龙腾天下-官网.zip', '龙腾天下-官网.zip');
    expect(services.notify.success).toHaveBeenCalledWith(GenerationMessages.downloadStarted);

    await fastUser().click(button('下载压缩包'));
    await waitFor(() => expect(services.download).toHaveBeenCalledTimes(2));
  });

  it('手机预览 shows the QR code of a signed link to this site; a failure offers 重试', async () => {
    jest.mocked(miniSiteApi.phonePreview).mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ url: 'http://localhost/m/link', qrcode: 'data:image/png;base64,iVBORw0KGgo=', expiresAt: Date.now() + 1_800_000 });
    renderPage();
    await fastUser().click(button('手机预览'));
    await fastUser().click(await screen.findByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByAltText('手机预览二维码')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(miniSiteApi.phonePreview).toHaveBeenCalledTimes(2);
    expect(miniSiteApi.phonePreview).toHaveBeenLastCalledWith({ webSiteDir: dir });
    expect(screen.getByRole('link', { name: '在新窗口打开' })).toHaveAttribute('href', 'http://localhost/m/link');
  });

  it('an empty zip URL says 获取下载文件失败', async () => {
    jest.mocked(miniSiteApi.getDownloadZipUrl).mockResolvedValue({ zipUrl: '' });
    const { services } = renderPage();
    await waitFor(() => expect(services.notify.error).toHaveBeenCalledWith(GenerationMessages.zipEmpty));
    expect(services.download).not.toHaveBeenCalled();
  });

  it.each([
    ['another origin', `/miniSite/preview?previewUrl=${encodeURIComponent(`https://evil.example/sites/${dir}/index.html`)}&webSiteDir=${dir}`],
    ['another folder', `/miniSite/preview?previewUrl=${encodeURIComponent('/user/backend')}&webSiteDir=${dir}`],
    ['no webSiteDir', `/miniSite/preview?previewUrl=${encodeURIComponent(previewUrl)}`],
  ])('%s: no frame, no zip, a way back to the config page', async (_name, address) => {
    renderPage([address]);
    expect(screen.getByText('没有可预览的网站')).toBeInTheDocument();
    expect(screen.queryByTitle('网站预览')).not.toBeInTheDocument();
    expect(screen.getByText('去配置网站').closest('a')).toHaveAttribute('href', '/miniSite/config');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(miniSiteApi.getDownloadZipUrl).not.toHaveBeenCalled();
  });

  it('shows the site at a phone’s width', async () => {
    renderPage();
    await fastUser().click(screen.getByText('手机'));
    expect(screen.getByTitle('网站预览')).toHaveStyle({ width: '390px' });
  });

  it('修改配置 goes back to the config page', async () => {
    renderPage();
    await fastUser().click(button('修改配置'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/miniSite/config');
  });
  it('发布 puts the site at a link shown with its QR code; then 访问 opens it and 下线 (confirmed) takes it down', async () => {
    const slug = '0123456789abcdef'.repeat(2);
    const link = { url: `http://localhost/pub/${slug}/`, qrcode: 'data:image/png;base64,AAAA' };
    jest.mocked(miniSiteApi.publishState).mockResolvedValue({ url: '', qrcode: '' });
    jest.mocked(miniSiteApi.publishSite).mockResolvedValue(link);
    jest.mocked(miniSiteApi.unpublishSite).mockResolvedValue(null);
    const { services } = renderPage();
    await waitFor(() => expect(miniSiteApi.publishState).toHaveBeenCalledWith({ webSiteDir: dir }));
    await fastUser().click(button('发布'));
    expect(miniSiteApi.publishSite).toHaveBeenCalledWith({ webSiteDir: dir });
    expect(await screen.findByAltText('网站二维码')).toHaveAttribute('src', link.qrcode);
    expect(screen.getByText('网站已发布')).toBeInTheDocument();
    expect(services.notify.success).toHaveBeenCalledWith(BuilderMessages.publishSucceeded);
    expect(screen.getByRole('link', { name: '访问已发布网站' })).toHaveAttribute('href', link.url);
    // The published page's channel QR codes are on its 数据 page, from the dialog and from the page.
    expect(screen.getByRole('link', { name: /按渠道生成二维码/ })).toHaveAttribute('href', `/backend/siteStats/${slug}`);
    expect(button(/数\s*据/)).toBeInTheDocument();

    await fastUser().click(button(/下\s*线/));
    await fastUser().click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /下\s*线/ }));
    expect(miniSiteApi.unpublishSite).toHaveBeenCalledWith({ webSiteDir: dir });
    expect(await screen.findByRole('button', { name: /发\s*布/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '访问已发布网站' })).toBeNull();
    expect(screen.queryByRole('button', { name: /数\s*据/ })).toBeNull();
  });

  it('数据 of the published site opens its page of figures and channel QR codes', async () => {
    const slug = 'f'.repeat(32);
    jest.mocked(miniSiteApi.publishState).mockResolvedValue({ url: `http://localhost/pub/${slug}/`, qrcode: '' });
    renderPage();
    await fastUser().click(await screen.findByRole('button', { name: /数\s*据/ }));
    expect(await screen.findByTestId('where')).toHaveTextContent(`/backend/siteStats/${slug}`);
  });
});
