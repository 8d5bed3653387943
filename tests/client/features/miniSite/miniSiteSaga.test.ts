import { END } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as commonApi from '../../../../src/client/api/commonApi';
import * as generationApi from '../../../../src/client/api/generationApi';
import * as miniSiteApi from '../../../../src/client/api/miniSiteApi';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { loggedIn, sessionEnded } from '../../../../src/client/features/auth/authSlice';
import { loginDialogClosed, loginDialogOpened } from '../../../../src/client/features/auth/loginDialogSlice';
import { downloadSaga } from '../../../../src/client/features/download/downloadSaga';
import { zipDownloadFailed, zipDownloadRequested, zipDownloadStarted, zipDownloadSucceeded } from '../../../../src/client/features/download/downloadSlice';
import { BANNER_LOOKUP_PAGE_SIZE, miniSiteSaga, runSiteCreation } from '../../../../src/client/features/miniSite/miniSiteSaga';
import { siteTemplatesSaga } from '../../../../src/client/features/miniSite/siteTemplatesSaga';
import {
  categoriesLoaded,
  categoriesRequested,
  creationAccepted,
  creationFailed,
  creationSent,
  creationStopped,
  defaultBannerFound,
  defaultBannerRequested,
  musicRequested,
  siteCreated,
  siteCreationRequested,
  templateConfigLoaded,
  templateConfigRequested,
  templatesLoaded,
  templatesRequested,
} from '../../../../src/client/features/miniSite/miniSiteSlice';
import { CONFIG_NOT_LOADED } from '../../../../src/client/features/miniSite/siteRules';
import { DEFAULT_FLOW_CONFIG, initialSelectionsState } from '../../../../src/client/features/selections/selectionsSlice';
import { GenerationMessages } from '../../../../src/contract/generation';
import { MiniSiteMessages, type CreateSiteRequest } from '../../../../src/contract/miniSite';
import { answerLater, fakeWorld, rootReducer, runWatcher, stateWith, user } from '../../sagaHarness';
import { bannerTemplate, logoTemplate } from '../generation/generationHarness';
import { categories, generated, groups, music, otherSite, readyState, site } from './miniSiteHarness';

/** A provider for the calls of `fn`. */
function answer(fn: (...args: never[]) => unknown, value: unknown): StaticProvider {
  return [matchers.call.fn(fn), value] as StaticProvider;
}

const onConfigPage = { pathname: '/miniSite/config', search: '' };
const online = answer(commonApi.checkOnline, { isOnline: true });
const offline = answer(commonApi.checkOnline, { isOnline: false });
const created = { previewUrl: '/sites/0123456789abcdef0123456789abcdef/index.html', webSiteDir: '0123456789abcdef0123456789abcdef' };

/** What the create call sends for readyState(): every field, the defaults where nothing was typed. */
const expectedRequest: CreateSiteRequest = {
  templateId: site.id,
  logoId: logoTemplate.id,
  logoUrl: generated.logoUrl,
  bannerId: bannerTemplate.id,
  bannerUrl: generated.bannerUrl,
  config: {
    title: '我的官网',
    intro: '一款国风仙侠手游。',
    cover: '/generated/catalog/site/1/bg.jpg',
    music: '',
    hero: generated.bannerUrl,
    logo: generated.logoUrl,
    trailer: '',
  },
};

function apiError(code: number, serverMsg = '', httpStatus = 200): ApiError {
  return new ApiError({ code, msg: serverMsg || '请求失败', httpStatus, serverMsg });
}

