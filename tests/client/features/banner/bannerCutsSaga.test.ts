/** The banner preview's phone cut: asked for (on provided time) every portraitPollMs while it is made, showing how far, then every cutsPollMs until the WebMs are made; quietly given up on failure, stopped when the page closes. */
import type { UnknownAction } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, type StaticProvider } from 'redux-saga-test-plan/providers';
import { delay } from 'redux-saga/effects';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as generationApi from '../../../../src/client/api/generationApi';
import { rootReducer } from '../../../../src/client/app/rootReducer';
import { bannerCutsSaga } from '../../../../src/client/features/banner/bannerCutsSaga';
import { cutsFailed, cutsReady, cutsUnwatched, cutsWatched, phoneCutReady, portraitProgressed, selectBannerCuts } from '../../../../src/client/features/banner/bannerCutsSlice';
import { GenerationLimits, type BannerCutsAnswer } from '../../../../src/contract/generation';

const initial = rootReducer(undefined, { type: '@@init' });
/** The function behind redux-saga's `delay` effect, so that a provider can stand in for the wait. */
const delayFunction = (delay(0) as unknown as { payload: { fn: () => unknown } }).payload.fn;
const bannerUrl = '/generated/0123456789abcdef0123456789abcdef/banner.mp4';
const notYet: BannerCutsAnswer = { ready: false, portraitProgress: 0, portraitUrl: '', portraitPosterUrl: '', portraitWebmUrl: '', webmUrl: '', artMaker: 'scene', artMakerLabel: '', keyArtUrl: '' };
const phoneCutOnly: BannerCutsAnswer = { ...notYet, portraitProgress: 100, portraitUrl: '/generated/x/cuts/banner-portrait.mp4', portraitPosterUrl: '/generated/x/cuts/banner-portrait-poster.jpg' };
const made: BannerCutsAnswer = { ...phoneCutOnly, ready: true, portraitWebmUrl: '/generated/x/webm/banner-portrait.webm', webmUrl: '/generated/x/webm/banner.webm' };

/** Answers in turn, the last one from then on; counts the asks and the waits between them. */
function answering(...answers: BannerCutsAnswer[]) {
  const seen = { asks: 0, waits: [] as number[] };
  const providers: StaticProvider[] = [
    [matchers.call.fn(generationApi.bannerCuts), dynamic(() => answers[Math.min(seen.asks++, answers.length - 1)])],
    [matchers.call.fn(delayFunction), dynamic((effect: { args: number[] }) => void seen.waits.push(effect.args[0]))],
  ];
  return { seen, providers };
}

