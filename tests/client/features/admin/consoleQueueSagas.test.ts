import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import * as consoleQueueApi from '../../../../src/client/api/consoleQueueApi';
import { consoleOverviewSaga } from '../../../../src/client/features/admin/overview/overviewSaga';
import { overviewFailed, overviewLoaded, overviewOpened } from '../../../../src/client/features/admin/overview/overviewSlice';
import { consoleQueueSaga } from '../../../../src/client/features/admin/queue/queueSaga';
import {
  initialConsoleQueueState,
  jobActionFinished,
  jobActionRequested,
  queueListChanged,
  queuePageChanged,
  queuePageClosed,
  queuePageOpened,
  queueRefreshRequested,
  type ConsoleQueueState,
} from '../../../../src/client/features/admin/queue/queueSlice';
import type { ConsoleJob, ConsoleJobList, ConsoleOverview } from '../../../../src/contract/consoleQueue';
import { answerLater, apiError, fakeWorld, rootReducer, stateWith } from '../../sagaHarness';

const job: ConsoleJob = {
  id: 'a'.repeat(32),
  kind: 'tl',
  style: '1',
  title: '星河',
  user: { id: 2, name: '玩家', mobile: '13800138000' },
  queuedAt: 1_000,
  startedAt: null,
  finishedAt: null,
  ahead: 1,
  error: '',
};
const list = (jobs: ConsoleJob[], total = jobs.length): ConsoleJobList => ({ list: jobs, total, now: 61_000 });
const jobsAnswer = (value: unknown): StaticProvider => [matchers.call.fn(consoleQueueApi.getConsoleJobs), value] as StaticProvider;
const withQueue = (overrides: Partial<ConsoleQueueState> = {}) => stateWith({ consoleQueue: { ...initialConsoleQueueState, ...overrides } });

