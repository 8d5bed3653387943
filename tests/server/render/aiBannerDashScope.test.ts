/**
 * The 通义万相 banner-art provider against the DashScope fake (tests/fakes/dashscope.ts): the
 * task's cycle to a banner, each way a task or a request can end badly, the account's limit
 * waited out instead of failed, and the BANNER_ART_PROVIDER / DASHSCOPE_* settings.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { USER_FACING_ERROR_NAME, userFacingMessage } from '../../../src/server/render/jobSpec';
import { bannerArtProviderFor, bannerArtProviderFromEnv } from '../../../src/server/render/aiBanner';
import { bannerArtDescriptorFromEnv, readBannerArtConfig, type DashScopeConfig } from '../../../src/server/render/aiBanner/config';
import { dashscopeProvider, type DashScopeTiming } from '../../../src/server/render/aiBanner/dashscope';
import { DASHSCOPE_NEGATIVE_PROMPT, DashScopeMessages, dashscopeSizeOf } from '../../../src/server/render/aiBanner/dashscopeApi';
import { FakeRefusals, startDashScopeFake, type DashScopeFake } from '../../fakes/dashscope';

jest.setTimeout(30_000);

/** Looks every few milliseconds: the task's cycle is what is tested, not the intervals. */
const FAST: DashScopeTiming = { firstPollMs: 5, maxPollMs: 20, firstRetryMs: 5, maxRetryMs: 20 };

let fake: DashScopeFake;

beforeEach(async () => {
  fake = await startDashScopeFake();
});

afterEach(async () => {
  await fake.close();
});

const config = (overrides: Partial<DashScopeConfig> = {}): DashScopeConfig => ({ provider: 'dashscope', apiKey: fake.apiKey, model: 'wanx2.1-t2i-turbo', baseUrl: fake.baseUrl, timeoutMs: 10_000, ...overrides });

const paint = (provider = dashscopeProvider(config(), FAST), signal = new AbortController().signal, prompt = '火焰中的城堡，史诗感'): Promise<Buffer> =>
  provider.paint({ prompt, title: '龙腾天下', width: 1920, height: 1080, signal });

async function expectBanner(bytes: Buffer): Promise<void> {
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  const picture = await loadImage(bytes);
  expect([picture.width, picture.height]).toEqual([1920, 1080]);
  // The fake's picture is dark blue under a yellow band: scaled, not replaced by something of ours.
  const probe = createCanvas(1, 1).getContext('2d');
  probe.drawImage(picture, 960, 540, 1, 1, 0, 0, 1, 1);
  const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
  expect(b).toBeGreaterThan(r + 40);
  expect(b).toBeGreaterThan(g + 40);
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).name).toBe(USER_FACING_ERROR_NAME);
  return userFacingMessage(error) ?? '';
}

const calls = (): string[] => fake.requests.map((request) => `${request.method} ${request.path.replace(/[0-9a-f-]{36}/, '<id>')}`);

