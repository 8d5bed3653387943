/**
 * One job's render killed twice: the worker rendering it killed with -9, then the worker that took
 * it over killed the same way, and a new worker started. BullMQ alone would fail a job that stalls
 * a second time; the job's row decides instead (it fails only a render that died with its worker
 * more often than that): the job is rendered to its end once, by the third worker, and the user
 * polling meanwhile only ever hears its state.
 */
import { startWorkerProcess, scaleOutServersAvailable, type WorkerProcess } from './kit';
import { expectNothingLostOrTwice, logLines, startFaultRun, type FaultRun } from './faultRun';

jest.setTimeout(180_000);

(scaleOutServersAvailable() ? describe : describe.skip)('one job\u2019s render killed with its worker twice', () => {
  let run: FaultRun;

  beforeAll(async () => {
    run = await startFaultRun();
  });

  afterAll(async () => {
    await run?.close();
  });

  /** Whether `worker` has started job `id` and not finished it. */
  const rendering = (worker: WorkerProcess, id: string): boolean => {
    const lines = logLines(worker.log).filter((line) => line.jobId === id);
    return lines.some((line) => line.msg === 'render started') && !lines.some((line) => line.msg === 'render finished');
  };

  /** Waits (the user polling) until a live worker renders job `id`, and kills it with -9. */
  const killWhileRendering = async (id: string): Promise<WorkerProcess> => {
    const live = (): WorkerProcess | undefined => run.workers.find((worker) => worker.process.exitCode === null && worker.process.signalCode === null && rendering(worker, id));
    await run.pollWhile(() => !live(), 60_000);
    const doomed = live();
    if (!doomed) throw new Error('no render to interrupt');
    doomed.process.kill('SIGKILL');
    await doomed.exited();
    return doomed;
  };

  it('renders it to its end once, on the third worker, and tells its user nothing but its state', async () => {
    await run.submit(['al'], '两次');
    const [id] = [...run.jobs.keys()];

    const first = await killWhileRendering(id);
    const second = await killWhileRendering(id);
    // Both workers started at first are dead: a new one takes the job over once its lease lapses.
    run.workers.push(startWorkerProcess(run.cluster));

    await run.pollUntilDone(90_000);
    await run.submit(['tl'], '恢复后');
    await run.pollUntilDone(60_000);

    await expectNothingLostOrTwice(run, { workers: [first, second], job: id });
    const row = await run.cluster.db.sql.selectFrom('render_jobs').select(['attempts', 'interruptions']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 3, interruptions: 2 });
    expect(run.refusals).toEqual([]);
    console.info(`Worker killed twice: ${run.summary()}`);
  });
});
