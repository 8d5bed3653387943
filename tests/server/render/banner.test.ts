/**
 * The banner renderer, checked through what it writes: the MP4's boxes and stream as ffmpeg reads
 * them, the poster's size, every style rendering, identical output for identical jobs, and aborts
 * leaving nothing behind. Sizes and durations are tiny so the whole file stays quick.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_BANNER_TEXTS, type BannerTexts } from '../../../src/contract/generation';
import { MiniSiteMessages } from '../../../src/contract/miniSite';
import { hasBannerStyle, renderBannerVideo, type BannerVideoOptions } from '../../../src/server/render/banner';
import { drawableText } from '../../../src/server/render/banner/core/headline';
import { headlineLines } from '../../../src/server/render/banner/core/overlay';
import { createFrameRenderer, decodeLogo } from '../../../src/server/render/banner/core/video';
import { splitTags } from '../../../src/server/render/banner/core/tags';
import { BANNER_STYLE_DEFS } from '../../../src/server/render/banner/styles';
import { PICTURE_REFUSED_ERROR_NAME } from '../../../src/server/render/pictureRefused';
import { FFMPEG_PATH } from '../../../src/server/render/ffmpeg';
import { BANNER_STYLES } from '../../../src/server/render/styles';
import { titleLogoPng } from '../../fixtures/titleLogo';
import { probeVideo } from '../../fixtures/videoFiles';

jest.setTimeout(120_000);

const makeLogo = titleLogoPng;

interface Box {
  type: string;
  start: number;
  end: number;
}

/** Top-level (or, given a parent, child) ISO BMFF boxes. */
function boxes(data: Buffer, from = 0, to = data.length): Box[] {
  const found: Box[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = to - offset;
    if (size < header) throw new Error(`bad box ${type} at ${offset}`);
    found.push({ type, start: offset, end: offset + size });
    offset += size;
  }
  return found;
}

let dir: string;
const logoPng = makeLogo();

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-banner-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function target(name: string, extra: Partial<BannerVideoOptions> = {}): BannerVideoOptions {
  return { outFile: path.join(dir, `${name}.mp4`), posterFile: path.join(dir, `${name}.jpg`), width: 320, height: 180, seconds: 1, fps: 10, ...extra };
}

describe('the style registry', () => {
  it('has a drawing for every style of the catalogue, under its key', () => {
    for (const style of BANNER_STYLES) {
      expect(BANNER_STYLE_DEFS[style.key]).toBeDefined();
      expect(BANNER_STYLE_DEFS[style.key].key).toBe(style.key);
      expect(hasBannerStyle(style.id)).toBe(true);
    }
    expect(Object.keys(BANNER_STYLE_DEFS).sort()).toEqual(BANNER_STYLES.map((s) => s.key).sort());
  });

  it('knows no other ids, and throws for them', () => {
    for (const id of [0, -1, 15, 99, 1.5, Number.NaN]) expect(hasBannerStyle(id)).toBe(false);
    expect(() => renderBannerVideo(999, { logoPng, texts: DEFAULT_BANNER_TEXTS }, target('unknown'))).toThrow(/999/);
    expect(fs.existsSync(path.join(dir, 'unknown.mp4'))).toBe(false);
  });
});

describe('text handling', () => {
  it('splits hashtag slogans into tags and keeps any other text as one line', () => {
    expect(splitTags('#热血国战# #兄弟同心# #万人同屏#')).toEqual(['热血国战', '兄弟同心', '万人同屏']);
    expect(splitTags('  #一#   #二#  ')).toEqual(['一', '二']);
    expect(splitTags('一起来 #热血国战#')).toEqual(['一起来 #热血国战#']);
    expect(splitTags('   ')).toEqual([]);
  });

  it('drops what no font can draw (emoji) and folds white space', () => {
    expect(drawableText('热血😀国战👍🏽 🇨🇳 ok')).toBe('热血国战 ok');
    expect(drawableText('a\n\tb   c')).toBe('a b c');
    expect(splitTags('#😀# #标签#')).toEqual(['标签']);
  });
});

