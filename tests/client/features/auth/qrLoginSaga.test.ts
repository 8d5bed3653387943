import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import type { QrLoginInfoAnswer } from '../../../../src/contract/auth';
import { AnswerCode } from '../../../../src/contract/envelope';
import { Messages } from '../../../../src/contract/messages';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as authApi from '../../../../src/client/api/authApi';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { loggedIn } from '../../../../src/client/features/auth/authSlice';
import { loginDialogOpened } from '../../../../src/client/features/auth/loginDialogSlice';
import { qrLoginFlow } from '../../../../src/client/features/auth/qrLoginSaga';
import {
  qrLoginConfirmed,
  qrLoginExpired,
  qrLoginPollSucceeded,
  qrLoginQrcodeFailed,
  qrLoginQrcodeReceived,
  qrLoginStarted,
  qrLoginStopped,
  qrLoginTicked,
} from '../../../../src/client/features/auth/qrLoginSlice';
import { apiError, fakeWorld, qrUser, rootReducer, stateWith } from '../../sagaHarness';

const qrcode = { qrcode: 'data:image/png;base64,QR', ticket: 'ticket-1', expiresIn: 120 };
const onPage = qrLoginStarted({ host: 'localhost:8080', place: 'loginPage' });

/** Poll answers in order; the last one repeats. */
function pollAnswers(...answers: QrLoginInfoAnswer[]) {
  let index = 0;
  const polls = { count: 0 };
  const provider = dynamic(() => {
    polls.count += 1;
    const answer = answers[Math.min(index, answers.length - 1)];
    index += 1;
    return answer;
  });
  return { provider, polls };
}

