import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import * as authApi from '../../../../src/client/api/authApi';
import { initialAuthState, loggedIn, sessionEnded, userInfoLoaded } from '../../../../src/client/features/auth/authSlice';
import { bindPhoneSaga, waitForBoundPhone } from '../../../../src/client/features/bindPhone/bindPhoneSaga';
import { bindPhoneCancelled, bindPhoneOpened, bindPhoneSubmitted, mergeChoiceLeft, mergeChoiceOffered, mergeSubmitted, phoneBound } from '../../../../src/client/features/bindPhone/bindPhoneSlice';
import type { AccountSummary } from '../../../../src/contract/auth';
import { AnswerCode } from '../../../../src/contract/envelope';
import { Messages } from '../../../../src/contract/messages';
import { apiError, fakeWorld, qrUser, rootReducer, stateWith } from '../../sagaHarness';

const answers = (fn: (...args: never[]) => unknown, value: unknown): StaticProvider => [matchers.call.fn(fn), value] as StaticProvider;
const proof = { mobile: '13900139000', verifyCode: '123456' };
const summary = (over: Partial<AccountSummary>): AccountSummary => ({ name: '账号', wechat: false, phone: false, password: false, builderSites: 0, miniSites: 0, publishedSites: 0, works: 0, createdAt: 0, ...over });
const current = summary({ name: '微信用户', wechat: true });
const phone = summary({ name: '用户9000', phone: true, password: true, builderSites: 2 });
const loggedInAsQr = () => stateWith({ auth: { ...initialAuthState, token: 'jwt-qr', userInfo: qrUser, remember: false } });

describe('绑定手机号', () => {
  it('binds a free phone: the stored user gets it, it says so and the dialog closes', async () => {
    const world = fakeWorld();
    const bound = { ...qrUser, mobile: proof.mobile };
    const { storeState } = await expectSaga(bindPhoneSaga)
      .withReducer(rootReducer, loggedInAsQr())
      .provide([world.providers, answers(authApi.bindPhone, { status: 'bound', userInfo: bound })])
      .dispatch(bindPhoneOpened({ reason: 'personal' }))
      .dispatch(bindPhoneSubmitted(proof))
      .call(authApi.bindPhone, proof)
      .put(userInfoLoaded(bound))
      .put(phoneBound())
      .silentRun(50);
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.phoneBound, 'account');
    expect(storeState.auth).toMatchObject({ token: 'jwt-qr', userInfo: bound });
    expect(storeState.bindPhone).toEqual({ open: false, reason: 'personal', status: 'idle', choice: null });
  });

  it('keeps the dialog open with what was typed when the server refuses (the http layer says why)', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(bindPhoneSaga)
      .withReducer(rootReducer, loggedInAsQr())
      .provide([world.providers, answers(authApi.bindPhone, throwError(apiError(AnswerCode.invalid, Messages.smsCodeInvalid)))])
      .dispatch(bindPhoneOpened({ reason: 'publish' }))
      .dispatch(bindPhoneSubmitted(proof))
      .not.put.actionType(phoneBound.type)
      .silentRun(50);
    expect(storeState.bindPhone).toEqual({ open: true, reason: 'publish', status: 'idle', choice: null });
    expect(storeState.auth.userInfo).toEqual(qrUser);
  });

  it('turns to the choice when the phone has an account, and 返回 goes back without a call', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(bindPhoneSaga)
      .withReducer(rootReducer, loggedInAsQr())
      .provide([world.providers, answers(authApi.bindPhone, { status: 'choose', current, phone })])
      .dispatch(bindPhoneOpened({ reason: 'personal' }))
      .dispatch(bindPhoneSubmitted(proof))
      .put(mergeChoiceOffered({ ...proof, current, phone }))
      .not.put.actionType(phoneBound.type)
      .silentRun(50);
    expect(storeState.bindPhone).toEqual({ open: true, reason: 'personal', status: 'idle', choice: { ...proof, current, phone } });
    expect(rootReducer(storeState, mergeChoiceLeft()).bindPhone.choice).toBeNull();
  });

  it.each(['current', 'phone'] as const)('keeping the %s account logs in as the account kept, with the same "remember me"', async (keep) => {
    const world = fakeWorld();
    const kept = keep === 'current' ? { ...qrUser, mobile: proof.mobile } : { id: 3, name: '用户9000', mobile: proof.mobile, openid: qrUser.openid };
    const { storeState } = await expectSaga(bindPhoneSaga)
      .withReducer(rootReducer, loggedInAsQr())
      .provide([world.providers, answers(authApi.bindPhone, { status: 'choose', current, phone }), answers(authApi.mergeAccounts, { token: 'jwt-kept', userInfo: kept })])
      .dispatch(bindPhoneOpened({ reason: 'personal' }))
      .dispatch(bindPhoneSubmitted(proof))
      .dispatch(mergeSubmitted({ keep }))
      .call(authApi.mergeAccounts, { ...proof, keep })
      .put(loggedIn({ token: 'jwt-kept', userInfo: kept, remember: false }))
      .put(phoneBound())
      .silentRun(50);
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.accountsMerged, 'account');
    expect(storeState.auth).toMatchObject({ token: 'jwt-kept', userInfo: kept });
    expect(storeState.bindPhone.open).toBe(false);
  });

  it('a refused merge keeps the choice and the session', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(bindPhoneSaga)
      .withReducer(rootReducer, loggedInAsQr())
      .provide([world.providers, answers(authApi.bindPhone, { status: 'choose', current, phone }), answers(authApi.mergeAccounts, throwError(apiError(AnswerCode.invalid, Messages.smsCodeExpired)))])
      .dispatch(bindPhoneOpened({ reason: 'personal' }))
      .dispatch(bindPhoneSubmitted(proof))
      .dispatch(mergeSubmitted({ keep: 'phone' }))
      .not.put.actionType(loggedIn.type)
      .silentRun(50);
    expect(storeState.bindPhone).toMatchObject({ open: true, status: 'idle', choice: { mobile: proof.mobile } });
    expect(storeState.auth.token).toBe('jwt-qr');
  });
});

describe('waitForBoundPhone', () => {
  function* waiting(): SagaIterator<boolean> {
    const bound: boolean = yield call(waitForBoundPhone, 'publish');
    return bound;
  }

  it('opens the dialog for 发布 and answers true once the phone is bound', async () => {
    const { returnValue, storeState } = await expectSaga(waiting).withReducer(rootReducer, loggedInAsQr()).put(bindPhoneOpened({ reason: 'publish' })).dispatch(phoneBound()).silentRun(50);
    expect(returnValue).toBe(true);
    expect(storeState.bindPhone.open).toBe(false);
  });

  it.each([
    ['the dialog is closed', bindPhoneCancelled()],
    ['the session ends', sessionEnded()],
  ])('answers false when %s', async (_when, action) => {
    const { returnValue } = await expectSaga(waiting).withReducer(rootReducer, loggedInAsQr()).dispatch(action).silentRun(50);
    expect(returnValue).toBe(false);
  });
});
