/**
 * The bucket answering 503 while a render worker draws a gallery picture set (a banner template's
 * thumbnail, preview video and poster), under two API servers and two workers. Nothing of ours is
 * restarted: the worker waits to store the pictures instead of failing the render, the API server
 * that asked waits to fetch them, and both servers then serve them, as users' jobs are kept
 * through the same outage (bucketOutage.test.ts).
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_NAME, bullPrefix, galleryJobId } from '../../../src/server/queue/bullmq/renderJobs';
import type { CatalogJobSpec } from '../../../src/server/render/jobSpec';
import { BANNER_STYLES } from '../../../src/server/render/styles';
import { waitUntil } from '../waitUntil';
import { scaleOutServersAvailable } from './kit';
import { faultRunBehindBucketProxy, logLines } from './faultRun';

jest.setTimeout(150_000);

/** How long the bucket stays away after the worker met it: longer than the S3 client's own retries. */
const OUTAGE_MS = 10_000;

(scaleOutServersAvailable() ? describe : describe.skip)('the bucket unavailable while a worker renders gallery pictures', () => {
  const live = faultRunBehindBucketProxy();

  it('waits the outage out, then serves the pictures on every server', async () => {
    const style = BANNER_STYLES[0];
    const spec: CatalogJobSpec = { kind: 'catalog-banner', styleId: style.id };
    const [server] = live.run.servers;
    let settled = false;
    const rendered = server.app.templateGallery
      .ensure(spec, 'demand')
      .then(
        () => 'ready',
        (error: unknown) => error,
      )
      .finally(() => {
        settled = true;
      });
    /** The workers' lines saying a gallery render waits for a service. */
    const waited = (): Array<Record<string, unknown>> => live.run.workers.flatMap((worker) => logLines(worker.log)).filter((line) => /gallery render.*: a service is unavailable, waiting for it$/.test(String(line.msg)));
    // A worker has taken it (a banner's preview video takes seconds): the bucket goes away before it can store the pictures.
    const connection = new Redis(live.run.cluster.env.REDIS_URL, { maxRetriesPerRequest: null });
    const bull = new Queue(QUEUE_NAME, { connection, prefix: bullPrefix(live.run.cluster.env.REDIS_KEY_PREFIX) });
    try {
      await waitUntil(async () => (await bull.getJobState(galleryJobId(`banner-${style.id}`))) === 'active', 60_000);
    } finally {
      await bull.close();
      await connection.quit();
    }
    live.proxy.unavailable = true;
    // Away until the render has ended and met it (or failed for it), and a while longer.
    await waitUntil(() => waited().length > 0 || settled, 120_000);
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    live.proxy.unavailable = false;
    expect(live.proxy.refused).toBeGreaterThan(0);

    expect(await rendered).toBe('ready');
    expect(waited().length).toBeGreaterThan(0);
    const template = server.app.templateGallery.bannerTemplates().find((candidate) => candidate.id === style.id);
    if (!template) throw new Error(`no banner template ${style.id}`);
    for (const each of live.run.servers) {
      for (const url of [template.thumbnail, template.preview_video, template.preview_image]) {
        const answer = await each.app.inject({ method: 'GET', url });
        expect({ url, status: answer.statusCode }).toEqual({ url, status: 200 });
      }
    }
    console.info(`Gallery render through a bucket outage: ${live.proxy.refused} requests refused`);
  });
});
