import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import * as commonApi from '../../../../src/client/api/commonApi';
import { appStarted } from '../../../../src/client/app/appActions';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { generationFeature } from '../../../../src/client/features/generation/feature';
import { generationRequested } from '../../../../src/client/features/generation/generationSlice';
import LogoConfigPage from '../../../../src/client/features/logo/pages/LogoConfigPage';
import { DEFAULT_FLOW_CONFIG, initialSelectionsState } from '../../../../src/client/features/selections/selectionsSlice';
import { DEFAULT_LOGO_TEXTS, GenerationMessages } from '../../../../src/contract/generation';
import { renderWithProviders } from '../../renderWithProviders';
import { fastUser } from '../../fastTesting';
import { logoTemplate } from '../generation/generationHarness';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/generationApi');

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const chosen: Partial<RootState> = { selections: { ...initialSelectionsState, logoTemplates: { alone: logoTemplate } } };

function renderPage(route = '/logo/config?module=tl', preloadedState: Partial<RootState> = chosen) {
  const rendered = renderWithProviders(null, {
    route,
    preloadedState,
    routes: [
      { path: '/logo/config', element: <LogoConfigPage /> },
      { path: '*', element: <Where /> },
    ],
  });
  act(() => {
    rendered.store.dispatch(appStarted());
    // As the config page's route does when it loads.
    rendered.store.startFeature(generationFeature);
  });
  return rendered;
}

const input = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;

async function replaceText(placeholder: string, text: string) {
  const user = fastUser();
  await user.clear(input(placeholder));
  if (text) {
    await user.click(input(placeholder));
    await user.paste(text);
  }
}

beforeEach(() => {
  // Module mocks keep their calls from test to test otherwise.
  jest.clearAllMocks();
  jest.mocked(commonApi.checkOnline).mockResolvedValue({ isOnline: false });
});

