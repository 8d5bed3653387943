/**
 * The builder's banner job (kind `ab`) through the real queue and real worker threads: the
 * generative art as banner.jpg and the chosen logo as logo.png; a provider's refusal reaches the
 * user as its Chinese message.
 */
import { loadImage } from '@napi-rs/canvas';
import Fastify from 'fastify';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BuilderLimits } from '../../../src/contract/builder';
import { GenerationMessages } from '../../../src/contract/generation';
import { connectSqlite, type DatabaseConnection } from '../../../src/server/db/connection';
import { jobDir } from '../../../src/server/queue/paths';
import { EmbeddedRenderQueue } from '../../../src/server/queue/embedded/embeddedQueue';
import type { PollOutcome, RenderQueue } from '../../../src/server/queue/renderQueue';
import { RENDER_SEEDS } from '../../../src/server/queue/renderSeeds';
import { jobIdentity, type RenderRunner } from '../../../src/server/queue/jobRules';
import { JOB_FILES, RenderUserFacingError, type BuilderBannerJobSpec } from '../../../src/server/render/jobSpec';
import { WorkerPool } from '../../../src/server/queue/workerPool';
import { GENERATIVE_PROVIDER_ID, bannerArtDescriptorFromEnv } from '../../../src/server/render/aiBanner/config';
import { HttpArtMessages } from '../../../src/server/render/aiBanner/http';
import { DashScopeMessages } from '../../../src/server/render/aiBanner/dashscopeApi';
import { runRenderJobWith } from '../../../src/server/render/jobs';
import { renderBannerVideo, transcodeToWebm } from '../../../src/server/render/banner';
import { renderBrandKit, renderLogoAnimation, renderLogoPng, renderLogoShowcase } from '../../../src/server/render/logo';
import { createClock } from '../helpers';
import { FakeRefusals, startDashScopeFake } from '../../fakes/dashscope';

jest.setTimeout(90_000);

const log = Fastify({ logger: false }).log;
const KEY = Buffer.alloc(32, 7);
let dataDir: string;
let database: DatabaseConnection;
let queue: RenderQueue | null = null;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-ab-test-'));
  database = connectSqlite(dataDir);
});

