import type { SagaIterator } from 'redux-saga';
import { all, call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ReserveMessages, type GiftCodeAddAnswer, type ReservationListAnswer, type ReserveOwnerState, type ReserveSaveSettingsAnswer, type ReserveSiteRef } from '../../../contract/reservations';
import { serverMessageOf } from '../../api/ApiError';
import * as siteReserveApi from '../../api/siteReserveApi';
import { SERVICES, type Services } from '../../app/services';
import { sitePreviewChanged } from '../siteList/siteEvents';
import {
  codesAddFailed,
  codesAdded,
  codesGenerateRequested,
  codesUploadRequested,
  exportFinished,
  exportRequested,
  recordDeleted,
  recordDeleteFailed,
  recordDeleteRequested,
  reserveListFailed,
  reserveListLoaded,
  reserveListPageChanged,
  reservePageOpened,
  reserveStateFailed,
  reserveSummaryOpened,
  reserveStateLoaded,
  selectReserveList,
  selectReserveSite,
  settingsSaved,
  settingsSaveFailed,
  settingsSaveRequested,
} from './siteReserveSlice';

/** The page's failure when the API gave no reason (a lost connection). */
export const READ_FAILED = '预约读取失败，请刷新重试';

/** The name the export is saved under. */
export const EXPORT_FILE_NAME = '预约名单.csv';

// Every failure below was already told to the user by the http layer, in the API's own words.

function* loadState(site: ReserveSiteRef): SagaIterator {
  try {
    const owner: ReserveOwnerState = yield call(siteReserveApi.getReserveState, site);
    yield put(reserveStateLoaded(owner));
  } catch (error) {
    yield put(reserveStateFailed(serverMessageOf(error, READ_FAILED)));
  }
}

/** Reads one page of the list; a page past the end (its last record just deleted) falls back one page. */
function* loadList(site: ReserveSiteRef, page: number, pageSize: number): SagaIterator {
  try {
    const answer: ReservationListAnswer = yield call(siteReserveApi.listReservations, site, page, pageSize);
    if (!answer.records.length && page > 1 && answer.total > 0) {
      yield call(loadList, site, page - 1, pageSize);
      return;
    }
    yield put(reserveListLoaded(answer));
  } catch {
    yield put(reserveListFailed());
  }
}

export function* openReservePage(action: ReturnType<typeof reservePageOpened>): SagaIterator {
  const { pageSize } = yield select(selectReserveList);
  yield all([call(loadState, action.payload), call(loadList, action.payload, 1, pageSize)]);
}

export function* openReserveSummary(action: ReturnType<typeof reserveSummaryOpened>): SagaIterator {
  yield call(loadState, action.payload);
}

export function* changeListPage(action: ReturnType<typeof reserveListPageChanged>): SagaIterator {
  const site: ReserveSiteRef | null = yield select(selectReserveSite);
  if (site) yield call(loadList, site, action.payload.page, action.payload.pageSize);
}

export function* saveSettings(action: ReturnType<typeof settingsSaveRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const site: ReserveSiteRef | null = yield select(selectReserveSite);
  if (!site) return;
  try {
    const { publishedPage, ...owner }: ReserveSaveSettingsAnswer = yield call(siteReserveApi.saveReserveSettings, site, action.payload);
    yield put(settingsSaved(owner));
    yield put(sitePreviewChanged(site));
    // The live page follows the settings at once; when it could not, the studio is told to publish again.
    if (publishedPage === 'failed') yield call(services.notify.warning, ReserveMessages.settingsSavedPageStale);
    else yield call(services.notify.success, publishedPage === 'updated' ? ReserveMessages.settingsSavedPageUpdated : ReserveMessages.settingsSaved);
  } catch {
    yield put(settingsSaveFailed());
  }
}

/** 上传 or 生成: both add codes and say how many were new and how many repeated. */
export function* addCodes(action: ReturnType<typeof codesUploadRequested> | ReturnType<typeof codesGenerateRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const site: ReserveSiteRef | null = yield select(selectReserveSite);
  if (!site) return;
  try {
    const answer: GiftCodeAddAnswer = codesUploadRequested.match(action)
      ? yield call(siteReserveApi.uploadGiftCodes, site, action.payload.text)
      : yield call(siteReserveApi.generateGiftCodes, site, action.payload.count);
    yield put(codesAdded(answer));
    yield call(services.notify.success, `${ReserveMessages.codesAdded}：新增${answer.added}个，重复${answer.duplicates}个`);
  } catch {
    yield put(codesAddFailed());
  }
}

export function* deleteRecord(action: ReturnType<typeof recordDeleteRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const site: ReserveSiteRef | null = yield select(selectReserveSite);
  if (!site) return;
  try {
    const owner: ReserveOwnerState = yield call(siteReserveApi.deleteReservation, site, action.payload.id);
    yield put(recordDeleted(owner));
    yield call(services.notify.success, ReserveMessages.recordDeleted);
  } catch {
    yield put(recordDeleteFailed());
  }
  const { page, pageSize } = yield select(selectReserveList);
  yield call(loadList, site, page, pageSize);
}

/** 导出CSV: the file needs the login token, so the app fetches it and hands it to the browser. */
export function* exportList(): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const site: ReserveSiteRef | null = yield select(selectReserveSite);
  try {
    if (site) {
      const file: Blob = yield call(siteReserveApi.exportReservations, site);
      yield call(services.saveFile, file, EXPORT_FILE_NAME);
    }
  } catch {
    // Told already.
  }
  yield put(exportFinished());
}

export function* siteReserveSaga(): SagaIterator {
  yield takeLatest(reservePageOpened.type, openReservePage);
  yield takeLatest(reserveSummaryOpened.type, openReserveSummary);
  yield takeLatest(reserveListPageChanged.type, changeListPage);
  yield takeLeading(settingsSaveRequested.type, saveSettings);
  yield takeLeading([codesUploadRequested.type, codesGenerateRequested.type], addCodes);
  yield takeLeading(recordDeleteRequested.type, deleteRecord);
  yield takeLeading(exportRequested.type, exportList);
}
