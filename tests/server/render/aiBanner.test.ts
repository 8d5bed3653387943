/**
 * The default banner-art provider: generative art from the texts, drawn on this server. Same texts,
 * same picture (the queue's dedupe relies on it); another prompt, another picture.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GENERATIVE_PROVIDER_ID, GENERATIVE_PROVIDER_LABEL, bannerArtDescriptorFromEnv } from '../../../src/server/render/aiBanner/config';
import { bannerArtProviderFor, bannerArtProviderFromEnv } from '../../../src/server/render/aiBanner';
import { choosePalette } from '../../../src/server/render/aiBanner/palette';
import { runRenderJobWith, type Renderers } from '../../../src/server/render/jobs';

jest.setTimeout(60_000);

const signal = new AbortController().signal;
const paint = (prompt: string, title = '龙腾天下'): Promise<Buffer> => bannerArtProviderFromEnv({}).paint({ prompt, title, width: 1920, height: 1080, signal });

/** Mean luminance (0..255) of a region, from a 192x108 copy of the picture. */
async function luminance(bytes: Buffer, region: { x0: number; x1: number; y0: number; y1: number }): Promise<number> {
  const small = createCanvas(192, 108);
  const ctx = small.getContext('2d');
  ctx.drawImage(await loadImage(bytes), 0, 0, 192, 108);
  const { data } = ctx.getImageData(0, 0, 192, 108);
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(region.y0 * 108); y < Math.floor(region.y1 * 108); y += 1) {
    for (let x = Math.floor(region.x0 * 192); x < Math.floor(region.x1 * 192); x += 1) {
      const i = (y * 192 + x) * 4;
      sum += 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
      count += 1;
    }
  }
  return sum / count;
}

describe('the generative banner-art provider', () => {
  it('is the default, and says it is not AI', () => {
    expect(bannerArtDescriptorFromEnv({})).toEqual({ id: GENERATIVE_PROVIDER_ID, label: GENERATIVE_PROVIDER_LABEL });
    expect(GENERATIVE_PROVIDER_LABEL).toMatch(/非AI/);
    expect(bannerArtProviderFromEnv({ BANNER_ART_URL: '' }).id).toBe(GENERATIVE_PROVIDER_ID);
    expect(bannerArtProviderFor(GENERATIVE_PROVIDER_ID, {}).label).toBe(GENERATIVE_PROVIDER_LABEL);
    // A job queued before the painter changed still paints (today's version), even with a service configured now.
    expect(bannerArtProviderFor('generative@1', { BANNER_ART_URL: 'https://images.example.com/v1' }).id).toBe(GENERATIVE_PROVIDER_ID);
  });

  it('paints a decodable 1920x1080 picture, the same for the same texts and another for another prompt', async () => {
    const first = await paint('熔岩与火焰的王座');
    const picture = await loadImage(first);
    expect([picture.width, picture.height]).toEqual([1920, 1080]);
    expect((await paint('熔岩与火焰的王座')).equals(first)).toBe(true);
    expect((await paint('熔岩与火焰的王座', '别的网站')).equals(first)).toBe(false);
    expect((await paint('冰封的深海')).equals(first)).toBe(false);
  });

  it('keeps the left and centre dark enough for white text', async () => {
    for (const prompt of ['雪山之巅的白色城堡', '金色晨光', '冰封的深海', '']) {
      expect(await luminance(await paint(prompt), { x0: 0, x1: 0.5, y0: 0.2, y1: 0.8 })).toBeLessThan(110);
    }
  });

  it('chooses colours from what the prompt talks about', () => {
    expect(choosePalette('燃烧的熔岩', 0).name).toBe('fire');
    expect(choosePalette('大海与冰川', 0).name).toBe('sea');
    expect(choosePalette('幽静的森林草地', 0).name).toBe('forest');
    expect(choosePalette('星月夜', 0).name).toBe('night');
    expect(choosePalette('金色的晨光', 0).name).toBe('gold');
    expect(choosePalette('雪', 0).name).toBe('snow');
    // Most words win; on a tie, the word said first.
    expect(choosePalette('火海海', 0).name).toBe('sea');
    expect(choosePalette('火海', 0).name).toBe('fire');
    const seeded = new Set([0, 1, 2, 3, 4, 5].map((seed) => choosePalette('城堡', seed).name));
    expect(seeded.size).toBe(6);
  });

  it('renders the ab job: the art as a 1920x1080 JPEG, then the logo of the chosen style with the logo text alone', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-ab-render-'));
    try {
      const calls: unknown[][] = [];
      const art = createCanvas(1024, 1024);
      art.getContext('2d').fillStyle = '#345';
      art.getContext('2d').fillRect(0, 0, 1024, 1024);
      const renderers: Renderers = {
        renderLogoPng: async (...args) => {
          calls.push(['logo', ...args]);
          return createCanvas(40, 20).encodeSync('png');
        },
        renderLogoAnimation: () => Promise.reject(new Error('unused')),
        renderLogoShowcase: () => Promise.reject(new Error('unused')),
        renderBrandKit: () => Promise.reject(new Error('unused')),
        transcodeToWebm: () => Promise.reject(new Error('unused')),
        renderBannerVideo: () => Promise.reject(new Error('unused')),
        bannerArtProvider: (id) => ({
          id,
          label: 'test',
          paint: async (request) => {
            calls.push(['art', id, request.prompt, request.title, request.width, request.height]);
            return art.encodeSync('png');
          },
        }),
      };
      const result = await runRenderJobWith(renderers, { kind: 'ab', logoStyle: 5, logotext: '龙腾', prompt: '海', provider: 'p@1' }, outDir, signal);
      expect(result).toEqual({ files: ['banner.jpg', 'logo.png'] });
      expect(calls).toEqual([
        ['art', 'p@1', '海', '龙腾', 1920, 1080],
        ['logo', 5, { logotext: '龙腾', rightsealtext: '', bottomsealtext: '', bottomtext: '' }],
      ]);
      const banner = await loadImage(fs.readFileSync(path.join(outDir, 'banner.jpg')));
      expect([banner.width, banner.height]).toEqual([1920, 1080]);
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });
});
