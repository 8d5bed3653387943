import type { UnknownAction } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { Messages } from '../../../../src/contract/messages';
import * as authApi from '../../../../src/client/api/authApi';
import { captchaDismissed, captchaPassed, captchaRequested } from '../../../../src/client/features/auth/captchaSlice';
import { requestSmsCode, runSmsCountdown } from '../../../../src/client/features/auth/smsSaga';
import {
  smsCodeRequested,
  smsCodeSendFailed,
  smsCodeSendStarted,
  smsCodeSent,
  smsCountdownCancelled,
  smsCountdownFinished,
  smsCountdownTicked,
  smsSlice,
} from '../../../../src/client/features/auth/smsSlice';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { apiError, fakeWorld, rootReducer, stateWith } from '../../sagaHarness';

const request = smsCodeRequested({ form: 'register', phone: '13800138000', purpose: 'register' });

describe('SMS code request', () => {
  it('asks for the captcha, then sends with its id and starts the countdown', async () => {
    const world = fakeWorld({ location: { pathname: '/auth/register', search: '' } });
    const { storeState } = await expectSaga(requestSmsCode, request)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.sendSmsCode), null]])
      .put(captchaRequested({ purpose: 'sms' }))
      .dispatch(captchaPassed({ captchaId: 'cap-9' }))
      .put(smsCodeSendStarted({ form: 'register' }))
      .call(authApi.sendSmsCode, { iphone: '13800138000', captchaId: 'cap-9', purpose: 'register' })
      .put(smsCodeSent({ form: 'register', secondsLeft: 60 }))
      .run();
    expect(storeState.sms.register).toEqual({ status: 'countingDown', secondsLeft: 60 });
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.smsSent, 'account');
    // The message component is asked for before the captcha, not when the code is already sent.
    expect(world.services.prepareNotices).toHaveBeenCalledTimes(1);
  });

  it('sends a login code for the login form, counting down on that form only', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(requestSmsCode, smsCodeRequested({ form: 'login', phone: '13800138000', purpose: 'login' }))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.sendSmsCode), null]])
      .dispatch(captchaPassed({ captchaId: 'cap-3' }))
      .call(authApi.sendSmsCode, { iphone: '13800138000', captchaId: 'cap-3', purpose: 'login' })
      .put(smsCodeSent({ form: 'login', secondsLeft: 60 }))
      .run();
    expect(storeState.sms.login).toEqual({ status: 'countingDown', secondsLeft: 60 });
    expect(storeState.sms.register.status).toBe('idle');
  });

  it.each([
    [undefined, Messages.phoneRequired],
    ['', Messages.phoneRequired],
    ['12345', Messages.phoneInvalid],
  ])('with phone %p says %s and asks for no captcha', async (phone, message) => {
    const world = fakeWorld();
    await expectSaga(requestSmsCode, smsCodeRequested({ form: 'forget', phone, purpose: 'resetPassword' }))
      .withReducer(rootReducer)
      .provide([world.providers])
      .not.put.like({ action: { type: captchaRequested.type } })
      .not.call.fn(authApi.sendSmsCode)
      .run();
    expect(world.services.notify.warning).toHaveBeenCalledWith(message);
    expect(world.services.prepareNotices).not.toHaveBeenCalled();
  });

  it('sends nothing when the captcha dialog is closed', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(requestSmsCode, request)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers])
      .dispatch(captchaDismissed())
      .not.call.fn(authApi.sendSmsCode)
      .run();
    expect(storeState.sms.register.status).toBe('idle');
  });

  it('shows the server message (or 短信发送失败) and re-enables the button when the send fails', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(requestSmsCode, request)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.sendSmsCode), throwError(apiError(429, Messages.smsTooFrequent))]])
      .dispatch(captchaPassed({ captchaId: 'cap-9' }))
      .put(smsCodeSendFailed({ form: 'register' }))
      .not.put.like({ action: { type: smsCodeSent.type } })
      .run();
    expect(storeState.sms.register.status).toBe('idle');
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.smsTooFrequent);

    const quiet = fakeWorld();
    await expectSaga(requestSmsCode, request)
      .withReducer(rootReducer)
      .provide([quiet.providers, [matchers.call.fn(authApi.sendSmsCode), throwError(new Error('offline'))]])
      .dispatch(captchaPassed({ captchaId: 'cap-9' }))
      .run();
    expect(quiet.services.notify.error).toHaveBeenCalledWith(Messages.smsSendFailed);
  });

  it('ignores a request while that form is still counting down', async () => {
    const world = fakeWorld();
    await expectSaga(requestSmsCode, request)
      .withReducer(rootReducer, stateWith({ sms: { ...smsSlice.getInitialState(), register: { status: 'countingDown', secondsLeft: 30 } } }))
      .provide([world.providers])
      .not.put.like({ action: { type: captchaRequested.type } })
      .run();
  });
});

describe('SMS countdown', () => {
  it('counts 60 seconds down to 0 and re-enables the button', async () => {
    const world = fakeWorld();
    const ticks: number[] = [];
    const recordTicks = (state: RootState | undefined, action: UnknownAction): RootState => {
      if (smsCountdownTicked.match(action)) ticks.push(action.payload.secondsLeft);
      return rootReducer(state, action);
    };
    const sent = smsCodeSent({ form: 'personal', secondsLeft: 60 });
    const { storeState } = await expectSaga(runSmsCountdown, sent)
      .withReducer(recordTicks, rootReducer(stateWith(), sent))
      .provide([world.providers])
      .put(smsCountdownTicked({ form: 'personal', secondsLeft: 59 }))
      .put(smsCountdownTicked({ form: 'personal', secondsLeft: 1 }))
      .put(smsCountdownFinished({ form: 'personal' }))
      .run();
    expect(ticks).toEqual(Array.from({ length: 59 }, (_, index) => 59 - index));
    expect(world.elapsed()).toBe(60_000);
    expect(storeState.sms.personal).toEqual({ status: 'idle', secondsLeft: 0 });
  });

  it('stops when its form cancels it, and only then', async () => {
    const world = fakeWorld({ pauseAfterDelays: 10 });
    const sent = smsCodeSent({ form: 'register', secondsLeft: 60 });
    const { storeState } = await expectSaga(runSmsCountdown, sent)
      .withReducer(rootReducer, rootReducer(stateWith(), sent))
      .provide([world.providers])
      .delay(20)
      .dispatch(smsCountdownCancelled({ form: 'forget' }))
      .delay(20)
      .dispatch(smsCountdownCancelled({ form: 'register' }))
      .not.put(smsCountdownFinished({ form: 'register' }))
      .run({ timeout: 500, silenceTimeout: false });
    expect(storeState.sms.register).toEqual({ status: 'idle', secondsLeft: 0 });
  });
});
