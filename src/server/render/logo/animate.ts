/**
 * The animated logo (module al): the parts of the still arrive one after another (ornaments fade
 * in, characters enter in the style's way, the slogan rises, the seals stamp down), then the logo
 * idles: a light sweeps across the letters while their glow breathes, and settles back to the still.
 *
 * An animated WebP has one loop count for all its frames, so a file that loops forever replays its
 * build-up from an empty frame each time. Two files instead, from the same frames: the animation
 * plays once (the entrance, one idle cycle, and the still as its last frame, where it rests), and
 * the idle cycle alone loops forever, its last frame leading into its first (both are the still's
 * neighbours), for a page that wants the logo alive after it has built. Frames are RGBA with
 * alpha, piped to ffmpeg's animated WebP encoder.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startRawVideoEncoder, type FrameSink } from '../ffmpeg';
import { flatten, type LogoParts } from './compose';
import type { Glyph } from './layout';
import { hashString } from './prng';
import { blankLike, createLayer, drawLayer, inDevicePixels, tinted, type Ctx, type Layer } from './surface';
import type { Entrance } from './types';

export const FPS = 15;
/** One idle cycle (a sweep and a breath): its frames are the idle loop and follow the entrance. */
export const IDLE_FRAMES = 30;
/** Seconds after the last character lands until the slogan and seals are in place. */
const SETTLE = 0.45;

export interface AnimationResult {
  /** Plays once: the entrance, an idle cycle, then the still. */
  animation: Buffer;
  /** The idle cycle looping forever. */
  idle: Buffer;
  still: Buffer;
  frameCount: number;
  width: number;
  height: number;
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);
const easeOutCubic = (p: number): number => 1 - (1 - p) ** 3;
const easeInQuad = (p: number): number => p * p;
/**
 * The breath's progress, held for BREATH_HOLD frames at a time: a frame that changes only where the
 * sweep passes is encoded as that strip, one whose glow changed is encoded whole, so a glow moved
 * every frame doubled the render time. At 5 steps a second the soft glow still swells and fades.
 */
const BREATH_HOLD = 3;
const breathK = (k: number): number => Math.floor((k * IDLE_FRAMES) / BREATH_HOLD) / (IDLE_FRAMES / BREATH_HOLD);
const easeInOutSine = (p: number): number => (1 - Math.cos(Math.PI * p)) / 2;
const easeOutBack = (p: number): number => {
  const c = 1.9;
  return 1 + (c + 1) * (p - 1) ** 3 + c * (p - 1) ** 2;
};
const easeOutBounce = (p: number): number => {
  const n = 7.5625;
  const d = 2.75;
  if (p < 1 / d) return n * p * p;
  if (p < 2 / d) return n * (p - 1.5 / d) ** 2 + 0.75;
  if (p < 2.5 / d) return n * (p - 2.25 / d) ** 2 + 0.9375;
  return n * (p - 2.625 / d) ** 2 + 0.984375;
};

interface Pose {
  dx: number;
  dy: number;
  scale: number;
  rot: number;
  alpha: number;
}

const REST: Pose = { dx: 0, dy: 0, scale: 1, rot: 0, alpha: 1 };

/** Where a character is at progress p (0 = not yet, 1 = in place) of its entrance. */
function entrancePose(kind: Entrance, p: number, g: Glyph, em: number, frame: number): Pose {
  if (p >= 1) return REST;
  if (p <= 0) return { ...REST, alpha: 0 };
  switch (kind) {
    case 'drop':
      return { ...REST, dy: -(1 - easeOutBounce(p)) * em * 1.3, alpha: clamp01(p * 4) };
    case 'zoom':
      return { ...REST, scale: 1 + (1 - easeOutCubic(p)) * 1.6, alpha: easeOutCubic(p) };
    case 'pop':
      return { ...REST, scale: Math.max(0.01, easeOutBack(p)), alpha: clamp01(p * 3) };
    case 'rise':
      return { ...REST, dy: (1 - easeOutCubic(p)) * em * 0.55, alpha: clamp01(p * 1.5) };
    case 'slide':
      return { ...REST, dx: -(1 - easeOutCubic(p)) * em * 2.2, alpha: clamp01(p * 2.5) };
    case 'ink':
      return { ...REST, scale: 1.15 - 0.15 * easeOutCubic(p), alpha: clamp01(p * 1.2) ** 1.5 };
    case 'flicker': {
      // Neon striking: on and off more and more often until it holds.
      const on = (hashString(`${g.index}:${frame}`) % 1000) / 1000 < 0.25 + p * 0.75;
      return { ...REST, alpha: on ? 1 : 0.12 };
    }
    case 'steps':
      return { ...REST, dy: -Math.ceil((1 - p) * 5) * em * 0.16, alpha: 1 };
    case 'spin':
      return { ...REST, rot: -(1 - easeOutCubic(p)) * Math.PI * 0.9, scale: Math.max(0.01, easeOutBack(p)), alpha: clamp01(p * 3) };
    case 'slam':
      return { ...REST, scale: 1 + (1 - easeInQuad(p)) * 1.8, alpha: clamp01(p * 2.5) };
  }
}

