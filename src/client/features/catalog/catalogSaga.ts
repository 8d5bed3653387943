import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { GenerationMessages, TEMPLATE_PAGE_SIZE, type BannerTemplate, type LogoTemplate, type TemplatePage } from '../../../contract/generation';
import * as generationApi from '../../api/generationApi';
import { SERVICES, type Services } from '../../app/services';
import { catalogPageFailed, catalogPageLoaded, catalogPageRequested, templatePreviewFailed, type CatalogName } from './catalogSlice';

/** Only arrays of items are taken: a malformed answer shows as an empty list, not a crash. */
function itemsOf<T>(answer: TemplatePage<T> | null | undefined): T[] {
  return Array.isArray(answer?.data) ? answer.data : [];
}

function totalOf(answer: TemplatePage<unknown> | null | undefined): number {
  return typeof answer?.total === 'number' && answer.total > 0 ? answer.total : 0;
}

export function* loadCatalogPage(action: ReturnType<typeof catalogPageRequested>): SagaIterator {
  const { catalog, page } = action.payload;
  const request = { per_page: TEMPLATE_PAGE_SIZE, page };
  try {
    if (catalog === 'logo') {
      const answer: TemplatePage<LogoTemplate> = yield call(generationApi.getLogoTemplates, request);
      yield put(catalogPageLoaded({ catalog, page, total: totalOf(answer), items: itemsOf(answer) }));
    } else {
      const answer: TemplatePage<BannerTemplate> = yield call(generationApi.getBannerTemplates, request);
      yield put(catalogPageLoaded({ catalog, page, total: totalOf(answer), items: itemsOf(answer) }));
    }
  } catch {
    yield put(catalogPageFailed({ catalog }));
  }
}

export function* reportPreviewFailure(action: ReturnType<typeof templatePreviewFailed>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  yield call(services.notify.error, action.payload.media === 'image' ? GenerationMessages.previewImageFailed : GenerationMessages.videoFailed);
}

const requestOf = (catalog: CatalogName) => (action: { type: string; payload?: unknown }) =>
  catalogPageRequested.match(action) && action.payload.catalog === catalog;

export function* catalogSaga(): SagaIterator {
  // Per list, the newest page asked for wins (a quick second click, StrictMode's double effect).
  yield takeLatest(requestOf('logo'), loadCatalogPage);
  yield takeLatest(requestOf('banner'), loadCatalogPage);
  yield takeEvery(templatePreviewFailed.type, reportPreviewFailure);
}
