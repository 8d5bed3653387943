import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { UserInfo } from '../../../../src/contract/auth';
import { Messages } from '../../../../src/contract/messages';
import * as authApi from '../../../../src/client/api/authApi';
import * as storageApi from '../../../../src/client/api/storageApi';
import { sessionEnded, userInfoLoaded } from '../../../../src/client/features/auth/authSlice';
import { changePassword, changeUserName, loadStorageUsage } from '../../../../src/client/features/personal/personalSaga';
import {
  passwordChanged,
  passwordChangeFailed,
  passwordChangeRequested,
  storageUsageLoaded,
  userNameChanged,
  userNameChangeFailed,
  userNameChangeRequested,
} from '../../../../src/client/features/personal/personalSlice';
import { apiError, fakeWorld, qrUser, rootReducer, stateWith, user } from '../../sagaHarness';

const loggedInAs = (userInfo: UserInfo) => stateWith({ auth: { ...stateWith().auth, token: 'jwt-1', userInfo, status: 'succeeded' } });

describe('personal centre: user name', () => {
  it('sends name, phone and token, updates the stored user and says 修改成功', async () => {
    const world = fakeWorld({ location: { pathname: '/backend/personal', search: '' } });
    const { storeState } = await expectSaga(changeUserName, userNameChangeRequested({ name: ' 新名字 ' }))
      .withReducer(rootReducer, loggedInAs(user))
      .provide([world.providers, [matchers.call.fn(authApi.updateUserInfo), null]])
      .call(authApi.updateUserInfo, { name: '新名字', mobile: '13800138000', token: 'jwt-1' })
      .put(userInfoLoaded({ ...user, name: '新名字' }))
      .put(userNameChanged())
      .run();
    expect(storeState.auth.userInfo?.name).toBe('新名字');
    expect(storeState.personal.nameStatus).toBe('succeeded');
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.updateUserSucceeded);
  });

  it('keeps the old name when the server refuses (the http layer says why)', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(changeUserName, userNameChangeRequested({ name: '新名字' }))
      .withReducer(rootReducer, loggedInAs(user))
      .provide([world.providers, [matchers.call.fn(authApi.updateUserInfo), throwError(apiError(422, Messages.userNameTooLong))]])
      .put(userNameChangeFailed())
      .not.put.like({ action: { type: userInfoLoaded.type } })
      .run();
    expect(storeState.auth.userInfo?.name).toBe(user.name);
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });
});

describe('personal centre: password', () => {
  const change = { mobile: '13800138000', password: 'newsecret', verifyCode: '123456' };

  it('changes the password, then ends the session and goes to the account login', async () => {
    const world = fakeWorld({ location: { pathname: '/backend/personal', search: '' } });
    const { storeState } = await expectSaga(changePassword, passwordChangeRequested(change))
      .withReducer(rootReducer, loggedInAs(user))
      .provide([world.providers, [matchers.call.fn(authApi.editPassword), null]])
      .call(authApi.editPassword, change, 'http')
      .put(passwordChanged())
      .put(sessionEnded())
      .run();
    expect(storeState.auth.token).toBeNull();
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.editPasswordSucceeded);
    expect(world.services.navigate).toHaveBeenCalledWith('/auth/login?handleType=account', { replace: true });
  });

  it('binds a phone to a QR account by sending its openid', async () => {
    const world = fakeWorld();
    await expectSaga(changePassword, passwordChangeRequested({ ...change, mobile: '13900139000' }))
      .withReducer(rootReducer, loggedInAs(qrUser))
      .provide([world.providers, [matchers.call.fn(authApi.editPassword), null]])
      .call(authApi.editPassword, { ...change, mobile: '13900139000', openid: 'wx-openid-1' }, 'http')
      .run();
  });

  it('keeps the session when the change fails (the http layer says why)', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(changePassword, passwordChangeRequested(change))
      .withReducer(rootReducer, loggedInAs(user))
      .provide([world.providers, [matchers.call.fn(authApi.editPassword), throwError(apiError(422, Messages.smsCodeInvalid))]])
      .put(passwordChangeFailed())
      .not.put(sessionEnded())
      .run();
    expect(storeState.auth.token).toBe('jwt-1');
    expect(world.services.notify.error).not.toHaveBeenCalled();
    expect(world.services.navigate).not.toHaveBeenCalled();
  });
});

describe('personal centre: 存储空间', () => {
  const usage = { usedBytes: 120 * 1024 * 1024, quotaBytes: 500 * 1024 * 1024 };

  it('reads the usage into the slice', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(loadStorageUsage)
      .withReducer(rootReducer, loggedInAs(user))
      .provide([world.providers, [matchers.call.fn(storageApi.getStorageUsage), usage]])
      .put(storageUsageLoaded(usage))
      .run();
    expect(storeState.personal.storage).toEqual(usage);
  });

  it('leaves the figure out, without a warning, when the call fails', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(loadStorageUsage)
      .withReducer(rootReducer, loggedInAs(user))
      .provide([world.providers, [matchers.call.fn(storageApi.getStorageUsage), throwError(apiError(500, '服务器错误'))]])
      .not.put.like({ action: { type: storageUsageLoaded.type } })
      .run();
    expect(storeState.personal.storage).toBeNull();
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });
});
