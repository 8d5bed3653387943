/**
 * Draws every frame of a style on one canvas and pipes the raw pixels to ffmpeg (no frame files).
 * Output goes to temporary names beside the targets and is renamed at the end, so a failed or
 * aborted render leaves nothing half-written where a caller would look.
 */
import { createCanvas, type Canvas, type Image } from '@napi-rs/canvas';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { BannerTexts } from '../../../../contract/generation';
import { BT709_TAGS, startRawVideoEncoder, type FrameSink } from '../../ffmpeg';
import { decodePicture, samplePicture } from '../../picture';
import { untilReleased } from '../../renderPause';
import { DESIGN_HEIGHT, DESIGN_WIDTH } from './canvas';
import { createVignette, type FramePlacement } from './effects';
import { KEY_ART_VIGNETTE, KEY_ART_ZOOM, keyArtFrame, keyArtScene, keyArtTheme } from './keyArt';
import { findSubject, type Subject } from './subject';
import { PORTRAIT_DESIGN, buildOverlay, landscapeFrame, portraitFrame } from './overlay';
import { startFrameHelper, type FrameHelperSession } from './frameHelper';
import { createRng, hashString } from './prng';
import { makeTimeline } from './timeline';
import type { BannerStyleDef, FrameTime, SceneEnv } from './types';

export interface BannerVideoOptions {
  /** The .mp4 to write. */
  outFile: string;
  /** A .jpg poster: a representative frame with everything visible. */
  posterFile: string;
  /** Default 1920 (rounded down to even). */
  width?: number;
  /** Default 1080 (rounded down to even). */
  height?: number;
  /** Default 6; the background loops seamlessly over this length. */
  seconds?: number;
  /** Default 25. */
  fps?: number;
  /** Abort kills ffmpeg, removes partial files and rejects. */
  signal?: AbortSignal;
  /** Called after each frame is handed to the encoder with the share of frames done (the bars' progress). */
  onProgress?: (share: number) => void;
  /** Threads drawing frames: 2 has a helper thread draw every other frame (frameHelper.ts). Default: defaultDrawThreads. */
  drawThreads?: 1 | 2;
}

/**
 * A helper thread for frames of 1280x720 and up, where drawing can be the render's limit, on a
 * machine of more than two cores. On two, the encoder and one drawing thread already fill them: a
 * second drawer measured the same wall time for a fifth more CPU (1080p, four styles), and two
 * banners rendered at once took 8.5-9.4 s with helpers against 7.4-8.4 s without.
 */
export const defaultDrawThreads = (pixels: number, cores: number): 1 | 2 => (pixels >= 1280 * 720 && cores > 2 ? 2 : 1);

export interface VideoResult {
  frameCount: number;
  /** Of them, drawn by the helper thread (0 when it was not used or could not help). */
  helperFrames: number;
  durationSeconds: number;
  width: number;
  height: number;
}

/** yuv420p halves chroma in both directions, so both sides must be even. */
const even = (value: number): number => Math.max(2, Math.floor(value / 2) * 2);

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error('The banner render was aborted');
  error.name = 'AbortError';
  return error;
}

/** The logo, through the renderers' one decoder (../../picture.ts). */
export function decodeLogo(png: Buffer): Promise<Image> {
  return decodePicture(png, 'logo');
}

export interface FrameRenderer {
  canvas: Canvas;
  width: number;
  height: number;
  fps: number;
  frameCount: number;
  durationSeconds: number;
  posterFrame: number;
  /** Draws frame `frame` (0-based) onto `canvas`. */
  draw(frame: number): void;
}

/**
 * The frame's size and where the design area sits in it: its scale and offset (cover: a frame of
 * another shape crops the design evenly).
 */
export function frameGeometry(options: { width?: number; height?: number }): FramePlacement {
  const width = even(options.width ?? DESIGN_WIDTH);
  const height = even(options.height ?? DESIGN_HEIGHT);
  const scale = Math.max(width / DESIGN_WIDTH, height / DESIGN_HEIGHT);
  return { width, height, scale, offsetX: (width - DESIGN_WIDTH * scale) / 2, offsetY: (height - DESIGN_HEIGHT * scale) / 2 };
}

/** The side of the small copy a subject is looked for in: 160 px finds a figure in 5-10 ms. */
const SUBJECT_SAMPLE = 160;

/**
 * The studio's key art, sized once to cover the frame with room for the push-in (keyArt.ts), and
 * cropped to the frame's shape around its subject (subject.ts): a phone's cut keeps the figure,
 * not the bright moon beside it.
 */
