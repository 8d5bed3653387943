import type { Action } from 'redux';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError, type EffectProviders, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as builderApi from '../../../../src/client/api/builderApi';
import * as siteListApi from '../../../../src/client/api/siteListApi';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { SERVICES } from '../../../../src/client/app/services';
import {
  autoSaveSaga,
  saveOnPageHide,
  chooseMusic,
  chooseTemplate,
  completeSite,
  loadPickerPage,
  openSite,
  followLogo,
  runBanner,
  saveQueue,
  uploadImage,
} from '../../../../src/client/features/builder/builderSaga';
import {
  bannerCancelled,
  bannerClosed,
  bannerFinishing,
  bannerInquired,
  bannerQueueConfirmed,
  bannerQueueDeclined,
  bannerRendering,
  builderOpened,
  fieldEdited,
  imageUploadRequested,
  musicChosen,
  saveRequested,
  saveSucceeded,
  siteFailed,
  siteLogoRequested,
  siteLoaded,
  siteReplaced,
  templateSwitched,
  tabChanged,
} from '../../../../src/client/features/builder/builderSlice';
import { initialMiniSiteState } from '../../../../src/client/features/miniSite/miniSiteSlice';
import { BuilderLimits, BuilderMessages, SiteStatus, type BannerStatusAnswer, type GenerateBannerAnswer } from '../../../../src/contract/builder';
import { GenerationMessages } from '../../../../src/contract/generation';
import { artPromptOf } from '../../../../src/contract/artPrompt';
import { makeFakeServices } from '../../fakeServices';
import { initialSelectionsState } from '../../../../src/client/features/selections/selectionsSlice';
import { fakeWorld, rootReducer } from '../../sagaHarness';
import { sequence } from '../generation/generationHarness';
import { selectBuilderSite } from '../../../../src/client/features/builder/builderSelectors';
import { builderState, openState, site, template } from './builderHarness';
import { runOnFakeClock } from './fakeClock';

function answer(fn: (...args: never[]) => unknown, value: unknown): StaticProvider {
  return [matchers.call.fn(fn), value] as StaticProvider;
}
function failing(fn: (...args: never[]) => unknown, error: Error): StaticProvider {
  return [matchers.call.fn(fn), throwError(error)] as StaticProvider;
}

const networkError = new ApiError({ code: 0, msg: '网络连接失败，请检查网络' });
function answerError(code: number, serverMsg = ''): ApiError {
  return new ApiError({ code, msg: serverMsg || '请求失败', httpStatus: 200, serverMsg });
}

/** Services only: `delay` (and so `debounce`) runs on the timers: jest's fake ones in the auto-save tests. */
function servicesOnly(location = { pathname: '/createWeb', search: '' }) {
  const services = makeFakeServices(location);
  const providers: EffectProviders = { getContext: (key, next) => (key === SERVICES ? services : next()) };
  return { services, providers };
}

