import { END } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as commonApi from '../../../../src/client/api/commonApi';
import { rootReducer } from '../../../../src/client/app/rootReducer';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { GO_HOME_DELAY_MS, tutorialSaga } from '../../../../src/client/features/tutorial/tutorialSaga';
import { loadFailed, pageOpened, videoLoaded, videoMissing } from '../../../../src/client/features/tutorial/tutorialSlice';
import { Messages } from '../../../../src/contract/messages';
import { firstAnswersLast } from '../../firstAnswersLast';
import { answerLater, fakeWorld } from '../../sagaHarness';

const initial = rootReducer(undefined, { type: '@@init' });
const onTutorial = { pathname: '/videoTutorial', search: '?type=1' };

/*
 * The watcher never ends by itself: each test ends it (END) once the flow has done what it shows,
 * on the fake clock, instead of letting a timed run run out.
 */

describe('tutorialSaga', () => {
  it('shows the video when there is one', async () => {
    const world = fakeWorld({ location: onTutorial });
    const tester = expectSaga(tutorialSaga)
      .withReducer(rootReducer, initial)
      .provide([world.providers, [matchers.call.fn(commonApi.getVideoTutorialUrl), { videoUrl: '/static/tutorial.mp4' }]])
      .dispatch(pageOpened({ type: '1' }))
      .call(commonApi.getVideoTutorialUrl, { type: '1' })
      .put(videoLoaded({ videoUrl: '/static/tutorial.mp4' }));
    world.after(videoLoaded.type, () => tester.dispatch(END));
    const { storeState } = await tester.run();
    expect(storeState.tutorial).toEqual({ status: 'succeeded', type: '1', videoUrl: '/static/tutorial.mp4' });
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it("switching to another flow's video loads that one, and drops the first one's late answer", async () => {
    const world = fakeWorld({ location: onTutorial });
    // The first flow's answer comes late, after the user has switched to type 3.
    const answerFor = firstAnswersLast((args) => ({ videoUrl: `/static/tutorials/${(args[0] as { type: string }).type}.mp4` }));
    const tester = expectSaga(tutorialSaga)
      .withReducer(rootReducer, initial)
      .provide([world.providers, [matchers.call.fn(commonApi.getVideoTutorialUrl), dynamic(answerFor)]])
      .dispatch(pageOpened({ type: '1' }))
      .dispatch(pageOpened({ type: '3' }))
      .call(commonApi.getVideoTutorialUrl, { type: '1' })
      .call(commonApi.getVideoTutorialUrl, { type: '3' })
      .put(videoLoaded({ videoUrl: '/static/tutorials/3.mp4' }))
      .not.put(videoLoaded({ videoUrl: '/static/tutorials/1.mp4' }));
    world.after(videoLoaded.type, () => tester.dispatch(END));
    const { storeState } = await tester.run();
    expect(storeState.tutorial).toEqual({ status: 'succeeded', type: '3', videoUrl: '/static/tutorials/3.mp4' });
  });

  it('without a video: says so, waits 2000 ms, then goes home', async () => {
    const world = fakeWorld({ location: onTutorial });
    const tester = expectSaga(tutorialSaga)
      .withReducer(rootReducer, initial)
      .provide([world.providers, [matchers.call.fn(commonApi.getVideoTutorialUrl), { videoUrl: '' }]])
      .dispatch(pageOpened({ type: '2' }))
      .put(videoMissing())
      .call(world.services.notify.error, Messages.tutorialMissing)
      .call(world.services.navigate, '/');
    // The wait is the fake clock's: the trip home is done before the test ends the watcher.
    world.after(videoMissing.type, () => tester.dispatch(END));
    const { storeState } = await tester.run();
    expect(world.elapsed()).toBe(GO_HOME_DELAY_MS);
    expect(storeState.tutorial.status).toBe('missing');
  });

  it('leaving the page during the 2000 ms cancels the trip home', async () => {
    const world = fakeWorld({ location: onTutorial, pauseAfterDelays: 0 });
    const tester = expectSaga(tutorialSaga)
      .withReducer(rootReducer, initial)
      .provide([world.providers, [matchers.call.fn(commonApi.getVideoTutorialUrl), { videoUrl: '' }]])
      .dispatch(pageOpened({ type: '2' }))
      .call(world.services.notify.error, Messages.tutorialMissing);
    // The user leaves while the 2000 ms run.
    world.whenPaused(() => {
      tester.dispatch(locationChanged({ pathname: '/logo/selectPage', search: '?module=tl' }));
      tester.dispatch(END);
    });
    await tester.run();
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('leaving the page before the answer drops it', async () => {
    const world = fakeWorld({ location: onTutorial });
    const slow = answerLater({ videoUrl: '' });
    let tester: ReturnType<typeof expectSaga> | null = null;
    // The user leaves while the request is out; its answer comes after.
    const leaveWhileAsked = () => {
      queueMicrotask(() => {
        tester?.dispatch(locationChanged({ pathname: '/', search: '' }));
        slow.answer();
        tester?.dispatch(END);
      });
      return slow.provider();
    };
    tester = expectSaga(tutorialSaga)
      .withReducer(rootReducer, initial)
      .provide([world.providers, [matchers.call.fn(commonApi.getVideoTutorialUrl), dynamic(leaveWhileAsked)]])
      .dispatch(pageOpened({ type: '2' }))
      .not.put.actionType(videoMissing.type);
    const { storeState } = await tester.run();
    expect(storeState.tutorial.status).toBe('loading');
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });

  it('a failed request ends in the failed state, with no trip home (the http client has told the user)', async () => {
    const world = fakeWorld({ location: onTutorial });
    const tester = expectSaga(tutorialSaga)
      .withReducer(rootReducer, initial)
      .provide([world.providers, [matchers.call.fn(commonApi.getVideoTutorialUrl), throwError(new ApiError({ code: 0, msg: '网络连接失败' }))]])
      .dispatch(pageOpened({ type: '1' }))
      .put(loadFailed());
    world.after(loadFailed.type, () => tester.dispatch(END));
    const { storeState } = await tester.run();
    expect(storeState.tutorial.status).toBe('failed');
    expect(world.services.navigate).not.toHaveBeenCalled();
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });
});
