/**
 * Redis stopped at the worst moment of a submit, under two API servers and two render workers: after
 * the job's row is written and before the job is queued (before it joins the line, or between the
 * line and BullMQ). The submit is answered with the job all the same, the user polling it hears its
 * state (from the database while Redis is away), and once Redis is back the API servers' sweep
 * queues what BullMQ does not hold: every accepted job is rendered once and ends done, without a
 * restart of ours, whether or not its user polls it meanwhile.
 */
import { RenderJobs } from '../../../src/server/queue/bullmq/renderJobs';
import { WaitingIndex } from '../../../src/server/queue/bullmq/waitingIndex';
import { scaleOutServersAvailable } from './kit';
import { expectNothingLostOrTwice, startFaultRun, type FaultRun } from './faultRun';
import { privateRedisAvailable, startPrivateRedis, type RestartableServer } from './faultServers';

jest.setTimeout(150_000);

(scaleOutServersAvailable() && privateRedisAvailable() ? describe : describe.skip)('Redis stopped in the middle of a submit', () => {
  let redis: RestartableServer;
  let run: FaultRun;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    run = await startFaultRun({ redisUrl: redis.url });
  });

  afterAll(async () => {
    // Up again whatever failed: the cluster's close deletes its keys there.
    await redis?.start();
    await run?.close();
    await redis?.dispose();
  });

  /** Runs `original` on its object once Redis is stopped: a Redis that went away just before the call. */
  const afterStoppingRedis =
    <A extends unknown[], R>(original: (...args: A) => Promise<R>) =>
    async function (this: unknown, ...args: A): Promise<R> {
      await redis.stop();
      return original.apply(this, args);
    };

  /** Submits one job with Redis stopped just before the API server puts it in `step`; answers its id, accepted. */
  const submitStoppingBefore = async (step: 'line' | 'bullmq', label: string): Promise<string> => {
    const spy =
      step === 'bullmq'
        ? jest.spyOn(RenderJobs.prototype, 'add').mockImplementationOnce(afterStoppingRedis(RenderJobs.prototype.add))
        : jest.spyOn(WaitingIndex.prototype, 'add').mockImplementationOnce(afterStoppingRedis(WaitingIndex.prototype.add));
    const before = new Set(run.jobs.keys());
    try {
      await run.submit(['tl'], label);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    const [id] = [...run.jobs.keys()].filter((known) => !before.has(known));
    if (!id) throw new Error(`the submit was not accepted: ${run.summary()}\n${run.servers.flatMap((server) => server.logs).filter((line) => /"level":[45]0/.test(line)).join('\n').slice(0, 6000)}`);
    return id;
  };

  it('accepts the job, and renders it once Redis is back, whether it stopped before the line or before BullMQ', async () => {
    const beforeBullmq = await submitStoppingBefore('bullmq', '入队前');
    // The user polls while Redis is away: told the job's state from its row, or to retry in Chinese.
    await run.pollOnce();
    await redis.start();

    const beforeLine = await submitStoppingBefore('line', '排队前');
    await run.pollOnce();
    await redis.start();

    // Nobody polls for a while: the sweep alone must queue both (the line holds the first, BullMQ neither).
    const rows = async (): Promise<string[]> => (await run.cluster.db.sql.selectFrom('render_jobs').select('status').where('id', 'in', [beforeBullmq, beforeLine]).execute()).map((row) => row.status);
    const end = Date.now() + 60_000;
    while ((await rows()).some((status) => status !== 'done')) {
      if (Date.now() > end) throw new Error(`not rendered without polls: ${JSON.stringify(await rows())}; worker logs:\n${run.logs()}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }

    await run.pollUntilDone(60_000);
    await run.submit(['tl'], '恢复后');
    await run.pollUntilDone(60_000);

    await expectNothingLostOrTwice(run);
    console.info(`Redis stopped in a submit: ${run.summary()}`);
  });
});
