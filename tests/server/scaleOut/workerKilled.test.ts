/**
 * A render worker killed with -9 mid-render under two API servers while jobs wait and render.
 * Nothing is restarted: the other worker takes the killed worker's job over once its lock and its
 * row's lease lapse and renders it to its end once; every accepted job ends done; and the users
 * polling meanwhile only ever hear their job's state.
 */
import { scaleOutServersAvailable } from './kit';
import { expectNothingLostOrTwice, logLines, startFaultRun, type FaultRun } from './faultRun';

jest.setTimeout(150_000);

(scaleOutServersAvailable() ? describe : describe.skip)('a render worker killed with -9 while jobs wait and render', () => {
  let run: FaultRun;

  beforeAll(async () => {
    run = await startFaultRun();
  });

  afterAll(async () => {
    await run?.close();
  });

  /** The job `log`'s worker has started and not finished. */
  const rendering = (log: readonly string[]): string | null => {
    const lines = logLines(log);
    const finished = new Set(lines.filter((line) => line.msg === 'render finished').map((line) => line.jobId));
    const started = lines.filter((line) => line.msg === 'render started' && !finished.has(line.jobId));
    return started.length ? String(started[started.length - 1].jobId) : null;
  };

  it('loses no job, and the killed worker\u2019s job is taken over once and done once', async () => {
    await run.submit(['al', 'al', 'tl', 'tl'], '断电');
    await run.pollWhile(async () => (await run.runningJobs()) < 2 || !rendering(run.workers[0].log), 60_000);

    const doomed = run.workers[0];
    const lost = rendering(doomed.log);
    doomed.process.kill('SIGKILL');
    await doomed.exited();

    await run.pollUntilDone(90_000);
    await run.submit(['tl'], '恢复后');
    await run.pollUntilDone(60_000);

    if (!lost) throw new Error('no render to interrupt');
    await expectNothingLostOrTwice(run, { workers: [doomed], job: lost });
    const row = await run.cluster.db.sql.selectFrom('render_jobs').select('attempts').where('id', '=', lost).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
    // Nobody waiting was told anything but their job's state.
    expect(run.refusals).toEqual([]);
  });
});
