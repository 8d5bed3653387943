/**
 * Security review, point 1: decoding bombs through an upload. A picture whose headers lie (a
 * 35-byte GIF whose one frame is 23000x23000, a huge APNG or WebP frame, a JPEG or PNG header far
 * larger than its body, an animation of too many frames, an RLE BMP) must be refused by every
 * upload route that takes its format, leaving nothing behind; and one planted in the uploads
 * folder past the check must fail its own render with a message, without taking the server's memory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BuilderMessages, type BuilderSite, type ZipUrlAnswer } from '../../src/contract/builder';
import { AnswerCode } from '../../src/contract/envelope';
import { MiniSiteMessages } from '../../src/contract/miniSite';
import { buildTestApp, envelopeOf, post, type TestApp } from '../server/helpers';
import { alice, newSite, type Caller } from '../server/modules/builderKit';
import { bmpImage, canvasImage, listTree, multipart, type Part } from '../server/modules/miniSiteKit';
import { gifBytes, jpegClaiming, pngBytes, rleBmp, webpBytes } from '../server/modules/pictureBytes';

jest.setTimeout(120_000);

type Route = 'miniSite' | 'builder';

interface Bomb {
  label: string;
  bytes: Buffer;
  /** The routes that take the format, and the message each refuses it with. */
  refusals: Partial<Record<Route, string>>;
}

const huge = { width: 23_000, height: 23_000 };
const pixels = MiniSiteMessages.uploadTooManyPixels;
const framePixels = MiniSiteMessages.uploadFrameTooManyPixels;
const animationPixels = MiniSiteMessages.uploadAnimationTooManyPixels;
const bothRoutes = (message: string): Bomb['refusals'] => ({ miniSite: message, builder: message });

const BOMBS: Bomb[] = [
  { label: 'the 35-byte GIF: screen 1x1, its one frame 23000x23000', bytes: gifBytes({ width: 1, height: 1 }, [huge]), refusals: bothRoutes(pixels) },
  { label: 'a GIF whose second frame is 23000x23000', bytes: gifBytes({ width: 1, height: 1 }, [{ width: 1, height: 1 }, huge]), refusals: bothRoutes(framePixels) },
  { label: 'an APNG of 1x1 with a 23000x23000 frame (fcTL)', bytes: pngBytes({ width: 1, height: 1 }, [huge]), refusals: bothRoutes(framePixels) },
  { label: 'a JPEG whose SOF says 30000x30000 with a tiny body', bytes: jpegClaiming({ width: 30_000, height: 30_000 }), refusals: bothRoutes(pixels) },
  { label: 'a PNG whose IHDR says 30000x30000 with a tiny IDAT', bytes: pngBytes({ width: 30_000, height: 30_000 }), refusals: bothRoutes(pixels) },
  { label: 'a WebP whose VP8X canvas is 30000x30000', bytes: webpBytes({ width: 30_000, height: 30_000 }), refusals: bothRoutes(pixels) },
  {
    label: 'an animated WebP of 1x1 with a 20000x20000 frame (ANMF)',
    bytes: webpBytes({ width: 1, height: 1 }, [{ width: 1, height: 1 }, { width: 20_000, height: 20_000 }]),
    refusals: bothRoutes(framePixels),
  },
  {
    label: 'a GIF of six 6000x6000 frames: 36 megapixels each, 216 in all',
    bytes: gifBytes({ width: 6000, height: 6000 }, Array.from({ length: 6 }, () => ({ width: 6000, height: 6000 }))),
    refusals: bothRoutes(animationPixels),
  },
  {
    label: 'an RLE8 BMP claiming 30000x30000',
    bytes: rleBmp({ width: 30_000, height: 30_000 }),
    // The builder takes no BMP at all.
    refusals: { miniSite: MiniSiteMessages.uploadUnreadable, builder: BuilderMessages.imagesOnly },
  },
];

const GOOD_PICTURES: Array<{ label: string; bytes: Buffer; routes: Route[] }> = [
  { label: 'JPEG', bytes: canvasImage('jpeg', 64, 48), routes: ['miniSite', 'builder'] },
  { label: 'PNG', bytes: canvasImage('png', 64, 48), routes: ['miniSite', 'builder'] },
  { label: 'GIF', bytes: canvasImage('gif', 64, 48), routes: ['miniSite', 'builder'] },
  { label: 'WebP', bytes: canvasImage('webp', 64, 48), routes: ['miniSite', 'builder'] },
  { label: 'BMP', bytes: bmpImage(64, 48), routes: ['miniSite'] },
];

