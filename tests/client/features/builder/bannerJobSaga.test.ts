import type { Action } from 'redux';
import { expectSaga } from 'redux-saga-test-plan';
import { dynamic } from 'redux-saga-test-plan/providers';
import * as builderApi from '../../../../src/client/api/builderApi';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { runBanner } from '../../../../src/client/features/builder/bannerJobSaga';
import { bannerCancelled, bannerClosed, bannerFinishing, bannerInquired, bannerQueueConfirmed, bannerQueueDeclined, bannerRendering, siteReplaced } from '../../../../src/client/features/builder/builderSlice';
import { BuilderLimits, BuilderMessages, type BannerStatusAnswer, type GenerateBannerAnswer } from '../../../../src/contract/builder';
import { GenerationMessages } from '../../../../src/contract/generation';
import { artPromptOf } from '../../../../src/contract/artPrompt';
import { fakeWorld, rootReducer } from '../../sagaHarness';
import { sequence } from '../generation/generationHarness';
import { openState, site, answer, failing, networkError, answerError } from './builderHarness';

const onBuilder = { pathname: '/createWeb', search: '' };

function generated(overrides: Partial<GenerateBannerAnswer> = {}): GenerateBannerAnswer {
  return { callbackUrl: '/api/createWeb/bannerStatus?taskId=t1', durationTime: 10, isInquiry: false, waitCount: 0, completed: false, ...overrides };
}
function status(overrides: Partial<BannerStatusAnswer> = {}): BannerStatusAnswer {
  return { status: 0, waitCount: 0, msg: '', bannerId: '', bannerUrl: '', logoUrl: '', ...overrides };
}
const done = status({ status: 1, bannerId: 'b-1', bannerUrl: '/generated/b.png', logoUrl: '/generated/l.png' });
const withBanner = site({ formData: { ...site().formData, banner: { prompt: '云海仙山', bannerImage: '/generated/b.png' } } }, 5);
const withLogo = site({ formData: { ...withBanner.formData, head: { nav1: '首页', headLogo: '/generated/l.png' } } }, 6);
const applyProviders = [answer(builderApi.setBannerPreview, withBanner), answer(builderApi.setAllConfigLogo, withLogo)];

/** The root reducer, noting each action's type and the banner's percent with the fake clock's time. */
function timeline(elapsed: () => number) {
  const events: { type: string; at: number; percent: number }[] = [];
  const reducer = (state: RootState | undefined, action: Action): RootState => {
    const next = rootReducer(state, action);
    if (action.type.startsWith('builder/banner')) events.push({ type: action.type, at: elapsed(), percent: next.builder.banner.percent });
    return next;
  };
  return { reducer, events };
}