describe('LogoConfigPage', () => {
  it('without a chosen style says 请选择LOGO模版 and links to the list', () => {
    renderPage('/logo/config?module=al', {});
    expect(screen.getByText(GenerationMessages.logoTemplateRequired)).toBeInTheDocument();
    expect(screen.getByText('去选择LOGO样式').closest('a')).toHaveAttribute('href', '/logo/selectPage?module=al');
  });

  it('shows the chosen style and the sample texts', () => {
    renderPage();
    expect(screen.getByAltText(`LOGO模版：${logoTemplate.name}`)).toHaveAttribute('src', logoTemplate.preview_image1);
    expect(input('请输入logo名称').value).toBe(DEFAULT_LOGO_TEXTS.logotext);
    expect(input('选填，最多40个字').value).toBe(DEFAULT_LOGO_TEXTS.bottomtext);
  });

  it('shows each field’s rule message as the user types', async () => {
    renderPage();
    await replaceText('请输入logo名称', '');
    expect(await screen.findByText(GenerationMessages.logoTextRequired)).toBeInTheDocument();
    await replaceText('请输入logo名称', '七个字的游戏名');
    expect(await screen.findByText(GenerationMessages.logoTextLength)).toBeInTheDocument();
    await replaceText('选填，最多40个字', '字'.repeat(41));
    expect(await screen.findByText(GenerationMessages.bottomTextTooLong)).toBeInTheDocument();
    fireEvent.change(screen.getAllByPlaceholderText('选填，最多4个字')[0], { target: { value: '五个字印章' } });
    expect(await screen.findByText(GenerationMessages.sealTooLong)).toBeInTheDocument();
  });

  it('keeps every edit in the store as it is typed', async () => {
    const { store } = renderPage();
    await replaceText('请输入logo名称', '星辰');
    expect(store.getState().selections.configs.alone?.logotext).toBe('星辰');
  });

  it('an invalid submit shows the messages and sends nothing', async () => {
    const { store, services } = renderPage();
    await replaceText('请输入logo名称', '');
    await fastUser().click(screen.getByText('生成LOGO'));
    await waitFor(() => expect(services.notify.warning).toHaveBeenCalledWith(GenerationMessages.logoTextRequired));
    expect(await screen.findByText(GenerationMessages.logoTextRequired)).toBeInTheDocument();
    expect(commonApi.checkOnline).not.toHaveBeenCalled();
    expect(store.getState().generation.status).toBe('idle');
  });

  it('a valid submit asks for the logo with the chosen style and module, and checks the session', async () => {
    const { store } = renderPage('/logo/config?module=al');
    await replaceText('请输入logo名称', '星辰');
    await fastUser().click(screen.getByText('生成LOGO'));
    // The user's own name over the sample game's slogan: the page says so first, and the user goes on anyway.
    expect(store.dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: generationRequested.type }));
    await fastUser().click(await screen.findByText('仍然生成LOGO'));
    expect(store.dispatch).toHaveBeenCalledWith(
      generationRequested({ kind: 'logo', slot: 'alone', openPreview: true, payload: { ...DEFAULT_LOGO_TEXTS, logotext: '星辰', logobg: logoTemplate.id, module: 'al' } }),
    );
    await waitFor(() => expect(commonApi.checkOnline).toHaveBeenCalled());
    // Not online: the login dialog opens.
    await waitFor(() => expect(store.getState().loginDialog.open).toBe(true));
  });

  it('starts from the game\'s name and slogan typed in another form, with nothing to warn of', async () => {
    const { store } = renderPage('/logo/config?module=tl', { selections: { ...chosen.selections!, identity: { game_name: '星河战纪', slogan: '群星之下 王者归来' } } });
    expect(input('请输入logo名称').value).toBe('星河战纪');
    expect(input('选填，最多40个字').value).toBe('群星之下 王者归来');
    await fastUser().click(screen.getByText('生成LOGO'));
    expect(store.dispatch).toHaveBeenCalledWith(
      generationRequested({ kind: 'logo', slot: 'alone', openPreview: true, payload: { ...DEFAULT_LOGO_TEXTS, logotext: '星河战纪', bottomtext: '群星之下 王者归来', logobg: logoTemplate.id, module: 'tl' } }),
    );
    expect(screen.queryByText('以下内容仍是模版示例')).toBeNull();
  });

  it('treats an unknown module as tl', async () => {
    const { store } = renderPage('/logo/config?module=xx');
    await fastUser().click(screen.getByText('生成LOGO'));
    expect(store.dispatch).toHaveBeenCalledWith(expect.objectContaining({ type: generationRequested.type, payload: expect.objectContaining({ payload: expect.objectContaining({ module: 'tl' }) }) }));
  });

  it('switches between 透明LOGO and 动态LOGO in the address', async () => {
    const { router } = renderPage();
    expect(screen.getByText('透明LOGO参数')).toBeInTheDocument();
    await fastUser().click(screen.getByText('动态LOGO'));
    expect(router?.state.location.search).toBe('?module=al');
    expect(screen.getByText('动态LOGO参数')).toBeInTheDocument();
  });

  it('重置参数 brings back the sample texts and drops the results', async () => {
    const withResult: Partial<RootState> = {
      selections: { ...chosen.selections!, configs: { alone: { ...DEFAULT_FLOW_CONFIG, logotext: '星辰', logoUrl: '/generated/l.png', module: 'tl' } } },
    };
    const { store } = renderPage('/logo/config?module=tl', withResult);
    expect(input('请输入logo名称').value).toBe('星辰');
    expect(screen.getByText('查看上次生成的LOGO')).toBeInTheDocument();
    await fastUser().click(screen.getByText('重置参数'));
    expect(input('请输入logo名称').value).toBe(DEFAULT_LOGO_TEXTS.logotext);
    expect(store.getState().selections.configs.alone).toEqual(DEFAULT_FLOW_CONFIG);
    expect(screen.queryByText('查看上次生成的LOGO')).not.toBeInTheDocument();
  });

  it('重新选择LOGO goes back to the list of the same module', async () => {
    const { router } = renderPage('/logo/config?module=al');
    await fastUser().click(screen.getByText('重新选择LOGO'));
    expect(`${router?.state.location.pathname}${router?.state.location.search}`).toBe('/logo/selectPage?module=al');
  });
});
