import type { Action } from 'redux';
import { END } from 'redux-saga';
import { delay } from 'redux-saga/effects';
import type { ExpectApi } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import type { UserInfo } from '../../src/contract/auth';
import { ApiError } from '../../src/client/api/ApiError';
import { rootReducer, type RootState } from '../../src/client/app/rootReducer';
import { SERVICES } from '../../src/client/app/services';
import { makeFakeServices, type FakeServices } from './fakeServices';

/** The function behind redux-saga's `delay` effect (a call effect since redux-saga 1). */
const delayFunction = (delay(0) as unknown as { payload: { fn: unknown } }).payload.fn;

export interface FakeWorld {
  services: FakeServices;
  /** Providers for getContext(SERVICES) and for `delay`, which moves the fake clock instead of waiting. */
  providers: EffectProviders;
  /** Milliseconds the fake clock has moved. */
  elapsed(): number;
  /**
   * What the user does at the moment the paused delay begins (see pauseAfterDelays), e.g. going
   * to another page: in place of waiting on the wall clock before a dispatch.
   */
  whenPaused(act: () => void): void;
  /**
   * What the user does once the saga has put an action of `type` (a dialog opened, a message
   * shown): `act` runs right after, as soon as the saga waits, and only once.
   */
  after(type: string, act: () => void): void;
}

interface FakeWorldOptions {
  /** The page the user is on. */
  location?: { pathname: string; search: string };
  /**
   * After this many delays, the next one never ends: the user is looking at the screen at that
   * moment, so a test can dispatch what the user does then.
   */
  pauseAfterDelays?: number;
}

export function fakeWorld({ location = { pathname: '/auth/login', search: '' }, pauseAfterDelays }: FakeWorldOptions = {}): FakeWorld {
  const services = makeFakeServices(location);
  const start = services.now();
  let now = start;
  let delays = 0;
  let onPause: (() => void) | null = null;
  const reactions = new Map<string, () => void>();
  services.now.mockImplementation(() => now);
  const providers: EffectProviders = {
    getContext: (key, next) => (key === SERVICES ? services : next()),
    call: (effect, next) => {
      if (effect.fn !== delayFunction) return next();
      if (pauseAfterDelays !== undefined && delays >= pauseAfterDelays) {
        const act = onPause;
        onPause = null;
        act?.();
        return new Promise(() => {});
      }
      delays += 1;
      now += Number(effect.args[0]);
      return undefined;
    },
    put: (effect, next) => {
      const act = reactions.get(effect.action.type);
      if (act) {
        reactions.delete(effect.action.type);
        queueMicrotask(act);
      }
      return next();
    },
  };
  return {
    services,
    providers,
    elapsed: () => now - start,
    whenPaused(act) {
      onPause = act;
    },
    after(type, act) {
      reactions.set(type, act);
    },
  };
}

export function apiError(code: number, msg = ''): ApiError {
  return new ApiError({ code, msg });
}

export const user: UserInfo = { id: 7, name: '小明', mobile: '13800138000', openid: '' };
export const qrUser: UserInfo = { id: 8, name: '微信用户', mobile: '', openid: 'wx-openid-1' };

/** The whole app state, with some slices replaced. */
export function stateWith(overrides: Partial<RootState> = {}): RootState {
  return { ...rootReducer(undefined, { type: '@@test/init' } as Action), ...overrides };
}

export { rootReducer };

/**
 * A server call whose answer comes when the test says (`answer()`), not after a wall-clock wait:
 * what the user does meanwhile happens while the call is out.
 */
export function answerLater<T>(value: T) {
  let count = 0;
  let release: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    provider: (): Promise<T> => {
      count += 1;
      return ready.then(() => value);
    },
    answer: () => release(),
    calls: () => count,
  };
}

/**
 * Runs a watcher whose work answers at once (every call provided): the actions dispatched before
 * the run are handled, then END ends the watchers, instead of a timed run running out.
 */
export function runWatcher(tester: ExpectApi): ReturnType<ExpectApi['run']> {
  const result = tester.run();
  tester.dispatch(END);
  return result;
}
