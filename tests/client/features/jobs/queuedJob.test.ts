import type { SagaIterator } from 'redux-saga';
import { call, put, race } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { takeLeavingPage } from '../../../../src/client/app/leavingPage';
import { BUSY_RETRIES, runQueuedJob, type JobAnswer, type JobProgress, type QueuedJob } from '../../../../src/client/features/jobs/queuedJob';
import { retryAfterSecondsOf } from '../../../../src/client/features/jobs/serverBusy';
import { ApiError } from '../../../../src/client/api/ApiError';
import { fakeWorld } from '../../sagaHarness';

/** The actions of a made-up flow's dialog. */
const asked = (waitCount: number) => ({ type: 'job/asked', payload: waitCount });
const confirmed = { type: 'job/confirmed' };
const declined = { type: 'job/declined' };
const resending = (waitCount: number) => ({ type: 'job/resending', payload: waitCount });
const progressed = (expectedSeconds: number) => ({ type: 'job/progressed', payload: expectedSeconds });

/** A job whose creates and polls answer in turn what the test says; records what it was asked. */
function scriptedJob(creates: Array<JobAnswer<string, string> | null>, polls: Array<JobProgress<string> | null>, options: Partial<QueuedJob<string, string>> = {}) {
  const created: boolean[] = [];
  const polled: string[] = [];
  const job: QueuedJob<string, string> = {
    *create(isFirst) {
      created.push(isFirst);
      yield put({ type: 'job/sent', payload: isFirst });
      return creates[created.length - 1] ?? null;
    },
    question: { asked, confirmed: confirmed.type, declined: declined.type, resending },
    *poll(ticket): SagaIterator<JobProgress<string> | null> {
      polled.push(ticket);
      const answer = polls[Math.min(polled.length - 1, polls.length - 1)] ?? null;
      if (answer && 'expectedSeconds' in answer) yield put(progressed(answer.expectedSeconds));
      return answer;
    },
    ...options,
  };
  return { job, created, polled };
}

const queued = (expectedSeconds: number, due?: boolean): JobAnswer<string, string> => ({ kind: 'queued', ticket: 'job-1', expectedSeconds, ...(due ? { due } : {}) });

