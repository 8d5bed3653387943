/**
 * DESIGN.md section 10: "wait count with 10,000 queued jobs: computed without scanning the queue
 * (>= 5,000 polls/s)". Measures polls through HTTP (100 connections, a logged-in user polling the
 * last of 10,000 queued jobs) and the queue's own poll in process. Run alone with
 * `npx tsx tests/bench/queuePolling.ts`, or from run.ts through benchQueue(). BENCH_COMPARE=1 also
 * prints checkOnline with and without a token, which separates the poll's own cost from the
 * login check every poll pays.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LOGO_TEXTS } from '../../src/contract/generation';
import { buildApp } from '../../src/server/app';
import { systemClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { connectSqlite } from '../../src/server/db/connection';
import { EmbeddedRenderQueue } from '../../src/server/queue/embedded/embeddedQueue';
import type { SubmitOutcome } from '../../src/server/queue/renderQueue';
import { jobIdentity, jobScope, type RenderRunner } from '../../src/server/queue/jobRules';
import type { UserJobSpec } from '../../src/server/render/jobSpec';
import { JobRepository } from '../../src/server/queue/repository';
import { deriveKey } from '../../src/server/security/secrets';
import { TokenService } from '../../src/server/security/tokens';
import { describeLoad, runLoad, type LoadResult } from './apiThroughput';

const QUEUED = 10_000;
const SECRET = 'bench-secret-that-is-long-enough-0123456789';

/** A renderer that never finishes: the jobs stay where they are while polls are measured. */
const stuckRunner: RenderRunner = {
  run: (_spec, _outDir, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
  close: async () => undefined,
};

const specOf = (n: number): UserJobSpec => ({ kind: 'tl', logoStyle: 1 + (n % 26), texts: { ...DEFAULT_LOGO_TEXTS, logotext: `龙${n}` } });

/** Writes 10,000 queued jobs and one user straight into a new data folder; answers the last job and a token. */
async function seed(dataDir: string): Promise<{ lastId: string; token: string }> {
  const database = connectSqlite(dataDir);
  try {
    let lastId = '';
    const at = Date.now();
    const user = await database.sql.insertInto('users').values({ name: 'bench', mobile: '13800000000', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    const userId = user.id;
    // The user's own jobs, with the ids the server makes: in the default user scope only the owner may poll.
    const key = deriveKey(SECRET, 'render-job-id');
    await database.sql.transaction().execute(async (trx) => {
      const repo = new JobRepository(trx, 'sqlite');
      for (let n = 0; n < QUEUED; n += 1) {
        lastId = jobIdentity(specOf(n), key, jobScope('user', userId));
        await repo.enqueue(lastId, specOf(n), { userId, ip: null }, at);
      }
    });
    return { lastId, token: await new TokenService(SECRET, systemClock).sign({ userId, version: 0 }) };
  } finally {
    await database.close();
  }
}

async function benchHttp(seconds: number): Promise<[string, string, string]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bench-queue-'));
  try {
    const { lastId, token } = await seed(dataDir);
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', JWT_SECRET: SECRET, RENDER_CONCURRENCY: '2', CATALOG_PRERENDER: '0' });
    const app = await buildApp(config, { logger: false, generation: { runner: stuckRunner } });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const body = JSON.stringify({ uniqueId: lastId });
      const authorization = `Bearer ${token}`;
      const poll = (duration: number): Promise<LoadResult> =>
        runLoad({ port, path: '/index/common/logoPolling', method: 'POST', body, headers: { authorization }, connections: 100, seconds: duration });
      if (process.env.BENCH_COMPARE) {
        const anon = await runLoad({ port, path: '/index/common/checkOnline', method: 'POST', body: '{}', connections: 100, seconds });
        console.info('checkOnline anonymous', anon.perSecond.toFixed(0), anon.p99Ms.toFixed(1));
        const online = await runLoad({ port, path: '/index/common/checkOnline', method: 'POST', body: '{}', headers: { authorization }, connections: 100, seconds });
        console.info('checkOnline with token', online.perSecond.toFixed(0), online.p99Ms.toFixed(1));
      }
      const result = await poll(seconds);
      const answer = await fetch(`http://127.0.0.1:${port}/index/common/logoPolling`, { method: 'POST', body, headers: { authorization, 'content-type': 'application/json' } });
      const waitCount = ((await answer.json()) as { data: { waitCount: number } }).data.waitCount;
      return [
        `wait count, ${QUEUED.toLocaleString('en')} queued (POST /index/common/logoPolling)`,
        `${describeLoad(result, 'polls/s')}, waitCount ${waitCount}`,
        '>= 5,000 polls/s, p99 <= 50 ms (100 connections)',
      ];
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The queue's poll alone: the in-memory index, no HTTP, no token check. */
async function benchInProcess(): Promise<[string, string, string]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bench-queue-'));
  const database = connectSqlite(dataDir);
  const queue = new EmbeddedRenderQueue({
    db: database.sql,
    dialect: 'sqlite',
    now: systemClock,
    log: (await import('fastify')).default({ logger: false }).log,
    dataDir,
    runner: stuckRunner,
    identityKey: deriveKey(SECRET, 'render-job-id'),
    cacheScope: 'user',
    maxActivePerUser: 3,
    maxActivePerIp: 3,
    concurrency: 2,
    inquiryThreshold: QUEUED * 2,
    unpolledExpiryMs: 3_600_000,
  });
  try {
    await queue.start();
    let last: SubmitOutcome | null = null;
    for (let n = 0; n < QUEUED; n += 1) last = await queue.submit(specOf(n), { isFirst: false, userId: null, ip: null });
    const lastId = last?.type === 'queued' ? last.id : '';
    const polls = 200_000;
    const started = process.hrtime.bigint();
    let waitCount = 0;
    for (let i = 0; i < polls; i += 1) {
      const outcome = await queue.poll(lastId, null);
      if (outcome.type === 'waiting') waitCount = outcome.waitCount;
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return [
      `wait count in the queue itself (${QUEUED.toLocaleString('en')} queued)`,
      `${(polls / seconds / 1e6).toFixed(2)} M polls/s, waitCount ${waitCount}, ${queue.sequenceIndex.lastProbeSteps} index nodes read per poll`,
      'computed without scanning the queue',
    ];
  } finally {
    await queue.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The queue's rows for `npm run bench`: [what, measured, budget]. */
export async function benchQueue(): Promise<Array<[string, string, string]>> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  return [await benchHttp(seconds), await benchInProcess()];
}

if (require.main === module) {
  benchQueue().then(
    (rows) => {
      for (const [label, measured, budget] of rows) console.info(`${label}  ${measured}   budget: ${budget}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
