import { Messages } from '../../../src/contract/messages';
import { checkReadiness } from '../../../src/server/modules/health/readiness';
import { buildTestApp, type TestApp } from '../helpers';
import { waitUntil } from '../waitUntil';
import { RedisProcess, freePort } from './redisProcess';

describe('GET /healthz and /readyz on a default install', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Outside test mode, where every request is logged.
    t = await buildTestApp({ env: { NODE_ENV: 'development', CATALOG_PRERENDER: '0' } });
    // The one-off upgrade tasks of a fresh install log their start and end in the background: done first.
    await t.app.upgrades.settled();
  });
  afterAll(() => t.close());

  it('/healthz answers that the process is alive, uncached', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ code: 200, msg: 'alive', data: null });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 with what it checked', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ code: 200, msg: 'ready', data: { checked: { database: 'sqlite', sharedState: 'memory', storage: 'local', renderQueue: 'embedded' }, unreachable: [] } });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('a balancer probing often is never refused nor logged', async () => {
    const before = t.logs.length;
    for (let i = 0; i < 300; i += 1) {
      const url = i % 2 ? '/healthz' : '/readyz';
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect(t.logs.slice(before)).toEqual([]);
    // Where any other request leaves its lines.
    await t.app.inject({ method: 'GET', url: '/index/index/getSiteConfig' });
    expect(t.logs.slice(before).some((line) => line.includes('request completed'))).toBe(true);
  });
});

describe('readiness checks', () => {
  it('names what fails and what does not answer in time, in a fixed order, and keeps the reasons for the log', async () => {
    const readiness = await checkReadiness(
      [
        { name: 'storage', backend: 's3', ping: () => new Promise(() => {}) },
        { name: 'database', backend: 'postgres', ping: () => Promise.reject(new Error('connection refused')) },
        { name: 'sharedState', backend: 'redis', ping: async () => {} },
        { name: 'renderQueue', backend: 'bullmq', ping: async () => {} },
      ],
      50,
    );
    expect(readiness.unreachable).toEqual(['database', 'storage']);
    expect(readiness.checked).toEqual({ storage: 's3', database: 'postgres', sharedState: 'redis', renderQueue: 'bullmq' });
    expect(readiness.reasons).toEqual({ database: 'connection refused', storage: 'no answer within 50 ms' });
  });
});

describe('GET /readyz follows the shared state (a Redis of its own)', () => {
  let redis: RedisProcess;
  let t: TestApp;

  beforeAll(async () => {
    redis = new RedisProcess(await freePort());
    await redis.start();
    t = await buildTestApp({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  const readyz = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
    return { status: answer.statusCode, body: answer.json<{ code: number; msg: string; data: { checked: Record<string, string>; unreachable: string[] } }>() };
  };

  it('is 503 naming the shared state while Redis is stopped, and 200 again once it is back', async () => {
    expect(await readyz()).toMatchObject({ status: 200, body: { data: { checked: { sharedState: 'redis' }, unreachable: [] } } });

    await redis.stop();
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ code: 503, msg: `${Messages.notReady}：sharedState`, data: { checked: { database: 'sqlite', sharedState: 'redis', storage: 'local', renderQueue: 'embedded' }, unreachable: ['sharedState'] } });
    // The answer names the part, not where it lives: a public probe tells nobody the Redis's address.
    expect(JSON.stringify(down.body)).not.toContain(String(redis.port));
    // /healthz does not depend on it: the process is alive.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // Said once in the log, with the reason, when it changed.
    expect(t.logs.filter((line) => line.includes('not ready: sharedState'))).toHaveLength(1);
    await readyz();
    expect(t.logs.filter((line) => line.includes('not ready: sharedState'))).toHaveLength(1);

    await redis.start();
    await waitUntil(async () => (await readyz()).status === 200, 20_000);
    expect(t.logs.some((line) => line.includes('ready again'))).toBe(true);
  });
});
