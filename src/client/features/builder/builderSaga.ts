import type { SagaIterator } from 'redux-saga';
import { fork, takeLatest, takeLeading } from 'redux-saga/effects';
import { autoSaveSaga } from './autoSaveSaga';
import { runBanner } from './bannerJobSaga';
import { builderOpened, bannerRequested, completeRequested, musicChosen, pickerConfirmed, pickerOpened, pickerPageRequested } from './builderSlice';
import { completeSite } from './completeSiteSaga';
import { watchUploads } from './imageUploadSaga';
import { chooseMusic } from './musicSaga';
import { openSite } from './openSiteSaga';
import { chooseTemplate, loadPickerPage } from './templatePickerSaga';

/**
 * The root of the site builder's watchers: opening a site, saving it, the template picker, the
 * banner job, uploads, music and 生成并下载, each in its own file.
 */
export function* builderSaga(): SagaIterator {
  // Opening is not repeated while under way (StrictMode's double effects must not make two sites).
  yield takeLeading(builderOpened.type, openSite);
  yield fork(autoSaveSaga);
  yield takeLatest([pickerOpened.type, pickerPageRequested.type], loadPickerPage);
  yield takeLeading(pickerConfirmed.type, chooseTemplate);
  yield takeLeading(bannerRequested.type, runBanner);
  yield fork(watchUploads);
  yield takeLatest(musicChosen.type, chooseMusic);
  yield takeLeading(completeRequested.type, completeSite);
}
