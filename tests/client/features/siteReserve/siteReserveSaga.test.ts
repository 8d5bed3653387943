import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as siteReserveApi from '../../../../src/client/api/siteReserveApi';
import { sitePreviewChanged } from '../../../../src/client/features/siteList/siteEvents';
import { EXPORT_FILE_NAME, siteReserveSaga } from '../../../../src/client/features/siteReserve/siteReserveSaga';
import {
  codesAddFailed,
  codesAdded,
  codesGenerateRequested,
  codesUploadRequested,
  exportRequested,
  initialSiteReserveState,
  recordDeleted,
  recordDeleteRequested,
  reserveListLoaded,
  reservePageOpened,
  reserveStateFailed,
  reserveStateLoaded,
  reserveSummaryOpened,
  settingsSaved,
  settingsSaveFailed,
  settingsSaveRequested,
  siteReserveSlice,
  type SiteReserveState,
} from '../../../../src/client/features/siteReserve/siteReserveSlice';
import {
  ReserveMessages,
  type GiftCodeAddAnswer,
  type ReservationListAnswer,
  type ReserveOwnerState,
  type ReserveSettings,
} from '../../../../src/contract/reservations';
import { apiError, fakeWorld, rootReducer, runWatcher, stateWith } from '../../sagaHarness';

const site = { builderId: 12 };
const settings: ReserveSettings = { enabled: true, platforms: ['ios', 'pc'], tiers: [{ count: 1000, reward: '头像框' }], privacyNotice: '仅用于发放预约礼包，活动结束后删除。', zipForm: false };
const owner = (over: Partial<ReserveOwnerState> = {}): ReserveOwnerState => ({
  campaignId: 'c'.repeat(24),
  settings,
  count: 2,
  codes: { total: 10, given: 2, left: 8 },
  ...over,
});
const page = (records: ReservationListAnswer['records'], total = records.length, pageNumber = 1): ReservationListAnswer => ({ total, page: pageNumber, pageSize: 20, records });
const record = (id: number) => ({ id, createdAt: 1_700_000_000_000 + id, maskedPhone: '138****8000', platform: 'ios' as const, channel: '', giftCode: `CODE${id}AAAA` });

/** The page open on `site`, its state as the server last gave it. */
const opened = (over: Partial<SiteReserveState> = {}) =>
  stateWith({ siteReserve: { ...initialSiteReserveState, site, status: 'succeeded', owner: owner(), list: { ...page([record(1), record(2)]), loading: false }, ...over } });

