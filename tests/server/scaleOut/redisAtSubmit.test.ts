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
import { expectNothingLostOrTwice, faultRunOnPrivateRedis } from './faultRun';
import { privateRedisAvailable } from './faultServers';

jest.setTimeout(150_000);

(scaleOutServersAvailable() && privateRedisAvailable() ? describe : describe.skip)('Redis stopped in the middle of a submit', () => {
  const live = faultRunOnPrivateRedis();

  /** Runs `original` on its object once Redis is stopped: a Redis that went away just before the call. */
  const afterStoppingRedis =
    <A extends unknown[], R>(original: (...args: A) => Promise<R>) =>
    async function (this: unknown, ...args: A): Promise<R> {
      await live.redis.stop();
      return original.apply(this, args);
    };

  /** Submits one job with Redis stopped just before the API server puts it in `step`; answers its id, accepted. */
  const submitStoppingBefore = async (step: 'line' | 'bullmq', label: string): Promise<string> => {
    const spy =
      step === 'bullmq'
        ? jest.spyOn(RenderJobs.prototype, 'add').mockImplementationOnce(afterStoppingRedis(RenderJobs.prototype.add))
        : jest.spyOn(WaitingIndex.prototype, 'add').mockImplementationOnce(afterStoppingRedis(WaitingIndex.prototype.add));
    const before = new Set(live.run.jobs.keys());
    try {
      await live.run.submit(['tl'], label);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    const [id] = [...live.run.jobs.keys()].filter((known) => !before.has(known));
    if (!id) throw new Error(`the submit was not accepted: ${live.run.summary()}\n${live.run.servers.flatMap((server) => server.logs).filter((line) => /"level":[45]0/.test(line)).join('\n').slice(0, 6000)}`);
    return id;
  };

  it('accepts the job, and renders it once Redis is back, whether it stopped before the line or before BullMQ', async () => {
    const beforeBullmq = await submitStoppingBefore('bullmq', '入队前');
    // The user polls while Redis is away: told the job's state from its row, or to retry in Chinese.
    await live.run.pollOnce();
    await live.redis.start();

    const beforeLine = await submitStoppingBefore('line', '排队前');
    await live.run.pollOnce();
    await live.redis.start();

    // Nobody polls for a while: the sweep alone must queue both (the line holds the first, BullMQ neither).
    const rows = async (): Promise<string[]> => (await live.run.cluster.db.sql.selectFrom('render_jobs').select('status').where('id', 'in', [beforeBullmq, beforeLine]).execute()).map((row) => row.status);
    const end = Date.now() + 60_000;
    while ((await rows()).some((status) => status !== 'done')) {
      if (Date.now() > end) throw new Error(`not rendered without polls: ${JSON.stringify(await rows())}; worker logs:\n${live.run.logs()}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }

    await live.run.pollUntilDone(60_000);
    await live.run.submit(['tl'], '恢复后');
    await live.run.pollUntilDone(60_000);

    await expectNothingLostOrTwice(live.run);
    console.info(`Redis stopped in a submit: ${live.run.summary()}`);
  });
});
