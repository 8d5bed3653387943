import type { UnknownAction } from '@reduxjs/toolkit';
import { END } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as siteListApi from '../../../../src/client/api/siteListApi';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { siteDeleted } from '../../../../src/client/features/siteList/siteEvents';
import { deleteSite, downloadSite, loadSiteList, siteListSaga } from '../../../../src/client/features/siteList/siteListSaga';
import {
  deleteFailed,
  deleteRequested,
  deleteStarted,
  downloadFinished,
  downloadRequested,
  downloadStarted,
  initialSiteListState,
  listFailed,
  listLoaded,
  pageChanged,
  pageOpened,
  searchSubmitted,
  selectDownloadingSiteId,
  type SiteListState,
} from '../../../../src/client/features/siteList/siteListSlice';
import { initialBuilderState } from '../../../../src/client/features/builder/builderSlice';
import { BuilderMessages, type SiteListRequest, type SiteRecord } from '../../../../src/contract/builder';
import { SiteDeletionMessages } from '../../../../src/contract/siteDeletion';
import { AnswerCode } from '../../../../src/contract/envelope';
import { GenerationMessages } from '../../../../src/contract/generation';
import { answerLater, fakeWorld, rootReducer, stateWith } from '../../sagaHarness';
import { completedSite, editingSite, siteRecord } from './siteListHarness';

function listAnswer(value: unknown): StaticProvider {
  return [matchers.call.fn(siteListApi.getSiteList), value] as StaticProvider;
}

function zipAnswer(value: unknown): StaticProvider {
  return [matchers.call.fn(siteListApi.getFilePath), value] as StaticProvider;
}

function withSiteList(overrides: Partial<SiteListState> = {}) {
  return stateWith({ siteList: { ...initialSiteListState, ...overrides } });
}

describe('loading the site list', () => {
  it('asks for the first page on page enter and shows what comes back', async () => {
    const world = fakeWorld();
    const tester = expectSaga(siteListSaga)
      .withReducer(rootReducer, withSiteList())
      .provide([world.providers, listAnswer({ list: [editingSite, completedSite], total: 2 })])
      .dispatch(pageOpened())
      .call(siteListApi.getSiteList, { page: 1, page_size: 10, name: '' })
      .put(listLoaded({ items: [editingSite, completedSite], total: 2 }));
    world.after(listLoaded.type, () => tester.dispatch(END));
    const { storeState } = await tester.run();
    expect(storeState.siteList.status).toBe('succeeded');
    expect(storeState.siteList.items).toEqual([editingSite, completedSite]);
    expect(storeState.siteList.total).toBe(2);
  });

  it('a search asks again from page 1 with the trimmed name', async () => {
    const world = fakeWorld();
    const tester = expectSaga(siteListSaga)
      .withReducer(rootReducer, withSiteList({ query: { page: 3, page_size: 20, name: '' }, status: 'succeeded' }))
      .provide([world.providers, listAnswer({ list: [completedSite], total: 1 })])
      .dispatch(searchSubmitted({ name: '  仙侠 ' }))
      .call(siteListApi.getSiteList, { page: 1, page_size: 20, name: '仙侠' });
    world.after(listLoaded.type, () => tester.dispatch(END));
    const { storeState } = await tester.run();
    expect(storeState.siteList.query).toEqual({ page: 1, page_size: 20, name: '仙侠' });
  });

  it('the pager asks for the page and size it was given', async () => {
    const world = fakeWorld();
    const many = Array.from({ length: 10 }, (_, index) => siteRecord(index + 11));
    const tester = expectSaga(siteListSaga)
      .withReducer(rootReducer, withSiteList({ status: 'succeeded', total: 35 }))
      .provide([world.providers, listAnswer({ list: many, total: 35 })])
      .dispatch(pageChanged({ page: 2, page_size: 10 }))
      .call(siteListApi.getSiteList, { page: 2, page_size: 10, name: '' })
      .put(listLoaded({ items: many, total: 35 }));
    world.after(listLoaded.type, () => tester.dispatch(END));
    await tester.run();
  });

  it('only the last query shows when the user asks again before an answer (takeLatest)', async () => {
    const world = fakeWorld();
    // The first query's answer comes once the second one's is shown.
    const old = answerLater({ list: [editingSite], total: 1 });
    const tester = expectSaga(siteListSaga)
      .withReducer(rootReducer, withSiteList())
      .provide([world.providers, [matchers.call.fn(siteListApi.getSiteList), dynamic(({ args }) => ((args[0] as SiteListRequest).name === '旧' ? old.provider() : { list: [completedSite], total: 1 }))]])
      .dispatch(searchSubmitted({ name: '旧' }))
      .dispatch(searchSubmitted({ name: '新' }))
      .not.put(listLoaded({ items: [editingSite], total: 1 }))
      .put(listLoaded({ items: [completedSite], total: 1 }));
    world.after(listLoaded.type, () => {
      old.answer();
      tester.dispatch(END);
    });
    const { storeState } = await tester.run();
    expect(old.calls()).toBe(1);
    expect(storeState.siteList.items).toEqual([completedSite]);
  });

  it('a failed list becomes an empty list, and the saga adds no message of its own', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(loadSiteList)
      .withReducer(rootReducer, withSiteList({ status: 'loading', items: [editingSite], total: 1 }))
      .provide([world.providers, listAnswer(throwError(new ApiError({ code: 500, msg: '服务器内部错误', httpStatus: 500 })))])
      .put(listFailed())
      .run();
    expect(storeState.siteList).toMatchObject({ status: 'failed', items: [], total: 0 });
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });

  it.each([
    ['no data', null, [], 0],
    ['a list that is not an array', { list: 'x', total: 3 }, [], 3],
    ['no total', { list: [editingSite] }, [editingSite], 1],
  ])('a malformed answer (%s) is taken as far as it goes', async (_name, answer, items, total) => {
    const world = fakeWorld();
    await expectSaga(loadSiteList)
      .withReducer(rootReducer, withSiteList({ query: { page: 1, page_size: 10, name: '' } }))
      .provide([world.providers, listAnswer(answer)])
      .put(listLoaded({ items: items as SiteRecord[], total }))
      .run();
  });

  it('a page past the end (the list shrank) turns to the last page', async () => {
    const world = fakeWorld();
    await expectSaga(loadSiteList)
      .withReducer(rootReducer, withSiteList({ query: { page: 5, page_size: 10, name: '' } }))
      .provide([world.providers, listAnswer({ list: [], total: 21 })])
      .put(pageChanged({ page: 3, page_size: 10 }))
      .not.put.actionType(listLoaded.type)
      .run();
  });
});