describe('miniSite lists', () => {
  it('loads the categories', async () => {
    const world = fakeWorld();
    const { storeState } = await runWatcher(
      expectSaga(siteTemplatesSaga)
        .withReducer(rootReducer, stateWith())
        .provide([world.providers, answer(miniSiteApi.getTemplateCategory, { data: categories })])
        .dispatch(categoriesRequested())
        .put(categoriesLoaded({ items: categories })),
    );
    expect(storeState.miniSite.categories).toEqual({ status: 'succeeded', items: categories });
  });

  it.each([
    ['a failure', throwError(new ApiError({ code: 0, msg: '网络连接失败' }))],
    ['a malformed answer', { data: 'nope' }],
  ])('%s leaves only 全部, and nothing is said', async (_name, provided) => {
    const world = fakeWorld();
    const { storeState } = await runWatcher(
      expectSaga(siteTemplatesSaga)
        .withReducer(rootReducer, stateWith())
        .provide([world.providers, [matchers.call.fn(miniSiteApi.getTemplateCategory), provided] as StaticProvider])
        .dispatch(categoriesRequested()),
    );
    expect(storeState.miniSite.categories.items).toEqual([]);
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });

  it('loads a page of one category, 12 a page', async () => {
    const world = fakeWorld();
    const { storeState } = await runWatcher(
      expectSaga(siteTemplatesSaga)
        .withReducer(rootReducer, stateWith())
        .provide([world.providers, answer(miniSiteApi.getTemplateList, { data: [site], total: 13, current_page: 2, per_page: 12 })])
        .dispatch(templatesRequested({ categoryId: 2, page: 2 }))
        .call(miniSiteApi.getTemplateList, { category_id: 2, per_page: 12, page: 2 })
        .put(templatesLoaded({ categoryId: 2, page: 2, total: 13, items: [site] })),
    );
    expect(storeState.miniSite.templates).toEqual({ status: 'succeeded', categoryId: 2, page: 2, total: 13, items: [site] });
  });

  it('a failed list is empty (the empty state), and nothing is said', async () => {
    const world = fakeWorld();
    const before = stateWith();
    const { storeState } = await runWatcher(
      expectSaga(siteTemplatesSaga)
        .withReducer(rootReducer, { ...before, miniSite: { ...before.miniSite, templates: { status: 'succeeded', categoryId: 0, page: 1, total: 1, items: [site] } } })
        .provide([world.providers, [matchers.call.fn(miniSiteApi.getTemplateList), throwError(apiError(500, '服务器内部错误', 500))]])
        .dispatch(templatesRequested({ categoryId: 0, page: 2 })),
    );
    expect(storeState.miniSite.templates).toEqual({ status: 'failed', categoryId: 0, page: 2, total: 0, items: [] });
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });

  it('the newest page asked for wins', async () => {
    const world = fakeWorld();
    // The first page's answer comes once the second one's is shown.
    const first = answerLater({ data: [{ ...site, id: 1 }], total: 1 });
    const tester = expectSaga(siteTemplatesSaga)
      .withReducer(rootReducer, stateWith())
      .provide([
        world.providers,
        [matchers.call.fn(miniSiteApi.getTemplateList), dynamic(({ args }) => ((args[0] as { category_id: number }).category_id === 1 ? first.provider() : { data: [{ ...site, id: 2 }], total: 1 }))],
      ])
      .dispatch(templatesRequested({ categoryId: 1, page: 1 }))
      .dispatch(templatesRequested({ categoryId: 2, page: 1 }));
    world.after(templatesLoaded.type, () => {
      first.answer();
      tester.dispatch(END);
    });
    const { storeState } = await tester.run();
    expect(first.calls()).toBe(1);
    expect(storeState.miniSite.templates).toMatchObject({ categoryId: 2, items: [{ id: 2 }] });
  });

  it('loads a template’s form; a failure says so and leaves no groups', async () => {
    const world = fakeWorld();
    const { storeState } = await runWatcher(
      expectSaga(miniSiteSaga)
        .withReducer(rootReducer, stateWith())
        .provide([world.providers, answer(miniSiteApi.getTemplateConfig, { config: groups, logoCreationDuration: 3 })])
        .dispatch(templateConfigRequested({ templateId: 1 }))
        .call(miniSiteApi.getTemplateConfig, { templateId: 1 })
        .put(templateConfigLoaded({ templateId: 1, groups })),
    );
    expect(storeState.miniSite.templateConfig).toEqual({ status: 'succeeded', templateId: 1, groups });

    const failing = fakeWorld();
    const failed = await runWatcher(
      expectSaga(miniSiteSaga)
        .withReducer(rootReducer, stateWith())
        .provide([failing.providers, [matchers.call.fn(miniSiteApi.getTemplateConfig), throwError(apiError(422, MiniSiteMessages.siteTemplateMissing))]])
        .dispatch(templateConfigRequested({ templateId: 99 })),
    );
    expect(failed.storeState.miniSite.templateConfig).toEqual({ status: 'failed', templateId: 99, groups: [] });
    expect(failing.services.notify.error).toHaveBeenCalledWith(MiniSiteMessages.siteTemplateMissing);
  });

  it('loads the music once; a failure leaves none, silently', async () => {
    const world = fakeWorld();
    const { storeState } = await runWatcher(
      expectSaga(miniSiteSaga)
        .withReducer(rootReducer, stateWith())
        .provide([world.providers, answer(miniSiteApi.getMusicList, { data: music })])
        .dispatch(musicRequested()),
    );
    expect(storeState.miniSite.music).toEqual({ status: 'succeeded', items: music });

    const failed = await runWatcher(
      expectSaga(miniSiteSaga)
        .withReducer(rootReducer, stateWith())
        .provide([world.providers, [matchers.call.fn(miniSiteApi.getMusicList), throwError(apiError(0))]])
        .dispatch(musicRequested()),
    );
    expect(failed.storeState.miniSite.music).toEqual({ status: 'failed', items: [] });
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });
});

