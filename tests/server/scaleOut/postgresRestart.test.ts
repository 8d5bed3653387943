/**
 * PostgreSQL restarted under two API servers and two render workers while jobs wait and render, as
 * a service manager restarts it (a fast shutdown that ends every session, then a start on the same
 * data some seconds later). Nothing of ours is restarted: renders finished meanwhile are recorded
 * once the database is back, every accepted job ends done and is rendered once, and the users
 * polling meanwhile hear their job's state or a refusal in Chinese.
 */
import { scaleOutServersAvailable } from './kit';
import { expectNothingLostOrTwice, startFaultRun, type FaultRun } from './faultRun';
import { privatePostgresAvailable, startPrivatePostgres, type RestartableServer } from './faultServers';

jest.setTimeout(150_000);

/** Long enough for the renders under way to end while the database is away. */
const OUTAGE_MS = 6_000;

(scaleOutServersAvailable() && privatePostgresAvailable() ? describe : describe.skip)('a PostgreSQL restart while jobs wait and render', () => {
  let postgres: RestartableServer;
  let run: FaultRun;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    run = await startFaultRun({ databaseUrl: postgres.url });
  });

  afterAll(async () => {
    // Up again whatever failed: the cluster's close drops its schema there.
    await postgres?.start();
    await run?.close();
    await postgres?.dispose();
  });

  it('loses no job, renders none twice, records what finished meanwhile, and recovers without a restart of ours', async () => {
    await run.submit(['tl', 'tl', 'tl', 'tl', 'tl', 'tl'], '重启');
    await run.pollWhile(async () => (await run.runningJobs()) < 1, 60_000);

    await postgres.stop();
    const stoppedAt = Date.now();
    const refusedBefore = run.refusals.length;
    // Users keep polling, and one asks for a new render: refused in Chinese.
    await run.submit(['tl'], '停机时');
    await run.pollWhile(() => Date.now() - stoppedAt < OUTAGE_MS, 30_000);
    // Every login is checked in the database: the polls meanwhile were told to try again.
    expect(run.refusals.length).toBeGreaterThan(refusedBefore);
    await postgres.start();

    await run.pollUntilDone(90_000);
    await run.submit(['tl'], '恢复后');
    await run.pollUntilDone(60_000);

    await expectNothingLostOrTwice(run);
    console.info(`PostgreSQL restart: ${run.summary()}`);
  });
});