describe('builder: opening a site', () => {
  it('?new=1 makes a new site (getWebUrl main, id 0) and drops the query from the address', async () => {
    const { services, providers } = servicesOnly();
    const created = site({ id: 7 });
    const { storeState } = await expectSaga(openSite, builderOpened({ opening: { kind: 'new' }, page: 'edit' }))
      .withReducer(rootReducer, builderState({ siteId: 3 }))
      .provide([providers, answer(builderApi.getWebUrl, created)])
      .call(builderApi.getWebUrl, { type: 'main', id: 0, selectedComponents: {}, identity: {} })
      .put(siteLoaded(created))
      // Its own logo is asked for at once, in the save queue's line.
      .put(siteLogoRequested())
      .not.call.fn(builderApi.getSelectConfig)
      .run();
    expect(services.navigate).toHaveBeenCalledWith('/createWeb', { replace: true });
    expect(storeState.builder).toMatchObject({ siteId: 7, previewUrl: created.previewUrl, status: 'succeeded' });
  });

  it('starts a new site and a template switch from the game\'s identity, which the server puts in the fields that mean the same', async () => {
    const { providers } = servicesOnly();
    const identity = { game_name: '星辰战纪', slogan: '群星之下 王者归来', publisher: '星河出版社', icp: '京ICP备1号', ios_url: 'https://apps.example.com/x' };
    const named = { ...builderState({ siteId: 3 }), selections: { ...initialSelectionsState, identity } };
    const created = site({ id: 7, formData: { ...site().formData, main: { web_name: '星辰战纪' } } });
    await expectSaga(openSite, builderOpened({ opening: { kind: 'new' }, page: 'edit' }))
      .withReducer(rootReducer, named)
      .provide([providers, answer(builderApi.getWebUrl, created)])
      .call(builderApi.getWebUrl, { type: 'main', id: 0, selectedComponents: {}, identity })
      .put(siteLoaded(created))
      .not.put.actionType(fieldEdited.type)
      .run();
    const picking = { ...openState(site(), { picker: { type: 'footer', status: 'succeeded', page: 1, total: 12, items: [], selectedId: 2, applying: false } }), selections: { ...initialSelectionsState, identity } };
    await expectSaga(chooseTemplate)
      .withReducer(rootReducer, picking)
      .provide([providers, answer(builderApi.getWebUrl, site({}, 2))])
      .call(builderApi.getWebUrl, { type: 'footer', id: 42, selectedComponents: { main: 1, head: 1, banner: 1, content: 1, sidebar: 1, footer: 2, logo: 1 }, identity })
      .run();
  });

  it('?id=N opens site N with getSelectConfig', async () => {
    const { providers } = servicesOnly();
    const opened = site({ id: 9 });
    await expectSaga(openSite, builderOpened({ opening: { kind: 'id', id: 9 }, page: 'edit' }))
      .withReducer(rootReducer, builderState({ siteId: 3 }))
      .provide([providers, answer(builderApi.getSelectConfig, opened)])
      .call(builderApi.getSelectConfig, { id: 9 })
      .put(siteLoaded(opened))
      .not.call.fn(builderApi.getWebUrl)
      .run();
  });

  it('no query: the site id kept in session storage is opened again', async () => {
    const { providers } = servicesOnly();
    await expectSaga(openSite, builderOpened({ opening: { kind: 'stored' }, page: 'edit' }))
      .withReducer(rootReducer, builderState({ siteId: 42, previewUrl: '/sites/abc/index.html?v=1' }))
      .provide([providers, answer(builderApi.getSelectConfig, site())])
      .call(builderApi.getSelectConfig, { id: 42 })
      .not.call.fn(builderApi.getWebUrl)
      .run();
  });

  it('no query and nothing stored: the latest site still 编辑中 is opened, not a new one', async () => {
    const { providers } = servicesOnly();
    const records = [
      { id: 9, web_name: '已完成的站', status: SiteStatus.completed, create_time: '', update_time: '' },
      { id: 7, web_name: '星辰战纪', status: SiteStatus.editing, create_time: '', update_time: '' },
      { id: 3, web_name: '更早的站', status: SiteStatus.editing, create_time: '', update_time: '' },
    ];
    await expectSaga(openSite, builderOpened({ opening: { kind: 'stored' }, page: 'edit' }))
      .withReducer(rootReducer, builderState())
      .provide([providers, answer(siteListApi.getSiteList, { list: records, total: 3 }), answer(builderApi.getSelectConfig, site())])
      .call(siteListApi.getSiteList, { page: 1, page_size: 20 })
      .call(builderApi.getSelectConfig, { id: 7 })
      .not.call.fn(builderApi.getWebUrl)
      .run();
  });

  it('no query, nothing stored and nothing 编辑中 (or no list): a new site', async () => {
    for (const list of [answer(siteListApi.getSiteList, { list: [{ id: 9, web_name: '已完成的站', status: SiteStatus.completed, create_time: '', update_time: '' }], total: 1 }), failing(siteListApi.getSiteList, answerError(500, '服务器错误'))]) {
      const { services, providers } = servicesOnly();
      await expectSaga(openSite, builderOpened({ opening: { kind: 'stored' }, page: 'edit' }))
        .withReducer(rootReducer, builderState())
        .provide([providers, list, answer(builderApi.getWebUrl, site())])
        .call(builderApi.getWebUrl, { type: 'main', id: 0, selectedComponents: {}, identity: {} })
        .run();
      // The address had no query to drop.
      expect(services.navigate).not.toHaveBeenCalled();
    }
  });

  it('the site already on screen is not fetched again (coming back from the result page keeps unsaved edits)', async () => {
    const { providers } = servicesOnly();
    await expectSaga(openSite, builderOpened({ opening: { kind: 'stored' }, page: 'edit' }))
      .withReducer(rootReducer, openState(site(), { pending: { main: { siteName: '未保存' } } }))
      .provide([providers])
      .not.call.fn(builderApi.getSelectConfig)
      .not.call.fn(builderApi.getWebUrl)
      .run();
  });

  it('the result page never makes a new site', async () => {
    const { providers } = servicesOnly();
    await expectSaga(openSite, builderOpened({ opening: { kind: 'stored' }, page: 'result' }))
      .withReducer(rootReducer, builderState())
      .provide([providers])
      .put(siteFailed())
      .not.call.fn(builderApi.getWebUrl)
      .run();
  });

  it('a stored site that cannot be opened is said, and forgotten', async () => {
    const { services, providers } = servicesOnly();
    const { storeState } = await expectSaga(openSite, builderOpened({ opening: { kind: 'stored' }, page: 'edit' }))
      .withReducer(rootReducer, builderState({ siteId: 42 }))
      .provide([providers, failing(builderApi.getSelectConfig, answerError(404, BuilderMessages.siteUnknown))])
      .put(siteFailed())
      .run();
    expect(services.notify.error).toHaveBeenCalledWith(BuilderMessages.siteUnknown);
    expect(storeState.builder.siteId).toBeNull();
  });
});

