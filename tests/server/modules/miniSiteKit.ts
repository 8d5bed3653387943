/**
 * Builders for the mini-site tests: multipart bodies, small real pictures of each format, and a
 * render runner that makes real logos and (small) real banner videos in the test's own thread.
 */
import { createCanvas } from '@napi-rs/canvas';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, type LogoCreateAnswer, type LogoPollingAnswer } from '../../../src/contract/generation';
import type { CreateSiteAnswer } from '../../../src/contract/miniSite';
import { findSiteTemplate } from '../../../src/server/render/site/catalog';
import { renderBannerVideo, transcodeToWebm } from '../../../src/server/render/banner';
import { encodeMp3 } from '../../../src/server/render/music/encode';
import { WAVES, tableVoice } from '../../../src/server/render/music/instruments';
import { renderSong, score } from '../../../src/server/render/music/synth';
import { MUSIC_TRACKS, MUSIC_VERSION } from '../../../src/server/render/music/tracks';
import { runRenderJobWith } from '../../../src/server/render/jobs';
import { renderBrandKit, renderLogoAnimation, renderLogoPng, renderLogoShowcase } from '../../../src/server/render/logo';
import type { RenderRunner } from '../../../src/server/queue/jobRules';
import type { RenderProgress, RenderResult, RenderSpec } from '../../../src/server/render/jobSpec';
import { bannerArtProviderFor } from '../../../src/server/render/aiBanner';
import { post, type TestApp } from '../helpers';
import { serverWarnings } from '../../fixtures/serverLog';

export interface Part {
  name: string;
  /** A file part when given. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body and its content type. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----wpg${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small picture with some colour in it, encoded by canvas. */
export function canvasImage(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 6, height = 4): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#c0392b';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#f1c40f';
  ctx.fillRect(0, 0, Math.ceil(width / 2), Math.ceil(height / 2));
  switch (format) {
    case 'png':
      return canvas.encodeSync('png');
    case 'gif':
      return canvas.encodeSync('gif');
    default:
      return canvas.encodeSync(format, 90);
  }
}

/** A 24-bit uncompressed BMP made by hand (BITMAPINFOHEADER, bottom-up rows padded to 4 bytes). */
export function bmpImage(width = 3, height = 2): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const pixels = rowBytes * height;
  const file = Buffer.alloc(54 + pixels);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(0, 30);
  file.writeUInt32LE(pixels, 34);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) file.writeUIntLE(0x2060c0 + x * 16 + y, 54 + y * rowBytes + x * 3, 3);
  }
  return file;
}

/** A PNG made of a signature, an IHDR claiming `width` x `height`, and IEND: a header, no pixels. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IEND', Buffer.alloc(0))]);
}

/** Banner videos at 320x180 for one second: real H.264 and poster, made in a fraction of the time. */
export const SMALL_BANNER = { width: 320, height: 180, seconds: 1, fps: 10 } as const;

/**
 * A RenderRunner with the real renderers, run in the test's thread: real logo PNGs and real (small)
 * banner videos, without starting worker threads.
 */
export class SmallRealRunner implements RenderRunner {
  /** `env`: where the banner-art providers are configured (BANNER_ART_*), as a worker thread reads its environment. */
  constructor(private readonly env?: Record<string, string | undefined>) {}

  run(spec: RenderSpec, outDir: string, signal: AbortSignal, onProgress?: RenderProgress): Promise<RenderResult> {
    const { env } = this;
    return runRenderJobWith(
      {
        ...(env ? { bannerArtProvider: (id: string) => bannerArtProviderFor(id, env) } : {}),
        renderLogoPng,
        renderLogoAnimation,
        renderLogoShowcase,
        renderBrandKit,
        // A portrait cut stays portrait, small as well.
        renderBannerVideo: (styleId, input, options) =>
          renderBannerVideo(styleId, input, { ...options, ...SMALL_BANNER, ...((options.height ?? 0) > (options.width ?? 0) ? { width: SMALL_BANNER.height, height: SMALL_BANNER.width } : {}) }),
        transcodeToWebm,
      },
      spec,
      outDir,
      signal,
      onProgress,
    );
  }

  async close(): Promise<void> {}
}

const GENERATION_WAIT_MS = 60_000;

/** Creates a logo or banner through the API and polls until it is made; answers the result URLs. */
export async function generate(t: TestApp, headers: Record<string, string>, body: object): Promise<{ logoUrl: string; bannerUrl: string; uniqueId: string }> {
  const created = await post<LogoCreateAnswer>(t, '/index/common/logoCreate', { isFirst: false, ...body }, headers);
  if (created.code !== 200) throw new Error(`logoCreate failed: ${created.msg}`);
  if (created.data.exist) return { ...created.data };
  const until = Date.now() + GENERATION_WAIT_MS;
  for (;;) {
    const polled = await post<LogoPollingAnswer>(t, '/index/common/logoPolling', { uniqueId: created.data.uniqueId }, headers);
    if (polled.data.isCreate) return { logoUrl: polled.data.logoUrl, bannerUrl: polled.data.bannerUrl, uniqueId: created.data.uniqueId };
    if (polled.data.expired || Date.now() > until) {
      // A failure says whether the job ended or was still waiting, and what the server warned of meanwhile.
      const warnings = serverWarnings(t.logs).slice(-10);
      const state = polled.data.expired ? `ended: ${polled.data.errorMsg}` : `not done after ${GENERATION_WAIT_MS / 1000} s: ${JSON.stringify(polled.data)}`;
      throw new Error(`generation failed (${state})${warnings.length ? `\n${warnings.join('\n')}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every entry (files and folders) under `dir`, relative; [] when it does not exist. */
/**
 * A mini site of `headers`' user named `gameName`, made as a studio makes one: a logo and a banner
 * generated, then the site from the fifth template with them. Answers its folder.
 */
export async function madeMiniSite(t: TestApp, headers: Record<string, string>, gameName: string): Promise<string> {
  const logo = await generate(t, headers, { ...DEFAULT_LOGO_TEXTS, logobg: 3, module: 'tl' });
  const banner = await generate(t, headers, { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 3, banner: 2, module: 'fsa' });
  const site = { templateId: findSiteTemplate(5)?.id ?? 5, logoId: 3, logoUrl: logo.logoUrl, bannerId: 2, bannerUrl: banner.bannerUrl, config: { game_name: gameName } };
  const created = await post<CreateSiteAnswer>(t, '/index/minisite/createSite', site, headers);
  if (created.code !== 200) throw new Error(`createSite failed: ${created.msg}`);
  return created.data.webSiteDir;
}

export function listTree(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((entry) => entry.split(path.sep).join('/')).sort();
}

/**
 * Short stand-in MP3s for every track, so that a site with music does not wait for the real
 * synthesis (tested in miniSite.test.ts): the library takes files that exist as made.
 */
export async function placeMusic(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'catalog', 'music', MUSIC_VERSION);
  fs.mkdirSync(dir, { recursive: true });
  const pcm = renderSong({ bpm: 120, beats: 2, seed: 1, parts: [{ instrument: tableVoice({ wave: WAVES.sine, env: { attack: 0.01, decay: 0.1, sustain: 0.8, release: 0.1 } }), notes: score('A4:2').notes }] });
  await encodeMp3(pcm, path.join(dir, `${MUSIC_TRACKS[0].slug}.mp3`), 'test');
  for (const track of MUSIC_TRACKS.slice(1)) fs.copyFileSync(path.join(dir, `${MUSIC_TRACKS[0].slug}.mp3`), path.join(dir, `${track.slug}.mp3`));
}
