/**
 * The builder's banner: generateBanner -> bannerStatus -> setBannerPreview -> setAllConfigLogo
 * through the real queue and render threads, then the queue's states (inquiry, waiting, failure)
 * with a renderer the test drives, and who may poll and apply a banner.
 */
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import fs from 'node:fs';
import path from 'node:path';
import { BuilderMessages, type BannerStatusAnswer, type BuilderSite, type GenerateBannerAnswer, type ZipUrlAnswer } from '../../../src/contract/builder';
import { AnswerCode } from '../../../src/contract/envelope';
import { GenerationMessages } from '../../../src/contract/generation';
import { configFields } from '../../../src/contract/miniSite';
import { buildTestApp, createClock, envelopeOf, get, post, type TestApp } from '../helpers';
import { answerSeconds } from '../../../src/server/queue/renderQueue';
import { RENDER_SEEDS } from '../../../src/server/queue/renderSeeds';
import { GENERATIVE_PROVIDER_ID } from '../../../src/server/render/aiBanner/config';
import { buildGenerationApp, settle, type GenerationTestApp } from '../queue/kit';
import { alice, bob, newSite, type Caller } from './builderKit';
import { canvasImage, listTree, multipart } from './miniSiteKit';
import { splitKeyArt } from '../../fixtures/keyArt';
import { samePicture } from '../render/siteFiles';
import { srcsetEntries, tags } from '../render/site/siteHtml';

jest.setTimeout(120_000);

const generate = (t: TestApp, body: object, caller: Caller) => post<GenerateBannerAnswer>(t, '/api/createWeb/generateBanner', body, caller.headers);
const status = (t: TestApp, taskId: string, caller: Caller) => get<BannerStatusAnswer>(t, `/api/createWeb/bannerStatus?taskId=${taskId}`, caller.headers);
const taskOf = (answer: GenerateBannerAnswer): string => new URL(answer.callbackUrl, 'http://x').searchParams.get('taskId') ?? '';
const unknownBanner = { code: AnswerCode.notFound, msg: BuilderMessages.bannerUnknown };

