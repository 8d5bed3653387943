import { act, screen, waitFor } from '@testing-library/react';
import * as commonApi from '../../../../src/client/api/commonApi';
import * as generationApi from '../../../../src/client/api/generationApi';
import * as miniSiteApi from '../../../../src/client/api/miniSiteApi';
import { appStarted } from '../../../../src/client/app/appActions';
import type { RootState } from '../../../../src/client/app/rootReducer';
import BannerConfigPage from '../../../../src/client/features/banner/pages/BannerConfigPage';
import { generationFeature, keyArtFeature } from '../../../../src/client/features/generation/feature';
import { generationRequested } from '../../../../src/client/features/generation/generationSlice';
import { keyArtProviderRequested, selectKeyArtProvider } from '../../../../src/client/features/generation/keyArtSlice';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, GenerationMessages } from '../../../../src/contract/generation';
import { renderWithProviders } from '../../renderWithProviders';
import { fastUser } from '../../fastTesting';
import { bannerTemplate, logoTemplate } from '../generation/generationHarness';
import { miniSiteFeature } from '../../../../src/client/features/miniSite/feature';
import { initialSelectionsState } from '../../../../src/client/features/selections/selectionsSlice';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/generationApi');
jest.mock('../../../../src/client/api/miniSiteApi');

const bothChosen: Partial<RootState> = {
  selections: { ...initialSelectionsState, logoTemplates: { fsa: logoTemplate }, bannerTemplate: { template: bannerTemplate, module: 'fsa' } },
};

function renderPage(preloadedState: Partial<RootState> = bothChosen) {
  const rendered = renderWithProviders(null, {
    route: '/banner/config?module=fsa',
    preloadedState,
    routes: [
      { path: '/banner/config', element: <BannerConfigPage /> },
      { path: '*', element: null },
    ],
  });
  act(() => {
    rendered.store.dispatch(appStarted());
    // As the config page's route does when it loads.
    [generationFeature, keyArtFeature, miniSiteFeature].forEach(rendered.store.startFeature);
  });
  return rendered;
}

