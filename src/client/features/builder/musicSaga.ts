import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select } from 'redux-saga/effects';
import { BuilderMessages, type BuilderSite } from '../../../contract/builder';
import { serverMessageOf } from '../../api/ApiError';
import * as builderApi from '../../api/builderApi';
import { SERVICES, type Services } from '../../app/services';
import { selectMusic } from '../miniSite/miniSiteSlice';
import { selectBuilderSite } from './builderSelectors';
import { musicChosen, siteReplaced } from './builderSlice';

/** The main tab's music: set on the server at once (setWebMusic), the track's id and name from the list. */
export function* chooseMusic(action: ReturnType<typeof musicChosen>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const site: BuilderSite | null = yield select(selectBuilderSite);
  if (!site) return;
  const music: ReturnType<typeof selectMusic> = yield select(selectMusic);
  const track = music.items.find((item) => item.value === action.payload.value);
  try {
    const answer: BuilderSite = yield call(builderApi.setWebMusic, { id: site.id, musicId: track?.id ?? 0, name: track?.name ?? '' });
    yield put(siteReplaced(answer));
  } catch (error) {
    yield call(services.notify.error, serverMessageOf(error, BuilderMessages.configUpdateFailed));
  }
}
