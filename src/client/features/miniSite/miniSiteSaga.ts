import type { SagaIterator } from 'redux-saga';
import { call, cancelled, fork, getContext, put, race, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { BannerTemplate, TemplatePage } from '../../../contract/generation';
import { MiniSiteMessages, type CreateSiteAnswer, type MusicItem, type TemplateConfigAnswer } from '../../../contract/miniSite';
import { serverMessageOf } from '../../api/ApiError';
import * as generationApi from '../../api/generationApi';
import * as miniSiteApi from '../../api/miniSiteApi';
import { SERVICES, type Services } from '../../app/services';
import { onlineOrLogin, type LoginFirst } from '../auth/loginFirst';
import { takeLeavingPage } from '../../app/leavingPage';
import { sitePreviewPathOf } from './miniSite.types';
import { selectSiteDraft } from './miniSiteSelectors';
import {
  creationAccepted,
  creationFailed,
  creationSent,
  creationStopped,
  defaultBannerFound,
  defaultBannerRequested,
  musicFailed,
  musicLoaded,
  musicRequested,
  siteCreated,
  siteCreationRequested,
  templateConfigFailed,
  templateConfigLoaded,
  templateConfigRequested,
} from './miniSiteSlice';
import { createSiteRequestOf, siteDraftProblem, type SiteDraft } from './siteRules';
import { watchUploads } from './imageUploadSaga';
import { arrayOf } from './siteTemplatesSaga';

export function* loadTemplateConfig(action: ReturnType<typeof templateConfigRequested>): SagaIterator {
  const { templateId } = action.payload;
  try {
    const answer: TemplateConfigAnswer | null = yield call(miniSiteApi.getTemplateConfig, { templateId });
    const groups = arrayOf<TemplateConfigAnswer['config'][number]>(answer?.config).filter((group) => Array.isArray(group?.children));
    yield put(templateConfigLoaded({ templateId, groups }));
  } catch (error) {
    const services: Services = yield getContext(SERVICES);
    // The page cannot go on without it: unlike the lists, this failure is said (and the page offers a retry).
    yield call(services.notify.error, serverMessageOf(error, '网站配置加载失败，请稍后重试'));
    yield put(templateConfigFailed());
  }
}

export function* loadMusic(): SagaIterator {
  try {
    const answer: { data?: unknown } | null = yield call(miniSiteApi.getMusicList);
    yield put(musicLoaded({ items: arrayOf<MusicItem>(answer?.data) }));
  } catch {
    yield put(musicFailed());
  }
}

/** The banner catalogue's page size while looking a style up: the most the API gives in one page. */
export const BANNER_LOOKUP_PAGE_SIZE = 48;

/** Finds a template's own banner style in the catalogue, page by page; nothing is said when it is not there. */
export function* findDefaultBanner(action: ReturnType<typeof defaultBannerRequested>): SagaIterator {
  const { bannerId } = action.payload;
  try {
    for (let page = 1; ; page += 1) {
      const answer: TemplatePage<BannerTemplate> | null = yield call(generationApi.getBannerTemplates, { per_page: BANNER_LOOKUP_PAGE_SIZE, page });
      const items = arrayOf<BannerTemplate>(answer?.data);
      const found = items.find((template) => template.id === bannerId);
      if (found) {
        yield put(defaultBannerFound({ template: found }));
        return;
      }
      const total = typeof answer?.total === 'number' ? answer.total : 0;
      if (items.length === 0 || page * BANNER_LOOKUP_PAGE_SIZE >= total) return;
    }
  } catch {
    // The banner card then asks the user to choose one.
  }
}

/** Tells the user why the site was not created (an expired session has been ended by the http layer). */
function* creationFailedWith(message: string): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  yield call(services.notify.error, message);
  yield put(creationFailed());
}

/**
 * 生成网站 (spec sections 4 and 5, mini-site flow): both templates, the logo and banner generated,
 * the form valid, then the login (the generation flow's online check and login dialog), then the
 * create call and the preview page.
 */
export function* createSite(): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const draft: SiteDraft = yield select(selectSiteDraft);
  const problem = siteDraftProblem(draft);
  if (problem) {
    yield call(services.notify.warning, problem);
    return;
  }
  yield put(creationAccepted());
  try {
    const login: LoginFirst = yield call(onlineOrLogin);
    if (login !== 'online') {
      yield put(login === 'failed' ? creationFailed() : creationStopped());
      return;
    }
    // Read again: nothing can change under the login dialog, but the request is the state of now.
    const current: SiteDraft = yield select(selectSiteDraft);
    yield put(creationSent());
    let answer: CreateSiteAnswer;
    try {
      answer = yield call(miniSiteApi.createSite, createSiteRequestOf(current));
    } catch (error) {
      yield call(creationFailedWith, serverMessageOf(error, MiniSiteMessages.createFailed));
      return;
    }
    if (!answer?.previewUrl || !answer.webSiteDir) {
      yield call(creationFailedWith, MiniSiteMessages.createFailed);
      return;
    }
    yield put(siteCreated(answer));
    yield call(services.notify.success, MiniSiteMessages.createSucceeded);
    yield call(services.navigate, sitePreviewPathOf(answer.previewUrl, answer.webSiteDir));
  } finally {
    if (yield cancelled()) yield put(creationStopped());
  }
}

/** Ends with the flow, or when the user goes to another page (which cancels it, login dialog and all). */
export function* runSiteCreation(): SagaIterator {
  yield race({ done: call(createSite), left: call(takeLeavingPage) });
}

/**
 * The config page's work (its form, music, pictures, 生成网站), also serving the builder's music
 * and the key-art field's uploads: it starts with those pages (feature.ts). The template lists of
 * the first page are siteTemplatesSaga's.
 */
export function* miniSiteSaga(): SagaIterator {
  // Reads: the newest question wins (a quick second click, StrictMode's double effects).
  yield takeLatest(templateConfigRequested.type, loadTemplateConfig);
  yield takeLatest(defaultBannerRequested.type, findDefaultBanner);
  yield takeLeading(musicRequested.type, loadMusic);
  yield fork(watchUploads);
  // A second 生成网站 while one is under way is ignored.
  yield takeLeading(siteCreationRequested.type, runSiteCreation);
}
