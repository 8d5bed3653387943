import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Messages } from '../../../src/contract/messages';
import { loadConfig } from '../../../src/server/config';
import { buildWorkerMetricsServer } from '../../../src/server/modules/health/workerMetrics';
import { AppMetrics } from '../../../src/server/metrics/appMetrics';
import { workerConfigProblem } from '../../../src/server/worker';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe("a render worker's metrics (WORKER_METRICS_PORT)", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-worker-metrics-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('serves its renders to the token alone, and nothing else', async () => {
    const metrics = new AppMetrics();
    metrics.renderFinished('fsa', '2', 42_000);
    metrics.renderFailed('fsa', 'timeout');
    const app = buildWorkerMetricsServer(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', METRICS_TOKEN: TOKEN }), metrics);
    try {
      const notFound = { code: 404, msg: Messages.notFound, data: null };
      expect((await app.inject({ method: 'GET', url: '/metrics' })).json()).toEqual(notFound);
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/anything-else' })).json()).toEqual(notFound);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ code: 200, msg: 'alive', data: null });
      const scraped = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain('wpg_render_duration_seconds_count{kind="fsa",style="2"} 1');
      expect(scraped.body).toContain('wpg_render_duration_seconds_sum{kind="fsa",style="2"} 42');
      expect(scraped.body).toContain('wpg_render_failures_total{kind="fsa",reason="timeout"} 1');
      expect(scraped.body).toContain('process_cpu_user_seconds_total');
    } finally {
      await app.close();
    }
  });

  it('WORKER_METRICS_PORT must be a port', () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://u:p@db:5432/wpg', REDIS_URL: 'redis://r:6379', JWT_SECRET: 'x'.repeat(40), STORAGE_BACKEND: 's3', S3_BUCKET: 'wpg-files', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(workerConfigProblem(loadConfig(env), { ...env, WORKER_METRICS_PORT: '9464' })).toBeNull();
    expect(workerConfigProblem(loadConfig(env), { ...env, WORKER_METRICS_PORT: 'http' })).toMatch(/WORKER_METRICS_PORT must be a port/);
    expect(workerConfigProblem(loadConfig(env), { ...env, WORKER_METRICS_PORT: '70000' })).toMatch(/WORKER_METRICS_PORT must be a port/);
  });
});
