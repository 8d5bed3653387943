/**
 * AI生成主视觉 in the generation flow: the description goes with the banner's create, the loading
 * dialog follows the server's stages (排队中, AI绘制中, 视频合成中), the painted key art is kept
 * with its description so that a render again paints nothing, a refusal is told and kept beside
 * the form as it was typed, and whether AI is offered comes from the server once.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import * as commonApi from '../../../../src/client/api/commonApi';
import * as generationApi from '../../../../src/client/api/generationApi';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { runGeneration } from '../../../../src/client/features/generation/generationSaga';
import { generationAccepted, generationRequested, pollAnswered, selectGenerationStage, selectPaintingError } from '../../../../src/client/features/generation/generationSlice';
import { keyArtSaga, loadKeyArtProvider } from '../../../../src/client/features/generation/keyArtSaga';
import { keyArtProviderLoaded, keyArtProviderRequested } from '../../../../src/client/features/generation/keyArtSlice';
import { bannerInputsOf, bannerTemplateChosen, configEdited, keyArtPromptEdited, keyArtPromptRedrafted, keyArtSourceChosen, selectionsSlice } from '../../../../src/client/features/selections/selectionsSlice';
import type { FlowConfig } from '../../../../src/client/features/selections/selections.types';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, GenerationMessages, type GenerationStage } from '../../../../src/contract/generation';
import { ART_STYLES } from '../../../../src/contract/artPrompt';
import { fakeWorld, rootReducer } from '../../sagaHarness';
import { bannerRequest, bannerTemplate, created, delayFunction, polled, sequence, startState } from './generationHarness';

function answer(fn: (...args: never[]) => unknown, value: unknown): StaticProvider {
  return [matchers.call.fn(fn), value] as StaticProvider;
}

const online = answer(commonApi.checkOnline, { isOnline: true });
const duration = answer(generationApi.getLogoCreationDuration, { logoCreationDuration: 30 });
const tracking = answer(commonApi.recordOperateLog, null);
// Provided time: every wait is the test's, none is the wall clock's.
const noWaits = answer(delayFunction, dynamic(() => undefined));
const onBannerPage = { pathname: '/banner/config', search: '?module=fsa' };
const PROMPT = '身披红色披风的武将立于城头，电影级光影';
const LABEL = '通义万相';
const KEY_ART = '/uploads/0123456789abcdef0123456789abcdef.jpg';
const aiRequest = { ...bannerRequest, payload: { ...bannerRequest.payload, keyArtPrompt: PROMPT } };

/** The state on the banner page with the banner form's AI choice made and its description typed. */
function bannerPageState(): RootState {
  const state = startState(onBannerPage.pathname, onBannerPage.search);
  const chosen = selectionsSlice.reducer(state.selections, keyArtSourceChosen({ slot: 'banner', source: 'ai' }));
  return { ...state, selections: selectionsSlice.reducer(chosen, keyArtPromptEdited({ slot: 'banner', prompt: PROMPT })) };
}

/** A reducer that records the dialog's stage after each action. */
function stageRecorder() {
  const stages: Array<GenerationStage | null> = [];
  const reducer = (state: RootState | undefined, action: UnknownAction): RootState => {
    const next = rootReducer(state, action);
    if (next.generation.status === 'loading' && stages.at(-1) !== selectGenerationStage(next)) stages.push(selectGenerationStage(next));
    return next;
  };
  return { reducer, stages };
}

