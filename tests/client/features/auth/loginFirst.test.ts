import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as commonApi from '../../../../src/client/api/commonApi';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { loggedIn } from '../../../../src/client/features/auth/authSlice';
import { loginDialogClosed, loginDialogOpened } from '../../../../src/client/features/auth/loginDialogSlice';
import { onlineOrLogin } from '../../../../src/client/features/auth/loginFirst';
import { rootReducer, stateWith, user } from '../../sagaHarness';

const checked = (isOnline: boolean): StaticProvider => [matchers.call.fn(commonApi.checkOnline), { isOnline }];

describe('online, or log in first', () => {
  it('online: goes on without a dialog', async () => {
    const { returnValue } = await expectSaga(onlineOrLogin).withReducer(rootReducer, stateWith()).provide([checked(true)]).not.put(loginDialogOpened()).run();
    expect(returnValue).toBe('online');
  });

  it('not online: the login dialog, and on once logged in there', async () => {
    const { returnValue } = await expectSaga(onlineOrLogin)
      .withReducer(rootReducer, stateWith())
      .provide([checked(false)])
      .put(loginDialogOpened())
      .dispatch(loggedIn({ token: 'tok', userInfo: user, remember: true }))
      .run();
    expect(returnValue).toBe('online');
  });

  it('not online: closing the dialog stops the flow', async () => {
    const { returnValue } = await expectSaga(onlineOrLogin).withReducer(rootReducer, stateWith()).provide([checked(false)]).dispatch(loginDialogClosed()).run();
    expect(returnValue).toBe('closed');
  });

  it('the dialog closed by going to another page stops it too', async () => {
    const { returnValue } = await expectSaga(onlineOrLogin)
      .withReducer(rootReducer, stateWith())
      .provide([checked(false)])
      .dispatch(locationChanged({ pathname: '/', search: '' }))
      .run();
    expect(returnValue).toBe('closed');
  });

  it('a failed check answers failed (the http layer has said why)', async () => {
    const { returnValue } = await expectSaga(onlineOrLogin)
      .provide([[matchers.call.fn(commonApi.checkOnline), throwError(new ApiError({ code: 0, msg: '网络连接失败，请检查网络' }))]])
      .not.put(loginDialogOpened())
      .run();
    expect(returnValue).toBe('failed');
  });
});