describe('builder: banner generation', () => {
  it('polls pending, pending, done every 2 s, then sets the banner and the logo and replaces the site', async () => {
    const world = fakeWorld({ location: onBuilder });
    const polls = sequence(status({ waitCount: 2 }), status({ waitCount: 0 }), done);
    const { storeState } = await expectSaga(runBanner)
      .withReducer(rootReducer, openState())
      .provide([world.providers, answer(builderApi.generateBanner, generated({ waitCount: 3 })), answer(builderApi.getBannerStatus, polls.provider), ...applyProviders])
      .call(builderApi.generateBanner, { id: 42, isFirst: true, formData: { prompt: artPromptOf({ gameName: '', style: 'cloud-sea' }), bannerImage: '', logotext: '龙腾' } })
      .put(bannerRendering({ durationSeconds: 10, waitCount: 3 }))
      .call(builderApi.setBannerPreview, { id: 42, bannerId: 'b-1' })
      .call(builderApi.setAllConfigLogo, { id: 42, bannerLogo: { id: 'b-1', value: '/generated/l.png' } })
      .put(siteReplaced(withBanner))
      .put(siteReplaced(withLogo))
      .put(bannerClosed())
      .run();
    expect(polls.calls).toEqual([['/api/createWeb/bannerStatus?taskId=t1'], ['/api/createWeb/bannerStatus?taskId=t1'], ['/api/createWeb/bannerStatus?taskId=t1']]);
    // Every 2 s, then 2 s open at 100 %.
    expect(world.elapsed()).toBe(3 * BuilderLimits.bannerPollMs + BuilderLimits.progressCloseDelayMs);
    expect(storeState.builder.previewUrl).toBe('/sites/abc/index.html?v=6');
    expect(storeState.builder.site?.formData.head.headLogo).toBe('/generated/l.png');
    expect(storeState.builder.banner.status).toBe('idle');
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });

  it('the bar reaches 95 % exactly at durationTime, stays there, then 100 % and closes 2 s later', async () => {
    const world = fakeWorld({ location: onBuilder });
    const recording = timeline(world.elapsed);
    // Done on the 8th poll: 16 s, after the expected 10 s.
    const polls = sequence(...Array.from({ length: 7 }, () => status()), done);
    await expectSaga(runBanner)
      .withReducer(recording.reducer, openState())
      .provide([world.providers, answer(builderApi.generateBanner, generated({ durationTime: 10 })), answer(builderApi.getBannerStatus, polls.provider), ...applyProviders])
      .run();
    const progress = recording.events.filter((event) => event.type === 'builder/bannerProgressed');
    const first95 = progress.find((event) => event.percent === 95);
    expect(first95?.at).toBe(10_000);
    expect(progress.filter((event) => event.at < 10_000).every((event) => event.percent < 95)).toBe(true);
    // Linear: half way at half the time.
    expect(progress.find((event) => event.at === 5_000)?.percent).toBe(47);
    expect(Math.max(...progress.map((event) => event.percent))).toBe(95);
    const finishing = recording.events.find((event) => event.type === bannerFinishing.type);
    const closed = recording.events.find((event) => event.type === bannerClosed.type);
    expect(finishing?.percent).toBe(100);
    expect(closed && finishing ? closed.at - finishing.at : null).toBe(BuilderLimits.progressCloseDelayMs);
  });

  it('a banner due in half a second is asked for then, not after 2 s, and less often while it is late', async () => {
    const world = fakeWorld({ location: onBuilder });
    const pollTimes: number[] = [];
    let polls = 0;
    await expectSaga(runBanner)
      .withReducer(rootReducer, openState())
      .provide([
        world.providers,
        answer(builderApi.generateBanner, generated({ durationTime: 0.5 })),
        answer(
          builderApi.getBannerStatus,
          dynamic(() => {
            pollTimes.push(world.elapsed());
            polls += 1;
            return polls === 3 ? done : status();
          }),
        ),
        ...applyProviders,
      ])
      .put(bannerClosed())
      .run();
    // At 0.5 s, then late: 250 ms later, then 500 ms.
    expect(pollTimes).toEqual([500, 750, 1_250]);
  });

  it('a banner made already (completed) is asked for at once and applied', async () => {
    const world = fakeWorld({ location: onBuilder });
    const polls = sequence(done);
    await expectSaga(runBanner)
      .withReducer(rootReducer, openState())
      .provide([world.providers, answer(builderApi.generateBanner, generated({ durationTime: 0.5, completed: true })), answer(builderApi.getBannerStatus, polls.provider), ...applyProviders])
      .call(builderApi.setBannerPreview, { id: 42, bannerId: 'b-1' })
      .put(bannerClosed())
      .run();
    expect(polls.calls).toHaveLength(1);
    // Only the 2 s at 100 % before the dialog closes.
    expect(world.elapsed()).toBe(BuilderLimits.progressCloseDelayMs);
  });

  it('no durationTime: the bar takes the default 120 s', async () => {
    const world = fakeWorld({ location: onBuilder });
    const recording = timeline(world.elapsed);
    await expectSaga(runBanner)
      .withReducer(recording.reducer, openState())
      .provide([world.providers, answer(builderApi.generateBanner, generated({ durationTime: 0 })), answer(builderApi.getBannerStatus, done), ...applyProviders])
      .put(bannerRendering({ durationSeconds: BuilderLimits.defaultBannerSeconds, waitCount: 0 }))
      .run();
    // Of 120 s the bar's first 1 % takes 1.26 s: it shows at the tick of 1.5 s, and nothing more before the answer at 2 s.
    expect(recording.events.filter((event) => event.type === 'builder/bannerProgressed')).toEqual([{ type: 'builder/bannerProgressed', at: 1_500, percent: 1 }]);
  });

  it('inquiry, confirmed: asks with the wait count, then sends again with isFirst false and polls', async () => {
    const world = fakeWorld({ location: onBuilder });
    const requests = sequence(generated({ isInquiry: true, waitCount: 8, callbackUrl: '' }), generated());
    await expectSaga(runBanner)
      .withReducer(rootReducer, openState())
      .provide([world.providers, answer(builderApi.generateBanner, requests.provider), answer(builderApi.getBannerStatus, done), ...applyProviders])
      .put(bannerInquired({ waitCount: 8 }))
      .delay(5)
      .dispatch(bannerQueueConfirmed())
      .call.fn(builderApi.setBannerPreview)
      .run();
    expect(requests.calls.map(([body]) => (body as { isFirst: boolean }).isFirst)).toEqual([true, false]);
  });

  it('inquiry, declined: nothing more is sent and the dialogs close', async () => {
    const world = fakeWorld({ location: onBuilder });
    const requests = sequence(generated({ isInquiry: true, waitCount: 8, callbackUrl: '' }));
    const { storeState } = await expectSaga(runBanner)
      .withReducer(rootReducer, openState())
      .provide([world.providers, answer(builderApi.generateBanner, requests.provider)])
      .put(bannerInquired({ waitCount: 8 }))
      .delay(5)
      .dispatch(bannerQueueDeclined())
      .not.call.fn(builderApi.getBannerStatus)
      .run();
    expect(requests.calls).toHaveLength(1);
    expect(storeState.builder.banner.status).toBe('idle');
  });

  it('an error answer while polling: its message, the dialog closes, nothing is applied', async () => {
    const world = fakeWorld({ location: onBuilder });
    const polls = sequence<unknown>(status(), answerError(500, '渲染失败'));
    const { storeState } = await expectSaga(runBanner)
      .withReducer(rootReducer, openState())
      .provide([world.providers, answer(builderApi.generateBanner, generated()), answer(builderApi.getBannerStatus, polls.provider)])
      .put(bannerClosed())
      .not.call.fn(builderApi.setBannerPreview)
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith('渲染失败');
    expect(storeState.builder.banner.status).toBe('idle');
  });

  it('a network error while polling says 轮询失败，请重试', async () => {
    const world = fakeWorld({ location: onBuilder });
    await expectSaga(runBanner)
      .withReducer(rootReducer, openState())
      .provide([world.providers, answer(builderApi.generateBanner, generated()), failing(builderApi.getBannerStatus, networkError)])
      .put(bannerClosed())
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith(GenerationMessages.pollNetworkFailed);
  });

  it('a network error on the first request says 生成整屏动画失败 and polls nothing', async () => {
    const world = fakeWorld({ location: onBuilder });
    await expectSaga(runBanner)
      .withReducer(rootReducer, openState())
      .provide([world.providers, failing(builderApi.generateBanner, networkError)])
      .not.call.fn(builderApi.getBannerStatus)
      .put(bannerClosed())
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith(BuilderMessages.bannerFailed);
  });

  it('setting the result fails: 更换banner失败，请重试', async () => {
    const world = fakeWorld({ location: onBuilder });
    await expectSaga(runBanner)
      .withReducer(rootReducer, openState())
      .provide([world.providers, answer(builderApi.generateBanner, generated()), answer(builderApi.getBannerStatus, done), failing(builderApi.setBannerPreview, answerError(500))])
      .not.call.fn(builderApi.setAllConfigLogo)
      .put(bannerClosed())
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith(BuilderMessages.changeBannerFailed);
  });

  it('an invalid banner tab stops before anything is sent', async () => {
    const world = fakeWorld({ location: onBuilder });
    const invalid = site({ formData: { ...site().formData, logo: { logotext: '' } } });
    await expectSaga(runBanner).withReducer(rootReducer, openState(invalid)).provide([world.providers]).not.call.fn(builderApi.generateBanner).run();
    expect(world.services.notify.warning).toHaveBeenCalledWith(BuilderMessages.formInvalid);
  });

  it.each([
    ['leaving the page', locationChanged({ pathname: '/backend/siteList', search: '' })],
    ['the dialog\'s 取消', bannerCancelled()],
  ])('%s stops the polling and closes the dialog', async (_name, stop) => {
    // Two ticks of the bar, then the next wait never ends: the user is looking at the dialog, no poll made yet.
    const world = fakeWorld({ location: onBuilder, pauseAfterDelays: 2 });
    const { storeState } = await expectSaga(runBanner)
      .withReducer(rootReducer, openState())
      .provide([world.providers, answer(builderApi.generateBanner, generated()), answer(builderApi.getBannerStatus, done)])
      .put(bannerRendering({ durationSeconds: 10, waitCount: 0 }))
      .delay(5)
      .dispatch(stop)
      .put(bannerClosed())
      .not.call.fn(builderApi.getBannerStatus)
      .run();
    expect(storeState.builder.banner.status).toBe('idle');
  });
});
