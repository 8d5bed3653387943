import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as builderApi from '../../../../src/client/api/builderApi';
import * as siteListApi from '../../../../src/client/api/siteListApi';
import * as siteReserveApi from '../../../../src/client/api/siteReserveApi';
import * as miniSiteApi from '../../../../src/client/api/miniSiteApi';
import { appStarted } from '../../../../src/client/app/appActions';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { makeStore } from '../../../../src/client/app/store';
import { builderFeature } from '../../../../src/client/features/builder/feature';
import { builderSlice } from '../../../../src/client/features/builder/builderSlice';
import CreateWebPage from '../../../../src/client/features/builder/pages/CreateWebPage';
import { BuilderLimits, BuilderMessages } from '../../../../src/contract/builder';
import { artPromptOf } from '../../../../src/contract/artPrompt';
import { DEFAULT_RESERVE_SETTINGS, ReserveMessages, type ReserveOwnerState, type ReserveSaveSettingsAnswer } from '../../../../src/contract/reservations';
import { miniSiteFeature } from '../../../../src/client/features/miniSite/feature';
import { phonePreviewFeature } from '../../../../src/client/features/phonePreview/feature';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';
import { button, fastUser, tab } from '../../fastTesting';
import { openState, site, template } from './builderHarness';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/builderApi');
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/miniSiteApi');
jest.mock('../../../../src/client/api/siteListApi');
jest.mock('../../../../src/client/api/siteReserveApi');