export async function decodeKeyArt(bytes: Buffer, options: { width?: number; height?: number }): Promise<Image> {
  const { width, height } = frameGeometry(options);
  const sample = await samplePicture(bytes, 'key art', SUBJECT_SAMPLE);
  const subject = findSubject(sample.data, sample.width, sample.height);
  return decodePicture(bytes, 'key art', { width: Math.ceil(width * KEY_ART_ZOOM), height: Math.ceil(height * KEY_ART_ZOOM), focus: { x: subject.cx, y: subject.cy } });
}

/** The subject of key art as decoded for a frame (shares of the picture as the frame shows it). */
function subjectOf(art: Image): Subject {
  const fit = SUBJECT_SAMPLE / Math.max(art.width, art.height);
  const canvas = createCanvas(Math.max(1, Math.round(art.width * fit)), Math.max(1, Math.round(art.height * fit)));
  const ctx = canvas.getContext('2d');
  ctx.drawImage(art, 0, 0, canvas.width, canvas.height);
  return findSubject(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
}

/** Builds a style's scene and overlay once (the costly part) and returns a per-frame drawer. */
export function createFrameRenderer(
  def: BannerStyleDef,
  logo: Image,
  texts: BannerTexts,
  options: { width?: number; height?: number; seconds?: number; fps?: number },
  keyArt?: Image,
): FrameRenderer {
  const frame = frameGeometry(options);
  const { width, height, scale, offsetX, offsetY } = frame;
  const fps = options.fps ?? 25;
  const seconds = options.seconds ?? 6;
  if (!(fps > 0 && fps <= 120)) throw new RangeError(`fps must be in (0, 120], got ${fps}`);
  if (!(seconds > 0 && seconds <= 120)) throw new RangeError(`seconds must be in (0, 120], got ${seconds}`);
  if (width > 7680 || height > 4320) throw new RangeError(`${width}x${height} is larger than 8K`);
  const frameCount = Math.max(1, Math.round(seconds * fps));
  const durationSeconds = frameCount / fps;

  const env: SceneEnv = {
    scale,
    seconds: durationSeconds,
    fps,
    rng: createRng(hashString(def.key)),
    cycles: (period) => Math.max(1, Math.round(durationSeconds / period)),
    view: { x: -offsetX / scale, y: -offsetY / scale, width: width / scale, height: height / scale },
  };
  // A portrait frame (a phone's) lays the logo and texts out across its own width: cropping the
  // landscape layout would cut the logo off.
  const portrait = height > width;
  const overlayScale = portrait ? width / PORTRAIT_DESIGN.width : scale;
  const theme = keyArt ? keyArtTheme(def.theme) : def.theme;
  const ownFrame = portrait ? portraitFrame() : landscapeFrame(theme);
  const overlayFrame = keyArt ? keyArtFrame(subjectOf(keyArt), ownFrame, portrait) : ownFrame;
  // The scene's light behind the block, from the overlay's units to the scene's.
  const toScene = (x: number, y: number) => (portrait ? { x: (x * overlayScale - offsetX) / scale, y: (y * overlayScale - offsetY) / scale } : { x, y });
  const scene = keyArt ? keyArtScene(def, keyArt, env, toScene(overlayFrame.centerX ?? overlayFrame.width / 2, overlayFrame.centerY)) : def.build(env);
  const { overlay, headlineLength } = buildOverlay(logo, texts, theme, overlayScale, overlayFrame);
  const timeline = makeTimeline(durationSeconds, headlineLength);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const vignette = createVignette(frame, def.theme.vignette.color, def.theme.vignette.strength * (keyArt ? KEY_ART_VIGNETTE : 1));
  return {
    canvas,
    width,
    height,
    fps,
    frameCount,
    durationSeconds,
    posterFrame: Math.max(0, Math.min(frameCount - 1, Math.round(timeline.poster * fps))),
    draw(frame) {
      const t = frame / fps;
      const time: FrameTime = { t, phase: t / durationSeconds, seconds: durationSeconds, fps, timeline };
      ctx.setTransform(scale, 0, 0, scale, offsetX, offsetY);
      ctx.globalAlpha = 1;
      ctx.globalCompositeOperation = 'source-over';
      ctx.save();
      scene.background(ctx, time);
      ctx.restore();
      ctx.save();
      if (portrait) ctx.setTransform(overlayScale, 0, 0, overlayScale, 0, 0);
      overlay.draw(ctx, time, frame);
      ctx.restore();
      if (scene.foreground) {
        ctx.save();
        scene.foreground(ctx, time);
        ctx.restore();
      }
      vignette(ctx);
    },
  };
}

/** Frames asked of the helper before they are due, so that it draws while this thread writes. */
const HELPER_AHEAD = 2;

export async function renderStyleVideo(def: BannerStyleDef, input: { logoPng: Buffer; texts: BannerTexts; keyArt?: Buffer }, options: BannerVideoOptions): Promise<VideoResult> {
  const { signal } = options;
  // A held render builds nothing until released: a scene costs as much as a second of frames.
  await untilReleased();
  if (signal?.aborted) throw abortError(signal);
  const size = { width: options.width, height: options.height, seconds: options.seconds, fps: options.fps };
  const { width: frameWidth, height: frameHeight } = frameGeometry(size);
  const drawThreads = options.drawThreads ?? defaultDrawThreads(frameWidth * frameHeight, os.availableParallelism());
  // Started first: it builds its scene while this thread builds the same one.
  const helper = drawThreads === 2 ? startFrameHelper({ styleKey: def.key, logoPng: input.logoPng, texts: input.texts, size, keyArt: input.keyArt }) : null;
  try {
    return await drawAndEncode(def, input, options, helper);
  } finally {
    helper?.end();
  }
}

async function drawAndEncode(def: BannerStyleDef, input: { logoPng: Buffer; texts: BannerTexts; keyArt?: Buffer }, options: BannerVideoOptions, helper: FrameHelperSession | null): Promise<VideoResult> {
  const { signal } = options;
  const logo = await decodeLogo(input.logoPng);
  const keyArt = input.keyArt ? await decodeKeyArt(input.keyArt, options) : undefined;
  if (signal?.aborted) throw abortError(signal);
  const renderer = createFrameRenderer(def, logo, input.texts, options, keyArt);
  const { canvas, width, height, fps, frameCount, durationSeconds, posterFrame } = renderer;

  const tag = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const videoTemp = `${options.outFile}.${tag}.part`;
  const posterTemp = `${options.posterFile}.${tag}.part`;
  let sink: FrameSink | null = null;
  const onAbort = () => sink?.kill();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    sink = startRawVideoEncoder({
      width,
      height,
      fps,
      outputArgs: [
        '-an',
        // Explicit BT.709 conversion and tags, so browsers show the colours that were drawn. Chroma
        // is point-sampled (flags=neighbor) rather than filtered: a fifth to a quarter less ffmpeg
        // CPU, which the frames drawn beside it need, for SSIM 0.9870 against 0.9874 (battlefield,
        // against a 2x2-averaged reference) and files within 1 %; luma is the same either way.
        '-vf',
        'scale=out_color_matrix=bt709:out_range=tv:flags=neighbor,format=yuv420p',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        // The quickest motion search: a quarter less encoding CPU, which the frames being drawn beside
        // it need (a 1080p banner 0.4-0.7 s sooner), for files ~10 % larger at the same CRF. Whole
        // macroblocks only (no sub-partitions) takes another ~12 % off x264: SSIM 0.9877 against
        // 0.9885 on battlefield, files within a few per cent either way.
        '-x264-params',
        'me=dia:subme=1:partitions=none',
        '-crf',
        '23',
        '-profile:v',
        'high',
        '-pix_fmt',
        'yuv420p',
        ...BT709_TAGS,
        '-g',
        String(Math.max(1, Math.round(fps * 2))),
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        videoTemp,
      ],
    });
    let poster: Buffer | null = null;
    // The helper draws the odd frames; one it cannot give (it failed) is drawn here, and so are the rest.
    let helping = helper;
    let helperFrames = 0;
    for (let odd = 1; helping && odd < frameCount && odd < 2 * HELPER_AHEAD; odd += 2) helping.request(odd);
    for (let frame = 0; frame < frameCount; frame++) {
      if (signal?.aborted) throw abortError(signal);
      let pixels: Buffer | null = null;
      if (helping && frame % 2 === 1) {
        pixels = await helping.take(frame).catch(() => null);
        if (pixels) {
          helperFrames++;
          if (frame + 2 * HELPER_AHEAD < frameCount) helping.request(frame + 2 * HELPER_AHEAD);
        } else helping = null;
      }
      if (!pixels || frame === posterFrame) renderer.draw(frame);
      if (frame === posterFrame) poster = await canvas.encode('jpeg', 90);
      await sink.write(pixels ?? canvas.data());
      options.onProgress?.((frame + 1) / frameCount);
    }
    if (signal?.aborted) throw abortError(signal);
    await sink.finish();
    if (signal?.aborted) throw abortError(signal);
    await fs.promises.writeFile(posterTemp, poster ?? (await canvas.encode('jpeg', 90)));
    await fs.promises.rename(videoTemp, options.outFile);
    await fs.promises.rename(posterTemp, options.posterFile);
    return { frameCount, helperFrames, durationSeconds, width, height };
  } catch (error) {
    if (sink) {
      sink.kill();
      // Wait for ffmpeg to be gone, or it could write the file again after it was removed.
      await sink.finish().catch(() => undefined);
    }
    await Promise.all([videoTemp, posterTemp].map((file) => fs.promises.rm(file, { force: true })));
    if (signal?.aborted) throw abortError(signal);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