describe('miniSite: the template’s own banner style', () => {
  const siteOnly = (): RootState => stateWith({ selections: { ...initialSelectionsState, siteTemplate: otherSite } });

  it('is looked up page by page in the banner catalogue and kept for the mini site', async () => {
    const world = fakeWorld();
    const wanted = { ...bannerTemplate, id: 6 };
    const pages = dynamic(({ args }: { args: unknown[] }) => {
      const { page } = args[0] as { page: number };
      return { data: page === 1 ? [bannerTemplate] : [wanted], total: BANNER_LOOKUP_PAGE_SIZE + 1 };
    });
    const { storeState } = await runWatcher(
      expectSaga(miniSiteSaga)
        .withReducer(rootReducer, siteOnly())
        .provide([world.providers, [matchers.call.fn(generationApi.getBannerTemplates), pages] as StaticProvider])
        .dispatch(defaultBannerRequested({ bannerId: 6 }))
        .call(generationApi.getBannerTemplates, { per_page: BANNER_LOOKUP_PAGE_SIZE, page: 1 })
        .call(generationApi.getBannerTemplates, { per_page: BANNER_LOOKUP_PAGE_SIZE, page: 2 })
        .put(defaultBannerFound({ template: wanted })),
    );
    expect(storeState.selections.miniSiteBanner).toEqual(wanted);
  });

  it('not there, or the catalogue fails: nothing is kept and nothing is said', async () => {
    const world = fakeWorld();
    const { storeState } = await runWatcher(
      expectSaga(miniSiteSaga)
        .withReducer(rootReducer, siteOnly())
        .provide([world.providers, answer(generationApi.getBannerTemplates, { data: [bannerTemplate], total: 1 })])
        .dispatch(defaultBannerRequested({ bannerId: 6 }))
        .not.put.actionType(defaultBannerFound.type),
    );
    expect(storeState.selections.miniSiteBanner).toBeNull();

    await runWatcher(
      expectSaga(miniSiteSaga)
        .withReducer(rootReducer, siteOnly())
        .provide([world.providers, [matchers.call.fn(generationApi.getBannerTemplates), throwError(apiError(0))]])
        .dispatch(defaultBannerRequested({ bannerId: 6 }))
        .not.put.actionType(defaultBannerFound.type),
    );
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });
});

