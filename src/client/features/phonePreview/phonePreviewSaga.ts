import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { BuilderSite, PhonePreviewAnswer } from '../../../contract/builder';
import * as builderApi from '../../api/builderApi';
import * as miniSiteApi from '../../api/miniSiteApi';
import { saveSite } from '../builder/saveSaga';
import { selectBuilderSite, selectIsDirty } from '../builder/builderSelectors';
import { phonePreviewFailed, phonePreviewLoaded, phonePreviewRequested, type PhonePreviewTarget } from './phonePreviewSlice';

/** The link of a builder site, after saving what is unsaved (the phone shows the saved site), or of a mini site. */
function* linkFor(target: PhonePreviewTarget): SagaIterator<PhonePreviewAnswer> {
  if (target.kind === 'miniSite') return (yield call(miniSiteApi.phonePreview, { webSiteDir: target.webSiteDir })) as PhonePreviewAnswer;
  const site: BuilderSite | null = yield select(selectBuilderSite);
  const dirty: boolean = yield select(selectIsDirty);
  if (dirty && site?.id === target.id) yield call(saveSite, 'auto');
  return (yield call(builderApi.phonePreview, { id: target.id })) as PhonePreviewAnswer;
}

/** 手机预览: the signed link and its QR code; a refusal is told by the http layer and the dialog offers 重试. */
export function* requestPhonePreview(action: ReturnType<typeof phonePreviewRequested>): SagaIterator {
  try {
    const link: PhonePreviewAnswer = yield call(linkFor, action.payload);
    yield put(phonePreviewLoaded(link));
  } catch {
    yield put(phonePreviewFailed());
  }
}

export function* phonePreviewSaga(): SagaIterator {
  yield takeLatest(phonePreviewRequested.type, requestPhonePreview);
}