let t: TestApp;
let a: Caller;
let site: BuilderSite;

beforeAll(async () => {
  t = await buildTestApp();
  a = alice(t);
  site = await newSite(t, a);
});

afterAll(async () => {
  await t.close();
});

async function upload(route: Route, bytes: Buffer): Promise<{ code: number; msg: string; url: string | null }> {
  const file: Part = { name: 'image', filename: 'picture.png', contentType: 'image/png', data: bytes };
  const parts: Part[] =
    route === 'miniSite'
      ? [file]
      : [{ name: 'id', data: String(site.id) }, { name: 'type', data: 'banner' }, { name: 'data', data: 'banner' }, file];
  const body = multipart(parts);
  const url = route === 'miniSite' ? '/index/minisite/upload' : '/api/Upload/siteFileUpload';
  const response = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...(route === 'builder' ? a.headers : {}) } });
  const envelope = envelopeOf<{ shortUrl?: string; url?: string } | null>(response);
  return { code: envelope.code, msg: envelope.msg, url: envelope.data?.shortUrl ?? envelope.data?.url ?? null };
}

const stored = (): string[] => [...listTree(path.join(t.dataDir, 'uploads')), ...listTree(path.join(t.dataDir, 'uploads-tmp'))];

describe('decoding bombs through an upload', () => {
  const cases = BOMBS.flatMap((bomb) => (Object.entries(bomb.refusals) as Array<[Route, string]>).map(([route, message]) => [bomb.label, route, bomb.bytes, message] as const));

  it.each(cases)('refuses %s on the %s route with its message, keeping nothing', async (_label, route, bytes, message) => {
    const before = process.memoryUsage().rss;
    const answer = await upload(route, bytes);
    expect(answer).toEqual({ code: AnswerCode.invalid, msg: message, url: null });
    expect(stored()).toEqual([]);
    // The check looked at headers and frames, not at the pixels the headers promise.
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  });

  it('the first bomb is the 35-byte file of the review', () => {
    expect(BOMBS[0].bytes.length).toBe(35);
  });

  it.each(GOOD_PICTURES.flatMap((picture) => picture.routes.map((route) => [picture.label, route, picture.bytes] as const)))('still stores a real %s on the %s route', async (_label, route, bytes) => {
    const answer = await upload(route, bytes);
    expect(answer.code).toBe(200);
    expect(answer.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.\w+$/);
    fs.rmSync(path.join(t.dataDir, 'uploads', path.basename(answer.url ?? '')));
  });
});

describe('a bomb planted past the upload check', () => {
  it('fails the builder preview and the completion with a message, the server growing by less than 512 MB (under 1 GB in all)', async () => {
    // As an old upload or a file put straight into DATA_DIR/uploads would be.
    const name = `${crypto.randomBytes(16).toString('hex')}.gif`;
    fs.writeFileSync(path.join(t.dataDir, 'uploads', name), gifBytes({ width: 1, height: 1 }, [huge]));
    const url = `/uploads/${name}`;

    // The jest worker may have run other test files before (its RSS is theirs too): the render's
    // growth is what is held to the budget. Decoding the bomb would add over 2 GB.
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      const saved = await post<BuilderSite>(t, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: site.previewUrl, formData: { banner: { banner: url } }, selectedComponents: {} }, a.headers);
      expect(saved).toMatchObject({ code: AnswerCode.invalid, msg: MiniSiteMessages.pictureTooManyPixels });

      const completed = await post<ZipUrlAnswer>(t, '/api/CreateWeb/completeWeb', { id: site.id, formData: { banner: { banner: url } } }, a.headers);
      expect(completed).toMatchObject({ code: AnswerCode.invalid, msg: MiniSiteMessages.pictureTooManyPixels });
      expect(listTree(path.join(t.dataDir, 'builder-sites'))).toEqual([]);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(peak - baseline).toBeLessThan(512 * 1024 * 1024);
    // Alone (npm run test:security) the whole process stays under 1 GB.
    expect(peak).toBeLessThan(Math.max(1024 * 1024 * 1024, baseline + 512 * 1024 * 1024));

    // A good picture in its place renders again.
    const good = `${crypto.randomBytes(16).toString('hex')}.jpg`;
    fs.writeFileSync(path.join(t.dataDir, 'uploads', good), canvasImage('jpeg', 320, 180));
    const fixed = await post<BuilderSite>(t, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: site.previewUrl, formData: { banner: { banner: `/uploads/${good}` } }, selectedComponents: {} }, a.headers);
    expect(fixed.code).toBe(200);
  });
});
