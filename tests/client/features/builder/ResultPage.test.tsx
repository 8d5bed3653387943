import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as builderApi from '../../../../src/client/api/builderApi';
import * as miniSiteApi from '../../../../src/client/api/miniSiteApi';
import { appStarted } from '../../../../src/client/app/appActions';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { makeStore } from '../../../../src/client/app/store';
import { builderFeature } from '../../../../src/client/features/builder/feature';
import ResultPage from '../../../../src/client/features/builder/pages/ResultPage';
import { BuilderMessages } from '../../../../src/contract/builder';
import { miniSiteFeature } from '../../../../src/client/features/miniSite/feature';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';
import { button, fastUser } from '../../fastTesting';
import { builderState, openState, site } from './builderHarness';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/builderApi');
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/miniSiteApi');

function renderPage(preloadedState: Partial<RootState> = openState(site(), {}, '/result')) {
  const services = makeFakeServices({ pathname: '/result', search: '' });
  const store = makeStore(preloadedState, { services });
  store.dispatch(appStarted());
  // As the builder's route does when it loads.
  [builderFeature, miniSiteFeature].forEach(store.startFeature);
  return renderWithProviders(null, {
    route: '/result',
    store,
    services,
    routes: [
      { path: '/result', element: <ResultPage /> },
      { path: '/createWeb', element: <p>页面搭建</p> },
    ],
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(miniSiteApi.getMusicList).mockResolvedValue({ data: [] });
  jest.mocked(builderApi.getSelectConfig).mockResolvedValue(site());
});

describe('ResultPage', () => {
  it('shows the preview and every component\'s form; 返回编辑 goes back to the builder', async () => {
    const user = fastUser();
    renderPage();
    expect(screen.getByText('生成结果')).toBeInTheDocument();
    expect(screen.getByTitle('网站预览')).toHaveAttribute('src', '/sites/abc/index.html?v=1');
    for (const label of ['整站配置', '导航栏', 'BANNER', '内容区', '侧边栏', '页脚', 'LOGO']) expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('网站名称')).toHaveValue('龙腾天下');
    // Not fetched again: the site is the one just edited.
    expect(builderApi.getSelectConfig).not.toHaveBeenCalled();
    await user.click(button('返回编辑'));
    expect(await screen.findByText('页面搭建')).toBeInTheDocument();
  });

  it('opened afresh, it loads the site kept in the session', async () => {
    renderPage(builderState({ siteId: 42 }, '/result'));
    await waitFor(() => expect(builderApi.getSelectConfig).toHaveBeenCalledWith({ id: 42 }));
    expect(await screen.findByTitle('网站预览')).toBeInTheDocument();
  });

  it('without a site it says so and links to the builder', async () => {
    renderPage(builderState({}, '/result'));
    expect(await screen.findByText('没有可查看的生成结果')).toBeInTheDocument();
    expect(builderApi.getWebUrl).not.toHaveBeenCalled();
  });

  it('保存配置 saves now and says 保存成功', async () => {
    const user = fastUser();
    jest.mocked(builderApi.saveConfig).mockResolvedValue(site({}, 2));
    const { services } = renderPage();
    await user.click(button('保存配置'));
    await waitFor(() => expect(services.notify.success).toHaveBeenCalledWith('保存成功'));
    expect(builderApi.saveConfig).toHaveBeenCalledWith(expect.objectContaining({ id: 42, formData: site().formData }));
    await waitFor(() => expect(screen.getByTitle('网站预览')).toHaveAttribute('src', '/sites/abc/index.html?v=2'));
  });

  it('保存配置 that fails says 保存失败', async () => {
    const user = fastUser();
    jest.mocked(builderApi.saveConfig).mockRejectedValue(new ApiError({ code: 500, msg: '服务器内部错误', httpStatus: 500 }));
    const { services } = renderPage();
    await user.click(button('保存配置'));
    await waitFor(() => expect(services.notify.error).toHaveBeenCalledWith(BuilderMessages.saveFailed));
  });
});