describe('the queued-job saga', () => {
  it('a result made already comes at once: no poll, no wait', async () => {
    const world = fakeWorld();
    const { job, polled } = scriptedJob([{ kind: 'done', result: 'made' }], []);
    const { returnValue } = await expectSaga(runQueuedJob, job).provide([world.providers]).run();
    expect(returnValue).toBe('made');
    expect(polled).toEqual([]);
    expect(world.elapsed()).toBe(0);
  });

  it('polls with the ticket at the estimate, at most every 2000 ms, until it is made', async () => {
    const world = fakeWorld();
    const { job, polled } = scriptedJob([queued(5)], [{ expectedSeconds: 3 }, { expectedSeconds: 1 }, { result: 'made' }]);
    const { returnValue } = await expectSaga(runQueuedJob, job)
      .provide([world.providers])
      .put(progressed(3))
      .put(progressed(1))
      .run();
    expect(returnValue).toBe('made');
    expect(polled).toEqual(['job-1', 'job-1', 'job-1']);
    expect(world.elapsed()).toBe(2_000 + 2_000 + 1_000);
  });

  it('a late job is asked about from 250 ms on, twice as long each time', async () => {
    const world = fakeWorld();
    const late = { expectedSeconds: 0 };
    const waits: number[] = [];
    const { job } = scriptedJob([queued(0.3)], [late, late, late, { result: 'made' }], {
      *wait(ms) {
        waits.push(ms);
        yield put({ type: 'job/waited', payload: ms });
      },
    });
    await expectSaga(runQueuedJob, job).provide([world.providers]).run();
    // The flow's own wait replaces the delay.
    expect(waits).toEqual([300, 250, 500, 1_000]);
    expect(world.elapsed()).toBe(0);
  });

  it('a job the server says is due is polled at once', async () => {
    const world = fakeWorld();
    const { job } = scriptedJob([queued(30, true)], [{ result: 'made' }]);
    const { returnValue } = await expectSaga(runQueuedJob, job).provide([world.providers]).run();
    expect(returnValue).toBe('made');
    expect(world.elapsed()).toBe(0);
  });

  it('the queue question, confirmed: the same request again without isFirst, then the polls', async () => {
    const world = fakeWorld();
    const { job, created } = scriptedJob([{ kind: 'inquiry', waitCount: 12 }, queued(2)], [{ result: 'made' }]);
    const { returnValue } = await expectSaga(runQueuedJob, job)
      .provide([world.providers])
      .put(asked(12))
      // Dispatched when the saga waits for the answer: the user clicks 排队 then.
      .dispatch(confirmed)
      .put(resending(12))
      .run();
    expect(returnValue).toBe('made');
    expect(created).toEqual([true, false]);
  });

  it('the queue question, declined: nothing more is sent', async () => {
    const world = fakeWorld();
    const { job, created, polled } = scriptedJob([{ kind: 'inquiry', waitCount: 12 }], []);
    const { returnValue } = await expectSaga(runQueuedJob, job).provide([world.providers]).put(asked(12)).dispatch(declined).not.put(resending(12)).run();
    expect(returnValue).toBeNull();
    expect(created).toEqual([true]);
    expect(polled).toEqual([]);
  });

  it('a failed create or poll ends the job without a result', async () => {
    const failedCreate = scriptedJob([null], []);
    expect((await expectSaga(runQueuedJob, failedCreate.job).provide([fakeWorld().providers]).run()).returnValue).toBeNull();
    const failedPoll = scriptedJob([queued(2)], [{ expectedSeconds: 1 }, null]);
    expect((await expectSaga(runQueuedJob, failedPoll.job).provide([fakeWorld().providers]).run()).returnValue).toBeNull();
    expect(failedPoll.polled).toHaveLength(2);
  });

  it('waits out a busy server as long as it asks, bounded, and goes on polling the same job', async () => {
    const world = fakeWorld();
    const { job, polled } = scriptedJob([queued(2)], [{ expectedSeconds: 1 }, { retryAfterSeconds: 10 }, { retryAfterSeconds: 600 }, { result: 'made' }]);
    const { returnValue } = await expectSaga(runQueuedJob, job).provide([world.providers]).run();
    expect(returnValue).toBe('made');
    expect(polled).toEqual(['job-1', 'job-1', 'job-1', 'job-1']);
    // 2 s to the first poll, 1 s to the second, then the 10 s asked, then 30 s at most.
    expect(world.elapsed()).toBe(2_000 + 1_000 + 10_000 + 30_000);
  });

  it('gives up a server that stays busy', async () => {
    const { job, polled } = scriptedJob([queued(1)], [{ retryAfterSeconds: 1 }]);
    const { returnValue } = await expectSaga(runQueuedJob, job).provide([fakeWorld().providers]).run();
    expect(returnValue).toBeNull();
    expect(polled).toHaveLength(BUSY_RETRIES + 1);
  });

  it('reads the wait a 503 asked for, and nothing else as busy', () => {
    expect(retryAfterSecondsOf(new ApiError({ code: 503, msg: '服务器繁忙', httpStatus: 503, data: { retryAfterSeconds: 7 } }))).toBe(7);
    expect(retryAfterSecondsOf(new ApiError({ code: 503, msg: '服务暂时不可用' }))).toBe(5);
    expect(retryAfterSecondsOf(new ApiError({ code: 500, msg: '服务器内部错误', httpStatus: 500 }))).toBeNull();
    expect(retryAfterSecondsOf(new Error('offline'))).toBeNull();
  });

  it('leaving the page stops the polls', async () => {
    const world = fakeWorld({ location: { pathname: '/logo/config', search: '' }, pauseAfterDelays: 3 });
    const { job, polled } = scriptedJob([queued(2)], [{ expectedSeconds: 2 }]);
    function* flow(): SagaIterator {
      yield race({ done: call(runQueuedJob, job), left: call(takeLeavingPage) });
    }
    const tester = expectSaga(flow).provide([world.providers]);
    world.whenPaused(() => tester.dispatch(locationChanged({ pathname: '/', search: '' })));
    await tester.run();
    expect(polled).toHaveLength(3);
    expect(world.elapsed()).toBe(6_000);
  });
});
