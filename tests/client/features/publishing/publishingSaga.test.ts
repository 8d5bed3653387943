import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as siteListApi from '../../../../src/client/api/siteListApi';
import * as miniSiteApi from '../../../../src/client/api/miniSiteApi';
import { publishingSaga } from '../../../../src/client/features/publishing/publishingSaga';
import { miniSitePublishStateRequested, publishRequested, published, unpublishRequested } from '../../../../src/client/features/publishing/publishingSlice';
import { BuilderMessages } from '../../../../src/contract/builder';
import { fakeWorld, rootReducer, stateWith } from '../auth/sagaHarness';
import { completedSite } from '../siteList/siteListHarness';

const answers = (fn: (...args: never[]) => unknown, value: unknown): StaticProvider => [matchers.call.fn(fn), value] as StaticProvider;
const builderSite = { kind: 'builder', id: 8, name: '武侠官网' } as const;
const miniSite = { kind: 'miniSite', webSiteDir: 'a'.repeat(32), name: '' } as const;
const link = { url: 'http://localhost/pub/abc/', qrcode: 'data:image/png;base64,AAAA' };

describe('发布 / 下线 from the site list', () => {
  it('发布 shows the link with the site name, says so and reloads the list', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(siteListApi.publishSite, link), answers(siteListApi.getSiteList, { list: [{ ...completedSite, published_url: link.url }], total: 1 })])
      .dispatch(publishRequested(builderSite))
      .call(siteListApi.publishSite, { id: 8 })
      .put(published({ ...link, siteName: '武侠官网', kind: 'builder' }))
      .call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).toHaveBeenCalledWith(BuilderMessages.publishSucceeded);
    expect(storeState.publishing).toEqual({ busyKey: null, shown: { ...link, siteName: '武侠官网', kind: 'builder' }, miniSiteUrls: {} });
    expect(storeState.siteList.items[0].published_url).toBe(link.url);
  });

  it('a refused publish (told by the http layer) shows nothing and stops spinning', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(siteListApi.publishSite, throwError(new ApiError({ code: 422, msg: BuilderMessages.publishNeedsCompletion })))])
      .dispatch(publishRequested(builderSite))
      .not.call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).not.toHaveBeenCalled();
    expect(storeState.publishing).toEqual({ busyKey: null, shown: null, miniSiteUrls: {} });
  });

  it('下线 says so and reloads the list', async () => {
    const world = fakeWorld();
    await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(siteListApi.unpublishSite, null), answers(siteListApi.getSiteList, { list: [completedSite], total: 1 })])
      .dispatch(unpublishRequested(builderSite))
      .call(siteListApi.unpublishSite, { id: 8 })
      .call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).toHaveBeenCalledWith(BuilderMessages.unpublishSucceeded);
  });
});

describe('发布 / 下线 from the mini-site preview', () => {
  it('asks whether the site is published when the preview opens', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(miniSiteApi.publishState, link)])
      .dispatch(miniSitePublishStateRequested({ webSiteDir: miniSite.webSiteDir }))
      .call(miniSiteApi.publishState, { webSiteDir: miniSite.webSiteDir })
      .silentRun(50);
    expect(storeState.publishing.miniSiteUrls).toEqual({ [miniSite.webSiteDir]: link.url });
  });

  it('发布 shows the link and the page learns it; 下线 forgets it; neither reloads the site list', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(miniSiteApi.publishSite, link), answers(miniSiteApi.unpublishSite, null)])
      .dispatch(publishRequested(miniSite))
      .call(miniSiteApi.publishSite, { webSiteDir: miniSite.webSiteDir })
      .put(published({ ...link, siteName: '', kind: 'miniSite' }))
      .dispatch(unpublishRequested(miniSite))
      .call(miniSiteApi.unpublishSite, { webSiteDir: miniSite.webSiteDir })
      .not.call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).toHaveBeenCalledWith(BuilderMessages.unpublishSucceeded);
    expect(storeState.publishing).toMatchObject({ busyKey: null, miniSiteUrls: { [miniSite.webSiteDir]: '' } });
  });
});