function drawPosed(ctx: Ctx, layer: Layer, cx: number, cy: number, pose: Pose): void {
  if (pose.alpha <= 0) return;
  ctx.save();
  ctx.translate(cx + pose.dx, cy + pose.dy);
  if (pose.rot) ctx.rotate(pose.rot);
  if (pose.scale !== 1) ctx.scale(pose.scale, pose.scale);
  ctx.translate(-cx, -cy);
  drawLayer(ctx, layer, pose.alpha);
  ctx.restore();
}

interface Timeline {
  charStart(index: number): number;
  charEnd: number;
}

const CHAR_TIME = 0.5;

function timeline(count: number): Timeline {
  const stagger = count > 1 ? Math.min(0.14, 0.6 / (count - 1)) : 0;
  return { charStart: (i) => 0.1 + i * stagger, charEnd: 0.1 + (count - 1) * stagger + CHAR_TIME };
}

/** The letters' breathing light: the title blurred and tinted with the style's sweep colour. */
function breathLayer(parts: LogoParts): Layer {
  const [r, g, b] = parts.style.sweep ?? [255, 255, 255];
  const shape = tinted(parts.title, `rgb(${r},${g},${b})`);
  const glow = blankLike(parts.title);
  inDevicePixels(glow, (ctx) => {
    ctx.filter = `blur(${Math.max(1, parts.layout.em * 0.06 * parts.scale)}px)`;
    ctx.drawImage(shape.canvas, 0, 0);
  });
  // Light on the letters and just around them, not a haze over the whole logo.
  inDevicePixels(glow, (ctx) => {
    ctx.globalCompositeOperation = 'destination-in';
    ctx.filter = `blur(${Math.max(1, parts.layout.em * 0.1 * parts.scale)}px)`;
    ctx.drawImage(parts.title.canvas, 0, 0);
  });
  return glow;
}

function abortError(): Error {
  const error = new Error('The logo animation was aborted.');
  error.name = 'AbortError';
  return error;
}

/** The animated WebP encoder writing `file`: lossy with alpha, played `loop` times (0: forever). */
function webpEncoder(width: number, height: number, file: string, loop: number): FrameSink {
  return startRawVideoEncoder({
    width,
    height,
    fps: FPS,
    // Animated WebP, lossy with alpha: most frames change nearly everywhere, so an APNG of the same
    // animation weighs 5-15 MB where this is about 2 MB, at the same render time.
    outputArgs: ['-c:v', 'libwebp_anim', '-lossless', '0', '-quality', '80', '-compression_level', '1', '-pix_fmt', 'yuva420p', '-loop', String(loop), '-f', 'webp', file],
  });
}

