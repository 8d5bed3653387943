import { createCanvas } from '@napi-rs/canvas';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../src/contract/generation';
import { CATALOG_SIZES } from '../../../src/server/render/jobSpec';
import { runRenderJobWith, type Renderers } from '../../../src/server/render/jobs';

let outDir: string;

beforeEach(() => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-jobs-test-'));
});

afterEach(() => {
  fs.rmSync(outDir, { recursive: true, force: true });
});

const png = (width: number, height: number): Buffer => createCanvas(width, height).encodeSync('png');

/** Stand-in renderers that record their calls and write small real pictures. */
function stubRenderers(): Renderers & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    renderLogoPng: async (...args) => {
      calls.push(['png', ...args]);
      return png(40, 20);
    },
    renderLogoAnimation: async (...args) => {
      calls.push(['animation', args[0], args[1]]);
      return { animation: png(40, 20), idle: png(40, 20), still: png(40, 20), frameCount: 2, width: 40, height: 20 };
    },
    renderLogoShowcase: async (...args) => {
      calls.push(['showcase', ...args]);
      return png(args[2].width, args[2].height);
    },
    renderBrandKit: async (...args) => {
      calls.push(['brand-kit', ...args]);
      return { files: new Map([['icon-192.png', png(192, 192)]]) };
    },
    renderBannerVideo: async (styleId, input, options) => {
      calls.push(['video', styleId, input.texts, options.width, options.height]);
      fs.writeFileSync(options.outFile, 'mp4');
      fs.writeFileSync(options.posterFile, createCanvas(options.width ?? 64, options.height ?? 36).encodeSync('jpeg'));
      return { frameCount: 1, helperFrames: 0, durationSeconds: 1, width: 64, height: 36 };
    },
    transcodeToWebm: async (...args) => {
      calls.push(['webm', args[0], args[1]]);
      fs.writeFileSync(args[1], 'webm');
    },
  };
}

const signal = new AbortController().signal;
const jpegSize = (file: string): { width: number; height: number } => {
  const bytes = fs.readFileSync(file);
  for (let i = 2; i < bytes.length; ) {
    const marker = bytes[i + 1];
    if (marker === 0xc0 || marker === 0xc2) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  throw new Error('no frame header');
};

describe('runRenderJobWith', () => {
  it('tl writes logo.png; al writes the animation and the still', async () => {
    const renderers = stubRenderers();
    expect(await runRenderJobWith(renderers, { kind: 'tl', logoStyle: 4, texts: DEFAULT_LOGO_TEXTS }, outDir, signal)).toEqual({ files: ['logo.png'] });
    expect(await runRenderJobWith(renderers, { kind: 'al', logoStyle: 4, texts: DEFAULT_LOGO_TEXTS }, outDir, signal)).toEqual({ files: ['logo.webp', 'logo-idle.webp', 'logo-still.png'] });
    expect(fs.readdirSync(outDir).sort()).toEqual(['logo-idle.webp', 'logo-still.png', 'logo.png', 'logo.webp']);
  });

  it('fsa renders the still logo of the chosen logo style first, then the video with it', async () => {
    const renderers = stubRenderers();
    const result = await runRenderJobWith(renderers, { kind: 'fsa', logoStyle: 4, bannerStyle: 7, texts: DEFAULT_LOGO_TEXTS, bannerTexts: DEFAULT_BANNER_TEXTS }, outDir, signal);
    expect(result).toEqual({ files: ['logo.png', 'banner.mp4', 'banner-poster.jpg'] });
    expect(renderers.calls).toEqual([
      ['png', 4, DEFAULT_LOGO_TEXTS],
      ['video', 7, DEFAULT_BANNER_TEXTS, undefined, undefined],
    ]);
  });

  it('gallery pictures: three logo showcases and a banner preview, as JPEGs of the gallery sizes', async () => {
    const renderers = stubRenderers();
    expect(await runRenderJobWith(renderers, { kind: 'catalog-logo', styleId: 9 }, outDir, signal)).toEqual({ files: ['thumbnail.jpg', 'preview1.jpg', 'preview.jpg'] });
    expect(jpegSize(path.join(outDir, 'thumbnail.jpg'))).toEqual(CATALOG_SIZES.logoThumbnail);
    expect(jpegSize(path.join(outDir, 'preview.jpg'))).toEqual(CATALOG_SIZES.logoPreview);
    expect(await runRenderJobWith(renderers, { kind: 'catalog-banner', styleId: 3 }, outDir, signal)).toEqual({ files: ['thumbnail.jpg', 'preview.mp4', 'poster.jpg'] });
    expect(jpegSize(path.join(outDir, 'thumbnail.jpg'))).toEqual(CATALOG_SIZES.bannerThumbnail);
    // The banner preview carries a logo style that suits the scene (cyber city: neon).
    expect(renderers.calls.at(-2)).toEqual(['png', 6, DEFAULT_LOGO_TEXTS]);
    expect(renderers.calls.at(-1)).toEqual(['video', 3, DEFAULT_BANNER_TEXTS, 960, 540]);
  });

  it('stops before writing when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(runRenderJobWith(stubRenderers(), { kind: 'tl', logoStyle: 1, texts: DEFAULT_LOGO_TEXTS }, outDir, controller.signal)).rejects.toThrow('stop');
    expect(fs.readdirSync(outDir)).toEqual([]);
  });
});