function renderPage(route = '/createWeb', preloadedState: Partial<RootState> = openState()) {
  const services = makeFakeServices({ pathname: '/createWeb', search: '' });
  const store = makeStore(preloadedState, { services });
  store.dispatch(appStarted());
  // As the builder's route does when it loads.
  [builderFeature, miniSiteFeature, phonePreviewFeature].forEach(store.startFeature);
  return renderWithProviders(null, {
    route,
    store,
    services,
    routes: [
      { path: '/createWeb', element: <CreateWebPage /> },
      { path: '*', element: <p>其他页面</p> },
    ],
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(miniSiteApi.getMusicList).mockResolvedValue({ data: [] });
  jest.mocked(siteListApi.getSiteList).mockResolvedValue({ list: [], total: 0 });
  jest.mocked(builderApi.getSelectConfig).mockResolvedValue(site({ id: 9 }));
  jest.mocked(builderApi.getWebUrl).mockResolvedValue(site({ id: 10 }));
  jest.mocked(builderApi.saveConfig).mockResolvedValue(site({}, 2));
  jest.mocked(builderApi.getComponentList).mockResolvedValue({ data: [template('head', 1), template('head', 2)], current_page: 1, per_page: 9, total: 2 });
});

describe('CreateWebPage', () => {
  it('?id=N opens that site: the preview frame, and the drawer with its six component tabs and 预约', async () => {
    renderPage('/createWeb?id=9', openState(site(), { site: null, siteId: null, status: 'idle' }));
    expect(await screen.findByTitle('网站预览')).toHaveAttribute('src', '/sites/abc/index.html?v=1');
    // The site runs in an opaque origin: nothing in it reaches the app's storage or the builder around it.
    expect(screen.getByTitle('网站预览')).toHaveAttribute('sandbox', 'allow-scripts allow-popups allow-popups-to-escape-sandbox');
    expect(builderApi.getSelectConfig).toHaveBeenCalledWith({ id: 9 });
    expect(screen.getByRole('heading', { name: '游戏官网配置' })).toBeInTheDocument();
    for (const label of ['整站配置', '导航栏', 'BANNER', '内容区', '侧边栏', '页脚', '预约']) expect(tab(label)).toBeInTheDocument();
    expect(tab('整站配置')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('生成资源')).toBeInTheDocument();
    expect(screen.getByText('生成并下载')).toBeInTheDocument();
  });

  it('the 预约 tab, beside the component tabs, shows whether the site takes 预约s and turns it on with the back office\'s form', async () => {
    const user = fastUser();
    const notice = '本活动由龙腾工作室收集手机号，仅用于发放预约礼包。';
    const off: ReserveOwnerState = { campaignId: null, settings: DEFAULT_RESERVE_SETTINGS, count: 0, codes: { total: 0, given: 0, left: 0 } };
    const on: ReserveSaveSettingsAnswer = { ...off, publishedPage: 'none', campaignId: 'c'.repeat(24), settings: { ...DEFAULT_RESERVE_SETTINGS, enabled: true, privacyNotice: notice }, count: 3 };
    jest.mocked(siteReserveApi.getReserveState).mockResolvedValue(off);
    jest.mocked(siteReserveApi.saveReserveSettings).mockResolvedValue(on);
    const { services } = renderPage('/createWeb', openState(site({ id: 9 })));
    await user.click(tab('预约'));
    expect(await screen.findByText('未开启')).toBeInTheDocument();
    expect(siteReserveApi.getReserveState).toHaveBeenCalledWith({ builderId: 9 });
    expect(siteReserveApi.listReservations).not.toHaveBeenCalled();
    expect(screen.getByText(/预约模块显示在网站首屏之后.*预览中即可看到/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /查看预约名单与礼包码/ })).toHaveAttribute('href', '/backend/siteReserve?builderId=9');
    const frame = screen.getByTitle('网站预览');

    await user.click(screen.getByRole('switch', { name: '开启预约' }));
    fireEvent.change(screen.getByLabelText('隐私说明'), { target: { value: notice } });
    await user.click(button('保存设置'));
    await waitFor(() => expect(siteReserveApi.saveReserveSettings).toHaveBeenCalledWith({ builderId: 9 }, on.settings));
    expect(await screen.findByText('已开启')).toBeInTheDocument();
    expect(services.notify.success).toHaveBeenCalledWith(ReserveMessages.settingsSaved);
    // The preview, at the same address, now carries the block: the frame loads it again.
    await waitFor(() => expect(screen.getByTitle('网站预览')).not.toBe(frame));
    expect(screen.getByTitle('网站预览')).toHaveAttribute('src', frame.getAttribute('src'));
  });

  it('the 预约 tab of a site never saved says why it cannot be turned on yet, and asks nothing', async () => {
    const user = fastUser();
    renderPage('/createWeb', openState(site({ id: 0 })));
    await user.click(tab('预约'));
    expect(await screen.findByText('网站保存后才能开启预约')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: '开启预约' })).toBeNull();
    expect(siteReserveApi.getReserveState).not.toHaveBeenCalled();
  });

  it('?new=1 makes a new site and leaves the query', async () => {
    const { services } = renderPage('/createWeb?new=1', openState(site(), { site: null, siteId: 5, status: 'idle' }));
    await waitFor(() => expect(builderApi.getWebUrl).toHaveBeenCalledWith({ type: 'main', id: 0, selectedComponents: {}, identity: {} }));
    await waitFor(() => expect(services.navigate).toHaveBeenCalledWith('/createWeb', { replace: true }));
    expect(builderApi.getSelectConfig).not.toHaveBeenCalled();
  });

  it('a tab shows its template and form; a logo field outside the banner tab is read-only with its tip', async () => {
    const user = fastUser();
    renderPage();
    await user.click(tab('导航栏'));
    expect(await screen.findByLabelText('导航一')).toHaveValue('首页');
    expect(screen.getByText('head模版1')).toBeInTheDocument();
    expect(screen.getByText(BuilderMessages.logoInBannerTab)).toBeInTheDocument();
    // No input for it: it is generated with the banner.
    expect(screen.queryByLabelText('导航LOGO')).not.toBeInTheDocument();
  });

  it('the banner tab holds the logo style, 生成banner and the honest name of what draws it', async () => {
    const user = fastUser();
    renderPage();
    await user.click(tab('BANNER'));
    expect(await screen.findByText('切换LOGO样式')).toBeInTheDocument();
    expect(screen.getByLabelText('LOGO文字')).toHaveValue('龙腾');
    expect(screen.getByText('生成banner')).toBeInTheDocument();
    expect(screen.queryByText('生成资源')).not.toBeInTheDocument();
    expect(screen.getByText(site().bannerArtist)).toBeInTheDocument();
  });

  it('the banner tab\'s 画面描述 starts from the user\'s game and is theirs to change; the maker is named 通义万相 when it paints', async () => {
    const user = fastUser();
    const { store } = renderPage('/createWeb', openState(site({ bannerArtist: '通义万相 AI绘图' })));
    await user.click(tab('BANNER'));
    const prompt = await screen.findByLabelText('画面描述');
    // Not the template's sample scene: the prompt written in the banner template's style.
    expect(prompt).toHaveValue(artPromptOf({ gameName: '', style: 'cloud-sea' }));
    expect(prompt).not.toHaveValue('云海仙山');
    expect(screen.getByText('通义万相 AI绘图')).toBeInTheDocument();
    await user.clear(prompt);
    await user.type(prompt, '月下竹林');
    expect(prompt).toHaveValue('月下竹林');
    expect(store.getState().builder.site?.formData.banner.prompt).toBe('月下竹林');
    await waitFor(() => expect(builderApi.saveConfig).toHaveBeenCalled(), { timeout: BuilderLimits.autoSaveDebounceMs + 2000 });
    expect(jest.mocked(builderApi.saveConfig).mock.lastCall?.[0].formData.banner.prompt).toBe('月下竹林');
  });

  it('the banner tab takes the studio key art: uploaded into the banner picture, which 生成banner then starts from', async () => {
    const keyArt = '/uploads/0123456789abcdef0123456789abcdef.jpg';
    jest.mocked(builderApi.siteFileUpload).mockResolvedValue({ url: keyArt });
    const user = fastUser();
    const { store } = renderPage();
    await user.click(tab('BANNER'));
    const field = (await screen.findByText(/选填：上传游戏主视觉图/)).closest('.ant-form-item');
    const input = field?.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('No file input');
    await user.upload(input, new File(['jpeg'], '主视觉.jpg', { type: 'image/jpeg' }));
    expect(jest.mocked(builderApi.siteFileUpload).mock.calls[0][2]).toEqual({ id: site().id, type: 'banner', key: 'bannerImage' });
    await waitFor(() => expect(store.getState().builder.site?.formData.banner.bannerImage).toBe(keyArt));
    expect(await screen.findByAltText('主视觉图预览')).toHaveAttribute('src', keyArt);
    expect(screen.getByAltText('banner图片')).toHaveAttribute('src', keyArt);
    // Saved like any edit (and before the next test, whose saves this one's must not be taken for).
    await waitFor(() => expect(builderApi.saveConfig).toHaveBeenCalledTimes(1), { timeout: BuilderLimits.autoSaveDebounceMs + 2000 });
    expect(jest.mocked(builderApi.saveConfig).mock.calls[0][0].formData.banner.bannerImage).toBe(keyArt);
  });

  it('still shows the key art as the 主视觉图 once 生成banner made the banner picture from it', async () => {
    const keyArt = '/uploads/0123456789abcdef0123456789abcdef.jpg';
    const made = site({ bannerKeyArt: keyArt, formData: { ...site().formData, banner: { ...site().formData.banner, bannerImage: '/generated/0123456789abcdef0123456789abcdef/banner.jpg' } } });
    const user = fastUser();
    renderPage('/createWeb', openState(made));
    await user.click(tab('BANNER'));
    expect(await screen.findByAltText('主视觉图预览')).toHaveAttribute('src', keyArt);
    expect(screen.getByAltText('banner图片')).toHaveAttribute('src', '/generated/0123456789abcdef0123456789abcdef/banner.jpg');
    expect(screen.queryByText('未上传')).not.toBeInTheDocument();
  });

  it('an edit shows at once and is saved once, 1 s after the last keystroke', async () => {
    renderPage();
    const input = await screen.findByLabelText('网站名称');
    fireEvent.change(input, { target: { value: '龙' } });
    fireEvent.change(input, { target: { value: '龙腾新' } });
    expect(input).toHaveValue('龙腾新');
    // Not "saved" while the edit waits for the debounce.
    expect(screen.getByRole('status')).toHaveTextContent('有修改，即将自动保存');
    await waitFor(() => expect(builderApi.saveConfig).toHaveBeenCalledTimes(1), { timeout: BuilderLimits.autoSaveDebounceMs + 2000 });
    expect(jest.mocked(builderApi.saveConfig).mock.calls[0][0].formData.main.siteName).toBe('龙腾新');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('已自动保存'));
  });

  it('撤销 and 重做, by button and by Ctrl+Z / Ctrl+Shift+Z, take a field\u2019s typing back and bring it again', async () => {
    const { user } = renderPage();
    const input = await screen.findByLabelText('网站名称');
    const undo = screen.getByRole('button', { name: '撤销' });
    const redo = screen.getByRole('button', { name: '重做' });
    expect(undo).toBeDisabled();
    fireEvent.change(input, { target: { value: '龙' } });
    fireEvent.change(input, { target: { value: '龙腾新' } });
    await user.click(undo);
    expect(input).toHaveValue('龙腾天下');
    expect(undo).toBeDisabled();
    await user.click(redo);
    expect(input).toHaveValue('龙腾新');
    fireEvent.keyDown(input, { key: 'z', ctrlKey: true });
    expect(input).toHaveValue('龙腾天下');
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(input).toHaveValue('龙腾新');
    // The auto-save sends what the last redo left (and nothing of this test's is left to land in the next).
    await waitFor(() => expect(builderApi.saveConfig).toHaveBeenCalledTimes(1), { timeout: BuilderLimits.autoSaveDebounceMs * 3 });
    expect(jest.mocked(builderApi.saveConfig).mock.calls[0][0].formData.main.siteName).toBe('龙腾新');
  });

  it('手机预览 shows the QR code and the link of the saved site, and when it stops working', async () => {
    jest.mocked(builderApi.phonePreview).mockResolvedValue({ url: 'http://localhost/m/abc.def.ghi', qrcode: 'data:image/png;base64,iVBORw0KGgo=', expiresAt: new Date(2026, 10, 27, 15, 30).getTime() });
    const user = fastUser();
    renderPage();
    await screen.findByLabelText('网站名称');
    await user.click(screen.getByRole('button', { name: '手机预览' }));
    const dialog = (await screen.findByAltText('手机预览二维码')).closest<HTMLElement>('.ant-modal')!;
    expect(builderApi.phonePreview).toHaveBeenCalledWith({ id: 42 });
    expect(within(dialog).getByAltText('手机预览二维码')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(within(dialog).getByText(/链接 15:30 前有效/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '在新窗口打开' })).toHaveAttribute('href', 'http://localhost/m/abc.def.ghi');
  });

  it('the picker needs a choice; choosing a template switches the site to it', async () => {
    const user = fastUser();
    const { services } = renderPage();
    await user.click(tab('导航栏'));
    const pane = (await screen.findByLabelText('导航一')).closest<HTMLElement>('[role="tabpanel"]');
    if (!pane) throw new Error('no tab pane');
    await user.click(within(pane).getByText('切换模版').closest('button') as HTMLButtonElement);
    const dialog = (await screen.findByText('选择导航栏模版')).closest<HTMLElement>('.ant-modal');
    if (!dialog) throw new Error('no picker dialog');
    expect(await within(dialog).findByLabelText('head模版1（当前使用）')).toBeInTheDocument();
    await user.click(within(dialog).getByText(/确\s*定/).closest('button') as HTMLButtonElement);
    await waitFor(() => expect(services.notify.warning).toHaveBeenCalledWith(BuilderMessages.templateRequired));
    expect(builderApi.getWebUrl).not.toHaveBeenCalled();

    jest.mocked(builderApi.getWebUrl).mockResolvedValue(site({ selectedComponents: { ...site().selectedComponents, head: template('head', 2) } }, 2));
    await user.click(within(dialog).getByLabelText('head模版2'));
    await user.click(within(dialog).getByText(/确\s*定/).closest('button') as HTMLButtonElement);
    await waitFor(() => expect(builderApi.getWebUrl).toHaveBeenCalledWith({ type: 'head', id: 42, selectedComponents: { main: 1, head: 2, banner: 1, content: 1, sidebar: 1, footer: 1, logo: 1 }, identity: {} }));
    await waitFor(() => expect(screen.getByTitle('网站预览')).toHaveAttribute('src', '/sites/abc/index.html?v=2'));
  });

  it('生成资源 saves now and opens the result page', async () => {
    const user = fastUser();
    const { services } = renderPage();
    await user.click(button('生成资源'));
    await waitFor(() => expect(builderApi.saveConfig).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(services.navigate).toHaveBeenCalledWith('/result'));
  });

  it('生成并下载 first lists the fields still holding samples; one leads to its tab and field, 仍然生成并下载 goes on', async () => {
    const user = fastUser();
    jest.mocked(builderApi.completeWeb).mockReturnValue(new Promise(() => undefined));
    const { store } = renderPage();
    await user.click(button('生成并下载'));
    const dialog = (await screen.findByText('以下内容仍是模版示例')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByText('页脚 · 页脚')).toBeInTheDocument();
    await user.click(within(dialog).getByText('版权信息'));
    await waitFor(() => expect(store.getState()[builderSlice.reducerPath].activeTab).toBe('footer'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('版权信息')));
    expect(builderApi.completeWeb).not.toHaveBeenCalled();

    await user.click(button('生成并下载'));
    await user.click(await screen.findByText('仍然生成并下载'));
    await waitFor(() => expect(builderApi.completeWeb).toHaveBeenCalled());
  });

  it('生成并下载 with an invalid field says 表单验证失败 and opens the tab that has it', async () => {
    const user = fastUser();
    const invalid = site({ formData: { ...site().formData, footer: { copyright: '' } } });
    const { services, store } = renderPage('/createWeb', openState(invalid));
    await user.click(button('生成并下载'));
    await waitFor(() => expect(services.notify.warning).toHaveBeenCalledWith(BuilderMessages.formInvalid));
    expect(store.getState()[builderSlice.reducerPath].activeTab).toBe('footer');
    expect(builderApi.completeWeb).not.toHaveBeenCalled();
    await act(async () => {});
    expect(await screen.findByText('请输入版权信息')).toBeInTheDocument();
  });
});