describe('the video file', () => {
  let result: Awaited<ReturnType<typeof renderBannerVideo>>;
  let data: Buffer;

  beforeAll(async () => {
    result = await renderBannerVideo(1, { logoPng, texts: DEFAULT_BANNER_TEXTS }, target('battlefield'));
    data = fs.readFileSync(path.join(dir, 'battlefield.mp4'));
  });

  it('reports what it rendered', () => {
    expect(result).toEqual({ frameCount: 10, helperFrames: 0, durationSeconds: 1, width: 320, height: 180 });
  });

  it('is an MP4 with ftyp first and moov before mdat (faststart)', () => {
    const top = boxes(data);
    expect(top[0].type).toBe('ftyp');
    const moov = top.findIndex((b) => b.type === 'moov');
    const mdat = top.findIndex((b) => b.type === 'mdat');
    expect(moov).toBeGreaterThan(0);
    expect(mdat).toBeGreaterThan(moov);
    expect(top[top.length - 1].end).toBe(data.length);
  });

  it('holds one H.264 (avc1) video track and no sound', () => {
    const moov = boxes(data).find((b) => b.type === 'moov');
    if (!moov) throw new Error('no moov');
    const tracks = boxes(data, moov.start + 8, moov.end).filter((b) => b.type === 'trak');
    expect(tracks).toHaveLength(1);
    const inMoov = data.subarray(moov.start, moov.end);
    expect(inMoov.includes(Buffer.from('avc1'))).toBe(true);
    expect(inMoov.includes(Buffer.from('avcC'))).toBe(true);
    expect(inMoov.includes(Buffer.from('vide'))).toBe(true);
    expect(inMoov.includes(Buffer.from('soun'))).toBe(false);
  });

  it('decodes to the frames, size and pixel format asked for', () => {
    expect(probeVideo(path.join(dir, 'battlefield.mp4'))).toEqual({ codec: 'h264', pixelFormat: 'yuv420p', width: 320, height: 180, frames: 10, audio: false });
  });

  it('comes with a JPEG poster of the same size', async () => {
    const poster = fs.readFileSync(path.join(dir, 'battlefield.jpg'));
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const image = await loadImage(poster);
    expect([image.width, image.height]).toEqual([320, 180]);
  });

  it('shows the colours that were drawn: a frame decoded as BT.709, as its tags tell browsers to, is the drawn frame within a few levels', async () => {
    const frame = 5;
    const renderer = createFrameRenderer(BANNER_STYLE_DEFS.battlefield, await decodeLogo(logoPng), DEFAULT_BANNER_TEXTS, { width: 320, height: 180, seconds: 1, fps: 10 });
    renderer.draw(frame);
    const drawn = renderer.canvas.data();
    const decoded = (matrix: 'bt709' | 'bt601') => {
      const run = spawnSync(FFMPEG_PATH, ['-hide_banner', '-loglevel', 'error', '-i', path.join(dir, 'battlefield.mp4'), '-vf', `select=eq(n\\,${frame}),scale=in_color_matrix=${matrix}:in_range=tv,format=rgb24`, '-frames:v', '1', '-f', 'rawvideo', 'pipe:1']);
      expect(run.stdout.length).toBe(320 * 180 * 3);
      return run.stdout;
    };
    /**
     * Mean absolute difference per channel, in levels of 255, of the means of 10x10 blocks: a colour
     * shift shows whole, the encoder's loss of fine detail mostly averages out.
     */
    const difference = (rgb: Buffer) => {
      let sum = 0;
      for (let by = 0; by < 180; by += 10)
        for (let bx = 0; bx < 320; bx += 10)
          for (let channel = 0; channel < 3; channel++) {
            let delta = 0;
            for (let y = by; y < by + 10; y++) for (let x = bx; x < bx + 10; x++) delta += rgb[(y * 320 + x) * 3 + channel] - drawn[(y * 320 + x) * 4 + channel];
            sum += Math.abs(delta / 100);
          }
      return sum / ((320 / 10) * (180 / 10) * 3);
    };
    expect(difference(decoded('bt709'))).toBeLessThan(2.5);
    // The measure tells a wrong matrix apart: the same frame read as BT.601 is off by more.
    expect(difference(decoded('bt601'))).toBeGreaterThan(3.2);
  });

  it('leaves only the two files it was asked for', () => {
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('battlefield')).sort()).toEqual(['battlefield.jpg', 'battlefield.mp4']);
  });
});