async function typeInto(placeholderIndex: number, text: string) {
  const field = screen.getAllByPlaceholderText('选填，15-30个字')[placeholderIndex];
  const user = fastUser();
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

beforeEach(() => {
  // Module mocks keep their calls from test to test otherwise.
  jest.clearAllMocks();
  jest.mocked(commonApi.checkOnline).mockResolvedValue({ isOnline: false });
});

describe('BannerConfigPage', () => {
  it('shows both chosen styles with their re-select buttons', async () => {
    const { router } = renderPage();
    expect(screen.getByAltText(`整屏动画模版：${bannerTemplate.name}`)).toHaveAttribute('src', bannerTemplate.preview_image);
    expect(screen.getByAltText(`LOGO模版：${logoTemplate.name}`)).toHaveAttribute('src', logoTemplate.preview_image1);
    await fastUser().click(screen.getByText('重新选择LOGO'));
    expect(`${router?.state.location.pathname}${router?.state.location.search}`).toBe('/logo/selectPage?module=fsa');
  });

  it('re-selecting the animation goes to the banner list', async () => {
    const { router } = renderPage();
    await fastUser().click(screen.getByText('重新选择动画'));
    expect(`${router?.state.location.pathname}${router?.state.location.search}`).toBe('/banner/selectPage?module=fsa');
  });

  it('an invalid form: 表单验证失败, 请先检查表单, the field says why, and nothing is sent', async () => {
    const { services } = renderPage();
    await typeInto(0, '太短了');
    await fastUser().click(screen.getByText('生成整屏动画'));
    await waitFor(() => expect(services.notify.warning).toHaveBeenCalledWith(GenerationMessages.formInvalid));
    expect(await screen.findByText(GenerationMessages.bannerTextLength)).toBeInTheDocument();
    expect(commonApi.checkOnline).not.toHaveBeenCalled();
  });

  it.each([
    ['the banner', { ...bothChosen.selections!, bannerTemplate: null }, GenerationMessages.bannerTemplateRequired],
    ['the logo', { ...bothChosen.selections!, logoTemplates: {} }, GenerationMessages.logoTemplateRequired],
  ])('without %s style: says which to choose', async (_name, selections, message) => {
    const { services } = renderPage({ selections });
    expect(screen.getByText('去选择')).toBeInTheDocument();
    await fastUser().click(screen.getByText('生成整屏动画'));
    await waitFor(() => expect(services.notify.warning).toHaveBeenCalledWith(message));
    expect(commonApi.checkOnline).not.toHaveBeenCalled();
  });

  it('a valid form asks for the animation with both styles and all the texts', async () => {
    const { store } = renderPage();
    await typeInto(1, '#新服开启# #登录领好礼# #兄弟一起来#');
    await fastUser().click(screen.getByText('生成整屏动画'));
    expect(store.dispatch).toHaveBeenCalledWith(
      generationRequested({
        kind: 'banner',
        slot: 'banner',
        openPreview: true,
        payload: { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, bannertextdown: '#新服开启# #登录领好礼# #兄弟一起来#', logobg: logoTemplate.id, banner: bannerTemplate.id, module: 'fsa' },
      }),
    );
    await waitFor(() => expect(commonApi.checkOnline).toHaveBeenCalled());
  });

  it('重置参数 brings back the sample texts', async () => {
    const { store } = renderPage();
    await typeInto(0, '这是一条新的动画上方文字内容共十五字以上');
    expect(store.getState().selections.configs.banner?.bannertextup).toBe('这是一条新的动画上方文字内容共十五字以上');
    await fastUser().click(screen.getByText('重置参数'));
    expect((screen.getAllByPlaceholderText('选填，15-30个字')[0] as HTMLInputElement).value).toBe(DEFAULT_BANNER_TEXTS.bannertextup);
    expect(store.getState().selections.configs.banner?.bannertextup).toBe(DEFAULT_BANNER_TEXTS.bannertextup);
  });

  it('takes an optional key art: uploaded with its progress, sent with the texts, and removed again', async () => {
    const keyArt = '/uploads/0123456789abcdef0123456789abcdef.jpg';
    jest.mocked(miniSiteApi.uploadImage).mockResolvedValue({ shortUrl: keyArt, url: keyArt });
    const { store, container } = renderPage();
    expect(screen.getByText('使用所选动画风格的场景（由程序绘制），不需要图片。')).toBeInTheDocument();
    await fastUser().click(screen.getByText('上传主视觉'));
    expect(screen.getByText('未上传时使用所选动画风格的场景')).toBeInTheDocument();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await fastUser().upload(input, new File(['jpeg bytes'], '原画.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByAltText('主视觉图预览')).toHaveAttribute('src', keyArt);
    expect(store.getState().selections.configs.banner?.keyArt).toBe(keyArt);

    await fastUser().click(screen.getByText('生成整屏动画'));
    expect(store.dispatch).toHaveBeenCalledWith(
      generationRequested({
        kind: 'banner',
        slot: 'banner',
        openPreview: true,
        payload: { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, keyArt, logobg: logoTemplate.id, banner: bannerTemplate.id, module: 'fsa' },
      }),
    );

    await fastUser().click(screen.getByText('移除主视觉图'));
    expect(store.getState().selections.configs.banner?.keyArt).toBe('');
    expect(screen.queryByAltText('主视觉图预览')).not.toBeInTheDocument();
  });

  it('offers AI生成主视觉 only when the server has an AI service: by its name, with a description drafted from the game, sent instead of a picture', async () => {
    // The default painter is no AI: not offered.
    jest.mocked(generationApi.getKeyArtProvider).mockResolvedValue({ available: false, label: '' });
    const plain = renderPage();
    // In the app a page renders once app/started has started the sagas; here it mounted just before.
    act(() => {
      plain.store.dispatch(keyArtProviderRequested());
    });
    await waitFor(() => expect(generationApi.getKeyArtProvider).toHaveBeenCalled());
    await waitFor(() => expect(selectKeyArtProvider(plain.store.getState()).status).toBe('succeeded'));
    expect(screen.getByText('上传主视觉')).toBeInTheDocument();
    expect(screen.queryByText('AI生成主视觉')).not.toBeInTheDocument();
    plain.unmount();

    jest.mocked(generationApi.getKeyArtProvider).mockResolvedValue({ available: true, label: '通义万相 AI绘图' });
    const { store } = renderPage();
    act(() => {
      store.dispatch(keyArtProviderRequested());
    });
    await fastUser().click(await screen.findByText('AI生成主视觉'));
    expect(screen.getByText('由 通义万相 AI绘图 绘制，生成时先绘制主视觉，再合成视频')).toBeInTheDocument();
    const description = screen.getByLabelText('AI主视觉画面描述') as HTMLTextAreaElement;
    // The samples are another game's words: the draft is the style's and the composition's alone.
    expect(description.value).toContain('宣传主视觉');
    expect(description.value).not.toContain(DEFAULT_LOGO_TEXTS.logotext);
    await fastUser().clear(description);
    expect(screen.getByText(GenerationMessages.keyArtPromptRequired)).toBeInTheDocument();
    await fastUser().type(description, '夜色中的城楼');
    await fastUser().click(screen.getByText('生成整屏动画'));
    expect(store.dispatch).toHaveBeenCalledWith(
      generationRequested({
        kind: 'banner',
        slot: 'banner',
        openPreview: true,
        payload: { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, keyArtPrompt: '夜色中的城楼', logobg: logoTemplate.id, banner: bannerTemplate.id, module: 'fsa' },
      }),
    );
  });
});
