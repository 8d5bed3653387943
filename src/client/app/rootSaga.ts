import { call, spawn, take } from 'redux-saga/effects';
import { authSaga } from '../features/auth/authSaga';
import { bindPhoneSaga } from '../features/bindPhone/bindPhoneSaga';
import { catalogSaga } from '../features/catalog/catalogSaga';
import { siteTemplatesSaga } from '../features/miniSite/siteTemplatesSaga';
import { siteConfigSaga } from '../features/siteConfig/siteConfigSaga';
import { trackingSaga } from '../features/tracking/trackingSaga';
import { appStarted } from './appActions';

type DomainSaga = () => Generator;

/**
 * The watchers every page may need, started with the app. A domain whose actions only come from
 * some pages is a lazy feature instead, started by those pages' routes (lazyFeatures.ts, routes.tsx).
 */
export const domainSagas: DomainSaga[] = [authSaga, siteConfigSaga, trackingSaga, catalogSaga, siteTemplatesSaga, bindPhoneSaga];

/** A saga that crashes this soon after starting, this many times in a row, is broken: stop restarting it. */
export const QUICK_CRASH_MS = 1_000;
export const MAX_QUICK_CRASHES = 5;

/**
 * Runs a domain saga and starts it again when it crashes, so that one domain's bug cannot stop the
 * others (STYLE.md habit 5). A saga that returns normally is done and stays done; one that crashes
 * at once every time is given up, rather than spinning the page in a restart loop.
 */
export function* keepAlive(saga: DomainSaga): Generator {
  let quickCrashes = 0;
  for (;;) {
    const startedAt = Date.now();
    try {
      yield call(saga);
      return;
    } catch (error) {
      quickCrashes = Date.now() - startedAt < QUICK_CRASH_MS ? quickCrashes + 1 : 0;
      if (quickCrashes >= MAX_QUICK_CRASHES) {
        console.error(`Saga ${saga.name} keeps crashing at start and is stopped:`, error);
        return;
      }
      console.error(`Saga ${saga.name} crashed and is restarted:`, error);
    }
  }
}

/** Waits for rehydration (app/started), so that API sagas see the stored token, then starts every domain. */
export function* rootSaga(sagas: DomainSaga[] = domainSagas): Generator {
  yield take(appStarted.type);
  for (const saga of sagas) yield spawn(keepAlive, saga);
}