describe('every style', () => {
  it.each(BANNER_STYLES.map((s) => [s.id, s.key] as const))('style %i (%s) renders a tiny video and poster', async (id, key) => {
    const options = target(`style-${key}`, { width: 192, height: 108, seconds: 0.6 });
    const result = await renderBannerVideo(id, { logoPng, texts: DEFAULT_BANNER_TEXTS }, options);
    expect(result).toEqual({ frameCount: 6, helperFrames: 0, durationSeconds: 0.6, width: 192, height: 108 });
    expect(probeVideo(options.outFile)).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 192, height: 108, frames: 6 });
    const poster = await loadImage(fs.readFileSync(options.posterFile));
    expect([poster.width, poster.height]).toEqual([192, 108]);
  });
});

describe('progress', () => {
  it('reports the share of frames handed to the encoder after each one, ending at 1', async () => {
    const shares: number[] = [];
    const options = { ...target('progress', { seconds: 0.4 }), onProgress: (share: number) => shares.push(share) };
    await renderBannerVideo(3, { logoPng, texts: DEFAULT_BANNER_TEXTS }, options);
    expect(shares).toEqual([0.25, 0.5, 0.75, 1]);
  });
});

describe('inputs', () => {
  it('renders with both banner texts empty', async () => {
    const options = target('empty', { seconds: 0.5 });
    await expect(renderBannerVideo(2, { logoPng, texts: { bannertextup: '', bannertextdown: '' } }, options)).resolves.toMatchObject({ frameCount: 5 });
    expect(probeVideo(options.outFile).frames).toBe(5);
  });

  it('draws any text as text: Latin, emoji, markup and one of the two texts alone', async () => {
    const cases: BannerTexts[] = [
      { bannertextup: '<script>alert(1)</script> & "quotes" 😀👍🏽 龍', bannertextdown: '' },
      { bannertextup: '', bannertextdown: '#Tag# #标签# #😀#' },
      { bannertextup: 'A'.repeat(100), bannertextdown: '没有井号的一行字 plain text line' },
    ];
    for (const [i, texts] of cases.entries()) {
      const options = target(`texts-${i}`, { seconds: 0.3 });
      await expect(renderBannerVideo(13, { logoPng, texts }, options)).resolves.toMatchObject({ frameCount: 3 });
      expect(fs.statSync(options.outFile).size).toBeGreaterThan(0);
    }
  });

  it('takes logos of any shape and rounds odd sizes down to even ones', async () => {
    const tall = makeLogo('龍', 200, 600);
    const options = target('tall', { width: 201, height: 113, seconds: 0.3 });
    await expect(renderBannerVideo(7, { logoPng: tall, texts: DEFAULT_BANNER_TEXTS }, options)).resolves.toEqual({ frameCount: 3, helperFrames: 0, durationSeconds: 0.3, width: 200, height: 112 });
    expect(probeVideo(options.outFile)).toMatchObject({ width: 200, height: 112 });
  });

  it('rejects a logo that is not an image, and writes nothing', async () => {
    const options = target('broken');
    await expect(renderBannerVideo(1, { logoPng: Buffer.from('not a png'), texts: DEFAULT_BANNER_TEXTS }, options)).rejects.toMatchObject({
      name: PICTURE_REFUSED_ERROR_NAME,
      message: MiniSiteMessages.pictureUnreadable,
      cause: { message: expect.stringMatching(/logo/) },
    });
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('broken'))).toEqual([]);
  });
});

describe('determinism', () => {
  it('gives byte-identical videos and posters for identical jobs', async () => {
    const a = target('same-a', { seconds: 0.8 });
    const b = target('same-b', { seconds: 0.8 });
    await renderBannerVideo(4, { logoPng, texts: DEFAULT_BANNER_TEXTS }, a);
    await renderBannerVideo(4, { logoPng, texts: DEFAULT_BANNER_TEXTS }, b);
    expect(fs.readFileSync(a.outFile).equals(fs.readFileSync(b.outFile))).toBe(true);
    expect(fs.readFileSync(a.posterFile).equals(fs.readFileSync(b.posterFile))).toBe(true);
  });

  it('changes with the texts', async () => {
    const a = target('texts-a', { seconds: 0.8 });
    const b = target('texts-b', { seconds: 0.8 });
    await renderBannerVideo(4, { logoPng, texts: DEFAULT_BANNER_TEXTS }, a);
    await renderBannerVideo(4, { logoPng, texts: { ...DEFAULT_BANNER_TEXTS, bannertextup: '另一句标题文字，用来检查画面确实不同' } }, b);
    expect(fs.readFileSync(a.posterFile).equals(fs.readFileSync(b.posterFile))).toBe(false);
  });
});

