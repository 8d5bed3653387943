import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as siteListApi from '../../../../src/client/api/siteListApi';
import { builderSlice, siteLoaded } from '../../../../src/client/features/builder/builderSlice';
import { siteVersionRestored } from '../../../../src/client/features/siteList/siteEvents';
import { siteVersionsSaga } from '../../../../src/client/features/siteList/siteVersionsSaga';
import {
  initialSiteVersionsState,
  restoreRequested,
  siteVersionsSlice,
  versionsClosed,
  versionsLoaded,
  versionsOpened,
  type SiteVersionsState,
} from '../../../../src/client/features/siteList/siteVersionsSlice';
import { BuilderMessages, type RestoreVersionAnswer, type SiteVersion, type SiteVersionsAnswer } from '../../../../src/contract/builder';
import { fakeWorld, rootReducer, stateWith } from '../../sagaHarness';
import { openState, site } from '../builder/builderHarness';
import { editingSite } from './siteListHarness';

const version = (id: number, overrides: Partial<SiteVersion> = {}): SiteVersion => ({ id, reason: 'download', web_name: '仙侠官网', picture: '/generated/a/banner.jpg', create_time: '2026-11-27 10:00:00', ...overrides });
const kept: SiteVersionsAnswer = { list: [version(3), version(2, { reason: 'hourly', web_name: '仙侠官网·公测' })], limit: 30 };

const versionsAnswer = (value: unknown): StaticProvider => [matchers.call.fn(siteListApi.getVersions), value] as StaticProvider;
const restoreAnswer = (value: unknown): StaticProvider => [matchers.call.fn(siteListApi.restoreVersion), value] as StaticProvider;
const listAnswer = (value: unknown): StaticProvider => [matchers.call.fn(siteListApi.getSiteList), value] as StaticProvider;

const withVersions = (overrides: Partial<SiteVersionsState> = {}) => stateWith({ siteVersions: { ...initialSiteVersionsState, ...overrides } });

describe('历史版本', () => {
  it("opening a site's versions asks for them and shows them with the limit", async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(siteVersionsSaga)
      .withReducer(rootReducer, withVersions())
      .provide([world.providers, versionsAnswer(kept)])
      .dispatch(versionsOpened({ id: 7, name: '仙侠官网' }))
      .call(siteListApi.getVersions, { id: 7 })
      .put(versionsLoaded(kept))
      .silentRun(50);
    expect(storeState.siteVersions).toMatchObject({ siteId: 7, siteName: '仙侠官网', status: 'succeeded', items: kept.list, limit: 30 });
  });

  it('a failed load shows the retry state (the http layer said why); a malformed answer is no versions', async () => {
    const world = fakeWorld();
    const failed = await expectSaga(siteVersionsSaga)
      .withReducer(rootReducer, withVersions())
      .provide([world.providers, versionsAnswer(throwError(new ApiError({ code: 404, msg: BuilderMessages.siteUnknown })))])
      .dispatch(versionsOpened({ id: 7, name: '仙侠官网' }))
      .silentRun(50);
    expect(failed.storeState.siteVersions).toMatchObject({ siteId: 7, status: 'failed', items: [] });

    const malformed = await expectSaga(siteVersionsSaga)
      .withReducer(rootReducer, withVersions())
      .provide([world.providers, versionsAnswer({ list: 'x' })])
      .dispatch(versionsOpened({ id: 7, name: '仙侠官网' }))
      .silentRun(50);
    expect(malformed.storeState.siteVersions).toMatchObject({ status: 'succeeded', items: [], limit: 0 });
  });

  it('closing the dialog forgets the site', () => {
    const open: SiteVersionsState = { ...initialSiteVersionsState, siteId: 7, siteName: '仙侠官网', status: 'succeeded', items: kept.list, limit: 30 };
    expect(siteVersionsSlice.reducer(open, versionsClosed())).toEqual(initialSiteVersionsState);
  });

  it('恢复 restores the version of the open site, says so, shows the versions after and reloads the site list', async () => {
    const world = fakeWorld();
    const after: RestoreVersionAnswer = { list: [version(4, { reason: 'replaced', web_name: '草稿' }), ...kept.list], limit: 30, restored: true };
    const { storeState } = await expectSaga(siteVersionsSaga)
      .withReducer(rootReducer, withVersions({ siteId: 7, siteName: '仙侠官网', status: 'succeeded', items: kept.list, limit: 30 }))
      .provide([world.providers, restoreAnswer(after), listAnswer({ list: [editingSite], total: 1 })])
      .dispatch(restoreRequested({ versionId: 2 }))
      .call(siteListApi.restoreVersion, { id: 7, versionId: 2 })
      .put(siteVersionRestored({ id: 7 }))
      .put(versionsLoaded({ list: after.list, limit: 30 }))
      .call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).toHaveBeenCalledWith(BuilderMessages.restoreSucceeded);
    expect(storeState.siteVersions).toMatchObject({ items: after.list, restoringId: null, siteName: kept.list[1].web_name });
    expect(storeState.siteList.items).toEqual([editingSite]);
  });

  it('restoring the version the draft already is says so, and the builder keeps its site', async () => {
    const world = fakeWorld();
    await expectSaga(siteVersionsSaga)
      .withReducer(rootReducer, withVersions({ siteId: 7, status: 'succeeded', items: kept.list, limit: 30 }))
      .provide([world.providers, restoreAnswer({ ...kept, restored: false }), listAnswer({ list: [editingSite], total: 1 })])
      .dispatch(restoreRequested({ versionId: 3 }))
      .not.put.actionType(siteVersionRestored.type)
      .silentRun(50);
    expect(world.services.notify.info).toHaveBeenCalledWith(BuilderMessages.restoreUnneeded);
    expect(world.services.notify.success).not.toHaveBeenCalled();
  });

  it('a refused restore changes nothing shown and adds no message of its own', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(siteVersionsSaga)
      .withReducer(rootReducer, withVersions({ siteId: 7, status: 'succeeded', items: kept.list, limit: 30 }))
      .provide([world.providers, restoreAnswer(throwError(new ApiError({ code: 422, msg: BuilderMessages.versionUnknown })))])
      .dispatch(restoreRequested({ versionId: 99 }))
      .not.put.actionType(siteVersionRestored.type)
      .not.call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).not.toHaveBeenCalled();
    expect(storeState.siteVersions).toMatchObject({ items: kept.list, restoringId: null });
  });
});

describe('the builder after a restore', () => {
  it("forgets the restored site, so that opening it reads the draft; another site's stays", () => {
    const open = openState(site({ id: 7 })).builder;
    const edited = builderSlice.reducer(open, { type: 'noop' });
    const forgotten = builderSlice.reducer(edited, siteVersionRestored({ id: 7 }));
    expect(forgotten.site).toBeNull();
    expect(forgotten.status).toBe('idle');
    expect(forgotten.pending).toEqual({});
    expect(forgotten.siteId).toBe(open.siteId);

    const other = builderSlice.reducer(builderSlice.reducer(open, siteLoaded(site({ id: 8 }))), siteVersionRestored({ id: 7 }));
    expect(other.site?.id).toBe(8);
  });
});