describe('the banner preview asking for its phone cut', () => {
  it('asks again every portraitPollMs while the phone cut is made, until the cuts are made, then shows them', async () => {
    const { seen, providers } = answering(notYet, notYet, made);
    const { storeState } = await expectSaga(bannerCutsSaga)
      .withReducer(rootReducer, initial)
      .provide(providers)
      .dispatch(cutsWatched({ bannerUrl }))
      .call(generationApi.bannerCuts, { bannerUrl })
      .put(cutsReady(made))
      .silentRun(50);
    expect(seen.asks).toBe(3);
    expect(seen.waits).toEqual([GenerationLimits.portraitPollMs, GenerationLimits.portraitPollMs]);
    expect(storeState.bannerCuts).toEqual({ bannerUrl, status: 'ready', portraitProgress: 100, cuts: made });
  });

  it('hands on how far the phone cut is while it is made, then asks for the WebMs every cutsPollMs', async () => {
    const { seen, providers } = answering(notYet, { ...notYet, portraitProgress: 35 }, { ...notYet, portraitProgress: 80 }, phoneCutOnly, phoneCutOnly, made);
    const seenProgress: number[] = [];
    const { storeState } = await expectSaga(bannerCutsSaga)
      .withReducer((state, action) => {
        const next = rootReducer(state, action);
        if (portraitProgressed.match(action)) seenProgress.push(selectBannerCuts(next).portraitProgress);
        return next;
      }, initial)
      .provide(providers)
      .dispatch(cutsWatched({ bannerUrl }))
      .put(portraitProgressed(35))
      .put(phoneCutReady(phoneCutOnly))
      .put(cutsReady(made))
      .silentRun(50);
    expect(seenProgress).toEqual([0, 35, 80]);
    const { portraitPollMs, cutsPollMs } = GenerationLimits;
    expect(seen.waits).toEqual([portraitPollMs, portraitPollMs, portraitPollMs, cutsPollMs, cutsPollMs]);
    expect(storeState.bannerCuts.portraitProgress).toBe(100);
  });

  it('hands on the phone cut once, as soon as it comes, and goes on asking until the WebMs are made', async () => {
    const { seen, providers } = answering(notYet, phoneCutOnly, phoneCutOnly, made);
    let handedOn = 0;
    const counting = (state: ReturnType<typeof rootReducer> | undefined, action: UnknownAction): ReturnType<typeof rootReducer> => {
      if (phoneCutReady.match(action)) handedOn++;
      return rootReducer(state, action);
    };
    const { storeState } = await expectSaga(bannerCutsSaga)
      .withReducer(counting, initial)
      .provide(providers)
      .dispatch(cutsWatched({ bannerUrl }))
      .put(phoneCutReady(phoneCutOnly))
      .put(cutsReady(made))
      .silentRun(50);
    expect(seen.asks).toBe(4);
    expect(handedOn).toBe(1);
    expect(storeState.bannerCuts).toEqual({ bannerUrl, status: 'ready', portraitProgress: 100, cuts: made });
  });

  it('keeps a phone cut that came when the WebMs do not', async () => {
    const { providers } = answering(phoneCutOnly);
    const { storeState } = await expectSaga(bannerCutsSaga).withReducer(rootReducer, initial).provide(providers).dispatch(cutsWatched({ bannerUrl })).put(cutsFailed()).silentRun(200);
    expect(storeState.bannerCuts).toEqual({ bannerUrl, status: 'failed', portraitProgress: 100, cuts: phoneCutOnly });
  });

  it('gives up after cutsWaitMaxMs of asking, and the page says the zip will have them', async () => {
    const { seen, providers } = answering(notYet);
    const { storeState } = await expectSaga(bannerCutsSaga).withReducer(rootReducer, initial).provide(providers).dispatch(cutsWatched({ bannerUrl })).put(cutsFailed()).silentRun(500);
    expect(seen.waits.reduce((sum, wait) => sum + wait, 0)).toBe(GenerationLimits.cutsWaitMaxMs);
    expect(seen.asks).toBe(GenerationLimits.cutsWaitMaxMs / GenerationLimits.portraitPollMs);
    expect(storeState.bannerCuts.status).toBe('failed');
  });

  it('stops at a refused or failed call, without asking again', async () => {
    let asks = 0;
    const { storeState } = await expectSaga(bannerCutsSaga)
      .withReducer(rootReducer, initial)
      .provide([[matchers.call.fn(generationApi.bannerCuts), dynamic(() => {
          asks++;
          throw new ApiError({ code: 400, msg: '整屏动画不存在或已过期，请重新生成' });
        })]])
      .dispatch(cutsWatched({ bannerUrl }))
      .put(cutsFailed())
      .silentRun(50);
    expect(asks).toBe(1);
    expect(storeState.bannerCuts.status).toBe('failed');
  });

  it('stops asking when the page closes', async () => {
    let asks = 0;
    const { storeState } = await expectSaga(bannerCutsSaga)
      .withReducer(rootReducer, initial)
      .provide([
        [matchers.call.fn(generationApi.bannerCuts), dynamic(() => (asks++, notYet))],
        // The wait after the first answer never ends by itself: only the page closing ends it.
        [matchers.call.fn(delayFunction), dynamic(() => new Promise(() => undefined))],
      ])
      .dispatch(cutsWatched({ bannerUrl }))
      .dispatch(cutsUnwatched())
      .not.put(cutsFailed())
      .silentRun(50);
    expect(asks).toBe(1);
    expect(storeState.bannerCuts).toEqual({ bannerUrl: null, status: 'idle', portraitProgress: 0, cuts: null });
  });
});
