import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as commonApi from '../../../../src/client/api/commonApi';
import { rootReducer } from '../../../../src/client/app/rootReducer';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { delay, getContext } from 'redux-saga/effects';
import type { StaticProvider } from 'redux-saga-test-plan/providers';
import { SERVICES, type Services } from '../../../../src/client/app/services';
import { GO_HOME_DELAY_MS, tutorialSaga } from '../../../../src/client/features/tutorial/tutorialSaga';
import { loadFailed, pageOpened, videoLoaded, videoMissing } from '../../../../src/client/features/tutorial/tutorialSlice';
import { Messages } from '../../../../src/contract/messages';
import { makeFakeServices } from '../../fakeServices';
import { firstAnswersLast } from '../../firstAnswersLast';

const initial = rootReducer(undefined, { type: '@@init' });
/** The function behind redux-saga's `delay` effect, so that a provider can stand in for the wait. */
const delayFunction = (delay(0) as unknown as { payload: { fn: () => unknown } }).payload.fn;
const withServices = (services: Services): [ReturnType<typeof getContext>, Services] & StaticProvider => [getContext(SERVICES), services] as never;

describe('tutorialSaga', () => {
  it('shows the video when there is one', async () => {
    const services = makeFakeServices();
    const { storeState } = await expectSaga(tutorialSaga)
      .withReducer(rootReducer, initial)
      .provide([withServices(services), [matchers.call.fn(commonApi.getVideoTutorialUrl), { videoUrl: '/static/tutorial.mp4' }]])
      .dispatch(pageOpened({ type: '1' }))
      .call(commonApi.getVideoTutorialUrl, { type: '1' })
      .put(videoLoaded({ videoUrl: '/static/tutorial.mp4' }))
      .silentRun(20);
    expect(storeState.tutorial).toEqual({ status: 'succeeded', type: '1', videoUrl: '/static/tutorial.mp4' });
    expect(services.navigate).not.toHaveBeenCalled();
  });

  it("switching to another flow's video loads that one, and drops the first one's late answer", async () => {
    const services = makeFakeServices();
    // The first flow's answer comes late, after the user has switched to type 3.
    const answerFor = firstAnswersLast((args) => ({ videoUrl: `/static/tutorials/${(args[0] as { type: string }).type}.mp4` }));
    const { storeState } = await expectSaga(tutorialSaga)
      .withReducer(rootReducer, initial)
      .provide([withServices(services), [matchers.call.fn(commonApi.getVideoTutorialUrl), dynamic(answerFor)]])
      .dispatch(pageOpened({ type: '1' }))
      .dispatch(pageOpened({ type: '3' }))
      .call(commonApi.getVideoTutorialUrl, { type: '1' })
      .call(commonApi.getVideoTutorialUrl, { type: '3' })
      .put(videoLoaded({ videoUrl: '/static/tutorials/3.mp4' }))
      .not.put(videoLoaded({ videoUrl: '/static/tutorials/1.mp4' }))
      .silentRun(60);
    expect(storeState.tutorial).toEqual({ status: 'succeeded', type: '3', videoUrl: '/static/tutorials/3.mp4' });
  });

  it('without a video: says so, waits 2000 ms, then goes home', async () => {
    const services = makeFakeServices();
    const waited: number[] = [];
    const { storeState } = await expectSaga(tutorialSaga)
      .withReducer(rootReducer, initial)
      .provide([
        withServices(services),
        [matchers.call.fn(commonApi.getVideoTutorialUrl), { videoUrl: '' }],
        [matchers.call.fn(delayFunction), dynamic(({ args }) => void waited.push(Number(args[0])))],
      ])
      .dispatch(pageOpened({ type: '2' }))
      .put(videoMissing())
      .call(services.notify.error, Messages.tutorialMissing)
      .call(services.navigate, '/')
      .silentRun(20);
    expect(waited).toEqual([GO_HOME_DELAY_MS]);
    expect(storeState.tutorial.status).toBe('missing');
  });

  it('leaving the page during the 2000 ms cancels the trip home', async () => {
    const services = makeFakeServices();
    await expectSaga(tutorialSaga)
      .withReducer(rootReducer, initial)
      .provide([
        withServices(services),
        [matchers.call.fn(commonApi.getVideoTutorialUrl), { videoUrl: '' }],
        // The wait (2000 ms, shortened to 20) is still running when the user leaves after 5.
        [matchers.call.fn(delayFunction), dynamic(() => new Promise((resolve) => setTimeout(resolve, 20)))],
      ])
      .dispatch(pageOpened({ type: '2' }))
      .delay(5)
      .dispatch(locationChanged({ pathname: '/logo/selectPage', search: '?module=tl' }))
      .call(services.notify.error, Messages.tutorialMissing)
      .silentRun(60);
    expect(services.navigate).not.toHaveBeenCalled();
  });

  it('leaving the page before the answer drops it', async () => {
    const services = makeFakeServices();
    // The answer comes 20 ms after the request; the user leaves after 5.
    const slowAnswer = () => new Promise((resolve) => setTimeout(() => resolve({ videoUrl: '' }), 20));
    const { storeState } = await expectSaga(tutorialSaga)
      .withReducer(rootReducer, initial)
      .provide([withServices(services), [matchers.call.fn(commonApi.getVideoTutorialUrl), dynamic(slowAnswer)]])
      .dispatch(pageOpened({ type: '2' }))
      .delay(5)
      .dispatch(locationChanged({ pathname: '/', search: '' }))
      .not.put.actionType(videoMissing.type)
      .silentRun(60);
    expect(storeState.tutorial.status).toBe('loading');
    expect(services.notify.error).not.toHaveBeenCalled();
  });

  it('a failed request ends in the failed state, with no trip home (the http client has told the user)', async () => {
    const services = makeFakeServices();
    const { storeState } = await expectSaga(tutorialSaga)
      .withReducer(rootReducer, initial)
      .provide([withServices(services), [matchers.call.fn(commonApi.getVideoTutorialUrl), throwError(new ApiError({ code: 0, msg: '网络连接失败' }))]])
      .dispatch(pageOpened({ type: '1' }))
      .put(loadFailed())
      .silentRun(20);
    expect(storeState.tutorial.status).toBe('failed');
    expect(services.navigate).not.toHaveBeenCalled();
    expect(services.notify.error).not.toHaveBeenCalled();
  });
});
