import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as commonApi from '../../../../src/client/api/commonApi';
import { rootReducer } from '../../../../src/client/app/rootReducer';
import { siteConfigSaga } from '../../../../src/client/features/siteConfig/siteConfigSaga';
import { emptySiteConfig, refreshSucceeded, selectSiteConfig } from '../../../../src/client/features/siteConfig/siteConfigSlice';
import type { SiteConfig } from '../../../../src/contract/common';

const cached: SiteConfig = { ...emptySiteConfig, logoUrl: '/static/logo.png', copyright: '© 2024 网页生成系统', qq1: '123456' };
const initial = rootReducer(undefined, { type: '@@init' });
const withCache = { ...initial, siteConfig: { config: cached } };

describe('siteConfigSaga', () => {
  it('stores the server config when it differs from the cached copy', async () => {
    const fresh = { ...cached, qq1: '654321' };
    const { storeState } = await expectSaga(siteConfigSaga)
      .withReducer(rootReducer, withCache)
      .provide([[matchers.call.fn(commonApi.getSiteConfig), fresh]])
      .put(refreshSucceeded(fresh))
      .run();
    expect(selectSiteConfig(storeState)).toEqual(fresh);
  });

  it('stores the first config when nothing was cached', async () => {
    await expectSaga(siteConfigSaga)
      .withReducer(rootReducer, initial)
      .provide([[matchers.call.fn(commonApi.getSiteConfig), cached]])
      .put(refreshSucceeded(cached))
      .run();
  });

  it('puts nothing when the server config is the cached one', async () => {
    await expectSaga(siteConfigSaga)
      .withReducer(rootReducer, withCache)
      .provide([[matchers.call.fn(commonApi.getSiteConfig), { ...cached }]])
      .not.put.actionType(refreshSucceeded.type)
      .run();
  });

  it('keeps only the known fields, as strings, before comparing', async () => {
    const answer = { ...cached, qq1: 123456, extra: 'ignored' };
    await expectSaga(siteConfigSaga)
      .withReducer(rootReducer, withCache)
      .provide([[matchers.call.fn(commonApi.getSiteConfig), answer]])
      .not.put.actionType(refreshSucceeded.type)
      .run();
  });

  it('keeps the cached copy silently when the request fails', async () => {
    const { storeState } = await expectSaga(siteConfigSaga)
      .withReducer(rootReducer, withCache)
      .provide([[matchers.call.fn(commonApi.getSiteConfig), throwError(new ApiError({ code: 0, msg: '网络连接失败' }))]])
      .not.put.actionType(refreshSucceeded.type)
      .run();
    expect(storeState.siteConfig.config).toEqual(cached);
  });
});