describe('miniSite: 生成网站', () => {
  const createProvider = answer(miniSiteApi.createSite, created);

  it('checks the session, creates the site with every field, says so and opens the preview', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const state = readyState({ selections: { siteTemplateConfig: { title: '我的官网' } } });
    const { storeState } = await expectSaga(runSiteCreation)
      .withReducer(rootReducer, state)
      .provide([world.providers, online, createProvider])
      .put(creationAccepted())
      .call(commonApi.checkOnline)
      .put(creationSent())
      .call(miniSiteApi.createSite, expectedRequest)
      .put(siteCreated(created))
      .not.put.actionType(loginDialogOpened.type)
      .run();
    expect(world.services.notify.success).toHaveBeenCalledWith(MiniSiteMessages.createSucceeded);
    expect(world.services.navigate).toHaveBeenCalledWith(`/miniSite/preview?previewUrl=${encodeURIComponent(created.previewUrl)}&webSiteDir=${created.webSiteDir}`);
    expect(storeState.miniSite.creation.status).toBe('succeeded');
  });

  it.each<[string, Parameters<typeof readyState>[0], string]>([
    ['no site template', { selections: { siteTemplate: null } }, MiniSiteMessages.siteTemplateRequired],
    ['no logo template', { selections: { logoTemplates: {} } }, GenerationMessages.logoTemplateRequired],
    ['no banner template (a template without banner_id)', { selections: { siteTemplate: { ...site, banner_id: 0 } } }, GenerationMessages.bannerTemplateRequired],
    ['the logo not generated', { selections: { configs: { miniSite: { ...DEFAULT_FLOW_CONFIG, bannerUrl: generated.bannerUrl } } } }, MiniSiteMessages.logoFirst],
    ['the banner not generated', { selections: { configs: { miniSite: { ...DEFAULT_FLOW_CONFIG, logoUrl: generated.logoUrl } } } }, MiniSiteMessages.bannerFirst],
    ['the form not loaded', { miniSite: { templateConfig: { status: 'failed', templateId: site.id, groups: [] } } }, CONFIG_NOT_LOADED],
    ['an empty text field', { selections: { siteTemplateConfig: { title: '  ' } } }, MiniSiteMessages.formInvalid],
    ['a textarea past 500', { selections: { siteTemplateConfig: { intro: '字'.repeat(501) } } }, MiniSiteMessages.formInvalid],
    ['no picture', { selections: { siteTemplateConfig: { cover: '' } } }, MiniSiteMessages.formInvalid],
    ['a video link that is not http(s)', { selections: { siteTemplateConfig: { trailer: 'javascript:alert(1)' } } }, MiniSiteMessages.formInvalid],
  ])('%s: says so and sends nothing', async (_name, overrides, message) => {
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(runSiteCreation)
      .withReducer(rootReducer, readyState(overrides))
      .provide([world.providers, online, createProvider])
      .not.call.fn(commonApi.checkOnline)
      .not.call.fn(miniSiteApi.createSite)
      .not.put.actionType(creationAccepted.type)
      .run();
    expect(world.services.notify.warning).toHaveBeenCalledWith(message);
    expect(storeState.miniSite.creation.status).toBe('idle');
  });

  it('not logged in: opens the login dialog, and after the login creates the site', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(runSiteCreation)
      .withReducer(rootReducer, readyState())
      .provide([world.providers, offline, createProvider])
      .put(loginDialogOpened())
      .dispatch(loggedIn({ token: 'tok', userInfo: user, remember: true }))
      .call.fn(miniSiteApi.createSite)
      .put(siteCreated(created))
      .run();
    expect(storeState.loginDialog.open).toBe(false);
    expect(world.services.navigate).toHaveBeenCalledTimes(1);
  });

  it('not logged in: closing the login dialog stops quietly', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(runSiteCreation)
      .withReducer(rootReducer, readyState())
      .provide([world.providers, offline, createProvider])
      .put(loginDialogOpened())
      .dispatch(loginDialogClosed())
      .put(creationStopped())
      .not.call.fn(miniSiteApi.createSite)
      .run();
    expect(storeState.miniSite.creation.status).toBe('idle');
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });

  it('leaving the page under the login dialog stops it', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(runSiteCreation)
      .withReducer(rootReducer, readyState())
      .provide([world.providers, offline, createProvider])
      .put(loginDialogOpened())
      .dispatch(locationChanged({ pathname: '/logo/selectPage', search: '' }))
      .put(creationStopped())
      .not.call.fn(miniSiteApi.createSite)
      .run();
    expect(storeState.miniSite.creation.status).toBe('idle');
  });

  it.each([
    ['the server’s message', apiError(422, MiniSiteMessages.resultUnknown, 422), MiniSiteMessages.resultUnknown],
    ['网站生成失败 without one', new ApiError({ code: 0, msg: '网络连接失败' }), MiniSiteMessages.createFailed],
  ])('a failed create shows %s, once, and stays on the page', async (_name, error, message) => {
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(runSiteCreation)
      .withReducer(rootReducer, readyState())
      .provide([world.providers, online, [matchers.call.fn(miniSiteApi.createSite), throwError(error)]])
      .put(creationFailed())
      .run();
    expect(world.services.notify.error.mock.calls).toEqual([[message]]);
    expect(world.services.navigate).not.toHaveBeenCalled();
    expect(storeState.miniSite.creation.status).toBe('failed');
  });

  it('an answer without a preview is a failure', async () => {
    const world = fakeWorld({ location: onConfigPage });
    await expectSaga(runSiteCreation)
      .withReducer(rootReducer, readyState())
      .provide([world.providers, online, answer(miniSiteApi.createSite, { previewUrl: '', webSiteDir: '' })])
      .put(creationFailed())
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith(MiniSiteMessages.createFailed);
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('an expired session (HTTP 401): says so and stops; the http layer is what ends the session', async () => {
    const world = fakeWorld({ location: onConfigPage });
    await expectSaga(runSiteCreation)
      .withReducer(rootReducer, readyState())
      .provide([world.providers, online, [matchers.call.fn(miniSiteApi.createSite), throwError(apiError(401, '登录已过期，请重新登录', 401))]])
      .put(creationFailed())
      .not.put(sessionEnded())
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith('登录已过期，请重新登录');
  });

  it('a second 生成网站 while one is under way is ignored', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const create = answerLater(created);
    const tester = expectSaga(miniSiteSaga)
      .withReducer(rootReducer, readyState())
      .provide([world.providers, online, [matchers.call.fn(miniSiteApi.createSite), dynamic(create.provider)]])
      .dispatch(siteCreationRequested());
    // The second click comes while the site is being created.
    world.after(creationSent.type, () => {
      tester.dispatch(siteCreationRequested());
      create.answer();
    });
    world.after(siteCreated.type, () => tester.dispatch(END));
    await tester.run();
    expect(create.calls()).toBe(1);
  });
});

