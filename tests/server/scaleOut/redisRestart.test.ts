/**
 * Redis restarted under the distributed queue while jobs wait and render, as a service manager
 * restarts it: a clean stop (its append-only file written, as production runs it) and a start on
 * the same data some seconds later, longer than a worker's lock. The API servers and the workers
 * are not restarted: every accepted job is rendered once and ends done, and the users polling
 * meanwhile hear their job's state or a refusal in Chinese.
 */
import { scaleOutServersAvailable } from './kit';
import { expectNothingLostOrTwice, faultRunOnPrivateRedis } from './faultRun';
import { privateRedisAvailable } from './faultServers';

jest.setTimeout(150_000);

/** Longer than the workers' lock (kit.ts: 3 s): every running job's lock lapses while Redis is away. */
const OUTAGE_MS = 5_000;

(scaleOutServersAvailable() && privateRedisAvailable() ? describe : describe.skip)('a Redis restart while jobs wait and render', () => {
  const live = faultRunOnPrivateRedis();

  it('loses no job, renders none twice, and recovers without a restart of ours', async () => {
    await live.run.submit(['tl', 'tl', 'tl', 'tl', 'tl', 'tl'], '重启');
    await live.run.pollWhile(async () => (await live.run.runningJobs()) < 1, 60_000);

    await live.redis.stop();
    const stoppedAt = Date.now();
    // Users keep polling, and one asks for a new render: refused in Chinese, or accepted.
    await live.run.submit(['tl'], '停机时');
    await live.run.pollWhile(() => Date.now() - stoppedAt < OUTAGE_MS, 30_000);
    await live.redis.start();

    await live.run.pollUntilDone(90_000);
    // Working as before: a new job goes through.
    await live.run.submit(['tl'], '恢复后');
    await live.run.pollUntilDone(60_000);

    await expectNothingLostOrTwice(live.run);
    console.info(`Redis restart: ${live.run.summary()}`);
  });
});
