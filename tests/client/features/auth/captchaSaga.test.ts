import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { Messages } from '../../../../src/contract/messages';
import * as authApi from '../../../../src/client/api/authApi';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { captchaSaga, passCaptcha } from '../../../../src/client/features/auth/captchaSaga';
import {
  captchaDismissed,
  captchaFetchFailed,
  captchaImageLoaded,
  captchaPassed,
  captchaRefreshRequested,
  captchaRequested,
  captchaSubmitted,
  captchaVerifyFailed,
} from '../../../../src/client/features/auth/captchaSlice';
import { apiError, fakeWorld, rootReducer, stateWith } from '../../sagaHarness';

const first = { captchaId: 'cap-1', img: 'data:image/svg+xml;base64,AAA' };
const second = { captchaId: 'cap-2', img: 'data:image/svg+xml;base64,BBB' };

describe('captcha dialog', () => {
  it('loads an image when opened and passes a right code', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(captchaSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.getCaptcha), first], [matchers.call.fn(authApi.verifyCaptcha), null]])
      .dispatch(captchaRequested({ purpose: 'sms' }))
      .dispatch(captchaSubmitted({ code: 'ab12' }))
      .put(captchaImageLoaded(first))
      .call(authApi.verifyCaptcha, { captchaId: 'cap-1', code: 'ab12' })
      .put(captchaPassed({ captchaId: 'cap-1' }))
      .silentRun(50);
    expect(storeState.captcha).toEqual({ status: 'closed', purpose: null, captchaId: null, image: null });
  });

  it('says the code is wrong and shows a fresh image', async () => {
    const world = fakeWorld();
    let fetches = 0;
    const images = dynamic(() => (++fetches === 1 ? first : second));
    const { storeState } = await expectSaga(captchaSaga)
      .withReducer(rootReducer, stateWith())
      .provide([
        world.providers,
        [matchers.call.fn(authApi.getCaptcha), images],
        [matchers.call.fn(authApi.verifyCaptcha), throwError(apiError(422, Messages.captchaWrong))],
      ])
      .dispatch(captchaRequested({ purpose: 'login' }))
      .dispatch(captchaSubmitted({ code: 'zzzz' }))
      .put(captchaVerifyFailed())
      .put(captchaImageLoaded(second))
      .not.put.like({ action: { type: captchaPassed.type } })
      .silentRun(50);
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.captchaWrong);
    expect(storeState.captcha).toMatchObject({ status: 'ready', captchaId: 'cap-2', purpose: 'login' });
  });

  it('says the image could not be fetched, and a click on it tries again', async () => {
    const world = fakeWorld();
    let fetches = 0;
    const images = dynamic(() => {
      fetches += 1;
      if (fetches === 1) throw apiError(0, Messages.networkFailed);
      return first;
    });
    const { storeState } = await expectSaga(captchaSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.getCaptcha), images]])
      .dispatch(captchaRequested({ purpose: 'sms' }))
      .put(captchaFetchFailed())
      .dispatch(captchaRefreshRequested())
      .put(captchaImageLoaded(first))
      .silentRun(50);
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.captchaFetchFailed);
    expect(storeState.captcha.status).toBe('ready');
  });

  it('passCaptcha gives the passed id, or null when the dialog is closed or the page left', async () => {
    const world = fakeWorld({ location: { pathname: '/auth/register', search: '' } });
    const passed = await expectSaga(passCaptcha, 'sms').provide([world.providers]).dispatch(captchaPassed({ captchaId: 'cap-5' })).run();
    expect(passed.returnValue).toBe('cap-5');

    const dismissed = await expectSaga(passCaptcha, 'sms').provide([world.providers]).dispatch(captchaDismissed()).run();
    expect(dismissed.returnValue).toBeNull();

    const left = await expectSaga(passCaptcha, 'sms')
      .provide([world.providers])
      .dispatch(locationChanged({ pathname: '/auth/register', search: '?invite=x' }))
      .dispatch(locationChanged({ pathname: '/', search: '' }))
      .put(captchaDismissed())
      .run();
    expect(left.returnValue).toBeNull();
  });
});