describe('aborting', () => {
  const leftovers = (name: string) => fs.readdirSync(dir).filter((f) => f.startsWith(name));

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(renderBannerVideo(1, { logoPng, texts: DEFAULT_BANNER_TEXTS }, target('pre-aborted', { signal: controller.signal }))).rejects.toThrow();
    expect(leftovers('pre-aborted')).toEqual([]);
  });

  it('kills ffmpeg mid-render, rejects and removes the partial files', async () => {
    const controller = new AbortController();
    const options = target('aborted', { width: 640, height: 360, seconds: 20, fps: 25, signal: controller.signal });
    const render = renderBannerVideo(6, { logoPng, texts: DEFAULT_BANNER_TEXTS }, options);
    // Abort once ffmpeg has started writing, so there is a partial file to clean up.
    const started = Date.now();
    while (leftovers('aborted').length === 0 && Date.now() - started < 30_000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(leftovers('aborted').length).toBeGreaterThan(0);
    controller.abort(new Error('user left'));
    await expect(render).rejects.toThrow('user left');
    expect(leftovers('aborted')).toEqual([]);
  });
});

describe('the phone cut (portrait)', () => {
  /** A logo of one colour no style draws, to find it in a frame. */
  function magentaLogo(): Buffer {
    const canvas = createCanvas(900, 300);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ff00ff';
    ctx.fillRect(0, 0, 900, 300);
    return canvas.toBuffer('image/png');
  }

  /** The columns of the poster frame where the logo's colour shows, as shares of its width. */
  async function logoColumns(width: number, height: number, style = 1): Promise<{ left: number; right: number }> {
    const def = BANNER_STYLE_DEFS[BANNER_STYLES[style - 1].key];
    const renderer = createFrameRenderer(def, await decodeLogo(magentaLogo()), DEFAULT_BANNER_TEXTS, { width, height, seconds: 2, fps: 10 });
    renderer.draw(renderer.posterFrame);
    const pixels = renderer.canvas.data();
    let left = width;
    let right = -1;
    for (let y = 0; y < height; y += 2) {
      for (let x = 0; x < width; x += 1) {
        const k = (y * width + x) * 4;
        if (pixels[k] > 200 && pixels[k + 1] < 80 && pixels[k + 2] > 200) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      }
    }
    return { left: left / width, right: right / width };
  }

  it('lays the logo out across the phone frame, whole and large, instead of cropping the landscape layout', async () => {
    const portrait = await logoColumns(540, 960);
    expect(portrait.left).toBeGreaterThan(0.03);
    expect(portrait.right).toBeLessThan(0.97);
    expect(portrait.right - portrait.left).toBeGreaterThan(0.6);
    // The landscape frame keeps its own layout.
    const landscape = await logoColumns(960, 540);
    expect(landscape.left).toBeGreaterThan(0.2);
    expect(landscape.right).toBeLessThan(0.8);
  });

  it('sets a long headline in two lines, broken after the punctuation nearest the middle', () => {
    expect(headlineLines('全新资料片震撼来袭，开启你的英雄传奇之旅', 2)).toEqual(['全新资料片震撼来袭，', '开启你的英雄传奇之旅']);
    expect(headlineLines('一二三四五六七八九十一二三四五六', 2)).toEqual(['一二三四五六七八', '九十一二三四五六']);
    expect(headlineLines('王城再启 群雄逐鹿', 2)).toEqual(['王城再启 群雄逐鹿']);
    expect(headlineLines('全新资料片震撼来袭，开启你的英雄传奇之旅', 1)).toEqual(['全新资料片震撼来袭，开启你的英雄传奇之旅']);
    expect(headlineLines('   ', 2)).toEqual([]);
  });
});
