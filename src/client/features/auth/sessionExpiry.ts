import type { SagaIterator } from 'redux-saga';
import { put } from 'redux-saga/effects';
import { AnswerCode } from '../../../contract/envelope';
import { sessionEnded } from './authSlice';

/** A call the server refused because the session is over ends it here too (quiet calls skip the http layer's handling). */
export function* endSessionIfExpired(error: unknown): SagaIterator {
  if ((error as { httpStatus?: number } | null)?.httpStatus === AnswerCode.unauthorized) yield put(sessionEnded());
}