describe('the 任务队列 saga', () => {
  it('reads the list on opening and every five seconds while the page is open, and stops when it is left', async () => {
    const world = fakeWorld({ pauseAfterDelays: 2 });
    const reads: string[] = [];
    const tester = expectSaga(consoleQueueSaga)
      .withReducer(rootReducer, withQueue())
      .provide([
        world.providers,
        {
          call: (effect, next) => {
            if (effect.fn !== consoleQueueApi.getConsoleJobs) return next();
            reads.push(`${String(effect.args[0])}:${String(effect.args[1])}@${world.elapsed()}`);
            return list([job]);
          },
        },
      ])
      .dispatch(queuePageOpened());
    world.whenPaused(() => {
      tester.dispatch(queuePageClosed());
      // Gone: a refresh asked for now reads nothing.
      tester.dispatch(queueRefreshRequested());
    });
    const { storeState } = await tester.silentRun(100);
    expect(reads).toEqual(['waiting:1@0', 'waiting:1@5000', 'waiting:1@10000']);
    expect(storeState.consoleQueue).toMatchObject({ status: 'succeeded', list: [job], total: 1, now: 61_000 });
  });

  it('reads another list at once, even when the operator picks it while a read is out, and drops the old list’s answer', async () => {
    const world = fakeWorld({ pauseAfterDelays: 0 });
    const first = answerLater(list([job]));
    const failed = { ...job, id: 'b'.repeat(32), ahead: null, error: '生成失败，请稍后重试' };
    const tester = expectSaga(consoleQueueSaga)
      .withReducer(rootReducer, withQueue())
      .provide([
        world.providers,
        {
          call: (effect, next) => {
            if (effect.fn !== consoleQueueApi.getConsoleJobs) return next();
            return effect.args[0] === 'waiting' ? first.provider() : list([failed]);
          },
        },
      ])
      .dispatch(queuePageOpened());
    const run = tester.silentRun(100);
    tester.dispatch(queueListChanged({ status: 'failed' }));
    first.answer();
    const { storeState } = await run;
    expect(storeState.consoleQueue).toMatchObject({ query: { status: 'failed', page: 1 }, status: 'succeeded', list: [failed] });
    expect(world.elapsed()).toBe(0);
  });

  it('turns a page emptied meanwhile to the last page with jobs', async () => {
    const world = fakeWorld({ pauseAfterDelays: 0 });
    await expectSaga(consoleQueueSaga)
      .withReducer(rootReducer, withQueue({ query: { status: 'waiting', page: 3 } }))
      .provide([world.providers, jobsAnswer(list([], 21))])
      .dispatch(queuePageOpened())
      .put(queuePageChanged({ page: 2 }))
      .call(consoleQueueApi.getConsoleJobs, 'waiting', 2)
      .silentRun(100);
  });

  it('keeps the list it has when a read fails, and reads again at the next refresh', async () => {
    const world = fakeWorld({ pauseAfterDelays: 1 });
    let calls = 0;
    const { storeState } = await expectSaga(consoleQueueSaga)
      .withReducer(rootReducer, withQueue({ list: [job], total: 1 }))
      .provide([
        world.providers,
        {
          call: (effect, next) => {
            if (effect.fn !== consoleQueueApi.getConsoleJobs) return next();
            calls += 1;
            if (calls === 1) throw apiError(500, '服务器繁忙');
            return list([]);
          },
        },
      ])
      .dispatch(queuePageOpened())
      .silentRun(100);
    expect(calls).toBe(2);
    expect(storeState.consoleQueue).toMatchObject({ status: 'succeeded', list: [] });
  });

  it('cancels a job, says so, and reads the list again at once', async () => {
    const world = fakeWorld({ pauseAfterDelays: 0 });
    let reads = 0;
    const { storeState } = await expectSaga(consoleQueueSaga)
      .withReducer(rootReducer, withQueue())
      .provide([
        world.providers,
        [matchers.call.fn(consoleQueueApi.cancelJob), null],
        {
          call: (effect, next) => {
            if (effect.fn !== consoleQueueApi.getConsoleJobs) return next();
            reads += 1;
            return list(reads === 1 ? [job] : []);
          },
        },
      ])
      .dispatch(queuePageOpened())
      .dispatch(jobActionRequested({ id: job.id, kind: 'cancel' }))
      .call(consoleQueueApi.cancelJob, job.id)
      .put(jobActionFinished())
      .silentRun(100);
    expect(world.services.notify.success).toHaveBeenCalledWith('任务已取消，用户会看到提示');
    expect(reads).toBe(2);
    expect(world.elapsed()).toBe(0);
    expect(storeState.consoleQueue).toMatchObject({ acting: null, list: [] });
  });

  it('retries a failed job; a refusal says nothing more than the server did, and the list is read again', async () => {
    const world = fakeWorld({ pauseAfterDelays: 0 });
    const { storeState } = await expectSaga(consoleQueueSaga)
      .withReducer(rootReducer, withQueue({ query: { status: 'failed', page: 1 } }))
      .provide([world.providers, [matchers.call.fn(consoleQueueApi.retryJob), throwError(apiError(422, '只有失败的任务可以重试'))], jobsAnswer(list([]))])
      .dispatch(queuePageOpened())
      .dispatch(jobActionRequested({ id: job.id, kind: 'retry' }))
      .call(consoleQueueApi.retryJob, job.id)
      .put(jobActionFinished())
      .silentRun(100);
    expect(world.services.notify.success).not.toHaveBeenCalled();
    expect(storeState.consoleQueue.acting).toBeNull();
  });
});

describe('the 概览 saga', () => {
  const figures: ConsoleOverview = {
    users: { today: 1, lastSevenDays: 2, total: 3 },
    kinds: [],
    queue: { waiting: 0, running: 0 },
    publishedSites: 0,
    storage: { bytes: 10, where: 'local', measuredAt: 0 },
    days: [],
  };

  it('reads the figures on opening', async () => {
    const { storeState } = await expectSaga(consoleOverviewSaga)
      .withReducer(rootReducer, stateWith())
      .provide([[matchers.call.fn(consoleQueueApi.getConsoleOverview), figures]])
      .dispatch(overviewOpened())
      .put(overviewLoaded(figures))
      .silentRun(50);
    expect(storeState.consoleOverview).toEqual({ status: 'succeeded', figures });
  });

  it('says it failed, keeping nothing it does not have', async () => {
    await expectSaga(consoleOverviewSaga)
      .withReducer(rootReducer, stateWith())
      .provide([[matchers.call.fn(consoleQueueApi.getConsoleOverview), throwError(apiError(500))]])
      .dispatch(overviewOpened())
      .put(overviewFailed())
      .silentRun(50);
  });
});
