import type { Action } from 'redux';
import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, type StaticProvider } from 'redux-saga-test-plan/providers';
import * as builderApi from '../../../../src/client/api/builderApi';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { windowEvents } from '../../../../src/client/app/windowEvents';
import { autoSaveSaga, saveOnPageHide } from '../../../../src/client/features/builder/autoSaveSaga';
import { fieldEdited, saveSucceeded } from '../../../../src/client/features/builder/builderSlice';
import { BuilderLimits, BuilderMessages } from '../../../../src/contract/builder';
import { rootReducer } from '../../sagaHarness';
import { sequence } from '../generation/generationHarness';
import { openState, site, answer, failing, networkError, answerError, servicesOnly } from './builderHarness';
import { runOnFakeClock } from '../../fakeClock';

describe('builder: auto-save', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('several edits within 1 s are one saveConfig with the last values, and the preview follows the answer', async () => {
    const { providers } = servicesOnly();
    const saves = sequence(site({ formData: { ...site().formData, main: { siteName: '龙腾三', bgm: '' } } }, 2));
    const run = runOnFakeClock(expectSaga(autoSaveSaga).withReducer(rootReducer, openState()).provide([providers, answer(builderApi.saveConfig, saves.provider)]));
    run.dispatch(fieldEdited({ type: 'main', key: 'siteName', value: '龙腾一' }));
    await run.advance(200);
    run.dispatch(fieldEdited({ type: 'main', key: 'siteName', value: '龙腾二' }));
    await run.advance(200);
    run.dispatch(fieldEdited({ type: 'main', key: 'siteName', value: '龙腾三' }));
    // Nothing is sent before a whole second has passed since the last edit...
    await run.advance(BuilderLimits.autoSaveDebounceMs - 1);
    expect(saves.calls).toHaveLength(0);
    // ...then one save, and no other after it.
    await run.advance(1);
    expect(saves.calls).toHaveLength(1);
    const { storeState } = await run.finish();
    expect(saves.calls).toHaveLength(1);
    const [request] = saves.calls[0] as [Parameters<typeof builderApi.saveConfig>[0]];
    expect(request.id).toBe(42);
    expect(request.formData.main.siteName).toBe('龙腾三');
    // The other types' values go too: the whole form.
    expect(request.formData.footer).toEqual({ copyright: '© 龙腾' });
    expect(request.selectedComponents).toEqual({ main: 1, head: 1, banner: 1, content: 1, sidebar: 1, footer: 1, logo: 1 });
    expect(storeState.builder.pending).toEqual({});
    expect(storeState.builder.saveStatus).toBe('saved');
    expect(storeState.builder.previewUrl).toBe('/sites/abc/index.html?v=2');
  });

  it('an edit shows at once, before the save', () => {
    const state = rootReducer(openState(), fieldEdited({ type: 'head', key: 'nav1', value: '新闻' }) as Action);
    expect(state.builder.site?.formData.head.nav1).toBe('新闻');
    expect(state.builder.pending).toEqual({ head: { nav1: '新闻' } });
  });

  it('an edit made while a save was on its way stays pending and on screen', () => {
    let state = rootReducer(openState(), fieldEdited({ type: 'main', key: 'siteName', value: 'A' }) as Action);
    const sent = state.builder.pending;
    state = rootReducer(state, fieldEdited({ type: 'main', key: 'siteName', value: 'AB' }) as Action);
    const answered = site({ formData: { ...site().formData, main: { siteName: 'A', bgm: '' } } }, 2);
    state = rootReducer(state, saveSucceeded({ site: answered, sent }) as Action);
    expect(state.builder.site?.formData.main.siteName).toBe('AB');
    expect(state.builder.pending).toEqual({ main: { siteName: 'AB' } });
  });

  it('offline: the change is kept, said once, and sent again when the browser is back online', async () => {
    const { services, providers } = servicesOnly();
    const saves = sequence<unknown>(null);
    let attempt = 0;
    const provider = dynamic(({ args }: { args: unknown[] }) => {
      attempt += 1;
      saves.calls.push(args);
      if (attempt <= 2) throw networkError;
      return site({}, 3);
    });
    const run = runOnFakeClock(expectSaga(autoSaveSaga).withReducer(rootReducer, openState()).provide([providers, answer(builderApi.saveConfig, provider)]));
    run.dispatch(fieldEdited({ type: 'main', key: 'siteName', value: '离线一' }));
    await run.advance(BuilderLimits.autoSaveDebounceMs);
    expect(saves.calls).toHaveLength(1);
    // Still offline: the next edit tries again, and fails again, without a second message.
    run.dispatch(fieldEdited({ type: 'main', key: 'siteName', value: '离线二' }));
    await run.advance(BuilderLimits.autoSaveDebounceMs);
    expect(saves.calls).toHaveLength(2);
    // Nothing is tried again until the browser says it is back online; then at once.
    await run.advance(10 * BuilderLimits.autoSaveDebounceMs);
    expect(saves.calls).toHaveLength(2);
    window.dispatchEvent(new Event('online'));
    await run.advance(0);
    expect(saves.calls).toHaveLength(3);
    const { storeState } = await run.finish();
    expect(saves.calls).toHaveLength(3);
    expect((saves.calls[2][0] as { formData: { main: { siteName: string } } }).formData.main.siteName).toBe('离线二');
    expect(services.notify.warning).toHaveBeenCalledTimes(1);
    expect(services.notify.warning).toHaveBeenCalledWith(BuilderMessages.savedOffline);
    expect(services.notify.error).not.toHaveBeenCalled();
    expect(storeState.builder.pending).toEqual({});
    expect(storeState.builder.saveStatus).toBe('saved');
  });

  it('while offline the edit stays unsaved (dirty) and on screen', async () => {
    const { providers } = servicesOnly();
    const run = runOnFakeClock(expectSaga(autoSaveSaga).withReducer(rootReducer, openState()).provide([providers, failing(builderApi.saveConfig, networkError)]));
    run.dispatch(fieldEdited({ type: 'main', key: 'siteName', value: '离线' }));
    await run.advance(BuilderLimits.autoSaveDebounceMs);
    const { storeState } = await run.finish();
    expect(storeState.builder.saveStatus).toBe('offline');
    expect(storeState.builder.pending).toEqual({ main: { siteName: '离线' } });
    expect(storeState.builder.site?.formData.main.siteName).toBe('离线');
  });

  it('a refused save says the server\'s reason (or 保存失败) and keeps the edit', async () => {
    const { services, providers } = servicesOnly();
    const run = runOnFakeClock(expectSaga(autoSaveSaga).withReducer(rootReducer, openState()).provide([providers, failing(builderApi.saveConfig, answerError(422))]));
    run.dispatch(fieldEdited({ type: 'main', key: 'siteName', value: 'x' }));
    await run.advance(BuilderLimits.autoSaveDebounceMs);
    const { storeState } = await run.finish();
    expect(services.notify.error).toHaveBeenCalledWith(BuilderMessages.saveFailed);
    expect(storeState.builder.saveStatus).toBe('failed');
    expect(storeState.builder.pending).toEqual({ main: { siteName: 'x' } });
  });

  it('leaving the page with unsaved edits saves them at once, without waiting for the debounce', async () => {
    const { providers } = servicesOnly();
    const saves = sequence(site({}, 2));
    const run = runOnFakeClock(
      expectSaga(autoSaveSaga)
        .withReducer(rootReducer, openState(site(), { pending: { main: { siteName: '未保存' } } }))
        .provide([providers, answer(builderApi.saveConfig, saves.provider)]),
    );
    run.dispatch(locationChanged({ pathname: '/backend/siteList', search: '' }));
    // The clock does not move: sent at once.
    await run.advance(0);
    expect(saves.calls).toHaveLength(1);
    await run.finish();
    expect(saves.calls).toHaveLength(1);
  });

  it('leaving with nothing unsaved sends nothing', async () => {
    const { providers } = servicesOnly();
    const run = runOnFakeClock(
      expectSaga(autoSaveSaga)
        .withReducer(rootReducer, openState())
        .provide([providers])
        .dispatch(locationChanged({ pathname: '/backend/siteList', search: '' }))
        .not.call.fn(builderApi.saveConfig),
    );
    // Not at once, nor after the debounce (the clock runs out).
    await run.finish();
  });
});

describe('builder: closing the tab', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('sends unsaved edits in one last save that outlives the page; with nothing unsaved, nothing', async () => {
    const sent: unknown[] = [];
    const onUnload: StaticProvider = [matchers.call.fn(builderApi.saveConfigOnUnload), dynamic(({ args }) => sent.push(args[0]) > 0)];
    for (const state of [openState(site(), { pending: { main: { siteName: '未保存' } } }), openState()]) {
      const pagehide = channel<true>();
      const run = runOnFakeClock(expectSaga(saveOnPageHide).withState(state).provide([[matchers.call(windowEvents, 'pagehide'), pagehide], onUnload]));
      pagehide.put(true);
      await run.finish();
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: 42, formData: { main: { siteName: '龙腾天下' } }, selectedComponents: { main: 1, head: 1 } });
  });
});
