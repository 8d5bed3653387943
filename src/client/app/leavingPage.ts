import type { SagaIterator } from 'redux-saga';
import { getContext, take } from 'redux-saga/effects';
import { locationChanged } from './routerSlice';
import { SERVICES, type Services } from './services';

/**
 * Waits until the user goes to another page. `router/locationChanged` also fires for the page the
 * flow started on (once at app start, and when only the query changes, e.g. a tab switch), so
 * only a different pathname counts as leaving.
 */
export function* takeLeavingPage(): SagaIterator<ReturnType<typeof locationChanged>> {
  const services: Services = yield getContext(SERVICES);
  const startedOn = services.currentLocation().pathname;
  for (;;) {
    const action: ReturnType<typeof locationChanged> = yield take(locationChanged.type);
    if (action.payload.pathname !== startedOn) return action;
  }
}