describe('a banner over AI key art, from submit to result', () => {
  it('sends the description, names each stage the server reports, and keeps the painted picture with its description', async () => {
    const world = fakeWorld({ location: onBannerPage });
    const polls = sequence(
      polled({ waitCount: 1, stage: 'queued' }),
      polled({ stage: 'painting', expectedSeconds: 20 }),
      polled({ stage: 'painting', expectedSeconds: 12 }),
      polled({ stage: 'rendering', expectedSeconds: 4 }),
      polled({ isCreate: true, logoUrl: '/generated/l.png', bannerUrl: '/generated/b.mp4', artMaker: 'ai', artMakerLabel: LABEL, keyArtUrl: KEY_ART }),
    );
    const recorder = stageRecorder();
    const { storeState } = await expectSaga(runGeneration, generationRequested(aiRequest))
      .withReducer(recorder.reducer, bannerPageState())
      .provide([noWaits, world.providers, online, duration, tracking, answer(generationApi.logoCreate, created({ uniqueId: 'job-ai', waitCount: 1 })), answer(generationApi.logoPolling, polls.provider)])
      .put(generationAccepted({ kind: 'banner', paints: true, slot: 'banner' }))
      .call(generationApi.logoCreate, { ...aiRequest.payload, isFirst: true })
      .put(pollAnswered({ waitCount: 0, expectedSeconds: 20, at: world.services.now(), stage: 'painting' }))
      .run();
    expect(recorder.stages).toEqual(['queued', 'painting', 'rendering']);
    expect(world.services.notify.success).toHaveBeenCalledWith(GenerationMessages.bannerSucceeded);
    const form = storeState.selections.configs.banner as FlowConfig;
    expect(form).toMatchObject({
      bannerUrl: '/generated/b.mp4',
      keyArtSource: 'ai',
      keyArtPrompt: PROMPT,
      aiKeyArt: { url: KEY_ART, prompt: PROMPT, label: LABEL },
      bannerArt: { artMaker: 'ai', artMakerLabel: LABEL, keyArtUrl: KEY_ART },
    });
    // Generated again as it is: the painted picture, as an upload, and no description (nothing painted).
    expect(bannerInputsOf(form)).toEqual({ ...DEFAULT_BANNER_TEXTS, keyArt: KEY_ART });
    // A description changed: painted anew.
    expect(bannerInputsOf({ ...form, keyArtPrompt: `${PROMPT}，夜景` })).toEqual({ ...DEFAULT_BANNER_TEXTS, keyArtPrompt: `${PROMPT}，夜景` });
  });

  it("a painting's refusal is told once, kept for the form, and the form stays as typed", async () => {
    const world = fakeWorld({ location: onBannerPage });
    const refusal = '图像生成服务返回错误（HTTP 400），请稍后重试';
    const polls = sequence(polled({ stage: 'painting' }), polled({ expired: true, errorMsg: refusal }));
    const before = bannerPageState();
    const { storeState } = await expectSaga(runGeneration, generationRequested(aiRequest))
      .withReducer(rootReducer, before)
      .provide([noWaits, world.providers, online, duration, tracking, answer(generationApi.logoCreate, created({})), answer(generationApi.logoPolling, polls.provider)])
      .run();
    expect(world.services.notify.error).toHaveBeenCalledTimes(1);
    expect(world.services.notify.error).toHaveBeenCalledWith(refusal);
    expect(world.services.navigate).not.toHaveBeenCalled();
    expect(storeState.generation).toMatchObject({ status: 'failed', errorMessage: refusal, paints: true, paintingSlot: 'banner' });
    // Shown beside the banner page's description, not the mini site's.
    expect(selectPaintingError(storeState, 'banner')).toBe(refusal);
    expect(selectPaintingError(storeState, 'miniSite')).toBe('');
    expect(storeState.selections).toEqual(before.selections);
  });

  it('an empty or hostile description stops the submit with its message: nothing is sent', async () => {
    for (const [prompt, message] of [
      ['  ', GenerationMessages.keyArtPromptRequired],
      ['<img src=x onerror=alert(1)>', GenerationMessages.keyArtPromptInvalid],
    ] as const) {
      const world = fakeWorld({ location: onBannerPage });
      await expectSaga(runGeneration, generationRequested({ ...aiRequest, payload: { ...aiRequest.payload, keyArtPrompt: prompt } }))
        .withReducer(rootReducer, bannerPageState())
        .provide([noWaits, world.providers, online])
        .not.call.fn(generationApi.logoCreate)
        .not.put.actionType(generationAccepted.type)
        .run();
      expect(world.services.notify.warning).toHaveBeenCalledWith(message);
    }
  });
});

