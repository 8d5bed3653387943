import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import * as commonApi from '../../../../src/client/api/commonApi';
import * as generationApi from '../../../../src/client/api/generationApi';
import * as miniSiteApi from '../../../../src/client/api/miniSiteApi';
import { appStarted } from '../../../../src/client/app/appActions';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { makeStore } from '../../../../src/client/app/store';
import { generationFeature, keyArtFeature } from '../../../../src/client/features/generation/feature';
import { generationRequested } from '../../../../src/client/features/generation/generationSlice';
import { miniSiteFeature } from '../../../../src/client/features/miniSite/feature';
import { imageUploadRequested, siteCreationRequested } from '../../../../src/client/features/miniSite/miniSiteSlice';
import SiteConfigPage from '../../../../src/client/features/miniSite/pages/SiteConfigPage';
import { configEdited, DEFAULT_FLOW_CONFIG, initialSelectionsState, siteTemplateConfigEdited } from '../../../../src/client/features/selections/selectionsSlice';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../../src/contract/generation';
import { MiniSiteLimits, MiniSiteMessages } from '../../../../src/contract/miniSite';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';
import { button, fastUser } from '../../fastTesting';
import { bannerTemplate, logoTemplate } from '../generation/generationHarness';
import { generated, groups, music, site } from './miniSiteHarness';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/generationApi');
jest.mock('../../../../src/client/api/miniSiteApi');

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const otherBanner = { ...bannerTemplate, id: 6, name: '烈日' };
const chosen = (selections: Partial<RootState['selections']> = {}): Partial<RootState> => ({
  selections: { ...initialSelectionsState, siteTemplate: site, logoTemplates: { miniSite: logoTemplate }, ...selections },
});
const withResults = (selections: Partial<RootState['selections']> = {}) => chosen({ configs: { miniSite: { ...DEFAULT_FLOW_CONFIG, ...generated, module: 'fsa' } }, ...selections });

function renderPage(preloadedState: Partial<RootState> = chosen()) {
  // The sagas run before the page mounts, as in the app (they start once the stored state is back).
  const services = makeFakeServices({ pathname: '/miniSite/config', search: '' });
  const store = makeStore(preloadedState, { services });
  store.dispatch(appStarted());
  // As the config page's route does when it loads.
  [generationFeature, keyArtFeature, miniSiteFeature].forEach(store.startFeature);
  return renderWithProviders(null, {
    route: '/miniSite/config',
    store,
    services,
    routes: [
      { path: '/miniSite/config', element: <SiteConfigPage /> },
      { path: '*', element: <Where /> },
    ],
  });
}

/** The card titled `title` (网站模版, LOGO模版, 整屏动画模版). */
function card(title: string): HTMLElement {
  const found = screen.getByText(title).closest<HTMLElement>('.ant-card');
  if (!found) throw new Error(`No card ${title}`);
  return found;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  // Module mocks keep their calls from test to test otherwise.
  jest.clearAllMocks();
  window.scrollTo = jest.fn();
  jest.mocked(miniSiteApi.getTemplateConfig).mockResolvedValue({ config: groups, logoCreationDuration: 30 });
  jest.mocked(miniSiteApi.getMusicList).mockResolvedValue({ data: music });
  jest.mocked(generationApi.getBannerTemplates).mockResolvedValue({ data: [bannerTemplate, otherBanner], total: 2, current_page: 1, per_page: 12 });
  jest.mocked(commonApi.checkOnline).mockResolvedValue({ isOnline: false });
});

