/**
 * AI生成主视觉 (issue 38): logoCreate with a picture description paints the key art through the
 * configured AI service inside the banner's job, keeps it as an upload, and draws the video over it
 * as over an uploaded picture; the polls name the stage; a service's refusal or silence ends the
 * job with its Chinese message; a render again paints nothing. Against a fake image service.
 */
import sharp from 'sharp';
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_BANNER_TEXTS,
  DEFAULT_LOGO_TEXTS,
  GenerationLimits,
  GenerationMessages,
  activeJobsRefusal,
  type BannerCutsAnswer,
  type KeyArtProviderAnswer,
  type LogoCreateAnswer,
  type LogoPollingAnswer,
} from '../../../src/contract/generation';
import { AnswerCode } from '../../../src/contract/envelope';
import type { WorkListAnswer } from '../../../src/contract/works';
import { DASHSCOPE_PROVIDER_LABEL } from '../../../src/server/render/aiBanner/config';
import { DashScopeMessages } from '../../../src/server/render/aiBanner/dashscopeApi';
import { HttpArtMessages } from '../../../src/server/render/aiBanner/http';
import { RENDER_TIMEOUT_MS, renderTimeoutOf } from '../../../src/server/queue/jobRules';
import { splitKeyArt } from '../../fixtures/keyArt';
import { FakeRefusals, startDashScopeFake, type DashScopeFake } from '../../fakes/dashscope';
import { startFakeImageService, type FakeImageService } from '../../fakes/imageService/server';
import { buildTestApp, get, post, type TestApp } from '../helpers';
import { quickLogin } from '../queue/kit';
import { SmallRealRunner, generate, listTree } from './miniSiteKit';

jest.setTimeout(90_000);

let t: TestApp | undefined;
let service: FakeImageService | undefined;

afterEach(async () => {
  await t?.close();
  await service?.close();
  t = undefined;
  service = undefined;
});

const banner = { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 1, banner: 1, module: 'fsa', isFirst: false };
const PROMPT = '游戏《龙腾天下》的官网主视觉海报。身披红色披风的武将立于城头，电影级光影';

async function appWithService(env: Record<string, string> = {}): Promise<TestApp> {
  service = await startFakeImageService({ type: 'held', bytes: splitKeyArt() });
  const artEnv = { BANNER_ART_URL: service.url, BANNER_ART_TOKEN: 'test-token', BANNER_ART_TIMEOUT_MS: '5000', ...env };
  t = await buildTestApp({ env: { RENDER_CONCURRENCY: '1', ...artEnv }, generation: { runner: new SmallRealRunner(artEnv) } });
  return t;
}

