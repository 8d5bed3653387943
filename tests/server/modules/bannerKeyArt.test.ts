/**
 * A banner over the studio's key art: logoCreate takes an uploaded picture's URL (module fsa only),
 * the render draws the video over it, and a URL that names no upload is refused with a message.
 */
import { unzipSync } from 'fflate';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, GenerationMessages, type BannerCutsAnswer, type LogoCreateAnswer, type ZipAnswer } from '../../../src/contract/generation';
import { AnswerCode } from '../../../src/contract/envelope';
import type { UploadAnswer } from '../../../src/contract/miniSite';
import { stageRenderInputs } from '../../../src/server/queue/renderInputs';
import { BANNER_VIDEO_INPUT, KEY_ART_INPUT, PORTRAIT_VIDEO_INPUT, USER_FACING_ERROR_NAME, type BannerJobSpec } from '../../../src/server/render/jobSpec';
import { DataFiles } from '../../../src/server/storage/dataFiles';
import { LocalFileStore } from '../../../src/server/storage/localStore';
import { buildTestApp, envelopeOf, post, type TestApp } from '../helpers';
import { quickLogin } from '../queue/kit';
import { SmallRealRunner, generate, listTree, multipart } from './miniSiteKit';
import { splitKeyArt, sunKeyArt } from '../../fixtures/keyArt';
import { probeVideo } from '../../fixtures/videoFiles';

let t: TestApp;

afterEach(async () => {
  await t?.close();
});

async function upload(data: Buffer): Promise<string> {
  const body = multipart([{ name: 'image', filename: 'key-art.jpg', contentType: 'image/jpeg', data }]);
  const response = await t.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: body.payload, headers: body.headers });
  const { data: answer } = envelopeOf<UploadAnswer>(response);
  return answer.shortUrl;
}

/** The mean colour of a box of the picture, as fractions of its width and height. */
async function meanColour(file: string, box: { left: number; top: number; width: number; height: number }): Promise<{ r: number; g: number; b: number }> {
  const meta = await sharp(file).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const region = { left: Math.round(box.left * width), top: Math.round(box.top * height), width: Math.round(box.width * width), height: Math.round(box.height * height) };
  // stats() reads its input, not the pipeline: the box is cut out first.
  const { channels } = await sharp(await sharp(file).extract(region).png().toBuffer()).stats();
  return { r: channels[0].mean, g: channels[1].mean, b: channels[2].mean };
}

const banner = { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 1, banner: 1, module: 'fsa' };

