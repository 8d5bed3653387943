import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { TemplatePage } from '../../../contract/generation';
import { MiniSiteLimits, type SiteCategory, type SiteTemplate } from '../../../contract/miniSite';
import * as miniSiteApi from '../../api/miniSiteApi';
import { categoriesFailed, categoriesLoaded, categoriesRequested, templatesFailed, templatesLoaded, templatesRequested } from './miniSiteSlice';

/** Only arrays are taken: a malformed answer shows as an empty list, not a crash. */
export function arrayOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export function* loadCategories(): SagaIterator {
  try {
    const answer: { data?: unknown } | null = yield call(miniSiteApi.getTemplateCategory);
    yield put(categoriesLoaded({ items: arrayOf<SiteCategory>(answer?.data) }));
  } catch {
    yield put(categoriesFailed());
  }
}

export function* loadTemplates(action: ReturnType<typeof templatesRequested>): SagaIterator {
  const { categoryId, page } = action.payload;
  try {
    const answer: TemplatePage<SiteTemplate> | null = yield call(miniSiteApi.getTemplateList, { category_id: categoryId, per_page: MiniSiteLimits.templatePageSize, page });
    const total = typeof answer?.total === 'number' && answer.total > 0 ? answer.total : 0;
    yield put(templatesLoaded({ categoryId, page, total, items: arrayOf<SiteTemplate>(answer?.data) }));
  } catch {
    yield put(templatesFailed());
  }
}

/** The site templates of the first page (首页 and 选择网站模版): they start with the app, the config page's work with its route. */
export function* siteTemplatesSaga(): SagaIterator {
  // The newest question wins (a quick second click, StrictMode's double effects).
  yield takeLatest(categoriesRequested.type, loadCategories);
  yield takeLatest(templatesRequested.type, loadTemplates);
}
