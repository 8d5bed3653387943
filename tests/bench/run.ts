/**
 * `npm run bench`: prints measured figures beside the budgets of DESIGN.md section 10. Budgets are
 * read by people, never asserted: a slow machine must not turn the test suite red.
 * `BENCH_ONLY=api,bundle,queue,logo,banner,generation,latency,busy,scale` runs a subset (`scale`, the distributed mode, is not in
 * the default set: it needs the test servers); `BENCH_SECONDS` sets each API load's length.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { ensureClientBuild } from '../../config/clientBuild';
import { describeLoad, runLoad } from './apiThroughput';
import { benchLogin, benchSite } from './benchLogins';
import { benchBundle } from './bundleSize';
import { benchGeneration } from './generationFlow';
import { benchLatency } from './generationLatency';
import { benchApiWhileRendering, benchApiWhileWorkersRender } from './apiWhileRendering';
import { benchQueue } from './queuePolling';
import { benchScaleOut } from './scaleOut';
import { benchBanner } from './renderBanner';
import { benchLogo } from './renderLogo';

type Row = [label: string, measured: string, budget: string];

const only = new Set((process.env.BENCH_ONLY ?? 'api,bundle,queue,logo,banner,generation,latency,busy').split(',').map((part) => part.trim()));

/** The API loads and the JS per route, against one server built in this process. */
async function benchServer(seconds: number): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bench-'));
  // A separate process would be fairer, but the client loops here are cheap next to the server's work.
  const app = await buildApp(loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const rows: Row[] = [];
  try {
    if (only.has('api')) {
      for (const [label, target] of [
        ['site config (GET /index/index/getSiteConfig)', { path: '/index/index/getSiteConfig' }],
        ['online check (POST /index/common/checkOnline)', { path: '/index/common/checkOnline', method: 'POST', body: '{}' }],
        ['logo styles (POST /index/common/logo)', { path: '/index/common/logo', method: 'POST', body: '{"per_page":12,"page":1}' }],
      ] as const) {
        const r = await runLoad({ port, connections: 100, seconds, ...target });
        rows.push([label, describeLoad(r), '>= 5,000 req/s, p99 <= 50 ms (100 connections)']);
      }
    }
    if (only.has('bundle')) {
      ensureClientBuild();
      const user = await benchLogin(app, '13800000001', 'user');
      const operator = await benchLogin(app, '13800000002', 'operator');
      const site = await benchSite(app, user);
      rows.push(...(await benchBundle(`http://127.0.0.1:${port}`, { user, operator, site })));
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rows: Row[] = [];
  if (only.has('api') || only.has('bundle')) rows.push(...(await benchServer(seconds)));
  if (only.has('queue')) rows.push(...(await benchQueue()));
  if (only.has('logo')) rows.push(...(await benchLogo()));
  if (only.has('banner')) rows.push(...(await benchBanner()));
  if (only.has('generation')) rows.push(...(await benchGeneration()));
  if (only.has('latency')) rows.push(...(await benchLatency()));
  if (only.has('busy')) rows.push(...(await benchApiWhileRendering(seconds)), ...(await benchApiWhileWorkersRender(seconds)));
  if (only.has('scale')) rows.push(...(await benchScaleOut(seconds)));
  const width = Math.max(...rows.map((r) => r[0].length));
  console.info(`\nMeasured on ${os.cpus().length} cores; API loads run ${seconds} s each with 100 connections\n`);
  for (const [label, measured, budget] of rows) console.info(`${label.padEnd(width)}  ${measured}   budget: ${budget}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
