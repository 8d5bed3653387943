import type { Action } from 'redux';
import type { ExpectApi } from 'redux-saga-test-plan';

/** Far past every step of the tests (the auto-save's debounce, uploads): expectSaga stops the saga when the fake clock gets there. */
const RUN_MS = 60_000;

/**
 * A watcher run by expectSaga on jest's fake clock (the test turns it on with jest.useFakeTimers), so that a
 * debounce waits for nothing but `advance`: `dispatch` is what the user does at that moment,
 * `advance` moves the clock and runs the timers (and the answers) that fall due, and `finish` lets the clock
 * run out (the saga is stopped at RUN_MS) and answers expectSaga's result, its expectations checked.
 */
export function runOnFakeClock(saga: ExpectApi) {
  const result = saga.run({ silenceTimeout: true, timeout: RUN_MS });
  return {
    dispatch(action: Action): void {
      saga.dispatch(action);
    },
    advance: (ms: number): Promise<void> => jest.advanceTimersByTimeAsync(ms),
    async finish(): ReturnType<ExpectApi['run']> {
      await jest.runAllTimersAsync();
      return result;
    },
  };
}
