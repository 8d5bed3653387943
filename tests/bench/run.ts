/**
 * `npm run bench`: prints measured figures beside the budgets of DESIGN.md section 10. Budgets are
 * read by people, never asserted: a slow machine must not turn the test suite red.
 * The render and generation budgets get their benchmarks with the generation issue.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { ensureClientBuild } from '../../config/clientBuild';
import { runLoad } from './apiThroughput';
import { benchBundle } from './bundleSize';

async function main(): Promise<void> {
  ensureClientBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bench-'));
  // A separate process would be fairer, but the client loops here are cheap next to the server's work.
  const app = await buildApp(loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rows: Array<[string, string, string]> = [];
  for (const [label, target] of [
    ['site config (GET /index/index/getSiteConfig)', { path: '/index/index/getSiteConfig' }],
    ['online check (POST /index/common/checkOnline)', { path: '/index/common/checkOnline', method: 'POST', body: '{}' }],
  ] as const) {
    const r = await runLoad({ port, connections: 100, seconds, ...target });
    rows.push([label, `${r.perSecond.toFixed(0)} req/s, p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, ${r.failures} failed`, '>= 5,000 req/s, p99 <= 50 ms (100 connections)']);
  }
  rows.push(...(await benchBundle(`http://127.0.0.1:${port}`)));
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const width = Math.max(...rows.map((r) => r[0].length));
  console.info(`\nMeasured on ${os.cpus().length} cores; API loads run ${seconds} s each with 100 connections\n`);
  for (const [label, measured, budget] of rows) console.info(`${label.padEnd(width)}  ${measured}   budget: ${budget}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