async function finished(t: TestApp, callbackUrl: string, caller: Caller): Promise<BannerStatusAnswer> {
  const until = Date.now() + 90_000;
  for (;;) {
    const answer = await get<BannerStatusAnswer>(t, callbackUrl, caller.headers);
    if (answer.code !== 200) throw new Error(`bannerStatus failed: ${answer.msg}`);
    if (answer.data.status === 1) return answer.data;
    if (Date.now() > until) throw new Error('banner not made in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('with the real queue', () => {
  let t: TestApp;
  let a: Caller;

  beforeAll(async () => {
    t = await buildTestApp();
    a = alice(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('generates a banner and logo, puts them into the site, and the zip carries them', async () => {
    const site = await newSite(t, a);
    const b = bob(t);
    const created = await generate(t, { id: site.id, isFirst: true, formData: { prompt: '云海之上的仙山', logotext: '龙腾天下' } }, a);
    // Drawn here in about half a second: the answer may bring the finished banner (completed) or be
    // polled, whichever the machine's speed gives; both end the same way below.
    expect(created).toMatchObject({ code: 200, data: { isInquiry: false, waitCount: 0, completed: expect.any(Boolean) } });
    expect(created.data.callbackUrl).toMatch(/^\/api\/createWeb\/bannerStatus\?taskId=[0-9a-f]{32}$/);
    // An empty queue with no banner rendered yet: the measured seed of the art drawn here (not the
    // spec's 120 s fallback), not counting this job twice.
    expect(created.data.durationTime).toBe(answerSeconds(RENDER_SEEDS.ab.styles[GENERATIVE_PROVIDER_ID]));
    const taskId = taskOf(created.data);

    // Only the user who asked may follow it.
    expect(await status(t, taskId, b)).toMatchObject(unknownBanner);

    const done = await finished(t, created.data.callbackUrl, a);
    expect(done).toEqual({ status: 1, waitCount: 0, msg: '', bannerId: taskId, bannerUrl: `/generated/${taskId}/banner.jpg`, logoUrl: `/generated/${taskId}/logo.png` });
    const picture = await t.app.inject({ method: 'GET', url: done.bannerUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');

    // Another user can neither apply it to their site nor put its files in by saving.
    const bobSite = await newSite(t, b);
    expect(await post(t, '/api/createWeb/setBannerPreview', { id: bobSite.id, bannerId: taskId }, b.headers)).toMatchObject(unknownBanner);
    expect(await post(t, '/api/createWeb/setAllConfigLogo', { id: bobSite.id, bannerLogo: { id: taskId, value: done.logoUrl } }, b.headers)).toMatchObject(unknownBanner);
    expect(await post(t, '/api/CreateWeb/saveConfig', { id: bobSite.id, previewUrl: '', formData: { banner: { banner: done.bannerUrl } }, selectedComponents: {} }, b.headers)).toMatchObject({
      code: AnswerCode.invalid,
    });

    const withBanner = await post<BuilderSite>(t, '/api/createWeb/setBannerPreview', { id: site.id, bannerId: taskId }, a.headers);
    expect(withBanner.code).toBe(200);
    expect(withBanner.data.formData.banner.banner).toBe(done.bannerUrl);

    expect(await post(t, '/api/createWeb/setAllConfigLogo', { id: site.id, bannerLogo: { id: taskId, value: done.bannerUrl } }, a.headers)).toMatchObject({
      code: AnswerCode.invalid,
      msg: BuilderMessages.bannerUnknown,
    });
    const withLogo = await post<BuilderSite>(t, '/api/createWeb/setAllConfigLogo', { id: site.id, bannerLogo: { id: taskId, value: done.logoUrl } }, a.headers);
    expect(withLogo.code).toBe(200);
    let logoFields = 0;
    for (const [type, groups] of Object.entries(withLogo.data.configData)) {
      for (const field of configFields(groups).filter((candidate) => candidate.type === 'banner_logo')) {
        expect(withLogo.data.formData[type as keyof BuilderSite['formData']][field.key]).toBe(done.logoUrl);
        logoFields += 1;
      }
    }
    expect(logoFields).toBeGreaterThan(1);
    expect(withLogo.data.formData.banner.banner).toBe(done.bannerUrl);

    // The same request again: the banner exists, the callback answers at once.
    const again = await generate(t, { id: site.id, isFirst: true, formData: { prompt: '云海之上的仙山', logotext: '龙腾天下' } }, a);
    expect(again.data).toMatchObject({ completed: true, isInquiry: false, callbackUrl: created.data.callbackUrl });

    const zip = await post<ZipUrlAnswer>(t, '/api/CreateWeb/completeWeb', { id: site.id, formData: {} }, a.headers);
    expect(zip.code).toBe(200);
    const entries = unzipSync(new Uint8Array((await t.app.inject({ method: 'GET', url: zip.data.url })).rawPayload));
    const stored = (file: string) => fs.readFileSync(path.join(t.dataDir, 'generated', taskId, file));
    // The banner and the logo are in the folder as WebP sizes of themselves, and the page shows them.
    const index = Object.keys(entries).find((name) => name.endsWith('/index.html')) ?? '';
    const folder = index.slice(0, -'index.html'.length);
    const pictures = tags(Buffer.from(entries[index]).toString('utf8')).filter((tag) => tag.name === 'img' && tag.attributes.srcset);
    const shows = async (file: string): Promise<number> => {
      let count = 0;
      for (const img of pictures) {
        const widest = srcsetEntries(img.attributes.srcset).pop()?.url ?? '';
        if (entries[folder + widest] && (await samePicture(Buffer.from(entries[folder + widest]), stored(file)))) count += 1;
      }
      return count;
    };
    expect(await shows('banner.jpg')).toBeGreaterThan(0);
    expect(await shows('logo.png')).toBeGreaterThan(0);
  });

  // From the studio key art: an upload into the banner picture.
  async function uploadBanner(siteId: number, caller: Caller, data: Buffer): Promise<string> {
    const body = multipart([
      { name: 'id', data: String(siteId) },
      { name: 'type', data: 'banner' },
      { name: 'data', data: 'banner' },
      { name: 'image', filename: '主视觉.jpg', contentType: 'image/jpeg', data },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/Upload/siteFileUpload', payload: body.payload, headers: { ...body.headers, ...caller.headers } });
    return envelopeOf<{ url: string }>(response).data.url;
  }

  const colourAt = async (file: Buffer, x: number): Promise<{ r: number; b: number }> => {
    const { data } = await sharp(file).extract({ left: x, top: 100, width: 4, height: 4 }).raw().toBuffer({ resolveWithObject: true });
    return { r: data[0], b: data[2] };
  };

  it('makes the banner from the uploaded picture, keeps it when generated again, and makes the logo as ever', async () => {
    const site = await newSite(t, a);
    const keyArt = await uploadBanner(site.id, a, splitKeyArt(1200, 600));
    expect(keyArt).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    const formData = { prompt: '云海之上的仙山', logotext: '龙腾天下', banner: keyArt };
    const created = await generate(t, { id: site.id, isFirst: true, formData }, a);
    const done = await finished(t, created.data.callbackUrl, a);
    const banner = fs.readFileSync(path.join(t.dataDir, 'generated', done.bannerId, 'banner.jpg'));
    const { width = 0 } = await sharp(banner).metadata();
    const left = await colourAt(banner, Math.round(width * 0.1));
    const right = await colourAt(banner, Math.round(width * 0.9));
    expect(left.r).toBeGreaterThan(left.b + 100);
    expect(right.b).toBeGreaterThan(right.r + 100);
    expect(listTree(path.join(t.dataDir, 'generated', done.bannerId)).sort()).toEqual(['banner.jpg', 'logo.png']);

    // Without the picture: another job, the art drawn from the description.
    const drawn = await finished(t, (await generate(t, { id: site.id, isFirst: true, formData: { ...formData, banner: '' } }, a)).data.callbackUrl, a);
    expect(drawn.bannerId).not.toBe(done.bannerId);

    // The site now shows the banner made from it; generating again (a new logo text) keeps the picture.
    expect(site.bannerKeyArt).toBe('');
    const shown = await post<BuilderSite>(t, '/api/createWeb/setBannerPreview', { id: site.id, bannerId: done.bannerId }, a.headers);
    // The banner tab still shows the picture it was made from as the 主视觉图.
    expect(shown.data).toMatchObject({ bannerKeyArt: keyArt, formData: { banner: { banner: done.bannerUrl } } });
    expect((await post<BuilderSite>(t, '/api/createWeb/getSelectConfig', { id: site.id }, a.headers)).data.bannerKeyArt).toBe(keyArt);
    const again = await finished(t, (await generate(t, { id: site.id, isFirst: true, formData: { logotext: '云海仙途' } }, a)).data.callbackUrl, a);
    const second = fs.readFileSync(path.join(t.dataDir, 'generated', again.bannerId, 'banner.jpg'));
    expect((await colourAt(second, Math.round(width * 0.1))).r).toBeGreaterThan(150);

    // Another user naming that banner gets no key art from it: the description's art, as without one.
    const b = bob(t);
    const bobSite = await newSite(t, b);
    const bobs = await finished(t, (await generate(t, { id: bobSite.id, isFirst: true, formData: { ...formData, banner: done.bannerUrl } }, b)).data.callbackUrl, b);
    const bobsBanner = fs.readFileSync(path.join(t.dataDir, 'generated', bobs.bannerId, 'banner.jpg'));
    expect(await samePicture(bobsBanner, fs.readFileSync(path.join(t.dataDir, 'generated', drawn.bannerId, 'banner.jpg')))).toBe(true);
  });
});

describe('with a renderer the test drives', () => {
  let t: GenerationTestApp;
  let a: Caller;
  let site: BuilderSite;

  beforeEach(async () => {
    // A banner is expected in 0.5 s (TEST_SEEDS): its generate call waits for it, 50 ms here.
    t = await buildGenerationApp({ env: { QUEUE_INQUIRY_THRESHOLD: '0', RENDER_CONCURRENCY: '1' }, queue: { quickWaitMs: 50 } });
    t.runner.mode = 'manual';
    a = alice(t);
    site = await newSite(t, a);
  });

  afterEach(async () => {
    await t.close();
  });

  const jobInput = (taskId: string): { logotext: string; prompt: string; logoStyle: number } =>
    JSON.parse((t.readDb().prepare('SELECT input FROM render_jobs WHERE id = ?').get(taskId) as { input: string }).input) as { logotext: string; prompt: string; logoStyle: number };

  it('asks before queueing behind others, then answers the wait and a failure with its message', async () => {
    const first = await generate(t, { id: site.id, isFirst: false, formData: { prompt: '第一张', logotext: '一号' } }, a);
    expect(first.data).toMatchObject({ isInquiry: false, waitCount: 0 });
    await t.runner.started(1);

    const inquiry = await generate(t, { id: site.id, isFirst: true, formData: { prompt: '第二张', logotext: '二号' } }, a);
    expect(inquiry.data).toMatchObject({ isInquiry: true, waitCount: 1, callbackUrl: '', completed: false });
    const queued = await generate(t, { id: site.id, isFirst: false, formData: { prompt: '第二张', logotext: '二号' } }, a);
    expect(queued.data).toMatchObject({ isInquiry: false, waitCount: 1 });
    const second = taskOf(queued.data);
    expect(await status(t, second, a)).toMatchObject({ code: 200, data: { status: 0, waitCount: 1, bannerId: '' } });
    expect(await post(t, '/api/createWeb/setBannerPreview', { id: site.id, bannerId: second }, a.headers)).toMatchObject({
      code: AnswerCode.invalid,
      msg: BuilderMessages.bannerNotReady,
    });

    t.runner.userRenders()[0].fail(new Error('boom'));
    await t.runner.started(2);
    expect(await status(t, taskOf(first.data), a)).toMatchObject({ code: AnswerCode.serverError, msg: GenerationMessages.renderFailed });
    expect(await status(t, second, a)).toMatchObject({ code: 200, data: { status: 0, waitCount: 0 } });
    t.runner.userRenders()[1].finish();
    await settle();
    expect(await status(t, second, a)).toMatchObject({ code: 200, data: { status: 1, bannerId: second } });
  });

  it('answers a banner made within the wait as completed: the callback has it at once', async () => {
    t.runner.mode = 'auto';
    const answer = await generate(t, { id: site.id, isFirst: true, formData: { prompt: '雪山', logotext: '一号' } }, a);
    expect(answer.data).toMatchObject({ completed: true, isInquiry: false, waitCount: 0, durationTime: 0.5 });
    expect(await status(t, taskOf(answer.data), a)).toMatchObject({ code: 200, data: { status: 1, bannerId: taskOf(answer.data) } });
  });

  it('takes the description and logo text sent, else the saved ones, and the site\'s logo style', async () => {
    const saved = await post<BuilderSite>(t, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: '', formData: { logo: { logotext: '星辰' } }, selectedComponents: {} }, a.headers);
    expect(saved.code).toBe(200);
    const answer = await generate(t, { id: site.id, isFirst: true, formData: {} }, a);
    expect(jobInput(taskOf(answer.data))).toMatchObject({ logotext: '星辰', prompt: site.formData.banner.prompt, logoStyle: site.selectedComponents.logo.id });
    const sent = await generate(t, { id: site.id, isFirst: false, formData: { prompt: ' 火山 ', logotext: '熔岩' } }, a);
    expect(jobInput(taskOf(sent.data))).toMatchObject({ logotext: '熔岩', prompt: '火山' });
  });

  it('makes the logo of the site\'s name (its first 6 characters) when the logo text is left empty', async () => {
    const saved = await post<BuilderSite>(t, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: '', formData: { main: { web_name: '星辰战纪之无尽之海' }, logo: { logotext: '' } }, selectedComponents: {} }, a.headers);
    expect(saved.code).toBe(200);
    const answer = await generate(t, { id: site.id, isFirst: true, formData: { logotext: '' } }, a);
    expect(jobInput(taskOf(answer.data))).toMatchObject({ logotext: '星辰战纪之无' });
  });

  it.each([
    ['an empty description', { prompt: '  ' }, 'BANNER：请输入画面描述'],
    ['a logo text past 6 characters', { logotext: '一二三四五六七' }, 'LOGO：LOGO文字长度不能超过6个字符'],
  ])('refuses %s and queues nothing', async (_label, formData, message) => {
    expect(await generate(t, { id: site.id, isFirst: true, formData }, a)).toMatchObject({ code: AnswerCode.invalid, msg: message });
    expect(t.runner.userRenders()).toHaveLength(0);
  });

  it('answers bannerUnknown for tasks the caller never asked for', async () => {
    for (const taskId of ['0123456789abcdef0123456789abcdef', 'not-a-task', '']) {
      expect(await status(t, taskId, a)).toMatchObject(unknownBanner);
      expect(await post(t, '/api/createWeb/setBannerPreview', { id: site.id, bannerId: taskId }, a.headers)).toMatchObject(unknownBanner);
    }
  });
});

describe('housekeeping', () => {
  it('keeps what a builder site renders from past the 14 days of uploads and the week of results, and lets its preview go', async () => {
    const day = 24 * 60 * 60 * 1000;
    let t = await buildGenerationApp({ clock: createClock(Date.now()), keepDataDir: true });
    const { dataDir } = t;
    const a = alice(t);
    const site = await newSite(t, a);
    const key = configFields(site.configData.content).find((field) => field.type === 'image')?.key ?? '';
    const uploadOne = async (): Promise<string> => {
      const body = multipart([
        { name: 'id', data: String(site.id) },
        { name: 'type', data: 'content' },
        { name: 'data', data: key },
        { name: 'image', filename: 'a.png', contentType: 'image/png', data: canvasImage('png') },
      ]);
      const response = await t.app.inject({ method: 'POST', url: '/api/Upload/siteFileUpload', payload: body.payload, headers: { ...body.headers, ...a.headers } });
      return envelopeOf<{ url: string }>(response).data.url;
    };
    const used = await uploadOne();
    const unused = await uploadOne();
    await post(t, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: '', formData: { content: { [key]: used } }, selectedComponents: {} }, a.headers);
    const created = await generate(t, { id: site.id, isFirst: true, formData: {} }, a);
    const done = await finished(t, created.data.callbackUrl, a);
    await post(t, '/api/createWeb/setBannerPreview', { id: site.id, bannerId: done.bannerId }, a.headers);
    await t.close();

    // Housekeeping sweeps when the app starts: here, fifteen days later.
    t = await buildGenerationApp({ dataDir, clock: createClock(Date.now() + 15 * day) });
    try {
      const names = listTree(path.join(dataDir, 'uploads'));
      expect(names).toContain(path.basename(used));
      expect(names).not.toContain(path.basename(unused));
      expect(fs.existsSync(path.join(dataDir, 'generated', done.bannerId, 'banner.jpg'))).toBe(true);
      // The preview left alone for 14 days went, its URL with it; opening the site renders it again.
      expect(listTree(path.join(dataDir, 'sites')).some((name) => name.startsWith(site.templatePath.split('/')[2]))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: site.previewUrl })).statusCode).toBe(404);
      const opened = await post<BuilderSite>(t, '/api/createWeb/getSelectConfig', { id: site.id }, alice(t).headers);
      expect(opened.code).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: opened.data.previewUrl })).statusCode).toBe(200);
      const again = await post<BuilderSite>(t, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: '', formData: { main: { web_name: '还在' } }, selectedComponents: {} }, alice(t).headers);
      expect(again.code).toBe(200);
    } finally {
      await t.close();
    }
  });
});
