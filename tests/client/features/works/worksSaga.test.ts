import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import * as worksApi from '../../../../src/client/api/worksApi';
import { zipDownloadRequested } from '../../../../src/client/features/download/downloadSlice';
import { worksSaga } from '../../../../src/client/features/works/worksSaga';
import {
  downloadRequested,
  initialWorksState,
  listFailed,
  listLoaded,
  pageChanged,
  pageOpened,
  typeChosen,
  type WorksState,
} from '../../../../src/client/features/works/worksSlice';
import { sessionEnded } from '../../../../src/client/features/auth/authSlice';
import { apiError, fakeWorld, rootReducer, stateWith } from '../../sagaHarness';
import { bannerWork, logoWork, siteWork } from './worksHarness';

function listAnswer(value: unknown): StaticProvider {
  return [matchers.call.fn(worksApi.getWorkList), value] as StaticProvider;
}

function withWorks(overrides: Partial<WorksState> = {}) {
  return stateWith({ works: { ...initialWorksState, ...overrides } });
}

describe('loading the works', () => {
  it('asks for the first page of every type on enter and shows what comes back', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(worksSaga)
      .withReducer(rootReducer, withWorks())
      .provide([world.providers, listAnswer({ list: [siteWork, bannerWork, logoWork], total: 3 })])
      .dispatch(pageOpened())
      .call(worksApi.getWorkList, { type: '', page: 1, page_size: 12 })
      .put(listLoaded({ items: [siteWork, bannerWork, logoWork], total: 3 }))
      .silentRun(50);
    expect(storeState.works.status).toBe('succeeded');
    expect(storeState.works.items).toHaveLength(3);
  });

  it('another type asks again from page 1', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(worksSaga)
      .withReducer(rootReducer, withWorks({ query: { type: '', page: 3 }, status: 'succeeded' }))
      .provide([world.providers, listAnswer({ list: [logoWork], total: 1 })])
      .dispatch(typeChosen({ type: 'logo' }))
      .call(worksApi.getWorkList, { type: 'logo', page: 1, page_size: 12 })
      .silentRun(50);
    expect(storeState.works.query).toEqual({ type: 'logo', page: 1 });
  });

  it('a page past the end (works expired meanwhile) turns to the last page', async () => {
    const world = fakeWorld();
    await expectSaga(worksSaga)
      .withReducer(rootReducer, withWorks({ query: { type: '', page: 4 } }))
      .provide([world.providers, listAnswer({ list: [], total: 13 })])
      .dispatch(pageOpened())
      .put(pageChanged({ page: 2 }))
      .call(worksApi.getWorkList, { type: '', page: 2, page_size: 12 })
      .silentRun(50);
  });

  it('keeps only well-formed records, and a malformed answer is an empty list', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(worksSaga)
      .withReducer(rootReducer, withWorks())
      .provide([world.providers, listAnswer({ list: [logoWork, { ...logoWork, key: 'x', type: 'virus' }, null], total: 'many' })])
      .dispatch(pageOpened())
      .silentRun(50);
    expect(storeState.works.items).toEqual([logoWork]);
    expect(storeState.works.total).toBe(1);
  });

  it('a failed load shows the empty list (the http layer told why)', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(worksSaga)
      .withReducer(rootReducer, withWorks({ items: [logoWork], total: 1 }))
      .provide([world.providers, [matchers.call.fn(worksApi.getWorkList), throwError(apiError(500, '服务器错误'))] as StaticProvider])
      .dispatch(pageOpened())
      .put(listFailed())
      .silentRun(50);
    expect(storeState.works.items).toEqual([]);
  });

  it("forgets one account's works when the session ends", () => {
    const state = rootReducer(withWorks({ items: [logoWork], total: 1, query: { type: 'logo', page: 2 } }), sessionEnded());
    expect(state.works).toEqual(initialWorksState);
  });
});

describe('下载 on a work', () => {
  it("hands a logo's files to the download domain under its name", async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(worksSaga)
      .withReducer(rootReducer, withWorks({ items: [siteWork, logoWork], status: 'succeeded' }))
      .provide([world.providers])
      .dispatch(downloadRequested({ key: logoWork.key }))
      .put(zipDownloadRequested({ fileName: '星辰战纪-LOGO', fileList: [logoWork.picture] }))
      .silentRun(50);
    expect(storeState.works.downloadKey).toBe(logoWork.key);
  });

  it("hands a mini site's folder to the download domain", async () => {
    const world = fakeWorld();
    await expectSaga(worksSaga)
      .withReducer(rootReducer, withWorks({ items: [siteWork], status: 'succeeded' }))
      .provide([world.providers])
      .dispatch(downloadRequested({ key: siteWork.key }))
      .put(zipDownloadRequested({ webSiteDir: siteWork.key.slice(5) }))
      .silentRun(50);
  });

  it('does nothing for a work no longer on the page', async () => {
    const world = fakeWorld();
    await expectSaga(worksSaga)
      .withReducer(rootReducer, withWorks({ items: [], status: 'succeeded' }))
      .provide([world.providers])
      .dispatch(downloadRequested({ key: logoWork.key }))
      .not.put.actionType(zipDownloadRequested.type)
      .silentRun(50);
  });
});