describe('builder: the site\'s own logo', () => {
  it('is asked for between saves after an edit of the name or the LOGO文字, and replaces the site', async () => {
    const { providers } = servicesOnly();
    const named = site({ formData: { ...site().formData, logo: { logotext: '星河' } } }, 2);
    const withLogo = site({ formData: { ...named.formData, head: { ...named.formData.head, headLogo: '/generated/0123456789abcdef0123456789abcdef/logo.png' } } }, 3);
    const edited = rootReducer(openState(), fieldEdited({ type: 'logo', key: 'logotext', value: '星河' }) as Action);
    const { storeState } = await expectSaga(saveQueue)
      .withReducer(rootReducer, edited)
      .provide([providers, answer(builderApi.saveConfig, named), answer(builderApi.siteLogo, withLogo)])
      .dispatch(saveRequested({ origin: 'auto' }))
      .call.fn(builderApi.saveConfig)
      .put(siteLogoRequested())
      .call(builderApi.siteLogo, { id: 42 })
      .put(siteReplaced(withLogo))
      .silentRun(50);
    expect(storeState.builder.site?.formData.head.headLogo).toBe('/generated/0123456789abcdef0123456789abcdef/logo.png');
  });

  it('leaves the page as it is when a template was switched or undone while the logo was drawn', async () => {
    const { providers } = servicesOnly();
    const drawnBeforeTheSwitch = site({ formData: { ...site().formData, head: { ...site().formData.head, headLogo: '/generated/0123456789abcdef0123456789abcdef/logo.png' } } }, 3);
    const switched = site({ selectedComponents: { ...site().selectedComponents, head: template('head', 2) } }, 2);
    // The page as it was when the logo was asked for, then as it is when the answer comes.
    const shown = [site(), switched];
    await expectSaga(followLogo)
      .provide([providers, [matchers.select(selectBuilderSite), dynamic(() => shown.shift())], answer(builderApi.siteLogo, drawnBeforeTheSwitch)])
      .call(builderApi.siteLogo, { id: 42 })
      .not.put.actionType(siteReplaced.type)
      .run();
    // Nothing switched meanwhile: the answer is the page.
    await expectSaga(followLogo)
      .withReducer(rootReducer, openState())
      .provide([providers, answer(builderApi.siteLogo, drawnBeforeTheSwitch)])
      .put(siteReplaced(drawnBeforeTheSwitch))
      .run();
  });

  it('is not asked for after other edits, and a failure keeps the logo quietly', async () => {
    const { services, providers } = servicesOnly();
    const edited = rootReducer(openState(), fieldEdited({ type: 'head', key: 'nav1', value: '新闻' }) as Action);
    await expectSaga(saveQueue)
      .withReducer(rootReducer, edited)
      .provide([providers, answer(builderApi.saveConfig, site({}, 2))])
      .dispatch(saveRequested({ origin: 'auto' }))
      .not.call.fn(builderApi.siteLogo)
      .silentRun(50);
    await expectSaga(saveQueue)
      .withReducer(rootReducer, openState())
      .provide([providers, failing(builderApi.siteLogo, networkError)])
      .dispatch(siteLogoRequested())
      .call(builderApi.siteLogo, { id: 42 })
      .not.put.actionType(siteReplaced.type)
      .silentRun(50);
    expect(services.notify.error).not.toHaveBeenCalled();
  });
});

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
  it('sends unsaved edits in one last save that outlives the page; with nothing unsaved, nothing', async () => {
    const sent: unknown[] = [];
    const onUnload: StaticProvider = [matchers.call.fn(builderApi.saveConfigOnUnload), dynamic(({ args }) => sent.push(args[0]) > 0)];
    const dirty = expectSaga(saveOnPageHide).withState(openState(site(), { pending: { main: { siteName: '未保存' } } })).provide([onUnload]).silentRun(20);
    window.dispatchEvent(new Event('pagehide'));
    await dirty;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: 42, formData: { main: { siteName: '龙腾天下' } }, selectedComponents: { main: 1, head: 1 } });

    const clean = expectSaga(saveOnPageHide).withState(openState()).provide([onUnload]).silentRun(20);
    window.dispatchEvent(new Event('pagehide'));
    await clean;
    expect(sent).toHaveLength(1);
  });
});

