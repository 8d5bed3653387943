/**
 * DESIGN.md section 10: "wait count with 10,000 queued jobs: computed without scanning the queue
 * (>= 5,000 polls/s)". Measures polls through HTTP (100 connections, a logged-in user polling the
 * last of 10,000 queued jobs) and the queue's own poll in process. Run alone with
 * `npx tsx tests/bench/queuePolling.ts`, or from run.ts through benchQueue(). BENCH_COMPARE=1 also
 * prints checkOnline with and without a token, which separates the poll's own cost from the
 * login check every poll pays.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LOGO_TEXTS } from '../../src/contract/generation';
import { buildApp } from '../../src/server/app';
import { systemClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { runMigrations } from '../../src/server/db/migrations';
import { RenderQueue } from '../../src/server/queue/renderQueue';
import { jobIdentity, type RenderRunner, type UserJobSpec } from '../../src/server/queue/renderSpec';
import { JobRepository } from '../../src/server/queue/repository';
import { TokenService } from '../../src/server/security/tokens';

const QUEUED = 10_000;
const SECRET = 'bench-secret-that-is-long-enough-0123456789';

/** A renderer that never finishes: the jobs stay where they are while polls are measured. */
const stuckRunner: RenderRunner = {
  run: (_spec, _outDir, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
  close: async () => undefined,
};

const specOf = (n: number): UserJobSpec => ({ kind: 'tl', logoStyle: 1 + (n % 26), texts: { ...DEFAULT_LOGO_TEXTS, logotext: `龙${n}` } });

/** Writes 10,000 queued jobs and one user straight into a new data folder; answers the last job and a token. */
function seed(dataDir: string): { lastId: string; token: string } {
  const db = openDatabase(dataDir);
  try {
    runMigrations(db);
    const repo = new JobRepository(db);
    let lastId = '';
    const at = Date.now();
    db.transaction(() => {
      for (let n = 0; n < QUEUED; n += 1) {
        lastId = jobIdentity(specOf(n));
        repo.enqueue(lastId, specOf(n), null, at);
      }
    })();
    const userId = Number(db.prepare("INSERT INTO users (name, mobile, created_at, updated_at) VALUES ('bench', '13800000000', ?, ?)").run(at, at).lastInsertRowid);
    return { lastId, token: new TokenService(SECRET, systemClock).sign({ userId, version: 0 }) };
  } finally {
    db.close();
  }
}

interface Load {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  lastBody: string;
}

/** POSTs `body` from `connections` keep-alive loops for `seconds`, with the given headers. */
async function load(port: number, urlPath: string, body: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failures = 0;
  let lastBody = '';
  const endAt = Date.now() + seconds * 1000;
  const once = (): Promise<void> =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const request = http.request({ host: '127.0.0.1', port, path: urlPath, method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) failures += 1;
          lastBody = Buffer.concat(chunks).toString('utf8');
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          resolve();
        });
      });
      request.on('error', () => {
        failures += 1;
        resolve();
      });
      request.end(body);
    });
  const loop = async (): Promise<void> => {
    while (Date.now() < endAt) await once();
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: latencies.length / elapsed, p50Ms: at(0.5), p99Ms: at(0.99), failures, lastBody };
}

async function benchHttp(seconds: number): Promise<[string, string, string]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bench-queue-'));
  try {
    const { lastId, token } = seed(dataDir);
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', JWT_SECRET: SECRET, RENDER_CONCURRENCY: '2', CATALOG_PRERENDER: '0' });
    const app = await buildApp(config, { logger: false, generation: { runner: stuckRunner } });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const poll = (duration: number): Promise<Load> =>
        load(port, '/index/common/logoPolling', JSON.stringify({ uniqueId: lastId }), { authorization: `Bearer ${token}` }, 100, duration);
      // A second of warm-up first: the JIT, the prepared statements and the keep-alive sockets.
      await poll(1);
      if (process.env.BENCH_COMPARE) {
        const anon = await load(port, '/index/common/checkOnline', '{}', {}, 100, seconds);
        console.info('checkOnline anonymous', anon.perSecond.toFixed(0), anon.p99Ms.toFixed(1));
        const online = await load(port, '/index/common/checkOnline', '{}', { authorization: `Bearer ${token}` }, 100, seconds);
        console.info('checkOnline with token', online.perSecond.toFixed(0), online.p99Ms.toFixed(1));
      }
      const result = await poll(seconds);
      const waitCount = (JSON.parse(result.lastBody) as { data: { waitCount: number } }).data.waitCount;
      return [
        `wait count, ${QUEUED.toLocaleString('en')} queued (POST /index/common/logoPolling)`,
        `${result.perSecond.toFixed(0)} polls/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ${result.failures} failed, waitCount ${waitCount}`,
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
  const db = openDatabase(dataDir);
  runMigrations(db);
  const queue = new RenderQueue({
    db,
    now: systemClock,
    log: (await import('fastify')).default({ logger: false }).log,
    dataDir,
    runner: stuckRunner,
    concurrency: 2,
    inquiryThreshold: QUEUED * 2,
    unpolledExpiryMs: 3_600_000,
  });
  try {
    queue.start();
    let lastId = '';
    db.transaction(() => {
      for (let n = 0; n < QUEUED; n += 1) lastId = (queue.submit(specOf(n), { isFirst: false, userId: null }) as { id: string }).id;
    })();
    const polls = 200_000;
    const started = process.hrtime.bigint();
    let waitCount = 0;
    for (let i = 0; i < polls; i += 1) {
      const outcome = queue.poll(lastId);
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
    db.close();
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