describe('a banner over the studio key art', () => {
  beforeEach(async () => {
    t = await buildTestApp({ generation: { runner: new SmallRealRunner() } });
  });

  it('draws the video over the uploaded picture, as its own job, and leaves no copy of it among the results', async () => {
    const { headers } = quickLogin(t);
    const keyArt = await upload(splitKeyArt());
    expect(keyArt).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);

    const withArt = await generate(t, headers, { ...banner, keyArt });
    const plain = await generate(t, headers, banner);
    expect(withArt.uniqueId).not.toBe(plain.uniqueId);

    const poster = path.join(t.dataDir, 'generated', withArt.uniqueId, 'banner-poster.jpg');
    // The edges, away from the logo, the texts and the light behind them: the picture's own colours.
    const left = await meanColour(poster, { left: 0.06, top: 0.3, width: 0.1, height: 0.2 });
    const right = await meanColour(poster, { left: 0.84, top: 0.3, width: 0.1, height: 0.2 });
    expect(left.r).toBeGreaterThan(left.b + 60);
    expect(right.b).toBeGreaterThan(right.r + 60);
    // Without it, the style's own scene (a night of gold and dark blue, not this red).
    const plainLeft = await meanColour(path.join(t.dataDir, 'generated', plain.uniqueId, 'banner-poster.jpg'), { left: 0.06, top: 0.3, width: 0.1, height: 0.2 });
    expect(plainLeft.r).toBeLessThan(left.r - 40);

    // The extras made after it (the phone cut, the WebMs) may be there by now, in folders of their
    // own, or on their way into them (a `cuts-<suffix>` folder beside, renamed into place when whole).
    const tree = listTree(path.join(t.dataDir, 'generated', withArt.uniqueId)).sort();
    expect(tree.filter((entry) => !/^(cuts|webm)([-/]|$)/.test(entry))).toEqual(['banner-poster.jpg', 'banner.mp4', 'logo.png']);
    expect(tree.filter((entry) => entry.endsWith('.input'))).toEqual([]);
    // Asked again: the same job, answered at once.
    const again = await post<LogoCreateAnswer>(t, '/index/common/logoCreate', { ...banner, keyArt, isFirst: false }, headers);
    expect(again.data).toMatchObject({ exist: true, uniqueId: withArt.uniqueId });
  }, 60_000);

  it("zips the banner's phone cut and WebM videos beside its MP4, the cut laid out for a phone over the same key art", async () => {
    const { headers } = quickLogin(t);
    const keyArt = await upload(sunKeyArt());
    const made = await generate(t, headers, { ...banner, keyArt });
    const zip = await post<ZipAnswer>(t, '/index/common/createZipUrlByFile', { fileName: '整屏动画', fileList: [made.bannerUrl, made.logoUrl] }, headers);
    const entries = unzipSync(new Uint8Array((await t.app.inject({ method: 'GET', url: zip.data.zipUrl })).rawPayload));
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-cuts-'));
    try {
      for (const [name, bytes] of Object.entries(entries)) fs.writeFileSync(path.join(work, name), bytes);
      const file = (name: string): string => path.join(work, `${DEFAULT_LOGO_TEXTS.logotext}-${name}`);
      expect(probeVideo(file('banner.mp4'))).toMatchObject({ codec: 'h264', width: 320, height: 180 });
      expect(probeVideo(file('banner-portrait.mp4'))).toMatchObject({ codec: 'h264', width: 180, height: 320, frames: 10 });
      expect(probeVideo(file('banner-portrait.webm'))).toMatchObject({ codec: 'vp9', width: 180, height: 320 });
      expect(probeVideo(file('banner.webm'))).toMatchObject({ codec: 'vp9', width: 320, height: 180, frames: 10 });
      // The phone cut keeps what draws the eye (the sun on the right), not the middle of the sky.
      const centre = await meanColour(file('banner-portrait-poster.jpg'), { left: 0.35, top: 0.1, width: 0.3, height: 0.08 });
      expect(centre.r).toBeGreaterThan(150);
      expect(centre.b).toBeLessThan(centre.r - 60);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a key art that is no upload of this server, and one on a logo', async () => {
    const { headers } = quickLogin(t);
    const create = (body: object) => post<LogoCreateAnswer>(t, '/index/common/logoCreate', { isFirst: false, ...body }, headers);
    for (const keyArt of ['/uploads/0123456789abcdef0123456789abcdef.png', '/uploads/../banned.db', 'https://example.com/art.png', '/generated/catalog/r3/logo-1-preview.jpg', 'x'.repeat(201)]) {
      const answer = await create({ ...banner, keyArt });
      expect(answer.code).toBe(AnswerCode.invalid);
      expect(answer.msg).toEqual(keyArt.length > 200 ? expect.any(String) : GenerationMessages.keyArtGone);
    }
    const keyArt = await upload(splitKeyArt());
    const logo = await create({ ...DEFAULT_LOGO_TEXTS, logobg: 1, module: 'tl', keyArt });
    expect(logo).toMatchObject({ code: AnswerCode.invalid, msg: GenerationMessages.keyArtBannerOnly });
    // Nothing was queued for any of them.
    expect(fs.existsSync(path.join(t.dataDir, 'generated')) ? listTree(path.join(t.dataDir, 'generated')).filter((entry) => !entry.startsWith('catalog')) : []).toEqual([]);
  });
});

describe("a banner's cuts, asked for by its preview page", () => {
  beforeEach(async () => {
    t = await buildTestApp({ generation: { runner: new SmallRealRunner() } });
  });

  it('answers not ready while they are made, then their URLs, which serve the videos (with Range) and the poster', async () => {
    const { headers } = quickLogin(t);
    const made = await generate(t, headers, banner);
    const ask = () => post<BannerCutsAnswer>(t, '/index/common/bannerCuts', { bannerUrl: made.bannerUrl });
    let answer = await ask();
    expect(answer.code).toBe(AnswerCode.ok);
    const started = Date.now();
    const cuts = `/generated/${made.uniqueId}/cuts/`;
    const webm = `/generated/${made.uniqueId}/webm/`;
    const phoneCut = { portraitUrl: `${cuts}banner-portrait.mp4`, portraitPosterUrl: `${cuts}banner-portrait-poster.jpg` };
    const progress: number[] = [];
    while (!answer.data.ready && Date.now() - started < 50_000) {
      // Nothing yet (the phone cut this far), or the phone cut alone (its WebM and the landscape one come after it).
      const { portraitProgress, artMaker, artMakerLabel, keyArtUrl, ...rest } = answer.data;
      // A banner without key art: the style's scene, named as drawn here.
      expect({ artMaker, artMakerLabel, keyArtUrl }).toEqual({ artMaker: 'scene', artMakerLabel: '', keyArtUrl: '' });
      progress.push(portraitProgress);
      expect([
        { ready: false, portraitUrl: '', portraitPosterUrl: '', portraitWebmUrl: '', webmUrl: '' },
        { ready: false, ...phoneCut, portraitWebmUrl: '', webmUrl: '' },
      ]).toContainEqual(rest);
      expect(portraitProgress).toBe(rest.portraitUrl ? 100 : Math.min(portraitProgress, 99));
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await ask();
    }
    expect(answer.data).toEqual({ ready: true, portraitProgress: 100, ...phoneCut, portraitWebmUrl: `${webm}banner-portrait.webm`, webmUrl: `${webm}banner.webm`, artMaker: 'scene', artMakerLabel: '', keyArtUrl: '' });
    // The bar moved with the render's frames, never back (a small render: perhaps too fast to see mid-way).
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const types: Array<[string, string]> = [
      [answer.data.portraitUrl, 'video/mp4'],
      [answer.data.portraitPosterUrl, 'image/jpeg'],
      [answer.data.portraitWebmUrl, 'video/webm'],
      [answer.data.webmUrl, 'video/webm'],
    ];
    for (const [url, type] of types) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode, response.headers['content-type']]).toEqual([url, 200, type]);
    }
    const part = await t.app.inject({ method: 'GET', url: answer.data.portraitUrl, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
  }, 60_000);

  it("refuses anything but a banner's MP4 this server made", async () => {
    const { headers } = quickLogin(t);
    const made = await generate(t, headers, banner);
    const unknownId = 'f'.repeat(32);
    for (const bannerUrl of [made.logoUrl, `/generated/${unknownId}/banner.mp4`, `https://example.com${made.bannerUrl}`, `/generated/${made.uniqueId}/../banner.mp4`, `${made.bannerUrl}?x=1`, 'banner.mp4', '']) {
      const answer = await post<BannerCutsAnswer>(t, '/index/common/bannerCuts', { bannerUrl });
      expect([bannerUrl, answer.code, answer.msg]).toEqual([bannerUrl, AnswerCode.invalid, GenerationMessages.cutsUnknown]);
    }
    const tooLong = await post<BannerCutsAnswer>(t, '/index/common/bannerCuts', { bannerUrl: `/${'a'.repeat(2048)}` });
    expect(tooLong.code).toBe(AnswerCode.invalid);
    // A logo has no cuts: its own result URL is refused too, and nothing was made for it.
    const logo = await generate(t, headers, { ...DEFAULT_LOGO_TEXTS, logobg: 2, module: 'tl' });
    const refused = await post<BannerCutsAnswer>(t, '/index/common/bannerCuts', { bannerUrl: logo.logoUrl });
    expect(refused.msg).toBe(GenerationMessages.cutsUnknown);
  }, 60_000);
});