describe('the banner form choice', () => {
  it("AI drafts its description from the game's own texts and style once chosen; an upload of before stays the upload", () => {
    const style = ART_STYLES.find((candidate) => candidate.id === bannerTemplate.id);
    let state = selectionsSlice.reducer(undefined, bannerTemplateChosen({ template: bannerTemplate, module: 'fsa' }));
    state = selectionsSlice.reducer(state, configEdited({ slot: 'banner', changes: { logotext: '星河战纪', bannertextup: '群星之下，王者归来，开启你的星际征途' } }));
    state = selectionsSlice.reducer(state, keyArtSourceChosen({ slot: 'banner', source: 'ai' }));
    const drafted = (state.configs.banner as FlowConfig).keyArtPrompt ?? '';
    expect(drafted).toContain('《星河战纪》');
    expect(drafted).toContain('群星之下，王者归来');
    expect(drafted).toContain(style?.words);
    // The samples are another game's words: never in the description.
    expect(drafted).not.toContain(DEFAULT_LOGO_TEXTS.bottomtext);
    expect(drafted).not.toContain(DEFAULT_BANNER_TEXTS.bannertextdown);
    // Typed over, then drafted again from the texts.
    state = selectionsSlice.reducer(state, keyArtPromptEdited({ slot: 'banner', prompt: '夜色中的城楼' }));
    expect(bannerInputsOf(state.configs.banner as FlowConfig)).toMatchObject({ keyArtPrompt: '夜色中的城楼' });
    state = selectionsSlice.reducer(state, keyArtPromptRedrafted({ slot: 'banner' }));
    const form = state.configs.banner as FlowConfig;
    expect(form.keyArtPrompt).toBe(drafted);
    expect(bannerInputsOf(form)).toEqual({ bannertextup: '群星之下，王者归来，开启你的星际征途', bannertextdown: DEFAULT_BANNER_TEXTS.bannertextdown, keyArtPrompt: drafted });
    // A form kept before the choice existed, with an upload: still the upload.
    const kept = { ...form, keyArtSource: undefined, keyArtPrompt: undefined, keyArt: KEY_ART };
    expect(bannerInputsOf(kept)).toMatchObject({ keyArt: KEY_ART });
    expect(bannerInputsOf(kept)).not.toHaveProperty('keyArtPrompt');
    // The scene sends neither.
    expect(bannerInputsOf({ ...kept, keyArtSource: 'scene' })).toEqual({ bannertextup: kept.bannertextup, bannertextdown: kept.bannertextdown });
  });
});

describe('whether AI is offered', () => {
  it('asks the server once, and remembers its answer', async () => {
    const { storeState } = await expectSaga(keyArtSaga)
      .withReducer(rootReducer)
      .provide([answer(generationApi.getKeyArtProvider, { available: true, label: LABEL })])
      .dispatch(keyArtProviderRequested())
      .dispatch(keyArtProviderRequested())
      .put(keyArtProviderLoaded({ available: true, label: LABEL }))
      .silentRun(50);
    expect(storeState.keyArt).toEqual({ status: 'succeeded', available: true, label: LABEL });
    const calls: unknown[] = [];
    await expectSaga(loadKeyArtProvider)
      .withState(storeState)
      .provide([answer(generationApi.getKeyArtProvider, dynamic(() => calls.push(1)))])
      .run();
    expect(calls).toHaveLength(0);
  });

  it('a failed ask offers no AI (upload still works)', async () => {
    const { storeState } = await expectSaga(loadKeyArtProvider)
      .withReducer(rootReducer)
      .provide([answer(generationApi.getKeyArtProvider, throwError(new Error('network')))])
      .run();
    expect(storeState.keyArt).toMatchObject({ status: 'failed', available: false });
  });
});