export async function renderAnimation(parts: LogoParts, signal?: AbortSignal, onProgress?: (share: number) => void): Promise<AnimationResult> {
  if (signal?.aborted) throw abortError();
  const still = flatten(parts);
  const stillPng = await still.canvas.encode('png');
  const { width, height } = still.canvas;
  const frame = createLayer(still.box, parts.scale);
  const { ctx } = frame;
  const { layout, style } = parts;
  const sprites = layout.glyphs.map((g) => parts.sprite(g));
  const plan = timeline(layout.glyphs.length);
  const sweepLayer = blankLike(parts.title);
  const breath = breathLayer(parts);
  const entranceFrames = Math.ceil((plan.charEnd + SETTLE) * FPS);
  // The entrance, the idle cycle, and the still to rest on.
  const frameCount = entranceFrames + IDLE_FRAMES + 1;
  const tag = `${process.pid}-${randomUUID()}`;
  const file = path.join(os.tmpdir(), `wpg-logo-${tag}.webp`);
  const idleFile = path.join(os.tmpdir(), `wpg-logo-${tag}-idle.webp`);
  // Played once (WebP's loop count 1), so that it rests on the still instead of building again.
  const sink = webpEncoder(width, height, file, 1);
  const idleSink = webpEncoder(width, height, idleFile, 0);
  const onAbort = (): void => {
    sink.kill();
    idleSink.kill();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (let f = 0; f < frameCount; f += 1) {
      if (signal?.aborted) throw abortError();
      inDevicePixels(frame, (device) => device.clearRect(0, 0, width, height));
      if (f < entranceFrames) drawFrame(ctx, parts, sprites, plan, f / FPS, f);
      else if (f < entranceFrames + IDLE_FRAMES) drawIdle(ctx, still, sweepLayer, breath, (f - entranceFrames) / IDLE_FRAMES);
      else inDevicePixels(frame, (device) => device.drawImage(still.canvas, 0, 0));
      const { data } = ctx.getImageData(0, 0, width, height);
      const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      await sink.write(pixels);
      if (f >= entranceFrames && f < entranceFrames + IDLE_FRAMES) await idleSink.write(pixels);
      onProgress?.((f + 1) / frameCount);
      if (f % 8 === 7) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (signal?.aborted) throw abortError();
    await Promise.all([sink.finish(), idleSink.finish()]);
    if (signal?.aborted) throw abortError();
    const [animation, idle] = await Promise.all([fs.readFile(file), fs.readFile(idleFile)]);
    return { animation, idle, still: stillPng, frameCount, width, height };
  } catch (error) {
    sink.kill();
    idleSink.kill();
    throw signal?.aborted ? abortError() : error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await Promise.all([fs.rm(file, { force: true }), fs.rm(idleFile, { force: true })]);
  }

  function drawFrame(c: Ctx, p: LogoParts, glyphSprites: Layer[], tl: Timeline, t: number, index: number): void {
    const em = p.layout.em;
    const ornamentPose = (start: number, length: number): Pose => {
      const k = clamp01((t - start) / length);
      return { ...REST, scale: 0.94 + 0.06 * easeOutCubic(k), alpha: easeOutCubic(k) };
    };
    if (p.back) drawPosed(c, p.back, 0, 0, ornamentPose(0, 0.45));
    if (t >= tl.charEnd) {
      drawLayer(c, p.title);
    } else {
      p.layout.glyphs.forEach((g, i) => {
        const progress = clamp01((t - tl.charStart(i)) / CHAR_TIME);
        drawPosed(c, glyphSprites[i], g.x, g.y, entrancePose(style.entrance, progress, g, em, index));
      });
    }
    if (p.front) drawPosed(c, p.front, 0, 0, ornamentPose(tl.charEnd - 0.3, 0.4));
    if (p.slogan) {
      const k = easeOutCubic(clamp01((t - (tl.charEnd - 0.15)) / 0.4));
      drawPosed(c, p.slogan, 0, 0, { ...REST, dy: (1 - k) * em * 0.15, alpha: k });
    }
    p.seals.forEach((seal, i) => {
      const k = clamp01((t - (tl.charEnd + 0.05 + i * 0.15)) / 0.22);
      drawPosed(c, seal.layer, seal.cx, seal.cy, { ...REST, scale: k >= 1 ? 1 : 1 + (1 - easeOutCubic(k)) * 0.9, alpha: clamp01(k * 1.8) });
    });
  }

  /**
   * Idle frame at `k` of the cycle (0 to 1): the still, a light sweeping across the letters in the
   * cycle's first half, and their glow breathing in and out over the whole of it. Both are nothing
   * at k = 0, so the cycle starts from the still and its last frame leads back into its first.
   */
  function drawIdle(c: Ctx, base: Layer, sweep: Layer, glow: Layer, k: number): void {
    drawLayer(c, base);
    c.save();
    c.globalCompositeOperation = 'screen';
    drawLayer(c, glow, 0.45 * Math.sin(Math.PI * breathK(k)) ** 2);
    c.restore();
    const s = k / 0.55;
    if (s > 0 && s < 1) drawSweep(c, parts, sweep, easeInOutSine(s));
  }

  function drawSweep(c: Ctx, p: LogoParts, sweep: Layer, k: number): void {
    const { box } = p.title;
    const band = p.layout.em * 0.55;
    const x = box.x - band * 2 + (box.w + band * 4) * k;
    const cy = box.y + box.h / 2;
    inDevicePixels(sweep, (device) => {
      device.clearRect(0, 0, sweep.canvas.width, sweep.canvas.height);
      device.drawImage(p.title.canvas, 0, 0);
    });
    const sctx = sweep.ctx;
    sctx.save();
    sctx.globalCompositeOperation = 'source-in';
    // A diagonal band: the gradient runs across it, leaning like light on a tilted surface.
    const gradient = sctx.createLinearGradient(x - band, cy + band * 0.4, x + band, cy - band * 0.4);
    const [r, g, b] = style.sweep ?? [255, 255, 255];
    const color = `rgba(${r},${g},${b},`;
    gradient.addColorStop(0, `${color}0)`);
    gradient.addColorStop(0.5, `${color}0.85)`);
    gradient.addColorStop(1, `${color}0)`);
    sctx.fillStyle = gradient;
    sctx.fillRect(box.x, box.y, box.w, box.h);
    sctx.restore();
    c.save();
    c.globalCompositeOperation = 'screen';
    drawLayer(c, sweep);
    c.restore();
  }
}