describe('miniSite preview: the site zip', () => {
  const webSiteDir = created.webSiteDir;

  it('is made from the site folder and downloaded once per visit, under the name its URL ends in', async () => {
    const world = fakeWorld();
    const zip = answerLater({ zipUrl: '/zips/site_龙腾.zip' });
    const auto = zipDownloadRequested({ webSiteDir, visit: 'visit-1' });
    const tester = expectSaga(downloadSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(miniSiteApi.getDownloadZipUrl), dynamic(zip.provider)]])
      .call(miniSiteApi.getDownloadZipUrl, { webSiteDir })
      .not.call.fn(generationApi.createZipUrlByFile)
      .dispatch(auto);
    // Asked again while the zip is made (StrictMode), and once more after (a remount).
    world.after(zipDownloadStarted.type, () => {
      tester.dispatch(auto);
      zip.answer();
    });
    world.after(zipDownloadSucceeded.type, () => {
      tester.dispatch(auto);
      tester.dispatch(END);
    });
    await tester.run();
    expect(zip.calls()).toBe(1);
    expect(world.services.download).toHaveBeenCalledWith('/zips/site_龙腾.zip', 'site_龙腾.zip');
    expect(world.services.notify.success).toHaveBeenCalledWith(GenerationMessages.downloadStarted);
  });

  it('an empty zip URL: 获取下载文件失败 and no download', async () => {
    const world = fakeWorld();
    const tester = expectSaga(downloadSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answer(miniSiteApi.getDownloadZipUrl, { zipUrl: '' })])
      .dispatch(zipDownloadRequested({ webSiteDir }))
      .put(zipDownloadFailed());
    world.after(zipDownloadFailed.type, () => tester.dispatch(END));
    await tester.run();
    expect(world.services.notify.error).toHaveBeenCalledWith(GenerationMessages.zipEmpty);
    expect(world.services.download).not.toHaveBeenCalled();
  });
});