describe('builder: picker', () => {
  it('loads the picker page of its type', async () => {
    const { providers } = servicesOnly();
    const items = [template('content', 1), template('content', 2)];
    const state = openState(site(), { picker: { type: 'content', status: 'loading', page: 2, total: 0, items: [], selectedId: null, applying: false } });
    const { storeState } = await expectSaga(loadPickerPage)
      .withReducer(rootReducer, state)
      .provide([providers, answer(builderApi.getComponentList, { data: items, current_page: 2, per_page: 10, total: 12 })])
      .call(builderApi.getComponentList, 'content', { page: 2 })
      .run();
    expect(storeState.builder.picker).toMatchObject({ status: 'succeeded', total: 12, items });
  });

  const loadingPage2 = { picker: { type: 'logo' as const, status: 'loading' as const, page: 2, total: 0, items: [], selectedId: null, applying: false } };

  it('asks once more for a page when nothing came back, then shows it', async () => {
    const { providers } = servicesOnly();
    const items = [template('logo', 10)];
    const lists = sequence<unknown>(networkError, { data: items, current_page: 2, per_page: 9, total: 41 });
    const { storeState } = await expectSaga(loadPickerPage)
      .withReducer(rootReducer, openState(site(), loadingPage2))
      .provide([providers, answer(builderApi.getComponentList, lists.provider)])
      .run();
    expect(lists.calls).toHaveLength(2);
    expect(storeState.builder.picker).toMatchObject({ status: 'succeeded', page: 2, total: 41, items });
  });

  it('shows an empty list when the second ask gets nothing too, or the server refuses, without asking again', async () => {
    for (const [error, asks] of [
      [networkError, 2],
      [answerError(500, '服务器错误'), 1],
    ] as const) {
      const { providers } = servicesOnly();
      const lists = sequence(error);
      const { storeState } = await expectSaga(loadPickerPage)
        .withReducer(rootReducer, openState(site(), loadingPage2))
        .provide([providers, answer(builderApi.getComponentList, lists.provider)])
        .run();
      expect(lists.calls).toHaveLength(asks);
      expect(storeState.builder.picker).toMatchObject({ status: 'failed', total: 0, items: [] });
    }
  });

  it('OK without a choice says 请选择模版 and changes nothing', async () => {
    const { services, providers } = servicesOnly();
    const state = openState(site(), { picker: { type: 'head', status: 'succeeded', page: 1, total: 2, items: [template('head', 2)], selectedId: null, applying: false } });
    await expectSaga(chooseTemplate).withReducer(rootReducer, state).provide([providers]).not.call.fn(builderApi.getWebUrl).run();
    expect(services.notify.warning).toHaveBeenCalledWith(BuilderMessages.templateRequired);
  });

  it('choosing a template calls getWebUrl with every chosen id and the new one, and replaces the site', async () => {
    const { providers } = servicesOnly();
    const switched = site({ selectedComponents: { ...site().selectedComponents, head: template('head', 2) } }, 2);
    const state = openState(site(), { picker: { type: 'head', status: 'succeeded', page: 1, total: 2, items: [template('head', 2)], selectedId: 2, applying: false } });
    const { storeState } = await expectSaga(chooseTemplate)
      .withReducer(rootReducer, state)
      .provide([providers, answer(builderApi.getWebUrl, switched)])
      .call(builderApi.getWebUrl, { type: 'head', id: 42, selectedComponents: { main: 1, head: 2, banner: 1, content: 1, sidebar: 1, footer: 1, logo: 1 }, identity: {} })
      .put(templateSwitched(switched))
      .not.call.fn(builderApi.saveConfig)
      .run();
    expect(storeState.builder.picker.type).toBeNull();
    expect(storeState.builder.previewUrl).toBe('/sites/abc/index.html?v=2');
  });

  it('unsaved edits are saved before the switch', async () => {
    const { providers } = servicesOnly();
    const state = openState(site(), {
      pending: { head: { nav1: '新闻' } },
      picker: { type: 'head', status: 'succeeded', page: 1, total: 2, items: [], selectedId: 2, applying: false },
    });
    await expectSaga(chooseTemplate)
      .withReducer(rootReducer, state)
      .provide([providers, answer(builderApi.saveConfig, site({}, 2)), answer(builderApi.getWebUrl, site({}, 3))])
      .call.fn(builderApi.saveConfig)
      .call.fn(builderApi.getWebUrl)
      .run();
  });
});