/** Polls until `until` holds of the answer (or the job ends); fails after 60 s. */
async function pollUntil(app: TestApp, headers: Record<string, string>, uniqueId: string, until: (answer: LogoPollingAnswer) => boolean): Promise<LogoPollingAnswer> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { data } = await post<LogoPollingAnswer>(app, '/index/common/logoPolling', { uniqueId }, headers);
    if (until(data) || data.isCreate || data.expired) return data;
    if (Date.now() > deadline) throw new Error(`poll never matched: ${JSON.stringify(data)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('AI生成主视觉 offered', () => {
  it('only when an AI service is configured, under its own name (the painter drawn here is no AI)', async () => {
    t = await buildTestApp();
    expect((await post<KeyArtProviderAnswer>(t, '/index/common/getKeyArtProvider')).data).toEqual({ available: false, label: '' });
    // Asked for all the same: refused with a message, nothing queued.
    const { headers } = quickLogin(t);
    const refused = await post(t, '/index/common/logoCreate', { ...banner, keyArtPrompt: PROMPT }, headers);
    expect(refused).toMatchObject({ code: AnswerCode.invalid, msg: GenerationMessages.keyArtAiUnavailable });
    await t.close();

    const app = await appWithService();
    const answer = await post<KeyArtProviderAnswer>(app, '/index/common/getKeyArtProvider');
    expect(answer.data).toEqual({ available: true, label: `图像生成服务（${new URL(service?.url ?? '').host}）` });
    // Anyone may ask (the forms show it before a login), whatever they send, and learn no secret.
    const hostile = await app.app.inject({ method: 'POST', url: '/index/common/getKeyArtProvider', payload: { provider: 'dashscope', label: '<script>', __proto__: { x: 1 } } });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.json()).toMatchObject({ code: AnswerCode.ok, data: answer.data });
    expect(hostile.body).not.toContain('test-token');
    expect(hostile.body).not.toContain('/v1/images');
  });

  it('gives a render that paints first the painting\'s time on top of the video\'s', () => {
    const spec = { kind: 'fsa' as const, logoStyle: 1, bannerStyle: 1, texts: DEFAULT_LOGO_TEXTS, bannerTexts: DEFAULT_BANNER_TEXTS };
    expect(renderTimeoutOf(spec, RENDER_TIMEOUT_MS)).toBe(RENDER_TIMEOUT_MS.fsa);
    expect(renderTimeoutOf({ ...spec, aiKeyArt: { provider: 'http@x', label: 'x', prompt: 'y' } }, RENDER_TIMEOUT_MS)).toBe(RENDER_TIMEOUT_MS.fsa + RENDER_TIMEOUT_MS.ab);
    // Rendered again over the kept picture: nothing to paint, a video's time.
    expect(renderTimeoutOf({ ...spec, keyArt: 'a.jpg', aiKeyArt: { provider: 'http@x', label: 'x', prompt: 'y' } }, RENDER_TIMEOUT_MS)).toBe(RENDER_TIMEOUT_MS.fsa);
  });
});

describe('a banner over AI key art', () => {
  it('paints it in the job (stage AI绘制中), keeps it as an upload, draws the video over it, and paints nothing when rendered again', async () => {
    const app = await appWithService();
    const { headers } = quickLogin(app);
    const created = await post<LogoCreateAnswer>(app, '/index/common/logoCreate', { ...banner, keyArtPrompt: PROMPT }, headers);
    expect(created.code).toBe(AnswerCode.ok);
    expect(created.data).toMatchObject({ exist: false, artMaker: '', keyArtUrl: '' });
    const { uniqueId } = created.data;

    // The painting holds until the service answers: the poll says so.
    const painting = await pollUntil(app, headers, uniqueId, (answer) => answer.stage === 'painting');
    expect(painting).toMatchObject({ stage: 'painting', isCreate: false, expired: false, waitCount: 0 });
    // Said as the render starts asking: the request may be on its way still.
    while (!service?.requests.length) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(service.requests).toHaveLength(1);
    expect(service?.requests[0]).toMatchObject({ authorization: 'Bearer test-token', body: { prompt: PROMPT, width: 1920, height: 1080, response_format: 'b64_json' } });

    service?.release();
    const done = await pollUntil(app, headers, uniqueId, () => false);
    const label = `图像生成服务（${new URL(service?.url ?? '').host}）`;
    expect(done).toMatchObject({ isCreate: true, stage: '', artMaker: 'ai', artMakerLabel: label, keyArtUrl: `/uploads/${uniqueId}.jpg` });

    // Kept among the uploads, served like one; among the job's results too.
    const picture = await app.app.inject({ method: 'GET', url: done.keyArtUrl });
    expect(picture.statusCode).toBe(200);
    expect((await sharp(picture.rawPayload).metadata()).width).toBe(1920);
    expect(listTree(path.join(app.dataDir, 'generated', uniqueId)).filter((entry) => !/^(cuts|webm)(\/|$)/.test(entry))).toEqual(['banner-poster.jpg', 'banner.mp4', 'key-art.jpg', 'logo.png']);
    // The video is drawn over it: red on the left, blue on the right, as the service painted.
    const poster = path.join(app.dataDir, 'generated', uniqueId, 'banner-poster.jpg');
    const { width = 0, height = 0 } = await sharp(poster).metadata();
    const mean = async (left: number): Promise<number[]> =>
      (await sharp(await sharp(poster).extract({ left: Math.round(left * width), top: Math.round(0.3 * height), width: Math.round(0.1 * width), height: Math.round(0.2 * height) }).png().toBuffer()).stats()).channels.map((c) => c.mean);
    const [lr, , lb] = await mean(0.06);
    const [rr, , rb] = await mean(0.84);
    expect(lr).toBeGreaterThan(lb + 60);
    expect(rb).toBeGreaterThan(rr + 60);

    // Asked again as it was: the same job at once. With other lines over the kept picture: a new
    // video, and the service is not asked again; still named as the AI's.
    const same = await post<LogoCreateAnswer>(app, '/index/common/logoCreate', { ...banner, keyArtPrompt: PROMPT }, headers);
    expect(same.data).toMatchObject({ exist: true, uniqueId, artMaker: 'ai', keyArtUrl: done.keyArtUrl });
    const again = await generate(app, headers, { ...banner, bannertextup: '新的资料片今日上线，与兄弟一起再战沙场', keyArt: done.keyArtUrl });
    expect(again.uniqueId).not.toBe(uniqueId);
    const againPoll = await post<LogoPollingAnswer>(app, '/index/common/logoPolling', { uniqueId: again.uniqueId }, headers);
    expect(againPoll.data).toMatchObject({ isCreate: true, artMaker: 'ai', artMakerLabel: label, keyArtUrl: done.keyArtUrl });
    expect(service?.requests).toHaveLength(1);

    // The phone cut is drawn over the painted picture too, without a painting.
    const cuts = async (): Promise<BannerCutsAnswer> => (await post<BannerCutsAnswer>(app, '/index/common/bannerCuts', { bannerUrl: done.bannerUrl })).data;
    let cut = await cuts();
    expect(cut).toMatchObject({ artMaker: 'ai', artMakerLabel: label, keyArtUrl: done.keyArtUrl });
    const until = Date.now() + 60_000;
    while (!cut.portraitUrl && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      cut = await cuts();
    }
    expect(cut.portraitUrl).not.toBe('');
    expect(service?.requests).toHaveLength(1);

    // 我的作品 names the maker of each banner honestly.
    await generate(app, headers, banner);
    const works = await get<WorkListAnswer>(app, '/api/works/getWorkList?type=banner', headers);
    const makers = works.data.list.map((work) => work.maker);
    expect(makers).toEqual(expect.arrayContaining([`AI生成的主视觉（${label}）`, '程序绘制的场景']));
    expect(makers.filter((maker) => maker?.startsWith('AI'))).toHaveLength(2);
  });

  it('says 排队中 while another render goes first, then AI绘制中', async () => {
    const app = await appWithService();
    const first = quickLogin(app, '13800138001');
    const second = quickLogin(app, '13800138002');
    const a = await post<LogoCreateAnswer>(app, '/index/common/logoCreate', { ...banner, keyArtPrompt: PROMPT }, first.headers);
    await pollUntil(app, first.headers, a.data.uniqueId, (answer) => answer.stage === 'painting');
    const b = await post<LogoCreateAnswer>(app, '/index/common/logoCreate', { ...banner, keyArtPrompt: `${PROMPT}，夜景` }, second.headers);
    const waiting = await post<LogoPollingAnswer>(app, '/index/common/logoPolling', { uniqueId: b.data.uniqueId }, second.headers);
    expect(waiting.data).toMatchObject({ stage: 'queued', waitCount: 1 });
    // Another user's job is none of theirs: the same answer as an unknown id.
    const foreign = await post<LogoPollingAnswer>(app, '/index/common/logoPolling', { uniqueId: a.data.uniqueId }, second.headers);
    expect(foreign.data).toMatchObject({ expired: true, errorMsg: GenerationMessages.jobUnknown, stage: '' });
    service?.release();
    const next = await pollUntil(app, second.headers, b.data.uniqueId, (answer) => answer.stage === 'painting');
    expect(next.stage).toBe('painting');
    service?.release();
    expect(await pollUntil(app, second.headers, b.data.uniqueId, () => false)).toMatchObject({ isCreate: true, artMaker: 'ai' });
  });
});

describe('when the service fails', () => {
  it('a refusal (moderation: HTTP 400) ends the job with its Chinese message, and nothing is kept', async () => {
    const app = await appWithService();
    service?.answer({ type: 'error', status: 400, code: 'content_policy_violation', message: 'Your request was rejected as a result of our safety system.' });
    const { headers } = quickLogin(app);
    const created = await post<LogoCreateAnswer>(app, '/index/common/logoCreate', { ...banner, keyArtPrompt: PROMPT }, headers);
    const ended = await pollUntil(app, headers, created.data.uniqueId, () => false);
    expect(ended).toMatchObject({ expired: true, isCreate: false, errorMsg: HttpArtMessages.httpError(400), artMaker: '', keyArtUrl: '' });
    expect(fs.existsSync(path.join(app.dataDir, 'uploads', `${created.data.uniqueId}.jpg`))).toBe(false);
    expect(fs.existsSync(path.join(app.dataDir, 'generated', created.data.uniqueId))).toBe(false);
  });

  it('a service that never answers ends the job with its timeout message, in its own seconds', async () => {
    const app = await appWithService({ BANNER_ART_TIMEOUT_MS: '1000' });
    service?.answer({ type: 'silent' });
    const { headers } = quickLogin(app);
    const created = await post<LogoCreateAnswer>(app, '/index/common/logoCreate', { ...banner, keyArtPrompt: PROMPT }, headers);
    const ended = await pollUntil(app, headers, created.data.uniqueId, () => false);
    expect(ended).toMatchObject({ expired: true, errorMsg: HttpArtMessages.timedOut(1) });
  });
});

describe('who may ask, and what', () => {
  it('nobody gets 401; a hostile or overlong description, or both kinds of key art, gets its message and queues nothing', async () => {
    const app = await appWithService();
    const nobody = await post(app, '/index/common/logoCreate', { ...banner, keyArtPrompt: PROMPT });
    expect(nobody.status).toBe(401);
    const { headers } = quickLogin(app);
    const cases: Array<[object, string | null]> = [
      [{ keyArtPrompt: '<script>alert(1)</script>' }, GenerationMessages.keyArtPromptInvalid],
      [{ keyArtPrompt: `城头\u0000的武将` }, GenerationMessages.keyArtPromptInvalid],
      [{ keyArtPrompt: '龍'.repeat(GenerationLimits.keyArtPromptMax + 1) }, GenerationMessages.keyArtPromptTooLong],
      // Past the schema's cap: refused before the service reads it.
      [{ keyArtPrompt: 'x'.repeat(GenerationLimits.keyArtPromptMax * 2 + 1) }, null],
      [{ keyArtPrompt: ' \n ' }, GenerationMessages.keyArtPromptRequired],
      [{ keyArtPrompt: PROMPT, keyArt: '/uploads/0123456789abcdef0123456789abcdef.jpg' }, GenerationMessages.keyArtBoth],
      [{ keyArtPrompt: PROMPT, module: 'tl' }, GenerationMessages.keyArtBannerOnly],
    ];
    for (const [body, message] of cases) {
      const answer = await post(app, '/index/common/logoCreate', { ...banner, ...body }, headers);
      expect(answer.code).toBe(AnswerCode.invalid);
      if (message) expect(answer.msg).toBe(message);
    }
    expect(service?.requests).toHaveLength(0);
  });

  it('the per-user limit of active jobs holds for AI key art too', async () => {
    const app = await appWithService({ QUEUE_MAX_ACTIVE_PER_USER: '2' });
    const { headers } = quickLogin(app);
    for (const n of [1, 2]) {
      const ok = await post<LogoCreateAnswer>(app, '/index/common/logoCreate', { ...banner, keyArtPrompt: `${PROMPT}${n}` }, headers);
      expect(ok.code).toBe(AnswerCode.ok);
    }
    const third = await post(app, '/index/common/logoCreate', { ...banner, keyArtPrompt: `${PROMPT}3` }, headers);
    expect(third).toMatchObject({ code: AnswerCode.tooMany, msg: activeJobsRefusal('user', 2) });
    service?.release();
  });
});

describe('with 通义万相 (BANNER_ART_PROVIDER=dashscope), against the DashScope fake', () => {
  let fake: DashScopeFake | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  async function appWithDashScope(env: Record<string, string> = {}): Promise<TestApp> {
    fake = await startDashScopeFake();
    const artEnv = { BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: fake.apiKey, DASHSCOPE_BASE_URL: fake.baseUrl, ...env };
    t = await buildTestApp({ env: { RENDER_CONCURRENCY: '1', ...artEnv }, generation: { runner: new SmallRealRunner(artEnv) } });
    return t;
  }

  it('paints the key art through the task cycle and names 通义万相 as its maker', async () => {
    const app = await appWithDashScope();
    expect((await post<KeyArtProviderAnswer>(app, '/index/common/getKeyArtProvider')).data).toEqual({ available: true, label: DASHSCOPE_PROVIDER_LABEL });
    const { headers } = quickLogin(app);
    const made = await generate(app, headers, { ...banner, keyArtPrompt: PROMPT });
    const polled = await post<LogoPollingAnswer>(app, '/index/common/logoPolling', { uniqueId: made.uniqueId }, headers);
    expect(polled.data).toMatchObject({ isCreate: true, artMaker: 'ai', artMakerLabel: DASHSCOPE_PROVIDER_LABEL, keyArtUrl: `/uploads/${made.uniqueId}.jpg` });
    expect(fake?.tasks).toHaveLength(1);
    expect(fake?.tasks[0]).toMatchObject({ prompt: PROMPT });
    const keyArt = await app.app.inject({ method: 'GET', url: polled.data.keyArtUrl });
    expect(await sharp(keyArt.rawPayload).metadata()).toMatchObject({ width: 1920, height: 1080, format: 'jpeg' });
  });

  it('a description moderation refuses ends the job with 通义万相\'s Chinese message', async () => {
    const app = await appWithDashScope();
    fake?.refuseNext(FakeRefusals.moderation);
    const { headers } = quickLogin(app);
    const created = await post<LogoCreateAnswer>(app, '/index/common/logoCreate', { ...banner, keyArtPrompt: PROMPT }, headers);
    expect(await pollUntil(app, headers, created.data.uniqueId, () => false)).toMatchObject({ expired: true, errorMsg: DashScopeMessages.moderation });
  });

  it('a task that never ends ends the job with the timeout message', async () => {
    const app = await appWithDashScope({ BANNER_ART_TIMEOUT_MS: '1500' });
    fake?.endNext({ type: 'never' });
    const { headers } = quickLogin(app);
    const created = await post<LogoCreateAnswer>(app, '/index/common/logoCreate', { ...banner, keyArtPrompt: PROMPT }, headers);
    const ended = await pollUntil(app, headers, created.data.uniqueId, () => false);
    fake?.finishAll();
    expect(ended).toMatchObject({ expired: true, errorMsg: DashScopeMessages.timedOut(2) });
  });
});