describe('SiteConfigPage', () => {
  it('without a site template says 请选择网站模版 and links to the list', () => {
    renderPage({});
    expect(screen.getByText(MiniSiteMessages.siteTemplateRequired)).toBeInTheDocument();
    expect(screen.getByText('去选择网站模版').closest('a')).toHaveAttribute('href', '/miniSite/selectPage');
  });

  it('shows the site and logo templates, the template’s own banner style, and the template’s form', async () => {
    renderPage();
    expect(screen.getByAltText(`网站模版：${site.name}`)).toHaveAttribute('src', site.thumbnail);
    expect(screen.getByAltText(`LOGO模版：${logoTemplate.name}`)).toHaveAttribute('src', logoTemplate.preview_image1);
    // Known by id only (banner_id): found in the banner catalogue.
    expect(await screen.findByAltText(`整屏动画模版：${bannerTemplate.name}`)).toHaveAttribute('src', bannerTemplate.preview_image);
    expect(miniSiteApi.getTemplateConfig).toHaveBeenCalledWith({ templateId: site.id });
    expect(await screen.findByText('基本信息')).toBeInTheDocument();
    // The template's texts and defaults, with the lengths of spec section 5.
    expect(field('网站标题').value).toBe('龙腾天下官网');
    expect(field('网站标题')).toHaveAttribute('maxlength', '20');
    expect(field('游戏简介')).toHaveAttribute('maxlength', String(MiniSiteLimits.textareaMax));
    expect(screen.getByAltText('背景图片预览')).toHaveAttribute('src', '/generated/catalog/site/1/bg.jpg');
  });

  it('shows each field’s rule and keeps every edit as it is typed', async () => {
    const { store } = renderPage();
    await screen.findByText('基本信息');
    fireEvent.change(field('网站标题'), { target: { value: '' } });
    expect(await screen.findByText('请输入网站标题')).toBeInTheDocument();
    expect(store.getState().selections.siteTemplateConfig.title).toBe('');
    fireEvent.change(field('网站标题'), { target: { value: '山海官网' } });
    await waitFor(() => expect(screen.queryByText('请输入网站标题')).not.toBeInTheDocument());
    expect(store.getState().selections.siteTemplateConfig.title).toBe('山海官网');
    fireEvent.change(field('宣传视频'), { target: { value: 'ftp://x' } });
    expect(await screen.findByText(MiniSiteMessages.videoLinkInvalid)).toBeInTheDocument();
  });

  it('uploads a picked picture and shows it in its field', async () => {
    jest.mocked(miniSiteApi.uploadImage).mockResolvedValue({ shortUrl: '/uploads/new.png', url: '/uploads/new.png' });
    const { store } = renderPage();
    const field = (await screen.findByText('背景图片')).closest('.ant-form-item');
    const file = new File(['png'], '封面.png', { type: 'image/png' });
    // The field's own picker: the banner's key art has one too.
    const input = field?.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('No file input');
    fireEvent.change(input, { target: { files: [file] } });
    expect(store.dispatch).toHaveBeenCalledWith(imageUploadRequested({ key: 'cover', file }));
    await waitFor(() => expect(screen.getByAltText('背景图片预览')).toHaveAttribute('src', '/uploads/new.png'));
    expect(store.getState().selections.siteTemplateConfig.cover).toBe('/uploads/new.png');
  });

  it("shows a sample picture of the chosen banner's genre, as the site will: a star-field banner on 龙腾国战 shows space, not the palace", async () => {
    // 龙腾国战 (角色扮演, its own banner 金殿辉煌) with its sample screenshot; the banner chosen is 星际穿越 (sci-fi).
    const palace = { ...site, id: 1, category_id: 1, banner_id: 8 };
    const sample = '/site-templates/defaults/t1-gallery-1.webp';
    jest.mocked(miniSiteApi.getTemplateConfig).mockResolvedValue({ config: [{ name: '精彩截图', children: [{ key: 'gallery1', name: '截图1', type: 'image', value: sample }] }], logoCreationDuration: 30 });
    renderPage(chosen({ siteTemplate: palace, miniSiteBanner: { ...bannerTemplate, id: 4, name: '星际穿越' } }));
    expect(await screen.findByAltText('截图1预览')).toHaveAttribute('src', '/site-templates/defaults/t18-gallery-1.webp');
  });

  it("keeps the template's own sample with its own banner", async () => {
    const palace = { ...site, id: 1, category_id: 1, banner_id: 8 };
    const sample = '/site-templates/defaults/t1-gallery-1.webp';
    jest.mocked(miniSiteApi.getTemplateConfig).mockResolvedValue({ config: [{ name: '精彩截图', children: [{ key: 'gallery1', name: '截图1', type: 'image', value: sample }] }], logoCreationDuration: 30 });
    renderPage(chosen({ siteTemplate: palace }));
    expect(await screen.findByAltText('截图1预览')).toHaveAttribute('src', sample);
  });

  it('plays the chosen music and stops it', async () => {
    const play = jest.spyOn(window.HTMLMediaElement.prototype, 'play');
    renderPage(chosen({ siteTemplateConfig: { music: 'music-1' } }));
    await screen.findByText('山河');
    await fastUser().click(button('试听'));
    expect(play).toHaveBeenCalled();
    await fastUser().click(button('停止'));
    expect(button('试听')).toBeInTheDocument();
  });

  it('生成LOGO and 生成整屏动画 ask the generation flow for the mini site’s results, without leaving the page', async () => {
    const { store } = renderPage();
    await screen.findByAltText(`整屏动画模版：${bannerTemplate.name}`);
    await fastUser().click(screen.getByText('生成LOGO'));
    expect(store.dispatch).toHaveBeenCalledWith(
      generationRequested({ kind: 'logo', slot: 'miniSite', openPreview: false, payload: { ...DEFAULT_LOGO_TEXTS, logobg: logoTemplate.id, module: 'tl' } }),
    );
    // Not online: the login dialog opens first.
    await waitFor(() => expect(store.getState().loginDialog.open).toBe(true));
    act(() => {
      store.dispatch({ type: 'loginDialog/closed' });
    });
    await waitFor(() => expect(store.getState().generation.status).toBe('idle'));
    await fastUser().click(screen.getByText('生成整屏动画'));
    expect(store.dispatch).toHaveBeenCalledWith(
      generationRequested({
        kind: 'banner',
        slot: 'miniSite',
        openPreview: false,
        payload: { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: logoTemplate.id, banner: site.banner_id, module: 'fsa' },
      }),
    );
  });

  it("sends the banner's key art with the banner, and not with the logo", async () => {
    const keyArt = '/uploads/0123456789abcdef0123456789abcdef.png';
    const { store } = renderPage(chosen({ configs: { miniSite: { ...DEFAULT_FLOW_CONFIG, keyArt } } }));
    expect(await screen.findByAltText('主视觉图预览')).toHaveAttribute('src', keyArt);
    await fastUser().click(screen.getByText('生成整屏动画'));
    expect(store.dispatch).toHaveBeenCalledWith(
      generationRequested({
        kind: 'banner',
        slot: 'miniSite',
        openPreview: false,
        payload: { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, keyArt, logobg: logoTemplate.id, banner: site.banner_id, module: 'fsa' },
      }),
    );
  });

  it("offers AI生成主视觉 in the banner step when the server has an AI service, sends its description with the banner", async () => {
    jest.mocked(generationApi.getKeyArtProvider).mockResolvedValue({ available: true, label: '通义万相 AI绘图' });
    const { store } = renderPage();
    await fastUser().click(await screen.findByText('AI生成主视觉'));
    const description = screen.getByLabelText('AI主视觉画面描述') as HTMLTextAreaElement;
    // Drafted in the site's banner style (樱花飞舞), without the sample game's words.
    expect(description.value).toContain('樱花飘落');
    expect(description.value).not.toContain(DEFAULT_LOGO_TEXTS.logotext);
    await fastUser().click(screen.getByText('生成整屏动画'));
    expect(store.dispatch).toHaveBeenCalledWith(
      generationRequested({
        kind: 'banner',
        slot: 'miniSite',
        openPreview: false,
        payload: { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, keyArtPrompt: description.value, logobg: logoTemplate.id, banner: site.banner_id, module: 'fsa' },
      }),
    );
  });

  it("names each generated banner's maker under it: the AI by its service, or the scene our program draws", async () => {
    const art = { artMaker: 'ai' as const, artMakerLabel: '通义万相 AI绘图', keyArtUrl: '/uploads/0123456789abcdef0123456789abcdef.jpg' };
    const first = renderPage(chosen({ configs: { miniSite: { ...DEFAULT_FLOW_CONFIG, ...generated, module: 'fsa', bannerArt: art } } }));
    expect(screen.getByTestId('banner-art-note')).toHaveTextContent('画面：AI生成的主视觉（通义万相 AI绘图）');
    expect(within(screen.getByTestId('banner-art-note')).getByRole('img')).toHaveAttribute('src', art.keyArtUrl);
    first.unmount();
    renderPage(chosen({ configs: { miniSite: { ...DEFAULT_FLOW_CONFIG, ...generated, module: 'fsa', bannerArt: { artMaker: 'scene', artMakerLabel: '', keyArtUrl: '' } } } }));
    expect(screen.getByTestId('banner-art-note')).toHaveTextContent('画面：程序绘制的场景');
  });

  it('shows the results inline once generated, and 重置参数 drops them with the texts', async () => {
    const { store } = renderPage(withResults());
    expect(screen.getByAltText('生成的LOGO')).toHaveAttribute('src', generated.logoUrl);
    expect(screen.getByTestId('mini-site-banner')).toHaveAttribute('src', generated.bannerUrl);
    await fastUser().click(screen.getByText('重置参数'));
    expect(store.getState().selections.configs.miniSite).toEqual(DEFAULT_FLOW_CONFIG);
    expect(screen.queryByAltText('生成的LOGO')).not.toBeInTheDocument();
  });

  it('keeps the 生成网站 bar at the end of the page until the logo and banner exist, then over the window’s bottom', async () => {
    const first = renderPage();
    await screen.findByText('基本信息');
    expect(screen.getByTestId('create-site-bar')).toHaveStyle({ position: 'static' });
    first.unmount();
    renderPage(withResults());
    await screen.findByText('基本信息');
    expect(screen.getByTestId('create-site-bar')).toHaveStyle({ position: 'sticky' });
  });

  it('生成网站 before the logo is generated says 请先生成LOGO and creates nothing', async () => {
    const { store, services } = renderPage();
    await screen.findByText('基本信息');
    await fastUser().click(button(/生成网站/));
    expect(store.dispatch).toHaveBeenCalledWith(siteCreationRequested());
    await waitFor(() => expect(services.notify.warning).toHaveBeenCalledWith(MiniSiteMessages.logoFirst));
    expect(miniSiteApi.createSite).not.toHaveBeenCalled();
  });

  it('生成网站 with an invalid form marks the field and says 表单验证失败', async () => {
    const { services } = renderPage(withResults({ siteTemplateConfig: { title: '' } }));
    await screen.findByText('基本信息');
    await fastUser().click(button(/生成网站/));
    await waitFor(() => expect(services.notify.warning).toHaveBeenCalledWith(MiniSiteMessages.formInvalid));
    expect(await screen.findByText('请输入网站标题')).toBeInTheDocument();
    expect(miniSiteApi.createSite).not.toHaveBeenCalled();
  });

  it('生成网站 when not logged in opens the login dialog; logged in, it creates the site and opens the preview', async () => {
    const created = { previewUrl: '/sites/0123456789abcdef0123456789abcdef/index.html', webSiteDir: '0123456789abcdef0123456789abcdef' };
    jest.mocked(miniSiteApi.createSite).mockResolvedValue(created);
    const { store, services } = renderPage(withResults());
    await screen.findByText('基本信息');
    await fastUser().click(button(/生成网站/));
    // The form still holds the template's samples: the page says which, and the user goes on anyway.
    await fastUser().click(await screen.findByText('仍然生成网站'));
    await waitFor(() => expect(store.getState().loginDialog.open).toBe(true));
    expect(miniSiteApi.createSite).not.toHaveBeenCalled();
    act(() => {
      store.dispatch({ type: 'loginDialog/closed' });
    });
    await waitFor(() => expect(store.getState().miniSite.creation.status).toBe('idle'));

    jest.mocked(commonApi.checkOnline).mockResolvedValue({ isOnline: true });
    await fastUser().click(button(/^生成网站$/));
    await fastUser().click(await screen.findByText('仍然生成网站'));
    await waitFor(() => expect(services.navigate).toHaveBeenCalledWith(`/miniSite/preview?previewUrl=${encodeURIComponent(created.previewUrl)}&webSiteDir=${created.webSiteDir}`));
    expect(services.notify.success).toHaveBeenCalledWith(MiniSiteMessages.createSucceeded);
    expect(miniSiteApi.createSite).toHaveBeenCalledWith(expect.objectContaining({ templateId: site.id, logoId: logoTemplate.id, bannerId: site.banner_id, ...generated }));
  });

  it('before 生成网站, lists the fields that still hold the template\'s samples, each leading to its field; none once all are the user\'s', async () => {
    const { store } = renderPage(withResults());
    await screen.findByText('基本信息');
    await fastUser().click(button(/^生成网站$/));
    const dialog = (await screen.findByText('以下内容仍是模版示例')).closest<HTMLElement>('.ant-modal')!;
    // The logo and banner were made with the sample game's lines: they go into the site too.
    expect(within(dialog).getAllByRole('button').map((item) => item.textContent?.replace(/\s/g, '')).filter(Boolean)).toEqual([
      'LOGO名称',
      '底部标语',
      '动画上方文字',
      '动画下方文字',
      '网站标题',
      '游戏简介',
      '背景图片',
      '返回修改',
      '仍然生成网站',
    ]);
    await fastUser().click(within(dialog).getByText('游戏简介'));
    await waitFor(() => expect(document.activeElement).toBe(field('游戏简介')));
    expect(store.getState().miniSite.creation.status).toBe('idle');
    // A line of the logo leads to its field in the first step.
    await fastUser().click(button(/^生成网站$/));
    await fastUser().click(within(screen.getByText('以下内容仍是模版示例').closest<HTMLElement>('.ant-modal')!).getByText('底部标语'));
    await waitFor(() => expect(document.activeElement).toBe(field('底部标语')));

    act(() => {
      store.dispatch(siteTemplateConfigEdited({ changes: { title: '星辰战纪官网', intro: '星海之间的冒险。', cover: '/generated/uploads/x.png' } }));
      // Results whose texts the form does not remember (kept before it did): the form's own lines stand for them.
      store.dispatch(configEdited({ slot: 'miniSite', changes: { logotext: '星辰战纪', bottomtext: '群星之下 王者归来', bannertextup: '', bannertextdown: '' } }));
    });
    await fastUser().click(button(/^生成网站$/));
    await waitFor(() => expect(store.getState().loginDialog.open).toBe(true));
  });

  it('shows in the first step the name and slogan typed in the site\'s form, and lists a logo made before with the sample\'s lines', async () => {
    const { store } = renderPage(
      withResults({ configs: { miniSite: { ...DEFAULT_FLOW_CONFIG, ...generated, module: 'fsa', madeFrom: { logo: DEFAULT_LOGO_TEXTS, banner: DEFAULT_BANNER_TEXTS } } } }),
    );
    await screen.findByText('基本信息');
    act(() => {
      store.dispatch(siteTemplateConfigEdited({ changes: { game_name: '星河战纪', slogan: '群星之下 王者归来' } }));
    });
    await waitFor(() => expect(field('LOGO名称').value).toBe('星河战纪'));
    expect(field('底部标语').value).toBe('群星之下 王者归来');
    expect(field('动画上方文字').value).toBe('《星河战纪》群星之下 王者归来');
    expect(field('动画下方文字').value).toBe('#星河战纪# #群星之下# #王者归来#');
    // The logo and banner on the page still show the sample's lines: made again, they will not.
    await fastUser().click(button(/^生成网站$/));
    const dialog = (await screen.findByText('以下内容仍是模版示例')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByText('底部标语（已修改，需重新生成）')).toBeInTheDocument();
    expect(within(dialog).getByText('动画下方文字（已修改，需重新生成）')).toBeInTheDocument();
  });

  it('before 生成LOGO, lists the sample game\'s lines under the user\'s own logo name, each leading to its field', async () => {
    const { store } = renderPage();
    await screen.findByText('基本信息');
    fireEvent.change(field('LOGO名称'), { target: { value: '星河战纪' } });
    await fastUser().click(button(/^生成LOGO$/));
    const dialog = (await screen.findByText('以下内容仍是模版示例')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByText(/生成后会原样出现在LOGO上/)).toBeInTheDocument();
    await fastUser().click(within(dialog).getByText('底部标语'));
    await waitFor(() => expect(document.activeElement).toBe(field('底部标语')));
    expect(store.getState().generation.status).toBe('idle');
    fireEvent.change(field('底部标语'), { target: { value: '群星之下 王者归来' } });
    await fastUser().click(button(/^生成LOGO$/));
    await waitFor(() => expect(commonApi.checkOnline).toHaveBeenCalled());
    expect(screen.queryByText('以下内容仍是模版示例')).not.toBeVisible();
  });

  it('重新选择 of the banner opens the banner styles; choosing one drops the banner made with the old one', async () => {
    const { store } = renderPage(withResults());
    await screen.findByAltText(`整屏动画模版：${bannerTemplate.name}`);
    await fastUser().click(within(card('整屏动画模版')).getByText('重新选择'));
    const dialog = await screen.findByRole('dialog');
    const otherCard = (await within(dialog).findByAltText(otherBanner.name)).closest<HTMLElement>('[data-testid^="template-"]');
    await fastUser().click(within(otherCard!).getByText(/^选\s*择$/));
    expect(store.getState().selections.miniSiteBanner).toEqual(otherBanner);
    expect(store.getState().selections.configs.miniSite?.bannerUrl).toBe('');
    expect(await screen.findByAltText(`整屏动画模版：${otherBanner.name}`)).toBeInTheDocument();
  });

  it('重新选择 of the logo goes to the logo list', async () => {
    renderPage();
    await fastUser().click(within(card('LOGO模版')).getByText('重新选择'));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/logo\/selectPage$/);
  });
});
