import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { OperatorLimits, type ConsoleUserDetail, type ConsoleUserList } from '../../../../contract/operators';
import * as operatorsApi from '../../../api/operatorsApi';
import { SERVICES, type Services } from '../../../app/services';
import {
  accountChangeFinished,
  accountChangeRequested,
  selectUserDetail,
  selectUsersQuery,
  userFailed,
  userLoaded,
  userOpened,
  usersFailed,
  usersLoaded,
  usersPageChanged,
  usersPageOpened,
  usersSearched,
  type AccountChange,
  type ConsoleUsersState,
} from './usersSlice';

export function* loadUsers(): SagaIterator {
  const query: ConsoleUsersState['query'] = yield select(selectUsersQuery);
  try {
    const answer: ConsoleUserList = yield call(operatorsApi.getConsoleUsers, query.q, query.page);
    // A page past the end (accounts merged meanwhile) turns to the last one.
    const last = Math.max(1, Math.ceil(answer.total / OperatorLimits.pageSize));
    if (!answer.list.length && query.page > last) {
      yield put(usersPageChanged({ page: last }));
      return;
    }
    yield put(usersLoaded(answer));
  } catch {
    // The http layer told the user why.
    yield put(usersFailed());
  }
}

export function* loadUser(action: ReturnType<typeof userOpened>): SagaIterator {
  try {
    const detail: ConsoleUserDetail = yield call(operatorsApi.getConsoleUser, action.payload.id);
    yield put(userLoaded(detail));
  } catch {
    yield put(userFailed({ id: action.payload.id }));
  }
}

const DONE: Record<AccountChange['kind'], string> = { disable: '账号已停用', enable: '账号已启用', role: '运营权限已修改' };

function changeCall(change: AccountChange) {
  if (change.kind === 'disable') return call(operatorsApi.disableUser, change.id, change.reason);
  if (change.kind === 'enable') return call(operatorsApi.enableUser, change.id);
  return call(operatorsApi.setUserRole, change.id, change.role);
}

/** 停用 / 启用 / 运营权限: on success the list and the open account show the change; on failure the dialog keeps what was typed. */
export function* changeAccount(action: ReturnType<typeof accountChangeRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  try {
    yield changeCall(action.payload);
  } catch {
    yield put(accountChangeFinished({ done: false }));
    return;
  }
  yield put(accountChangeFinished({ done: true }));
  yield call(services.notify.success, DONE[action.payload.kind]);
  yield call(loadUsers);
  const open: ConsoleUsersState['detail'] = yield select(selectUserDetail);
  if (open?.id === action.payload.id) yield call(loadUser, userOpened({ id: open.id }));
}

export function* consoleUsersSaga(): SagaIterator {
  yield takeLatest([usersPageOpened.type, usersSearched.type, usersPageChanged.type], loadUsers);
  yield takeLatest(userOpened.type, loadUser);
  // One change at a time: a second click while the first is on its way is ignored.
  yield takeLeading(accountChangeRequested.type, changeAccount);
}