afterEach(async () => {
  await queue?.close();
  queue = null;
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function open(runner: RenderRunner, concurrency = 1): Promise<RenderQueue> {
  queue = new EmbeddedRenderQueue({ db: database.sql, dialect: 'sqlite', now: createClock(Date.now()).now, log, dataDir, runner, identityKey: KEY, cacheScope: 'user', maxActivePerUser: 3, maxActivePerIp: 3, concurrency, inquiryThreshold: 5, unpolledExpiryMs: 300_000, sweepIntervalMs: 60_000 });
  await queue.start();
  return queue;
}

async function finished(q: RenderQueue, id: string): Promise<PollOutcome> {
  for (;;) {
    const outcome = await q.poll(id, null);
    if (outcome.type !== 'waiting') return outcome;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const spec = (prompt: string, provider = GENERATIVE_PROVIDER_ID): BuilderBannerJobSpec => ({ kind: 'ab', logoStyle: 3, logotext: '龙腾天下', prompt, provider });

describe('the builder banner job (ab)', () => {
  it('renders banner.jpg (1920x1080) and logo.png in a worker thread, through the queue', async () => {
    const q = await open(new WorkerPool({ size: 1, log, env: {} }));
    const job = spec('火焰中的城堡');
    const submitted = await q.submit(job, { isFirst: true, userId: null, ip: null });
    expect(submitted).toEqual({ type: 'queued', id: q.identityOf(job, null), waitCount: 0, remainingMs: RENDER_SEEDS.ab.styles[GENERATIVE_PROVIDER_ID] });
    const outcome = await finished(q, q.identityOf(job, null));
    expect(outcome).toEqual({ type: 'done', id: q.identityOf(job, null), kind: 'ab', files: [JOB_FILES.ab.banner, JOB_FILES.ab.logo] });
    const dir = jobDir(dataDir, q.identityOf(job, null));
    const banner = fs.readFileSync(path.join(dir, 'banner.jpg'));
    expect(banner.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const picture = await loadImage(banner);
    expect([picture.width, picture.height]).toEqual([1920, 1080]);
    const logo = await loadImage(fs.readFileSync(path.join(dir, 'logo.png')));
    expect(logo.width).toBeGreaterThan(50);
    // The identical request is answered from the finished job.
    expect(await q.submit(job, { isFirst: true, userId: null, ip: null })).toEqual({ type: 'exists', id: q.identityOf(job, null), kind: 'ab', files: ['banner.jpg', 'logo.png'] });
  });

  it('fails with the image service\'s Chinese message when the configured service refuses', async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"error":"boom"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const env = { BANNER_ART_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/images` };
      const q = await open(new WorkerPool({ size: 1, log, env }));
      const job = spec('深海', bannerArtDescriptorFromEnv(env).id);
      await q.submit(job, { isFirst: true, userId: null, ip: null });
      const outcome = await finished(q, q.identityOf(job, null));
      expect(outcome).toEqual({ type: 'failed', message: HttpArtMessages.httpError(500) });
    } finally {
      server.close();
    }
  });

  it('with BANNER_ART_PROVIDER=dashscope, 通义万相 paints banner.jpg through the task cycle in a worker thread', async () => {
    const fake = await startDashScopeFake();
    try {
      const env = { BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: fake.apiKey, DASHSCOPE_BASE_URL: fake.baseUrl };
      const q = await open(new WorkerPool({ size: 1, log, env }));
      const job = spec('云海之上的仙山楼阁，金色晨光', bannerArtDescriptorFromEnv(env).id);
      await q.submit(job, { isFirst: true, userId: null, ip: null });
      const outcome = await finished(q, q.identityOf(job, null));
      expect(outcome).toEqual({ type: 'done', id: q.identityOf(job, null), kind: 'ab', files: [JOB_FILES.ab.banner, JOB_FILES.ab.logo] });
      const banner = await loadImage(fs.readFileSync(path.join(jobDir(dataDir, q.identityOf(job, null)), 'banner.jpg')));
      expect([banner.width, banner.height]).toEqual([1920, 1080]);
      // One task, polled to its end, its picture copied here at once.
      expect(fake.tasks).toHaveLength(1);
      expect(fake.tasks[0]).toMatchObject({ model: 'wanx2.1-t2i-turbo', prompt: '云海之上的仙山楼阁，金色晨光', size: { width: 1440, height: 810 } });
      expect(fake.requests.map((request) => request.method + ' ' + request.path.split('/').slice(0, 4).join('/'))).toEqual([
        'POST /api/v1/services',
        'GET /api/v1/tasks',
        'GET /api/v1/tasks',
        'GET /api/v1/tasks',
        'GET /oss/1d/' + fake.tasks[0].id + '-0.png',
      ]);
    } finally {
      await fake.close();
    }
  });

  it('with BANNER_ART_PROVIDER=dashscope, two render threads take turns at an account that runs one task at a time: neither throttled', async () => {
    const fake = await startDashScopeFake({ concurrentTasks: 1 });
    try {
      const env = { BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: fake.apiKey, DASHSCOPE_BASE_URL: fake.baseUrl };
      const q = await open(new WorkerPool({ size: 2, log, env }), 2);
      const jobs = [spec('雪山之巅', bannerArtDescriptorFromEnv(env).id), spec('深海遗迹', bannerArtDescriptorFromEnv(env).id)];
      await Promise.all(jobs.map((job) => q.submit(job, { isFirst: true, userId: null, ip: null })));
      const outcomes = await Promise.all(jobs.map((job) => finished(q, q.identityOf(job, null))));
      expect(outcomes.map((outcome) => outcome.type)).toEqual(['done', 'done']);
      expect(fake.tasks.map((task) => task.prompt).sort()).toEqual(['深海遗迹', '雪山之巅']);
      // The turn is shared by the threads (taskGate's SharedArrayBuffer), not one per thread.
      expect(fake.peakRunning).toBe(1);
      expect(fake.throttled).toBe(0);
    } finally {
      await fake.close();
    }
  });

  it('with BANNER_ART_PROVIDER=dashscope, a description refused by moderation fails the job with the Chinese message', async () => {
    const fake = await startDashScopeFake();
    fake.refuseNext(FakeRefusals.moderation);
    try {
      const env = { BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: fake.apiKey, DASHSCOPE_BASE_URL: fake.baseUrl };
      const q = await open(new WorkerPool({ size: 1, log, env }));
      const job = spec('不宜的描述', bannerArtDescriptorFromEnv(env).id);
      await q.submit(job, { isFirst: true, userId: null, ip: null });
      expect(await finished(q, q.identityOf(job, null))).toEqual({ type: 'failed', message: DashScopeMessages.moderation });
    } finally {
      await fake.close();
    }
  });

  it('a provider\'s user-facing error becomes the job\'s message; any other error the generic one', async () => {
    const renderers = { renderLogoPng, renderLogoAnimation, renderLogoShowcase, renderBrandKit, renderBannerVideo, transcodeToWebm };
    const runner = (error: Error): RenderRunner => ({
      run: (job, outDir, signal) =>
        runRenderJobWith(
          { ...renderers, bannerArtProvider: () => ({ id: 'x', label: 'x', paint: () => Promise.reject(error) }) },
          job,
          outDir,
          signal,
        ),
      close: async () => {},
    });
    const q = await open(runner(new RenderUserFacingError('图像生成服务拒绝了这段描述')));
    await q.submit(spec('一'), { isFirst: true, userId: null, ip: null });
    expect(await finished(q, q.identityOf(spec('一'), null))).toEqual({ type: 'failed', message: '图像生成服务拒绝了这段描述' });
    await q.close();
    const other = await open(runner(new Error('ECONNRESET at /internal/path')));
    await other.submit(spec('二'), { isFirst: true, userId: null, ip: null });
    expect(await finished(other, other.identityOf(spec('二'), null))).toEqual({ type: 'failed', message: GenerationMessages.renderFailed });
  });

  it('expects a banner drawn here to take what it was measured to, and the spec\'s 120 s of an image service nothing has measured', async () => {
    const q = await open({ run: () => new Promise(() => {}), close: async () => {} });
    expect(await q.expectedMs('ab', GENERATIVE_PROVIDER_ID)).toBe(RENDER_SEEDS.ab.styles[GENERATIVE_PROVIDER_ID]);
    expect(await q.expectedSeconds('ab', 'http@example.com/v1')).toBe(BuilderLimits.defaultBannerSeconds);
  });

  it('gives each provider, prompt, text and logo style its own job', () => {
    const ids = new Set([
      jobIdentity(spec('火'), KEY, 'shared'),
      jobIdentity(spec('水'), KEY, 'shared'),
      jobIdentity(spec('火', 'http@example.com/v1'), KEY, 'shared'),
      jobIdentity({ ...spec('火'), logotext: '别的' }, KEY, 'shared'),
      jobIdentity({ ...spec('火'), logoStyle: 4 }, KEY, 'shared'),
    ]);
    expect(ids.size).toBe(5);
    expect(jobIdentity(spec('火'), KEY, 'shared')).toBe(jobIdentity(spec('火'), KEY, 'shared'));
  });
});
