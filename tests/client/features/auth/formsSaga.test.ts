import type { UnknownAction } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import * as authApi from '../../../../src/client/api/authApi';
import { authFormsSaga } from '../../../../src/client/features/auth/formsSaga';
import { loggedIn, loginRequested, smsLoginRequested } from '../../../../src/client/features/auth/authSlice';
import { qrLoginStarted } from '../../../../src/client/features/auth/qrLoginSlice';
import { fakeWorld, rootReducer, stateWith, user } from '../../sagaHarness';

describe('authFormsSaga (the forms\' watchers together)', () => {
  it('a second qrLogin/started (refresh) replaces the running session and voids its ticket', async () => {
    const world = fakeWorld({ pauseAfterDelays: 3 });
    let issued = 0;
    const qrcodes = dynamic(() => {
      issued += 1;
      return { qrcode: `data:image/png;base64,${issued}`, ticket: `ticket-${issued}`, expiresIn: 120 };
    });
    const polled: string[] = [];
    const polls = dynamic((effect: { args: [string] }) => {
      polled.push(effect.args[0]);
      return { status: 'waiting' };
    });
    const started = qrLoginStarted({ host: 'localhost', place: 'loginPage' });
    const { storeState } = await expectSaga(authFormsSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.getWechatQrcode), qrcodes], [matchers.call.fn(authApi.getWxLoginInfo), polls]])
      .dispatch(started)
      .delay(20)
      .dispatch(started)
      .call(authApi.getWechatQrcode, { host: 'localhost' })
      .call(authApi.getWechatQrcode, { qrcode: 'ticket-1', host: 'localhost' })
      .silentRun(100);
    expect(storeState.qrLogin).toMatchObject({ ticket: 'ticket-2', status: 'waiting' });
    expect(polled).toEqual(['ticket-1', 'ticket-1', 'ticket-1']);
  });

  /**
   * Dispatches `submit` twice while the saga runs, with `apiFn` answering only after both clicks
   * (released by the test, no clock involved), and returns how many calls reached the API.
   */
  async function submittedTwice(submit: UnknownAction, apiFn: typeof authApi.login | typeof authApi.smsLogin) {
    const world = fakeWorld();
    let logins = 0;
    let answer = (): void => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const slowLogin = dynamic(() => {
      logins += 1;
      return answered.then(() => ({ token: 'jwt', userInfo: user }));
    });
    const test = expectSaga(authFormsSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(apiFn), slowLogin]])
      .put.like({ action: { type: loggedIn.type } });
    const finished = test.silentRun(100);
    // Dispatched while running (a queued dispatch would wait for the watcher's next take): a double
    // click. Each dispatch reaches the saga on a microtask, so both land before the answer does.
    test.dispatch(submit);
    test.dispatch(submit);
    answer();
    const { storeState } = await finished;
    return { logins, storeState };
  }

  it('ignores a second login submit while the first is in flight', async () => {
    const { logins, storeState } = await submittedTwice(loginRequested({ username: '13800138000', password: 'secret123', remember: true }), authApi.login);
    expect(logins).toBe(1);
    expect(storeState.auth.token).toBe('jwt');
  });

  it('runs an SMS login submit once, however often it is clicked', async () => {
    const { logins, storeState } = await submittedTwice(smsLoginRequested({ mobile: '13800138000', verifyCode: '123456', remember: true }), authApi.smsLogin);
    expect(logins).toBe(1);
    expect(storeState.auth.token).toBe('jwt');
  });
});
