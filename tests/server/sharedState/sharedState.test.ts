import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { registerErrorHandling } from '../../../src/server/http/errorHandler';
import { limitByKey, perIp, registerRateLimits } from '../../../src/server/http/rateLimits';
import { RedisUnavailable, connectSharedState } from '../../../src/server/sharedState';
import { withLock, type SharedState } from '../../../src/server/sharedState/types';
import { createClock } from '../helpers';
import { describeEachState } from './testStates';

const clock = createClock();

/** The envelope's code of a refusal, or 200 for the route's own answer ('ok'). */
const codeOf = (response: LightMyRequestResponse): number => (response.body === 'ok' ? 200 : (response.json<{ code: number }>().code));

/** A server with two limited routes and two limits by key, on `state`'s store. */
async function limitedServer(state: SharedState): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app);
  await registerRateLimits(app, state.rateLimits);
  const perPhone = limitByKey(app, 'perPhone', 2, 60);
  const otherPerPhone = limitByKey(app, 'otherPerPhone', 2, 60);
  app.get('/limited', { config: perIp(3, 60) }, async () => 'ok');
  app.get('/also-limited', { config: perIp(3, 60) }, async () => 'ok');
  app.post<{ Body: { phone: string } }>('/phone', async (request) => {
    await perPhone(request, request.body.phone);
    return 'ok';
  });
  app.post<{ Body: { phone: string } }>('/other-phone', async (request) => {
    await otherPerPhone(request, request.body.phone);
    return 'ok';
  });
  await app.ready();
  return app;
}

