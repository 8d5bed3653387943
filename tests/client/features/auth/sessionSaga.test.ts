import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { Messages } from '../../../../src/contract/messages';
import * as authApi from '../../../../src/client/api/authApi';
import { logoutRequested, sessionEnded, userInfoLoaded } from '../../../../src/client/features/auth/authSlice';
import { loadUserInfoOnStart, logout } from '../../../../src/client/features/auth/sessionSaga';
import { apiError, fakeWorld, rootReducer, stateWith, user } from '../../sagaHarness';

const loggedInState = () => stateWith({ auth: { ...stateWith().auth, token: 'jwt-1', userInfo: user, status: 'succeeded' } });

describe('logout', () => {
  it('revokes the token, ends the session and goes to login with the current page as redirect', async () => {
    const world = fakeWorld({ location: { pathname: '/backend/siteList', search: '?page=2' } });
    const { storeState } = await expectSaga(logout, logoutRequested(undefined))
      .withReducer(rootReducer, loggedInState())
      .provide([world.providers, [matchers.call.fn(authApi.logout), null]])
      .call(authApi.logout)
      .put(sessionEnded())
      .run();
    expect(storeState.auth).toMatchObject({ token: null, userInfo: null });
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.logoutSucceeded);
    expect(world.services.navigate).toHaveBeenCalledWith(`/auth/login?redirect=${encodeURIComponent('/backend/siteList?page=2')}`);
  });

  it('ignores a failing logout call and still ends the session', async () => {
    const world = fakeWorld({ location: { pathname: '/backend/personal', search: '' } });
    await expectSaga(logout, logoutRequested(undefined))
      .withReducer(rootReducer, loggedInState())
      .provide([world.providers, [matchers.call.fn(authApi.logout), throwError(apiError(0, Messages.networkFailed))]])
      .put(sessionEnded())
      .run();
    expect(world.services.notify.error).not.toHaveBeenCalled();
    expect(world.services.navigate).toHaveBeenCalledWith(`/auth/login?redirect=${encodeURIComponent('/backend/personal')}`);
  });

  it('uses the redirect given with the request', async () => {
    const world = fakeWorld();
    await expectSaga(logout, logoutRequested({ redirect: '/createWeb' }))
      .provide([world.providers, [matchers.call.fn(authApi.logout), null]])
      .run();
    expect(world.services.navigate).toHaveBeenCalledWith(`/auth/login?redirect=${encodeURIComponent('/createWeb')}`);
  });
});

describe('logout on a public page', () => {
  it.each([
    ['/logo/config', '?module=tl'],
    ['/', ''],
    ['/videoTutorial', '?type=1'],
  ])('stays on %s%s, which a visitor may use', async (pathname, search) => {
    const world = fakeWorld({ location: { pathname, search } });
    const { storeState } = await expectSaga(logout, logoutRequested({ redirect: `${pathname}${search}` }))
      .withReducer(rootReducer, loggedInState())
      .provide([world.providers, [matchers.call.fn(authApi.logout), null]])
      .put(sessionEnded())
      .run();
    expect(storeState.auth.token).toBeNull();
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.logoutSucceeded);
    expect(world.services.navigate).not.toHaveBeenCalled();
  });
});

describe('user info on start', () => {
  it('loads the user behind a stored token', async () => {
    const world = fakeWorld({ location: { pathname: '/backend/siteList', search: '' } });
    const fresh = { ...user, name: '新名字' };
    const { storeState } = await expectSaga(loadUserInfoOnStart)
      .withReducer(rootReducer, loggedInState())
      .provide([world.providers, [matchers.call.fn(authApi.getUserInfo), fresh]])
      .put(userInfoLoaded(fresh))
      .not.put(sessionEnded())
      .run();
    expect(storeState.auth.userInfo).toEqual(fresh);
  });

  it('does nothing without a token', async () => {
    const world = fakeWorld();
    await expectSaga(loadUserInfoOnStart)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers])
      .not.call.fn(authApi.getUserInfo)
      .run();
  });

  it('ends the session, says so and goes to login when the user cannot be read', async () => {
    const world = fakeWorld({ location: { pathname: '/backend/siteList', search: '' } });
    const { storeState } = await expectSaga(loadUserInfoOnStart)
      .withReducer(rootReducer, loggedInState())
      .provide([world.providers, [matchers.call.fn(authApi.getUserInfo), throwError(apiError(401, Messages.loginExpired))]])
      .put(sessionEnded())
      .not.put.like({ action: { type: userInfoLoaded.type } })
      .run();
    expect(storeState.auth.token).toBeNull();
    expect(world.services.notify.error).toHaveBeenCalledTimes(1);
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.userInfoFailed, 'account');
    expect(world.services.navigate).toHaveBeenCalledWith(`/auth/login?redirect=${encodeURIComponent('/backend/siteList')}`, { replace: true });
  });
});
