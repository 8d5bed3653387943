import { expectSaga } from 'redux-saga-test-plan';
import * as builderApi from '../../../../src/client/api/builderApi';
import { completeSite } from '../../../../src/client/features/builder/completeSiteSaga';
import { tabChanged } from '../../../../src/client/features/builder/builderSlice';
import { BuilderMessages } from '../../../../src/contract/builder';
import { rootReducer } from '../../sagaHarness';
import { openState, site, answer, failing, answerError, servicesOnly } from './builderHarness';

describe('builder: 生成并下载', () => {
  it('生成并下载 with an invalid field: 表单验证失败 and the tab with the field opens', async () => {
    const { services, providers } = servicesOnly();
    const invalid = site({ formData: { ...site().formData, sidebar: { qq: '' } } });
    await expectSaga(completeSite).withReducer(rootReducer, openState(invalid)).provide([providers]).put(tabChanged('sidebar')).not.call.fn(builderApi.completeWeb).run();
    expect(services.notify.warning).toHaveBeenCalledWith('表单验证失败, 请先检查表单');
  });

  it('生成并下载: completes, downloads the zip under its own name, and goes to the back office', async () => {
    const { services, providers } = servicesOnly();
    const { storeState } = await expectSaga(completeSite)
      .withReducer(rootReducer, openState())
      .provide([providers, answer(builderApi.completeWeb, { url: '/zips/u/%E9%BE%99%E8%85%BE.zip' })])
      .call(builderApi.completeWeb, { id: 42, formData: site().formData })
      .not.call.fn(builderApi.saveConfig)
      .run();
    expect(services.download).toHaveBeenCalledWith('/zips/u/%E9%BE%99%E8%85%BE.zip', '龙腾.zip');
    expect(services.navigate).toHaveBeenCalledWith('/backend/siteList');
    expect(storeState.builder.siteId).toBeNull();
    expect(storeState.builder.completing).toBe(false);
  });

  it('生成并下载 saves unsaved edits first; a failed completion stays on the page', async () => {
    const { services, providers } = servicesOnly();
    await expectSaga(completeSite)
      .withReducer(rootReducer, openState(site(), { pending: { main: { siteName: '龙腾天下' } } }))
      .provide([providers, answer(builderApi.saveConfig, site({}, 2)), failing(builderApi.completeWeb, answerError(500))])
      .call.fn(builderApi.saveConfig)
      .call.fn(builderApi.completeWeb)
      .run();
    expect(services.notify.error).toHaveBeenCalledWith(BuilderMessages.completeFailed);
    expect(services.navigate).not.toHaveBeenCalled();
    expect(services.download).not.toHaveBeenCalled();
  });
});
