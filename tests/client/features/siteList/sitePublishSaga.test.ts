import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as siteListApi from '../../../../src/client/api/siteListApi';
import { sitePublishSaga } from '../../../../src/client/features/siteList/sitePublishSaga';
import { publishRequested, published, unpublishRequested } from '../../../../src/client/features/siteList/sitePublishSlice';
import { BuilderMessages } from '../../../../src/contract/builder';
import { fakeWorld, rootReducer, stateWith } from '../auth/sagaHarness';
import { completedSite } from './siteListHarness';

const answers = (fn: (...args: never[]) => unknown, value: unknown): StaticProvider => [matchers.call.fn(fn), value] as StaticProvider;
const link = { url: 'http://localhost/pub/abc/', qrcode: 'data:image/png;base64,AAAA' };

describe('发布 / 下线 from the site list', () => {
  it('发布 shows the link with the site name, says so and reloads the list', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(sitePublishSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(siteListApi.publishSite, link), answers(siteListApi.getSiteList, { list: [{ ...completedSite, published_url: link.url }], total: 1 })])
      .dispatch(publishRequested({ id: 8, name: '武侠官网' }))
      .call(siteListApi.publishSite, { id: 8 })
      .put(published({ ...link, siteName: '武侠官网' }))
      .call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).toHaveBeenCalledWith(BuilderMessages.publishSucceeded);
    expect(storeState.sitePublish).toEqual({ busyId: null, shown: { ...link, siteName: '武侠官网' } });
    expect(storeState.siteList.items[0].published_url).toBe(link.url);
  });

  it('a refused publish (told by the http layer) shows nothing and stops spinning', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(sitePublishSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(siteListApi.publishSite, throwError(new ApiError({ code: 422, msg: BuilderMessages.publishNeedsCompletion })))])
      .dispatch(publishRequested({ id: 8, name: '武侠官网' }))
      .not.call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).not.toHaveBeenCalled();
    expect(storeState.sitePublish).toEqual({ busyId: null, shown: null });
  });

  it('下线 says so and reloads the list', async () => {
    const world = fakeWorld();
    await expectSaga(sitePublishSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(siteListApi.unpublishSite, null), answers(siteListApi.getSiteList, { list: [completedSite], total: 1 })])
      .dispatch(unpublishRequested({ id: 8 }))
      .call(siteListApi.unpublishSite, { id: 8 })
      .call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).toHaveBeenCalledWith(BuilderMessages.unpublishSucceeded);
  });
});