describe('the 预约 page saga', () => {
  it('reads the site\'s settings and the first page of its list when the page opens', async () => {
    const state = owner();
    const list = page([record(1)]);
    const { storeState } = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, stateWith())
        .provide([
          [matchers.call(siteReserveApi.getReserveState, site), state],
          [matchers.call(siteReserveApi.listReservations, site, 1, 20), list],
        ])
        .dispatch(reservePageOpened(site))
        .put(reserveStateLoaded(state))
        .put(reserveListLoaded(list)),
    );
    expect(storeState.siteReserve).toMatchObject({ site, status: 'succeeded', owner: state, list: { ...list, loading: false } });
  });

  it('reads only the settings and the count for the builder\'s 预约 tab, never the list of players it does not show', async () => {
    const state = owner();
    const { storeState } = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, stateWith())
        .provide([
          [matchers.call(siteReserveApi.getReserveState, site), state],
          [matchers.call.fn(siteReserveApi.listReservations), throwError(new Error('the list was asked for'))],
        ])
        .dispatch(reserveSummaryOpened(site))
        .put(reserveStateLoaded(state))
        .not.call.fn(siteReserveApi.listReservations),
    );
    expect(storeState.siteReserve).toMatchObject({ site, status: 'succeeded', owner: state, list: { records: [], loading: false } });
  });

  it('the builder\'s 预约 tab says why it could not read the site, in the API\'s words', async () => {
    const { storeState } = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, opened())
        .provide([[matchers.call.fn(siteReserveApi.getReserveState), throwError(new ApiError({ code: 404, msg: '请求的资源不存在', httpStatus: 404, serverMsg: ReserveMessages.siteUnknown }))]])
        .dispatch(reserveSummaryOpened({ builderId: 13 }))
        .put(reserveStateFailed(ReserveMessages.siteUnknown)),
    );
    expect(storeState.siteReserve).toMatchObject({ site: { builderId: 13 }, status: 'failed', failure: ReserveMessages.siteUnknown, owner: null, list: { records: [] } });
  });

  it('says it failed when the site is not the user\'s (the http layer showed the API\'s message), showing nothing of another site', async () => {
    const { storeState } = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, opened())
        .provide([
          [matchers.call.fn(siteReserveApi.getReserveState), throwError(new ApiError({ code: 404, msg: '请求的资源不存在', httpStatus: 404, serverMsg: ReserveMessages.siteUnknown }))],
          [matchers.call.fn(siteReserveApi.listReservations), throwError(apiError(404, ReserveMessages.siteUnknown))],
        ])
        .dispatch(reservePageOpened({ miniSiteDir: 'a'.repeat(32) }))
        .put(reserveStateFailed(ReserveMessages.siteUnknown)),
    );
    expect(storeState.siteReserve).toMatchObject({ status: 'failed', failure: ReserveMessages.siteUnknown, owner: null, list: { records: [], loading: false } });
  });

  it.each([
    ['none', 'success', ReserveMessages.settingsSaved],
    ['updated', 'success', ReserveMessages.settingsSavedPageUpdated],
    ['failed', 'warning', ReserveMessages.settingsSavedPageStale],
  ] as const)('saves the settings and says what became of the live page (%s)', async (publishedPage, kind, message) => {
    const world = fakeWorld();
    const saved = owner({ settings: { ...settings, zipForm: true } });
    const { storeState } = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, opened())
        .provide([world.providers, [matchers.call(siteReserveApi.saveReserveSettings, site, saved.settings), { ...saved, publishedPage }]])
        .dispatch(settingsSaveRequested(saved.settings))
        .put(settingsSaved(saved))
        // The site's preview shows the block as the settings have it: a builder showing it loads it again.
        .put(sitePreviewChanged(site)),
    );
    expect(world.services.notify[kind]).toHaveBeenCalledWith(message);
    expect(storeState.siteReserve).toMatchObject({ saving: false, owner: saved });
  });

  it('keeps the settings as they were when the server refuses them (its message was shown by the http layer)', async () => {
    const world = fakeWorld();
    const { storeState } = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, opened())
        .provide([world.providers, [matchers.call.fn(siteReserveApi.saveReserveSettings), throwError(apiError(422, ReserveMessages.privacyNoticeRequired))]])
        .dispatch(settingsSaveRequested({ ...settings, privacyNotice: '' }))
        .put(settingsSaveFailed())
        .not.put(sitePreviewChanged(site)),
    );
    expect(world.services.notify.success).not.toHaveBeenCalled();
    expect(storeState.siteReserve).toMatchObject({ saving: false, owner: owner() });
  });

  it('uploads a file\'s text and shows how many codes were new and how many repeated', async () => {
    const world = fakeWorld();
    const answer: GiftCodeAddAnswer = { added: 3, duplicates: 1, codes: { total: 13, given: 2, left: 11 } };
    const text = 'code\nAAAA1111\nBBBB2222\nCCCC3333\nAAAA1111\n';
    const { storeState } = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, opened())
        .provide([world.providers, [matchers.call(siteReserveApi.uploadGiftCodes, site, text), answer]])
        .dispatch(codesUploadRequested({ text }))
        .put(codesAdded(answer)),
    );
    expect(world.services.notify.success).toHaveBeenCalledWith(`${ReserveMessages.codesAdded}：新增3个，重复1个`);
    expect(storeState.siteReserve).toMatchObject({ addingCodes: null, lastAdd: answer, owner: { codes: answer.codes } });
  });

  it('generates codes, and a refused upload leaves the counts as they were', async () => {
    const world = fakeWorld();
    const answer: GiftCodeAddAnswer = { added: 100, duplicates: 0, codes: { total: 110, given: 2, left: 108 } };
    const generated = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, opened())
        .provide([world.providers, [matchers.call(siteReserveApi.generateGiftCodes, site, 100), answer]])
        .dispatch(codesGenerateRequested({ count: 100 }))
        .put(codesAdded(answer)),
    );
    expect(generated.storeState.siteReserve.owner?.codes).toEqual(answer.codes);

    const refused = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, opened())
        .provide([world.providers, [matchers.call.fn(siteReserveApi.uploadGiftCodes), throwError(apiError(422, ReserveMessages.codeInvalid(2)))]])
        .dispatch(codesUploadRequested({ text: 'ok12\nbad code' }))
        .put(codesAddFailed()),
    );
    expect(refused.storeState.siteReserve).toMatchObject({ addingCodes: null, lastAdd: null, owner: owner() });
  });

  it('deletes a record, takes the new count and reads the list again', async () => {
    const world = fakeWorld();
    const after = owner({ count: 1 });
    const list = page([record(2)]);
    const { storeState } = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, opened())
        .provide([world.providers, [matchers.call(siteReserveApi.deleteReservation, site, 1), after], [matchers.call(siteReserveApi.listReservations, site, 1, 20), list]])
        .dispatch(recordDeleteRequested({ id: 1 }))
        .put(recordDeleted(after))
        .put(reserveListLoaded(list)),
    );
    expect(world.services.notify.success).toHaveBeenCalledWith(ReserveMessages.recordDeleted);
    expect(storeState.siteReserve).toMatchObject({ deletingId: null, owner: { count: 1 }, list: { records: [record(2)], total: 1 } });
  });

  it('goes back a page when the last record of the last page was deleted', async () => {
    const world = fakeWorld();
    const previous = page([record(1)], 21, 1);
    const { storeState } = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, opened({ list: { ...page([record(21)], 21, 2), loading: false } }))
        .provide([
          world.providers,
          [matchers.call.fn(siteReserveApi.deleteReservation), owner({ count: 20 })],
          [matchers.call(siteReserveApi.listReservations, site, 2, 20), page([], 20, 2)],
          [matchers.call(siteReserveApi.listReservations, site, 1, 20), previous],
        ])
        .dispatch(recordDeleteRequested({ id: 21 })),
    );
    expect(storeState.siteReserve.list).toMatchObject({ page: 1, records: [record(1)] });
  });

  it('exports the list with the login token and saves it as a file', async () => {
    const world = fakeWorld();
    const file = new Blob(['\ufeff手机号\n13800138000\n'], { type: 'text/csv' });
    const { storeState } = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, opened())
        .provide([world.providers, [matchers.call(siteReserveApi.exportReservations, site), file]])
        .dispatch(exportRequested()),
    );
    expect(world.services.saveFile).toHaveBeenCalledWith(file, EXPORT_FILE_NAME);
    expect(storeState.siteReserve.exporting).toBe(false);
  });

  it('saves nothing when the export is refused', async () => {
    const world = fakeWorld();
    const { storeState } = await runWatcher(
      expectSaga(siteReserveSaga)
        .withReducer(rootReducer, opened())
        .provide([world.providers, [matchers.call.fn(siteReserveApi.exportReservations), throwError(apiError(404, ReserveMessages.siteUnknown))]])
        .dispatch(exportRequested()),
    );
    expect(world.services.saveFile).not.toHaveBeenCalled();
    expect(storeState.siteReserve.exporting).toBe(false);
  });
});

describe('the 预约 slice', () => {
  it('never shows one site\'s 预约 under another', () => {
    const reduce = siteReserveSlice.reducer;
    const shown = reduce(reduce(initialSiteReserveState, reservePageOpened(site)), reserveStateLoaded(owner()));
    expect(reduce(shown, reservePageOpened(site))).toMatchObject({ status: 'loading', owner: owner() });
    expect(reduce(shown, reservePageOpened({ builderId: 13 }))).toMatchObject({ site: { builderId: 13 }, owner: null });
    // The builder's tab and the page share the state: either may open a site the other showed.
    expect(reduce(shown, reserveSummaryOpened(site))).toMatchObject({ status: 'loading', owner: owner() });
    expect(reduce(shown, reserveSummaryOpened({ builderId: 13 }))).toMatchObject({ site: { builderId: 13 }, status: 'loading', owner: null });
  });
});
