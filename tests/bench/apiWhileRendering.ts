/**
 * `BENCH_ONLY=busy npm run bench`: the API's answers while renders run (DESIGN.md section 10: the
 * API stays quick however busy the renderers are). A server with the real renderers in their
 * worker threads renders two full-size banners; meanwhile wrk (or the in-process fallback) loads
 * the logo style list and a job poll with 100 connections. The same loads on the idle server come
 * first, for comparison. Then the same with QUEUE_BACKEND=bullmq: the banners render in a worker
 * process beside the API server (needs the test servers). Figures only: nothing here passes or fails.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, type LogoCreateAnswer, type LogoPollingAnswer } from '../../src/contract/generation';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../../src/server/clock';
import { TokenService } from '../../src/server/security/tokens';
import { describeLoad, runLoad, type LoadOptions } from './apiThroughput';
import { startServer, type Api } from './generationLatency';
import { deletePrefix } from '../server/sharedState/testStates';
import { SECRET, benchSchema, distributedEnv, servers } from './scaleOut';

type Row = [label: string, measured: string, budget: string];

const BUDGET = 'p99 <= 50 ms while two banners render (100 connections)';

/** A load, with how long the server's event loop was held meanwhile (the server runs in this process). */
async function loadWithDelay(options: LoadOptions): Promise<string> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const result = await runLoad(options);
  delay.disable();
  return `${describeLoad(result)}; event loop held p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, max ${(delay.max / 1e6).toFixed(0)} ms`;
}

/** The loads on the idle server, then while it has two banners rendering; `where` names the setup. */
async function measure(server: { api: Api; port: number; token: string }, where: string, seconds: number): Promise<Row[]> {
  const rows: Row[] = [];
  const { api, port, token } = server;
  const headers = { authorization: `Bearer ${token}` };
  const poll = await api.post<LogoCreateAnswer>('/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logotext: '测速', logobg: 3, module: 'tl', isFirst: false });
  const targets: Array<[string, Omit<LoadOptions, 'port' | 'connections' | 'seconds'>]> = [
    ['logo styles (POST /index/common/logo)', { path: '/index/common/logo', method: 'POST', body: '{"per_page":12,"page":1}' }],
    ['job poll (POST /index/common/logoPolling)', { path: '/index/common/logoPolling', method: 'POST', body: JSON.stringify({ uniqueId: poll.uniqueId }), headers }],
  ];
  for (const [label, target] of targets) rows.push([`${label}, ${where}, idle`, await loadWithDelay({ port, connections: 100, seconds, ...target }), BUDGET]);

  const banners = [2, 5].map((banner, n) =>
    api.post<LogoCreateAnswer>('/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logotext: `压测${n}`, logobg: 3, banner, module: 'fsa', isFirst: false }),
  );
  const created = await Promise.all(banners);
  for (const [label, target] of targets) rows.push([`${label}, ${where}, 2 banners rendering`, await loadWithDelay({ port, connections: 100, seconds, ...target }), BUDGET]);
  // The banners were still rendering throughout: both are polled to their end before the server stops.
  for (const job of created) {
    for (;;) {
      const answer = await api.post<LogoPollingAnswer>('/index/common/logoPolling', { uniqueId: job.uniqueId });
      if (answer.isCreate || answer.expired) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return rows;
}

/** The embedded mode: the renders in this server's worker threads. */
export async function benchApiWhileRendering(seconds: number): Promise<Row[]> {
  const server = await startServer();
  try {
    return await measure(server, 'embedded', seconds);
  } finally {
    await server.close();
  }
}

/** The distributed mode: the API server here, the renders in a worker process (npm run worker) beside it. */
export async function benchApiWhileWorkersRender(seconds: number): Promise<Row[]> {
  const found = servers();
  if (!found) return [['API while a worker process renders (QUEUE_BACKEND=bullmq)', 'not measured: start the test servers', BUDGET]];
  const schema = await benchSchema(found.databaseUrl);
  const prefix = `wpg-bench:${process.pid}:busy:`;
  const env = distributedEnv(found, schema.url, prefix);
  const at = Date.now();
  const user = await schema.db.sql.insertInto('users').values({ name: 'bench', mobile: '13800000000', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
  const token = await new TokenService(SECRET, systemClock).sign({ userId: user.id, version: 0 });
  const server = await startServer({ env, token });
  const workerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bench-worker-'));
  const worker = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], { cwd: path.resolve(__dirname, '../..'), env: { ...process.env, ...env, DATA_DIR: workerDir, RENDER_CONCURRENCY: '2', NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    // Its start (compiling, warming its threads) is not what the idle figures are about.
    await new Promise<void>((resolve, reject) => {
      let log = '';
      worker.stdout?.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('Render worker started')) resolve();
      });
      worker.once('exit', () => reject(new Error(`the render worker stopped: ${log}`)));
    });
    worker.stdout?.resume();
    return await measure(server, 'BullMQ with a worker process', seconds);
  } finally {
    worker.kill('SIGTERM');
    await new Promise((resolve) => worker.once('exit', resolve));
    await server.close();
    await deletePrefix(found.redisUrl, prefix);
    await schema.drop();
    fs.rmSync(workerDir, { recursive: true, force: true });
  }
}