describe('the render inputs the queue stages', () => {
  let dataDir: string;
  let outDir: string;
  const files = (): DataFiles => new DataFiles(dataDir, new LocalFileStore(dataDir));
  const spec = (keyArt?: string): BannerJobSpec => ({ kind: 'fsa', logoStyle: 1, bannerStyle: 1, texts: DEFAULT_LOGO_TEXTS, bannerTexts: DEFAULT_BANNER_TEXTS, keyArt });

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-key-art-'));
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-key-art-out-'));
    fs.mkdirSync(path.join(dataDir, 'uploads'));
  });

  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('copies the upload into the render folder, and nothing for a banner without one', async () => {
    const name = `${'ab'.repeat(16)}.jpg`;
    fs.writeFileSync(path.join(dataDir, 'uploads', name), 'picture bytes');
    await stageRenderInputs(files(), spec(), outDir);
    expect(fs.readdirSync(outDir)).toEqual([]);
    await stageRenderInputs(files(), spec(name), outDir);
    expect(fs.readFileSync(path.join(outDir, KEY_ART_INPUT), 'utf8')).toBe('picture bytes');
  });

  it("copies a banner's MP4 and its phone cut for their WebM, and fails without either or for a name that is no job id", async () => {
    const jobId = 'ab'.repeat(16);
    const job = path.join(dataDir, 'generated', jobId);
    fs.mkdirSync(path.join(job, 'cuts'), { recursive: true });
    fs.writeFileSync(path.join(job, 'banner.mp4'), 'landscape');
    const webm = { kind: 'banner-webm', jobId } as const;
    await expect(stageRenderInputs(files(), webm, outDir)).rejects.toThrow(/phone cut of job/);
    fs.writeFileSync(path.join(job, 'cuts', 'banner-portrait.mp4'), 'portrait');
    await stageRenderInputs(files(), webm, outDir);
    expect([fs.readFileSync(path.join(outDir, BANNER_VIDEO_INPUT), 'utf8'), fs.readFileSync(path.join(outDir, PORTRAIT_VIDEO_INPUT), 'utf8')]).toEqual(['landscape', 'portrait']);
    fs.rmSync(path.join(job, 'banner.mp4'));
    await expect(stageRenderInputs(files(), webm, fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-key-art-out-')))).rejects.toThrow(/banner of job .* is gone/);
    await expect(stageRenderInputs(files(), { kind: 'banner-webm', jobId: `../${jobId}` }, outDir)).rejects.toThrow(/names no job/);
  });

  it("fails with the user's message when the upload is gone or the name is no upload's", async () => {
    fs.writeFileSync(path.join(dataDir, 'secret.db'), 'not a picture');
    for (const name of [`${'cd'.repeat(16)}.png`, '../secret.db', `${'ab'.repeat(16)}.jpg/../../secret.db`]) {
      await expect(stageRenderInputs(files(), spec(name), outDir)).rejects.toMatchObject({ name: USER_FACING_ERROR_NAME, message: GenerationMessages.keyArtGone });
    }
    expect(fs.readdirSync(outDir)).toEqual([]);
  });
});
