/**
 * GET /readyz on the scale-out setup (PostgreSQL, S3, BullMQ), its Redis one of the test's own:
 * stopped while the server runs, then started again.
 */
import { Messages } from '../../../src/contract/messages';
import { startCluster, scaleOutServersAvailable, type Cluster } from '../scaleOut/kit';
import { waitUntil } from '../waitUntil';
import { RedisProcess, freePort } from './redisProcess';

(scaleOutServersAvailable() ? describe : describe.skip)('GET /readyz follows Redis on the distributed queue', () => {
  let redis: RedisProcess;
  let cluster: Cluster;

  beforeAll(async () => {
    redis = new RedisProcess(await freePort());
    await redis.start();
    cluster = await startCluster(1, { s3: true, env: { REDIS_URL: redis.url, QUEUE_BACKEND: 'bullmq' } });
  });
  let closed = false;
  afterAll(async () => {
    if (!closed) await cluster?.close();
    await redis?.stop();
  });

  const readyz = async () => {
    const answer = await cluster.servers[0].app.inject({ method: 'GET', url: '/readyz' });
    return { status: answer.statusCode, body: answer.json<{ code: number; msg: string; data: { checked: Record<string, string>; unreachable: string[] } }>() };
  };

  it('is 503 naming the shared state and the render queue while Redis is stopped, and 200 once it is back', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { code: 200, msg: 'ready', data: { checked: { database: 'postgres', sharedState: 'redis', storage: 's3', renderQueue: 'bullmq' }, unreachable: [] } } });

    await redis.stop();
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 503, msg: `${Messages.notReady}：sharedState、renderQueue`, data: { unreachable: ['sharedState', 'renderQueue'] } });
    expect((await cluster.servers[0].app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await redis.start();
    await waitUntil(async () => (await readyz()).status === 200, 20_000);
  });

  it('lets the server shut down while Redis has only just come back', async () => {
    await redis.stop();
    expect((await readyz()).status).toBe(503);
    await redis.start();
    // Its connections are between two reconnection attempts now; before the fix, the close hung on them for ever.
    closed = true;
    await cluster.close();
  });
});