describe('downloading a completed site', () => {
  it('asks for the zip of a status-2 site and downloads it under the name its URL ends in', async () => {
    const world = fakeWorld();
    const tester = expectSaga(siteListSaga)
      .withReducer(rootReducer, withSiteList({ status: 'succeeded', items: [editingSite, completedSite], total: 2 }))
      .provide([world.providers, zipAnswer({ url: '/zips/builder/7/%E4%BB%99%E4%BE%A0%E5%AE%98%E7%BD%91.zip' })])
      .dispatch(downloadRequested({ id: completedSite.id }))
      .put(downloadStarted({ id: completedSite.id }))
      .call(siteListApi.getFilePath, { id: completedSite.id })
      .put(downloadFinished());
    world.after(downloadFinished.type, () => tester.dispatch(END));
    const { storeState } = await tester.run();
    expect(world.services.download).toHaveBeenCalledWith('/zips/builder/7/%E4%BB%99%E4%BE%A0%E5%AE%98%E7%BD%91.zip', '仙侠官网.zip');
    expect(world.services.notify.success).toHaveBeenCalledWith(GenerationMessages.downloadStarted);
    expect(storeState.siteList.downloadingId).toBeNull();
  });

  it('the button spins while the zip is asked for', async () => {
    const world = fakeWorld();
    const zip = answerLater({ url: '/zips/site.zip' });
    // The spinning site at each moment; the answer comes once the button spins.
    const spinning: Array<number | null> = [];
    const reducer = (state: RootState | undefined, action: UnknownAction): RootState => {
      const next = rootReducer(state, action);
      spinning.push(selectDownloadingSiteId(next));
      return next;
    };
    world.after(downloadStarted.type, () => zip.answer());
    const { storeState } = await expectSaga(downloadSite, downloadRequested({ id: completedSite.id }))
      .withReducer(reducer, withSiteList({ items: [completedSite] }))
      .provide([world.providers, zipAnswer(dynamic(zip.provider))])
      .run();
    expect(spinning).toEqual([completedSite.id, null]);
    expect(storeState.siteList.downloadingId).toBeNull();
  });

  it.each([
    ['an empty url', { url: '' }],
    ['no answer data', null],
    ['a javascript: URL', { url: 'javascript:alert(1)' }],
  ])('%s: 获取下载文件失败 and no download', async (_name, answer) => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(downloadSite, downloadRequested({ id: completedSite.id }))
      .withReducer(rootReducer, withSiteList({ items: [completedSite] }))
      .provide([world.providers, zipAnswer(answer)])
      .put(downloadFinished())
      .run();
    expect(world.services.notify.error.mock.calls).toEqual([[GenerationMessages.zipEmpty]]);
    expect(world.services.download).not.toHaveBeenCalled();
    expect(storeState.siteList.downloadingId).toBeNull();
  });

  it('a refused call is told by the http layer alone: no second message, no download', async () => {
    const world = fakeWorld();
    await expectSaga(downloadSite, downloadRequested({ id: completedSite.id }))
      .withReducer(rootReducer, withSiteList({ items: [completedSite] }))
      .provide([world.providers, zipAnswer(throwError(new ApiError({ code: 409, msg: BuilderMessages.siteNotCompleted, serverMsg: BuilderMessages.siteNotCompleted })))])
      .put(downloadFinished())
      .run();
    expect(world.services.notify.error).not.toHaveBeenCalled();
    expect(world.services.download).not.toHaveBeenCalled();
  });

  it('a site still being edited is not asked for', async () => {
    const world = fakeWorld();
    await expectSaga(downloadSite, downloadRequested({ id: editingSite.id }))
      .withReducer(rootReducer, withSiteList({ items: [editingSite] }))
      .provide([world.providers, zipAnswer({ url: '/zips/a.zip' })])
      .not.call.fn(siteListApi.getFilePath)
      .not.put.actionType(downloadStarted.type)
      .run();
    expect(world.services.notify.warning).toHaveBeenCalledWith(BuilderMessages.siteNotCompleted);
  });

  it('a second click while the zip is being fetched is ignored (takeLeading)', async () => {
    const world = fakeWorld();
    const zip = answerLater({ url: '/zips/site.zip' });
    const tester = expectSaga(siteListSaga)
      .withReducer(rootReducer, withSiteList({ items: [completedSite] }))
      .provide([world.providers, [matchers.call.fn(siteListApi.getFilePath), dynamic(zip.provider)]])
      .dispatch(downloadRequested({ id: completedSite.id }));
    world.after(downloadStarted.type, () => {
      tester.dispatch(downloadRequested({ id: completedSite.id }));
      zip.answer();
    });
    world.after(downloadFinished.type, () => tester.dispatch(END));
    await tester.run();
    expect(zip.calls()).toBe(1);
    expect(world.services.download).toHaveBeenCalledTimes(1);
  });
});