// ---- Banner generation ----

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

describe('builder: uploads, music and completing', () => {
  function file(name: string, type: string, size: number): File {
    const picked = new File(['x'], name, { type });
    Object.defineProperty(picked, 'size', { value: size });
    return picked;
  }

  it.each([
    ['a non-image', file('a.pdf', 'application/pdf', 10), BuilderMessages.imagesOnly],
    ['a picture over 2 MB', file('a.png', 'image/png', BuilderLimits.uploadMaxBytes + 1), BuilderMessages.uploadTooLarge],
  ])('%s is refused before sending', async (_name, picked, message) => {
    const { services, providers } = servicesOnly();
    await expectSaga(uploadImage, imageUploadRequested({ type: 'content', key: 'cover', file: picked }))
      .withReducer(rootReducer, openState())
      .provide([providers])
      .not.call.fn(builderApi.siteFileUpload)
      .run();
    expect(services.notify.warning).toHaveBeenCalledWith(message);
  });

  it('an image is uploaded for its site, type and field, and its URL becomes the field\'s value', async () => {
    const { providers } = servicesOnly();
    const picked = file('a.png', 'image/png', 1000);
    const { storeState } = await expectSaga(uploadImage, imageUploadRequested({ type: 'content', key: 'cover', file: picked }))
      .withReducer(rootReducer, openState())
      .provide([providers, answer(builderApi.siteFileUpload, { url: '/uploads/x.png' })])
      .put(fieldEdited({ type: 'content', key: 'cover', value: '/uploads/x.png', kind: 'whole' }))
      .run();
    expect(storeState.builder.site?.formData.content.cover).toBe('/uploads/x.png');
    expect(storeState.builder.uploads['content.cover'].status).toBe('succeeded');
  });

  it('the server\'s refusal of an upload is shown', async () => {
    const { services, providers } = servicesOnly();
    await expectSaga(uploadImage, imageUploadRequested({ type: 'content', key: 'cover', file: file('a.png', 'image/png', 1000) }))
      .withReducer(rootReducer, openState())
      .provide([providers, failing(builderApi.siteFileUpload, answerError(422, '图片已损坏或无法识别，请换一张'))])
      .run();
    expect(services.notify.error).toHaveBeenCalledWith('图片已损坏或无法识别，请换一张');
  });

  it('music is set with the track\'s id and name (0 and \'\' for none)', async () => {
    const { providers } = servicesOnly();
    const state = { ...openState(), miniSite: { ...initialMiniSiteState, music: { status: 'succeeded' as const, items: [{ id: 3, name: '山河', url: '/m.mp3', shortUrl: '/m.mp3', value: 'music-3' }] } } };
    await expectSaga(chooseMusic, musicChosen({ type: 'main', key: 'bgm', value: 'music-3' }))
      .withReducer(rootReducer, state)
      .provide([providers, answer(builderApi.setWebMusic, site({}, 2))])
      .call(builderApi.setWebMusic, { id: 42, musicId: 3, name: '山河' })
      .run();
    await expectSaga(chooseMusic, musicChosen({ type: 'main', key: 'bgm', value: '' }))
      .withReducer(rootReducer, state)
      .provide([providers, answer(builderApi.setWebMusic, site({}, 2))])
      .call(builderApi.setWebMusic, { id: 42, musicId: 0, name: '' })
      .run();
  });

  it('生成并下载 with an invalid field: 表单验证失败 and the tab with the field opens', async () => {
    const { services, providers } = servicesOnly();
    const invalid = site({ formData: { ...site().formData, sidebar: { qq: '' } } });
    await expectSaga(completeSite).withReducer(rootReducer, openState(invalid)).provide([providers]).put(tabChanged('sidebar')).not.call.fn(builderApi.completeWeb).run();
    expect(services.notify.warning).toHaveBeenCalledWith('表单验证失败, 请先检查表单');
  });

  it('生成并下载: completes, downloads the zip under its own name, and goes to the back office', async () => {
    const { services, providers } = servicesOnly();
    const { storeState } = await expectSaga(completeSite)
      .withReducer(rootReducer, openState())
      .provide([providers, answer(builderApi.completeWeb, { url: '/zips/u/%E9%BE%99%E8%85%BE.zip' })])
      .call(builderApi.completeWeb, { id: 42, formData: site().formData })
      .not.call.fn(builderApi.saveConfig)
      .run();
    expect(services.download).toHaveBeenCalledWith('/zips/u/%E9%BE%99%E8%85%BE.zip', '龙腾.zip');
    expect(services.navigate).toHaveBeenCalledWith('/backend/siteList');
    expect(storeState.builder.siteId).toBeNull();
    expect(storeState.builder.completing).toBe(false);
  });

  it('生成并下载 saves unsaved edits first; a failed completion stays on the page', async () => {
    const { services, providers } = servicesOnly();
    await expectSaga(completeSite)
      .withReducer(rootReducer, openState(site(), { pending: { main: { siteName: '龙腾天下' } } }))
      .provide([providers, answer(builderApi.saveConfig, site({}, 2)), failing(builderApi.completeWeb, answerError(500))])
      .call.fn(builderApi.saveConfig)
      .call.fn(builderApi.completeWeb)
      .run();
    expect(services.notify.error).toHaveBeenCalledWith(BuilderMessages.completeFailed);
    expect(services.navigate).not.toHaveBeenCalled();
    expect(services.download).not.toHaveBeenCalled();
  });
});
