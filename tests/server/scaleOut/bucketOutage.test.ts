/**
 * The bucket answering 503 ServiceUnavailable to every request for 30 seconds (a proxy in front of
 * the test bucket), under two API servers and two render workers while jobs wait and render.
 * Nothing of ours is restarted: a render finished meanwhile waits to be stored instead of failing,
 * every accepted job ends done and is rendered once, and the users polling meanwhile hear their
 * job's state or a refusal in Chinese.
 */
import { scaleOutServersAvailable } from './kit';
import { expectNothingLostOrTwice, faultRunBehindBucketProxy, logLines } from './faultRun';

jest.setTimeout(170_000);

const OUTAGE_MS = 30_000;

(scaleOutServersAvailable() ? describe : describe.skip)('the bucket unavailable for 30 s while jobs wait and render', () => {
  const live = faultRunBehindBucketProxy();

  it('loses no job, renders none twice, stores what finished meanwhile, and recovers without a restart of ours', async () => {
    await live.run.submit(['tl', 'tl', 'tl', 'tl', 'tl', 'tl'], '存储');
    await live.run.pollWhile(async () => (await live.run.runningJobs()) < 1, 60_000);

    live.proxy.unavailable = true;
    const downAt = Date.now();
    await live.run.pollWhile(() => Date.now() - downAt < OUTAGE_MS, OUTAGE_MS + 30_000);
    live.proxy.unavailable = false;
    expect(live.proxy.refused).toBeGreaterThan(0);

    await live.run.pollUntilDone(90_000);
    await live.run.submit(['tl'], '恢复后');
    await live.run.pollUntilDone(60_000);

    await expectNothingLostOrTwice(live.run);
    // The outage met a worker storing a finished render, which waited it out.
    const waited = live.run.workers.flatMap((worker) => logLines(worker.log)).filter((line) => line.msg === 'storing a render: a service is unavailable, waiting for it');
    expect(waited.length).toBeGreaterThan(0);
    console.info(`Bucket outage: ${live.proxy.refused} requests refused, ${live.run.summary()}`);
  });
});