describeEachState('shared rate counters and locks', (pair, name) => {
  describe('rate limits', () => {
    it('refuses past the limit in a sliding window, per key, and counts again as events leave it', async () => {
      const { a } = pair();
      const counter = a.rateLimits.limit('test:sliding', { limit: 2, windowMs: 1000 });
      expect(await counter.take('u1')).toBe(true);
      clock.advance(400);
      expect(await counter.take('u1')).toBe(true);
      expect(await counter.take('u1')).toBe(false);
      expect(await counter.take('u2')).toBe(true);
      // The first event leaves the window at 1000 ms; the second stays until 1400.
      clock.advance(600);
      expect(await counter.take('u1')).toBe(true);
      expect(await counter.take('u1')).toBe(false);
      clock.advance(400);
      expect(await counter.take('u1')).toBe(true);
    });

    it('keeps counters of different names apart', async () => {
      const { a } = pair();
      const first = a.rateLimits.limit('test:first', { limit: 1, windowMs: 1000 });
      const second = a.rateLimits.limit('test:second', { limit: 1, windowMs: 1000 });
      expect(await first.take('k')).toBe(true);
      expect(await first.take('k')).toBe(false);
      expect(await second.take('k')).toBe(true);
    });

    it('counts both servers together: of 20 takes at once on two servers, exactly the limit pass', async () => {
      const { a, b } = pair();
      const onA = a.rateLimits.limit('test:together', { limit: 7, windowMs: 60_000 });
      const onB = b.rateLimits.limit('test:together', { limit: 7, windowMs: 60_000 });
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? onA : onB).take('user')));
      expect(outcomes.filter(Boolean)).toHaveLength(7);
    });
  });

  describe('a limit by amount', () => {
    it('refuses once a key has spent its bytes in the window, on either server, and forgets after it', async () => {
      const { a, b } = pair();
      const onA = a.rateLimits.limit('test:bytes', { limit: 100, windowMs: 1000 });
      const onB = b.rateLimits.limit('test:bytes', { limit: 100, windowMs: 1000 });
      const hasRoom = async (limit: typeof onA, key: string): Promise<boolean> => (await limit.count(key)) < limit.limit;
      expect(await hasRoom(onA, 'ip')).toBe(true);
      await onA.hit('ip', { amount: 60 });
      expect(await hasRoom(onB, 'ip')).toBe(true);
      await onB.hit('ip', { amount: 40 });
      expect(await hasRoom(onA, 'ip')).toBe(false);
      expect(await hasRoom(onB, 'ip')).toBe(false);
      expect(await hasRoom(onA, 'other')).toBe(true);
      clock.advance(1001);
      expect(await hasRoom(onB, 'ip')).toBe(true);
      a.prune();
    });
  });

  describe('the route rate-limit store', () => {
    it('limits a route per address across servers, each route apart, and starts a new window after it', async () => {
      const { a, b } = pair();
      const serverA = await limitedServer(a);
      // Memory is one process's: its one server stands for both.
      const serverB = name === 'memory' ? serverA : await limitedServer(b);
      try {
        // Refusals are the envelope's code 429 (in an HTTP 200), like every other refusal.
        const statuses = async (server: FastifyInstance, url: string, times: number): Promise<number[]> => {
          const out: number[] = [];
          for (let i = 0; i < times; i += 1) out.push(codeOf(await server.inject({ url })));
          return out;
        };
        expect(await statuses(serverA, '/limited', 2)).toEqual([200, 200]);
        expect(await statuses(serverB, '/limited', 2)).toEqual([200, 429]);
        expect(await statuses(serverA, '/also-limited', 1)).toEqual([200]);
        clock.advance(60_001);
        expect(await statuses(serverB, '/limited', 1)).toEqual([200]);
      } finally {
        await Promise.all([serverA.close(), serverB.close()].slice(0, serverA === serverB ? 1 : 2));
      }
    });

    it('limits by a key the body names, each limit apart, across servers', async () => {
      const { a, b } = pair();
      const serverA = await limitedServer(a);
      // Memory is one process's: its one server stands for both.
      const serverB = name === 'memory' ? serverA : await limitedServer(b);
      try {
        const post = async (server: FastifyInstance, url: string, phone: string): Promise<number> => codeOf(await server.inject({ method: 'POST', url, payload: { phone } }));
        expect(await post(serverA, '/phone', '13800000000')).toBe(200);
        expect(await post(serverB, '/phone', '13800000000')).toBe(200);
        expect(await post(serverA, '/phone', '13800000000')).toBe(429);
        expect(await post(serverB, '/phone', '13900000000')).toBe(200);
        expect(await post(serverB, '/other-phone', '13800000000')).toBe(200);
      } finally {
        await Promise.all([serverA.close(), serverB.close()].slice(0, serverA === serverB ? 1 : 2));
      }
    });
  });

  describe('locks', () => {
    it('is held once across servers until released', async () => {
      const { a, b } = pair();
      const lease = await a.tryLock('test:lock', 10_000);
      expect(lease).not.toBeNull();
      expect(await b.tryLock('test:lock', 10_000)).toBeNull();
      expect(await a.tryLock('test:lock', 10_000)).toBeNull();
      const other = await b.tryLock('test:other', 10_000);
      expect(other).not.toBeNull();
      await lease?.release();
      const next = await b.tryLock('test:lock', 10_000);
      expect(next).not.toBeNull();
      await next?.release();
      await other?.release();
    });

    it('runs the work of one name one at a time across servers (withLock)', async () => {
      const { a, b } = pair();
      const events: string[] = [];
      const work = (who: string) => async (): Promise<string> => {
        events.push(`${who} in`);
        await new Promise((resolve) => setTimeout(resolve, 30));
        events.push(`${who} out`);
        return who;
      };
      const results = await Promise.all([withLock(a, 'test:serial', 10_000, work('1')), withLock(b, 'test:serial', 10_000, work('2')), withLock(a, 'test:serial', 10_000, work('3'))]);
      expect(results).toEqual(['1', '2', '3']);
      for (let i = 0; i < events.length; i += 2) expect(events[i + 1]).toBe(events[i].replace(' in', ' out'));
    });

    it('gives each period to one caller across servers (the housekeeping sweep)', async () => {
      const { a, b } = pair();
      const claims = await Promise.all([a.claimPeriod('test:sweep', 400), b.claimPeriod('test:sweep', 400), a.claimPeriod('test:sweep', 400)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await b.claimPeriod('test:other-sweep', 400)).toBe(true);
      // Memory keeps the server's clock, Redis its own: both periods end.
      clock.advance(401);
      await new Promise((resolve) => setTimeout(resolve, name === 'redis' ? 450 : 0));
      expect(await b.claimPeriod('test:sweep', 400)).toBe(true);
    });

    it('keeps a value every server reads until its time is up (the WeChat access_token)', async () => {
      const { a, b } = pair();
      expect(await b.getValue('test:value')).toBeNull();
      await a.setValue('test:value', 'token-1', 400);
      expect(await b.getValue('test:value')).toBe('token-1');
      await b.setValue('test:value', 'token-2', 400);
      expect(await a.getValue('test:value')).toBe('token-2');
      clock.advance(401);
      await new Promise((resolve) => setTimeout(resolve, name === 'redis' ? 450 : 0));
      expect(await a.getValue('test:value')).toBeNull();
    });

    if (name === 'redis') {
      it('is renewed while its holder lives, however long the work, and lapses once the holder is gone', async () => {
        const { a, b } = pair();
        const lease = await a.tryLock('test:renewed', 300);
        expect(lease).not.toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 700));
        expect(await b.tryLock('test:renewed', 300)).toBeNull();
        // The holder's process is gone: its connection closes and nobody renews.
        await a.close();
        await new Promise((resolve) => setTimeout(resolve, 450));
        const taken = await b.tryLock('test:renewed', 10_000);
        expect(taken).not.toBeNull();
        await taken?.release();
      });

      it('a holder whose lock lapsed and was taken does not release the new holder', async () => {
        const { a, b, deleteKey } = pair();
        const first = await a.tryLock('test:lapsed', 10_000);
        // As if the first holder had stalled past its lock's life.
        await deleteKey?.('lock:test:lapsed');
        const second = await b.tryLock('test:lapsed', 10_000);
        expect(second).not.toBeNull();
        await first?.release();
        expect(await a.tryLock('test:lapsed', 10_000)).toBeNull();
        await second?.release();
      });
    }
  });
}, clock.now);

describe('a Redis that cannot be reached', () => {
  it('stops the start with one line that names it, the password left out', async () => {
    const failed = connectSharedState('redis://:hunter2@127.0.0.1:1/0', clock.now);
    await expect(failed).rejects.toBeInstanceOf(RedisUnavailable);
    const error = (await failed.catch((reason: unknown) => reason)) as Error;
    expect(error.message).toMatch(/^Could not connect to Redis at 127\.0\.0\.1:1 \(REDIS_URL\): /);
    expect(error.message).not.toContain('hunter2');
  });
});