describe('deleting a site', () => {
  const deleteAnswer = (value: unknown): StaticProvider => [matchers.call.fn(siteListApi.deleteSite), value] as StaticProvider;

  it('deletes the confirmed site, says so, and asks for the page again; the builder forgets it', async () => {
    const world = fakeWorld();
    const state = { ...withSiteList({ status: 'succeeded', items: [editingSite, completedSite], total: 2 }), builder: { ...initialBuilderState, siteId: editingSite.id, previewUrl: '/sites/x/index.html' } as RootState['builder'] };
    const tester = expectSaga(siteListSaga)
      .withReducer(rootReducer, state)
      .provide([world.providers, deleteAnswer(null), listAnswer({ list: [completedSite], total: 1 })])
      .dispatch(deleteRequested({ id: editingSite.id }))
      .put(deleteStarted({ id: editingSite.id }))
      .call(siteListApi.deleteSite, { id: editingSite.id })
      .put(siteDeleted({ id: editingSite.id }))
      .call(siteListApi.getSiteList, { page: 1, page_size: 10, name: '' })
      .put(listLoaded({ items: [completedSite], total: 1 }));
    world.after(listLoaded.type, () => tester.dispatch(END));
    const { storeState } = await tester.run();
    expect(world.services.notify.success.mock.calls).toEqual([[SiteDeletionMessages.succeeded]]);
    expect(world.services.notify.error).not.toHaveBeenCalled();
    expect(storeState.siteList).toMatchObject({ items: [completedSite], total: 1, deletingId: null });
    // /createWeb no longer reopens the deleted site.
    expect(storeState.builder).toMatchObject({ siteId: null, previewUrl: '' });
  });

  it('the row goes as soon as the server answers, before the page comes back', async () => {
    const world = fakeWorld();
    const deleted = answerLater(null);
    const list = answerLater({ list: [completedSite], total: 1 });
    const tester = expectSaga(siteListSaga)
      .withReducer(rootReducer, withSiteList({ status: 'succeeded', items: [editingSite, completedSite], total: 2 }))
      .provide([world.providers, [matchers.call.fn(siteListApi.deleteSite), dynamic(deleted.provider)], [matchers.call.fn(siteListApi.getSiteList), dynamic(list.provider)]])
      .dispatch(deleteRequested({ id: editingSite.id }));
    world.after(deleteStarted.type, () => deleted.answer());
    // The row leaves the table (siteDeleted) before the page comes back (listLoaded).
    world.after(siteDeleted.type, () => list.answer());
    world.after(listLoaded.type, () => tester.dispatch(END));
    const { storeState, effects } = await tester.run();
    expect(effects.put?.map((effect) => effect.payload.action.type)).toEqual([deleteStarted.type, siteDeleted.type, listLoaded.type]);
    expect(list.calls()).toBe(1);
    expect(storeState.siteList.deletingId).toBeNull();
  });

  it('the last site of a page deleted: the page before shows', async () => {
    const world = fakeWorld();
    const last = siteRecord(21);
    const tester = expectSaga(siteListSaga)
      .withReducer(rootReducer, withSiteList({ query: { page: 3, page_size: 10, name: '' }, status: 'succeeded', items: [last], total: 21 }))
      .provide([
        world.providers,
        deleteAnswer(null),
        [matchers.call.fn(siteListApi.getSiteList), dynamic(({ args: [query] }: { args: [SiteListRequest] }) => (query.page === 3 ? { list: [], total: 20 } : { list: [siteRecord(11)], total: 20 }))],
      ])
      .dispatch(deleteRequested({ id: last.id }))
      .put(pageChanged({ page: 2, page_size: 10 }))
      .call(siteListApi.getSiteList, { page: 2, page_size: 10, name: '' });
    world.after(listLoaded.type, () => tester.dispatch(END));
    const { storeState } = await tester.run();
    expect(storeState.siteList.query.page).toBe(2);
    expect(storeState.siteList.items).toEqual([siteRecord(11)]);
  });

  it('a refused delete (a published site) is told by the http layer alone and keeps the row', async () => {
    const world = fakeWorld();
    const published = siteRecord(9, { published_url: 'http://localhost/pub/abc/' });
    const { storeState } = await expectSaga(deleteSite, deleteRequested({ id: published.id }))
      .withReducer(rootReducer, withSiteList({ status: 'succeeded', items: [published], total: 1 }))
      .provide([world.providers, deleteAnswer(throwError(new ApiError({ code: AnswerCode.invalid, msg: SiteDeletionMessages.published, serverMsg: SiteDeletionMessages.published })))])
      .put(deleteFailed())
      .not.put.actionType(siteDeleted.type)
      .not.call.fn(siteListApi.getSiteList)
      .run();
    expect(world.services.notify.success).not.toHaveBeenCalled();
    expect(world.services.notify.error).not.toHaveBeenCalled();
    expect(storeState.siteList).toMatchObject({ items: [published], total: 1, deletingId: null });
  });

  it('a site already gone (deleted in another tab) asks for the page again', async () => {
    const world = fakeWorld();
    await expectSaga(deleteSite, deleteRequested({ id: editingSite.id }))
      .withReducer(rootReducer, withSiteList({ status: 'succeeded', items: [editingSite, completedSite], total: 2 }))
      .provide([world.providers, deleteAnswer(throwError(new ApiError({ code: AnswerCode.notFound, msg: BuilderMessages.siteUnknown }))), listAnswer({ list: [completedSite], total: 1 })])
      .put(deleteFailed())
      .put(listLoaded({ items: [completedSite], total: 1 }))
      .not.put.actionType(siteDeleted.type)
      .run();
    expect(world.services.notify.success).not.toHaveBeenCalled();
  });

  it('a second confirm while a delete is under way is ignored (takeLeading)', async () => {
    const world = fakeWorld();
    const deleted = answerLater(null);
    const tester = expectSaga(siteListSaga)
      .withReducer(rootReducer, withSiteList({ status: 'succeeded', items: [editingSite, completedSite], total: 2 }))
      .provide([world.providers, [matchers.call.fn(siteListApi.deleteSite), dynamic(deleted.provider)], listAnswer({ list: [], total: 0 })])
      .dispatch(deleteRequested({ id: editingSite.id }));
    world.after(deleteStarted.type, () => {
      tester.dispatch(deleteRequested({ id: completedSite.id }));
      deleted.answer();
    });
    world.after(listLoaded.type, () => tester.dispatch(END));
    await tester.run();
    expect(deleted.calls()).toBe(1);
    expect(world.services.notify.success).toHaveBeenCalledTimes(1);
  });
});
