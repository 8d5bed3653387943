/**
 * The bucket answering 503 ServiceUnavailable to every request for 30 seconds (a proxy in front of
 * the test bucket), under two API servers and two render workers while jobs wait and render.
 * Nothing of ours is restarted: a render finished meanwhile waits to be stored instead of failing,
 * every accepted job ends done and is rendered once, and the users polling meanwhile hear their
 * job's state or a refusal in Chinese.
 */
import { s3Endpoint } from '../storage/testStores';
import { scaleOutServersAvailable } from './kit';
import { expectNothingLostOrTwice, logLines, startFaultRun, type FaultRun } from './faultRun';
import { startBucketProxy, type BucketProxy } from './faultServers';

jest.setTimeout(170_000);

const OUTAGE_MS = 30_000;

(scaleOutServersAvailable() ? describe : describe.skip)('the bucket unavailable for 30 s while jobs wait and render', () => {
  let proxy: BucketProxy;
  let run: FaultRun;

  beforeAll(async () => {
    const bucket = s3Endpoint();
    if (!bucket) throw new Error('TEST_S3_ENDPOINT is not set: start the test servers with config/scripts/testServers.sh start');
    proxy = await startBucketProxy(bucket);
    run = await startFaultRun({ s3Endpoint: proxy.endpoint });
  });

  afterAll(async () => {
    if (proxy) proxy.unavailable = false;
    await run?.close();
    await proxy?.close();
  });

  it('loses no job, renders none twice, stores what finished meanwhile, and recovers without a restart of ours', async () => {
    await run.submit(['tl', 'tl', 'tl', 'tl', 'tl', 'tl'], '存储');
    await run.pollWhile(async () => (await run.runningJobs()) < 1, 60_000);

    proxy.unavailable = true;
    const downAt = Date.now();
    await run.pollWhile(() => Date.now() - downAt < OUTAGE_MS, OUTAGE_MS + 30_000);
    proxy.unavailable = false;
    expect(proxy.refused).toBeGreaterThan(0);

    await run.pollUntilDone(90_000);
    await run.submit(['tl'], '恢复后');
    await run.pollUntilDone(60_000);

    await expectNothingLostOrTwice(run);
    // The outage met a worker storing a finished render, which waited it out.
    const waited = run.workers.flatMap((worker) => logLines(worker.log)).filter((line) => line.msg === 'storing a render: a service is unavailable, waiting for it');
    expect(waited.length).toBeGreaterThan(0);
    console.info(`Bucket outage: ${proxy.refused} requests refused, ${run.summary()}`);
  });
});
