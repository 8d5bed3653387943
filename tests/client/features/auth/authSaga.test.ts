import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import * as authApi from '../../../../src/client/api/authApi';
import { authSaga } from '../../../../src/client/features/auth/authSaga';
import { loggedIn, loginRequested, smsLoginRequested } from '../../../../src/client/features/auth/authSlice';
import { qrLoginStarted } from '../../../../src/client/features/auth/qrLoginSlice';
import { fakeWorld, rootReducer, stateWith, user } from './sagaHarness';

describe('authSaga (the watchers together)', () => {
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
    const { storeState } = await expectSaga(authSaga)
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

  it('ignores a second login submit while the first is in flight', async () => {
    const world = fakeWorld();
    let logins = 0;
    // The answer arrives when the test releases it, after both clicks: no clock involved.
    let answer = (): void => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const slowLogin = dynamic(() => {
      logins += 1;
      return answered.then(() => ({ token: 'jwt', userInfo: user }));
    });
    const submit = loginRequested({ username: '13800138000', password: 'secret123', remember: true });
    const test = expectSaga(authSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.login), slowLogin]])
      .put.like({ action: { type: loggedIn.type } });
    const finished = test.silentRun(100);
    // Dispatched while running (a queued dispatch would wait for the watcher's next take): a double click.
    test.dispatch(submit);
    test.dispatch(submit);
    answer();
    const { storeState } = await finished;
    expect(logins).toBe(1);
    expect(storeState.auth.token).toBe('jwt');
  });

  it('runs an SMS login submit once, however often it is clicked', async () => {
    const world = fakeWorld();
    let logins = 0;
    // The answer arrives when the test says so, after both clicks: no clock involved. (Dispatches
    // reach the saga on a microtask each, so both are delivered before the answer is.)
    let answer = (): void => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const slowLogin = dynamic(() => {
      logins += 1;
      return answered.then(() => ({ token: 'jwt', userInfo: user }));
    });
    const submit = smsLoginRequested({ mobile: '13800138000', verifyCode: '123456', remember: true });
    const test = expectSaga(authSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.smsLogin), slowLogin]])
      .put.like({ action: { type: loggedIn.type } });
    const finished = test.silentRun(100);
    test.dispatch(submit);
    test.dispatch(submit);
    answer();
    const { storeState } = await finished;
    expect(logins).toBe(1);
    expect(storeState.auth.token).toBe('jwt');
  });
});