describe('the DashScope banner-art provider', () => {
  it('creates a task, polls it through PENDING and RUNNING, downloads the picture and crops it to the banner', async () => {
    await expectBanner(await paint());
    expect(calls()).toEqual([
      'POST /api/v1/services/aigc/text2image/image-synthesis',
      'GET /api/v1/tasks/<id>',
      'GET /api/v1/tasks/<id>',
      'GET /api/v1/tasks/<id>',
      'GET /oss/1d/<id>-0.png',
    ]);
    const [created] = fake.requests;
    expect(created.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(created.headers['x-dashscope-async']).toBe('enable');
    expect(JSON.parse(created.body)).toEqual({
      model: 'wanx2.1-t2i-turbo',
      input: { prompt: '火焰中的城堡，史诗感', negative_prompt: DASHSCOPE_NEGATIVE_PROMPT },
      parameters: { size: '1440*810', n: 1 },
    });
    // The picture's link is signed for itself: our key does not go with it.
    expect(fake.requests[4].headers.authorization).toBeUndefined();
  });

  it('asks each model for a size within its limits', async () => {
    expect(dashscopeSizeOf(1920, 1080)).toEqual({ width: 1440, height: 810 });
    expect(dashscopeSizeOf(1080, 1920)).toEqual({ width: 810, height: 1440 });
    expect(dashscopeSizeOf(1000, 1000)).toEqual({ width: 1440, height: 1440 });
    // Thinner than any model draws: the short side stays at the minimum and the crop does the rest.
    expect(dashscopeSizeOf(3000, 500)).toEqual({ width: 1440, height: 512 });
    await expectBanner(await paint(dashscopeProvider(config({ model: 'wan2.5-t2i-preview' }), FAST)));
    await expectBanner(await paint(dashscopeProvider(config({ model: 'wanx2.0-t2i-turbo' }), FAST)));
    expect(fake.tasks.map((task) => task.size)).toEqual([
      { width: 1440, height: 810 },
      { width: 1440, height: 810 },
    ]);
  });

  it('a description longer than the model takes is cut to its 500 characters, not refused', async () => {
    await expectBanner(await paint(undefined, undefined, '山'.repeat(700)));
    expect(fake.tasks[0].prompt).toBe('山'.repeat(500));
  });

  it.each([
    ['FAILED', { type: 'fail', code: 'InternalError.Algo', message: 'An internal error has occured during execution.' }, DashScopeMessages.failed],
    ['FAILED for the picture made (output moderation)', { type: 'fail', code: 'DataInspectionFailed', message: 'Output data may contain inappropriate content.' }, DashScopeMessages.moderation],
    ['CANCELED', { type: 'cancel' }, DashScopeMessages.canceled],
  ] as const)('a task that ends %s: its Chinese message', async (_name, end, message) => {
    fake.endNext(end);
    expect(await failure(paint())).toBe(message);
    // Nothing is downloaded from a task that made no picture.
    expect(calls().filter((call) => call.startsWith('GET /oss'))).toEqual([]);
  });

  it('a task the service no longer knows (UNKNOWN: expired or another account\'s): its Chinese message', async () => {
    fake.endNext({ type: 'forget' });
    expect(await failure(paint())).toBe(DashScopeMessages.unknown);
  });

  it('waits out the account\'s limit: 429 Throttling twice, then the task is made', async () => {
    fake.refuseNext(FakeRefusals.throttled, FakeRefusals.throttled);
    await expectBanner(await paint());
    expect(fake.throttled).toBe(2);
    expect(calls().filter((call) => call.startsWith('POST'))).toHaveLength(3);
  });

  it('paints of one process take turns at an account that runs one task at a time: none throttled, none failed', async () => {
    await fake.close();
    fake = await startDashScopeFake({ concurrentTasks: 1 });
    const provider = dashscopeProvider(config(), FAST);
    const pictures = await Promise.all([paint(provider), paint(provider), paint(provider)]);
    for (const picture of pictures) await expectBanner(picture);
    expect(fake.tasks).toHaveLength(3);
    expect(fake.peakRunning).toBe(1);
    expect(fake.throttled).toBe(0);
  });

  it('a key the service refuses (401 InvalidApiKey): the user is told AI drawing is unavailable', async () => {
    expect(await failure(paint(dashscopeProvider(config({ apiKey: 'sk-not-the-right-one' }), FAST)))).toBe(DashScopeMessages.keyRefused);
    expect(fake.tasks).toHaveLength(0);
  });

  it('a description refused by content moderation (400 DataInspectionFailed): the user is asked to change it', async () => {
    fake.refuseNext(FakeRefusals.moderation);
    const message = await failure(paint());
    expect(message).toBe(DashScopeMessages.moderation);
    expect(message).toContain('修改画面描述');
  });

  it('an account in arrears, a failing service, a model the service does not have', async () => {
    fake.refuseNext(FakeRefusals.arrearage);
    expect(await failure(paint())).toBe(DashScopeMessages.accountRefused);
    fake.refuseNext(FakeRefusals.internal);
    expect(await failure(paint())).toBe(DashScopeMessages.httpError(500));
    expect(await failure(paint(dashscopeProvider(config({ model: 'wanx9-no-such-model' }), FAST)))).toBe(DashScopeMessages.parametersRefused);
  });

  it('a task that never finishes ends at BANNER_ART_TIMEOUT_MS with the timeout message, and gives its turn back', async () => {
    fake.endNext({ type: 'never' });
    expect(await failure(paint(dashscopeProvider(config({ timeoutMs: 400 }), FAST)))).toBe(DashScopeMessages.timedOut(1));
    expect(calls().filter((call) => call.startsWith('GET /api/v1/tasks')).length).toBeGreaterThan(1);
    fake.finishAll();
    // The next paint is not kept waiting by the one that gave up.
    await expectBanner(await paint());
  });

  it('an account throttled for longer than the paint may last ends with the timeout message', async () => {
    fake.refuseNext(...Array.from({ length: 1000 }, () => FakeRefusals.throttled));
    expect(await failure(paint(dashscopeProvider(config({ timeoutMs: 300 }), FAST)))).toBe(DashScopeMessages.timedOut(1));
  });

  it('a service that cannot be reached', async () => {
    const provider = dashscopeProvider(config(), FAST);
    await fake.close();
    expect(await failure(paint(provider))).toBe(DashScopeMessages.unreachable);
    fake = await startDashScopeFake();
  });

  it('the job\'s own abort wins: its reason, not a user message', async () => {
    fake.endNext({ type: 'never' });
    const controller = new AbortController();
    const painting = paint(dashscopeProvider(config(), FAST), controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reason = new Error('render aborted (timeout)');
    controller.abort(reason);
    await expect(painting).rejects.toBe(reason);
    fake.finishAll();
  });
});

describe('BANNER_ART_PROVIDER and DASHSCOPE_* configuration', () => {
  const BASE = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };

  it('reads DashScope with its defaults, and names it 通义万相 without its key', () => {
    const env = { BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: 'sk-0123456789abcdef' };
    expect(readBannerArtConfig(env)).toEqual({ provider: 'dashscope', apiKey: 'sk-0123456789abcdef', model: 'wanx2.1-t2i-turbo', baseUrl: 'https://dashscope.aliyuncs.com', timeoutMs: 90_000 });
    const descriptor = bannerArtDescriptorFromEnv(env);
    expect(descriptor.label).toBe('通义万相 AI绘图');
    expect(descriptor.id).toBe('dashscope@dashscope.aliyuncs.com#wanx2.1-t2i-turbo');
    expect(descriptor.id).not.toContain('sk-');
    expect(bannerArtProviderFromEnv(env).label).toBe('通义万相 AI绘图');
    expect(readBannerArtConfig({ ...env, DASHSCOPE_MODEL: 'wan2.2-t2i-flash', DASHSCOPE_BASE_URL: 'https://dashscope-intl.aliyuncs.com/', BANNER_ART_TIMEOUT_MS: '60000' })).toEqual({
      provider: 'dashscope',
      apiKey: 'sk-0123456789abcdef',
      model: 'wan2.2-t2i-flash',
      baseUrl: 'https://dashscope-intl.aliyuncs.com',
      timeoutMs: 60_000,
    });
    // Another model or region paints other pictures: another job.
    expect(bannerArtDescriptorFromEnv({ ...env, DASHSCOPE_MODEL: 'wanx2.1-t2i-plus' }).id).not.toBe(descriptor.id);
    expect(loadConfig({ ...BASE, ...env }).bannerArt).toMatchObject({ provider: 'dashscope' });
  });

  it('keeps today\'s settings: nothing set is the painter here, BANNER_ART_URL alone the HTTP service', () => {
    expect(readBannerArtConfig({})).toEqual({ provider: 'generative' });
    expect(loadConfig(BASE).bannerArt).toEqual({ provider: 'generative' });
    expect(readBannerArtConfig({ BANNER_ART_URL: 'https://images.example.com/v1' })).toMatchObject({ provider: 'http', url: 'https://images.example.com/v1' });
    expect(readBannerArtConfig({ BANNER_ART_PROVIDER: 'http', BANNER_ART_URL: 'https://images.example.com/v1' })).toMatchObject({ provider: 'http' });
    expect(readBannerArtConfig({ BANNER_ART_PROVIDER: 'generative', BANNER_ART_URL: 'https://images.example.com/v1' })).toEqual({ provider: 'generative' });
    // DashScope's key alone does not switch the provider: the operator says which one.
    expect(readBannerArtConfig({ DASHSCOPE_API_KEY: 'sk-0123456789abcdef' })).toEqual({ provider: 'generative' });
  });

  it.each([
    [{ BANNER_ART_PROVIDER: 'wanx' }, /^BANNER_ART_PROVIDER must be one of generative, http, dashscope/],
    [{ BANNER_ART_PROVIDER: 'http' }, /^BANNER_ART_URL is required/],
    [{ BANNER_ART_PROVIDER: 'dashscope' }, /^DASHSCOPE_API_KEY is required/],
    [{ BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: 'sk-12 34567' }, /^DASHSCOPE_API_KEY must be/],
    [{ BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: 'sk-1' }, /^DASHSCOPE_API_KEY must be/],
    [{ BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: 'sk-0123456789abcdef', DASHSCOPE_MODEL: 'wanx 2.1' }, /^DASHSCOPE_MODEL must be/],
    [{ BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: 'sk-0123456789abcdef', DASHSCOPE_BASE_URL: 'dashscope.aliyuncs.com' }, /^DASHSCOPE_BASE_URL must be an http\(s\) URL/],
    [{ BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: 'sk-0123456789abcdef', DASHSCOPE_BASE_URL: 'ftp://dashscope.aliyuncs.com' }, /^DASHSCOPE_BASE_URL must be an http\(s\) URL/],
    [{ BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: 'sk-0123456789abcdef', DASHSCOPE_BASE_URL: 'https://a:b@dashscope.aliyuncs.com' }, /^DASHSCOPE_BASE_URL must not carry credentials/],
    [{ BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: 'sk-0123456789abcdef', DASHSCOPE_BASE_URL: 'https://dashscope.aliyuncs.com/?x=1' }, /^DASHSCOPE_BASE_URL must have no query/],
    [{ BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: 'sk-0123456789abcdef', BANNER_ART_TIMEOUT_MS: '500' }, /^BANNER_ART_TIMEOUT_MS/],
  ])('the server refuses to start on %j, in one line naming the setting', (env, message) => {
    let thrown: unknown = null;
    try {
      loadConfig({ ...BASE, ...env });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as Error).message).not.toContain('\n');
    expect((thrown as Error).message).not.toContain('sk-0123456789abcdef');
  });

  it('a job queued for DashScope is refused once the operator switched to another model', () => {
    const queuedFor = bannerArtDescriptorFromEnv({ BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: 'sk-0123456789abcdef' }).id;
    let thrown: unknown = null;
    try {
      bannerArtProviderFor(queuedFor, { BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: 'sk-0123456789abcdef', DASHSCOPE_MODEL: 'wanx2.1-t2i-plus' });
    } catch (error) {
      thrown = error;
    }
    expect(userFacingMessage(thrown)).toMatch(/重新生成/);
    expect(bannerArtProviderFor(queuedFor, { BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: 'sk-other-key-0000' }).id).toBe(queuedFor);
  });
});