describe('QR login', () => {
  it('polls every second and logs in when the scan is confirmed, before expiry', async () => {
    const world = fakeWorld();
    const { provider, polls } = pollAnswers(
      { status: 'waiting' },
      { status: 'waiting' },
      { status: 'scanned' },
      { status: 'confirmed', token: 'jwt-qr', userInfo: qrUser },
    );
    const { storeState } = await expectSaga(qrLoginFlow, onPage)
      .withReducer(rootReducer, stateWith())
      .provide([
        world.providers,
        [matchers.call.fn(authApi.getWechatQrcode), qrcode],
        [matchers.call.fn(authApi.getWxLoginInfo), provider],
      ])
      .call(authApi.getWechatQrcode, { host: 'localhost:8080' })
      .put(qrLoginQrcodeReceived({ ticket: 'ticket-1', image: qrcode.qrcode, secondsLeft: 120 }))
      .call(authApi.getWxLoginInfo, 'ticket-1')
      .put(qrLoginTicked(119))
      .put(qrLoginPollSucceeded('scanned'))
      .put(qrLoginConfirmed())
      .put(loggedIn({ token: 'jwt-qr', userInfo: qrUser, remember: true }))
      .not.put(qrLoginExpired())
      .run();
    expect(polls.count).toBe(4);
    expect(world.elapsed()).toBe(4_000);
    expect(storeState.auth).toMatchObject({ token: 'jwt-qr', remember: true });
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.loginSucceeded, 'account');
    expect(world.services.navigate).toHaveBeenCalledWith('/backend', { replace: true });
  });

  it('goes to a safe redirect after a QR login on the page', async () => {
    const world = fakeWorld();
    const { provider } = pollAnswers({ status: 'confirmed', token: 'jwt-qr', userInfo: qrUser });
    await expectSaga(qrLoginFlow, qrLoginStarted({ host: 'h', place: 'loginPage', redirect: '/createWeb' }))
      .withReducer(rootReducer)
      .provide([world.providers, [matchers.call.fn(authApi.getWechatQrcode), qrcode], [matchers.call.fn(authApi.getWxLoginInfo), provider]])
      .run();
    expect(world.services.navigate).toHaveBeenCalledWith('/createWeb', { replace: true });
  });

  it('in the login dialog, logs in and closes the dialog without navigating', async () => {
    const world = fakeWorld({ location: { pathname: '/logo/config', search: '?module=tl' } });
    const { provider } = pollAnswers({ status: 'confirmed', token: 'jwt-qr', userInfo: qrUser });
    const opened = stateWith();
    const { storeState } = await expectSaga(qrLoginFlow, qrLoginStarted({ host: 'h', place: 'loginDialog' }))
      .withReducer(rootReducer, rootReducer(opened, loginDialogOpened()))
      .provide([world.providers, [matchers.call.fn(authApi.getWechatQrcode), qrcode], [matchers.call.fn(authApi.getWxLoginInfo), provider]])
      .put(loggedIn({ token: 'jwt-qr', userInfo: qrUser, remember: true }))
      .run();
    expect(storeState.loginDialog.open).toBe(false);
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('shows the scanned state while the phone has not confirmed yet', async () => {
    const world = fakeWorld({ pauseAfterDelays: 3 });
    const { provider } = pollAnswers({ status: 'waiting' }, { status: 'scanned' });
    const { storeState } = await expectSaga(qrLoginFlow, onPage)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.getWechatQrcode), qrcode], [matchers.call.fn(authApi.getWxLoginInfo), provider]])
      .put(qrLoginPollSucceeded('scanned'))
      .silentRun(50);
    expect(storeState.qrLogin).toMatchObject({ status: 'scanned', secondsLeft: 117, ticket: 'ticket-1' });
  });

  it('expires after 120 s of waiting, without polling past the deadline', async () => {
    const world = fakeWorld();
    const { provider, polls } = pollAnswers({ status: 'waiting' });
    const { storeState } = await expectSaga(qrLoginFlow, onPage)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.getWechatQrcode), qrcode], [matchers.call.fn(authApi.getWxLoginInfo), provider]])
      .put(qrLoginTicked(1))
      .put(qrLoginExpired())
      .not.put.like({ action: { type: loggedIn.type } })
      .run();
    expect(world.elapsed()).toBe(120_000);
    expect(polls.count).toBe(119);
    expect(storeState.qrLogin).toMatchObject({ status: 'expired', secondsLeft: 0 });
  });

  it('expires at once when the server says the code expired', async () => {
    const world = fakeWorld();
    const { provider } = pollAnswers({ status: 'waiting' }, { status: 'expired' });
    await expectSaga(qrLoginFlow, onPage)
      .withReducer(rootReducer)
      .provide([world.providers, [matchers.call.fn(authApi.getWechatQrcode), qrcode], [matchers.call.fn(authApi.getWxLoginInfo), provider]])
      .put(qrLoginExpired())
      .run();
    expect(world.elapsed()).toBe(2_000);
  });

  it('keeps polling after a lost poll', async () => {
    const world = fakeWorld();
    let calls = 0;
    const flaky = dynamic(() => {
      calls += 1;
      if (calls === 1) throw apiError(0, Messages.networkFailed);
      return { status: 'confirmed', token: 'jwt-qr', userInfo: qrUser };
    });
    await expectSaga(qrLoginFlow, onPage)
      .withReducer(rootReducer)
      .provide([world.providers, [matchers.call.fn(authApi.getWechatQrcode), qrcode], [matchers.call.fn(authApi.getWxLoginInfo), flaky]])
      .put(loggedIn({ token: 'jwt-qr', userInfo: qrUser, remember: true }))
      .run();
    expect(calls).toBe(2);
  });

  it('shows the refresh mask when the code cannot be fetched', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(qrLoginFlow, onPage)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.getWechatQrcode), throwError(apiError(429, Messages.tooManyRequests))]])
      .put(qrLoginQrcodeFailed())
      .not.call.fn(authApi.getWxLoginInfo)
      .run();
    expect(storeState.qrLogin.status).toBe('failed');
  });

  it('shows the server\u2019s own words when WeChat is down (微信登录暂不可用…), and polls nothing', async () => {
    const world = fakeWorld();
    const down = new ApiError({ code: AnswerCode.unavailable, msg: Messages.wechatUnavailable, serverMsg: Messages.wechatUnavailable });
    const { storeState } = await expectSaga(qrLoginFlow, onPage)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.getWechatQrcode), throwError(down)]])
      .put(qrLoginQrcodeFailed(Messages.wechatUnavailable))
      .not.call.fn(authApi.getWxLoginInfo)
      .run();
    expect(storeState.qrLogin).toMatchObject({ status: 'failed', failure: Messages.wechatUnavailable });
    expect(storeState.auth.token).toBeFalsy();
  });

  it('stops polling when the user leaves the page, but not on a query change of the same page', async () => {
    const world = fakeWorld({ location: { pathname: '/auth/login', search: '' }, pauseAfterDelays: 5 });
    const { provider, polls } = pollAnswers({ status: 'waiting' });
    await expectSaga(qrLoginFlow, onPage)
      .withReducer(rootReducer)
      .provide([world.providers, [matchers.call.fn(authApi.getWechatQrcode), qrcode], [matchers.call.fn(authApi.getWxLoginInfo), provider]])
      // Delayed so that they come while the saga waits on its sixth second (a queued dispatch comes at the first take).
      .delay(20)
      .dispatch(locationChanged({ pathname: '/auth/login', search: '?handleType=qrcode' }))
      .delay(20)
      .dispatch(locationChanged({ pathname: '/', search: '' }))
      .not.put(qrLoginExpired())
      .not.put.like({ action: { type: loggedIn.type } })
      .run({ timeout: 500, silenceTimeout: false });
    expect(polls.count).toBe(5);
  });

  it('stops polling when the QR pane goes away', async () => {
    const world = fakeWorld({ pauseAfterDelays: 2 });
    const { provider, polls } = pollAnswers({ status: 'waiting' });
    const { storeState } = await expectSaga(qrLoginFlow, onPage)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.getWechatQrcode), qrcode], [matchers.call.fn(authApi.getWxLoginInfo), provider]])
      .delay(20)
      .dispatch(qrLoginStopped())
      .not.put(qrLoginExpired())
      .run({ timeout: 500, silenceTimeout: false });
    expect(polls.count).toBe(2);
    expect(storeState.qrLogin.status).toBe('idle');
  });

  it('a refresh voids the previous ticket', async () => {
    const world = fakeWorld();
    const expiredState = stateWith({ qrLogin: { status: 'expired', ticket: 'ticket-old', image: 'data:old', secondsLeft: 0, scanUrl: null, failure: null } });
    const { provider } = pollAnswers({ status: 'confirmed', token: 'jwt-qr', userInfo: qrUser });
    const { storeState } = await expectSaga(qrLoginFlow, onPage)
      .withReducer(rootReducer, rootReducer(expiredState, onPage))
      .provide([
        world.providers,
        [matchers.call.fn(authApi.getWechatQrcode), { ...qrcode, ticket: 'ticket-new' }],
        [matchers.call.fn(authApi.getWxLoginInfo), provider],
      ])
      .call(authApi.getWechatQrcode, { qrcode: 'ticket-old', host: 'localhost:8080' })
      .call(authApi.getWxLoginInfo, 'ticket-new')
      .run();
    expect(storeState.qrLogin.ticket).toBeNull();
  });
});
