import type { SagaIterator } from 'redux-saga';
import { all, call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { SettingKinds, SettingsMessages, uploadProblem, videoUploadProblem, type ConsoleSettings, type SettingsUpdate } from '../../../../contract/siteSettings';
import * as adminSettingsApi from '../../../api/adminSettingsApi';
import { SERVICES, type Services } from '../../../app/services';
import { takeUploads, uploadFile } from '../../upload/uploadSaga';
import {
  fileUploadRequested,
  saveFailed,
  saveRequested,
  selectDraft,
  selectStoredSettings,
  settingEdited,
  settingsLoadFailed,
  settingsLoaded,
  settingsOpened,
  settingsSaved,
  settingsUploadEvents,
  unsavedOf,
} from './settingsSlice';

export function* loadSettings(): SagaIterator {
  try {
    const settings: ConsoleSettings = yield call(adminSettingsApi.getSettings);
    yield put(settingsLoaded(settings));
  } catch {
    // The request's own handling told the operator why.
    yield put(settingsLoadFailed());
  }
}

/** Sends the edits (only the changed settings) and says how it went. */
export function* saveSettings(): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const update: SettingsUpdate = unsavedOf(yield select(selectStoredSettings), yield select(selectDraft));
  if (!Object.keys(update).length) {
    yield call(services.notify.info, SettingsMessages.unchanged);
    yield put(saveFailed());
    return;
  }
  try {
    const settings: ConsoleSettings = yield call(adminSettingsApi.saveSettings, update);
    yield put(settingsSaved({ settings, sent: update }));
    yield call(services.notify.success, SettingsMessages.saved);
  } catch {
    // Refused (a bad value, by name) or not sent: said by the request's handling; the edits stay.
    yield put(saveFailed());
  }
}

/** A picked picture or video goes up; its URL becomes the setting's value, to be saved with the rest. */
export function* uploadSettingFile(action: ReturnType<typeof fileUploadRequested>): SagaIterator {
  const { key, file } = action.payload;
  const video = SettingKinds[key] === 'video';
  const url: string | null = yield call(uploadFile<{ url: string }>, {
    key,
    file,
    events: settingsUploadEvents,
    problemOf: video ? videoUploadProblem : uploadProblem,
    *send(onProgress, signal) {
      const answer: { url: string } = yield call(video ? adminSettingsApi.uploadVideo : adminSettingsApi.uploadPicture, file, file.name, onProgress, signal);
      return answer;
    },
    urlOf: (answer) => answer.url,
    failedMessage: video ? SettingsMessages.videoFailed : SettingsMessages.uploadFailed,
  });
  if (url) yield put(settingEdited({ key, value: url }));
}

export function* settingsSaga(): SagaIterator {
  yield all([
    takeLatest(settingsOpened.type, loadSettings),
    takeLeading(saveRequested.type, saveSettings),
    call(takeUploads<ReturnType<typeof fileUploadRequested>>, fileUploadRequested.type, (action) => action.payload.key, uploadSettingFile),
  ]);
}
