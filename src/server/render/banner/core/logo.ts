/**
 * The logo: fitted once into its box at output density (a large PNG is never resampled per
 * frame), with a tinted halo, a white silhouette for flashes and a light sweep, then animated by
 * the style's entrance and idle motion.
 */
import type { Image } from '@napi-rs/canvas';
import { createLayer, type Ctx, type Layer } from './canvas';
import { drawResampled } from './resampled';
import { createFlare, haloLayer, hash01, tintLayer, type Flare } from './effects';
import { clamp, easeInCubic, easeOutBack, easeOutBounce, easeOutCubic, easeOutExpo, progress, pulse, rgba, TAU } from './math';
import type { Timeline } from './timeline';
import type { OverlayTheme } from './types';

type LogoTheme = OverlayTheme['logo'];

export interface LogoAssets {
  image: Layer;
  halo: Layer;
  haloPad: number;
  white: Layer;
  cyan?: Layer;
  magenta?: Layer;
  /** Scratch layer for the light sweep. */
  sweep: Layer | null;
  flare: Flare | null;
  width: number;
  height: number;
  theme: LogoTheme;
}

export function buildLogo(img: Image, theme: LogoTheme, scale: number): LogoAssets {
  const maxWidth = theme.maxWidth ?? 980;
  const maxHeight = theme.maxHeight ?? 340;
  const fit = Math.min(maxWidth / img.width, maxHeight / img.height);
  const width = Math.max(1, img.width * fit);
  const height = Math.max(1, img.height * fit);
  const image = createLayer(width, height, scale);
  image.ctx.imageSmoothingEnabled = true;
  image.ctx.imageSmoothingQuality = 'high';
  image.ctx.drawImage(img, 0, 0, image.width, image.height);
  const haloPad = 70;
  const halo = haloLayer(image, theme.glow, 26, haloPad);
  const white = tintLayer(image, '#ffffff');
  const assets: LogoAssets = {
    image,
    halo,
    haloPad,
    white,
    sweep: theme.sweep ? createLayer(image.width, image.height, scale) : null,
    flare: theme.flare ? createFlare(theme.flare, scale) : null,
    width: image.width,
    height: image.height,
    theme,
  };
  if (theme.entrance === 'glitch') {
    assets.cyan = tintLayer(image, '#00f0ff');
    assets.magenta = tintLayer(image, '#ff2bd6');
  }
  return assets;
}

/** Sizes kept for the logo's own layers: a pixel apart for the sharp ones, more for the soft halo. */
const SHARP_STEP = 1;
const HALO_STEP = 6;

interface Pose {
  alpha: number;
  scale: number;
  dx: number;
  dy: number;
  rotate: number;
  /** White silhouette over the logo (a flash). */
  whiteout: number;
  /** Extra halo. */
  glowBoost: number;
  flare: number;
}

function entrancePose(kind: OverlayTheme['logo']['entrance'], p: number, frame: number): Pose {
  const pose: Pose = { alpha: 1, scale: 1, dx: 0, dy: 0, rotate: 0, whiteout: 0, glowBoost: 0, flare: 0 };
  if (p >= 1) return pose;
  const e = easeOutCubic(p);
  switch (kind) {
    case 'burst':
      pose.alpha = clamp(p * 4);
      pose.scale = 1 + 0.4 * (1 - easeOutBack(p, 1.4));
      pose.whiteout = pulse(p, 0, 0.12, 0.5);
      pose.flare = pulse(p, 0, 0.1, 0.7);
      pose.glowBoost = 1 - e;
      // A short shake as it lands.
      pose.dx = p > 0.15 && p < 0.5 ? (hash01(frame, 1) - 0.5) * 14 * (0.5 - p) * 2 : 0;
      pose.dy = p > 0.15 && p < 0.5 ? (hash01(frame, 2) - 0.5) * 14 * (0.5 - p) * 2 : 0;
      break;
    case 'zoom':
      pose.alpha = clamp(p * 3);
      pose.scale = 0.08 + 0.92 * easeOutExpo(p);
      pose.flare = pulse(p, 0.35, 0.6, 1);
      pose.whiteout = pulse(p, 0.3, 0.55, 1) * 0.8;
      break;
    case 'drop':
      pose.alpha = p > 0 ? 1 : 0;
      pose.dy = -Math.round(((1 - easeOutBounce(p)) * 700) / 8) * 8;
      break;
    case 'ink':
      pose.alpha = easeOutCubic(p * 1.2);
      pose.scale = 1.06 - 0.06 * e;
      pose.glowBoost = (1 - e) * 1.5;
      break;
    case 'glitch':
      pose.alpha = p < 0.7 && hash01(frame, 9) < 0.35 ? 0.2 : clamp(p * 3);
      pose.dx = p < 0.85 ? (hash01(frame, 4) - 0.5) * 50 * (1 - p) : 0;
      break;
    case 'rise':
      pose.alpha = e;
      pose.dy = (1 - e) * 120;
      pose.glowBoost = (1 - e) * 0.8;
      break;
    case 'lockon':
      pose.alpha = p < 0.55 ? (Math.floor(p * 22) % 2 === 0 ? 0.15 : 0.6) : clamp((p - 0.5) * 4);
      pose.whiteout = pulse(p, 0.5, 0.6, 0.9) * 0.8;
      break;
    case 'vortex':
      pose.alpha = e;
      pose.scale = 0.35 + 0.65 * easeOutBack(p, 1.1);
      pose.rotate = -(1 - e) * 0.6;
      pose.glowBoost = (1 - e) * 1.2;
      pose.flare = pulse(p, 0.4, 0.75, 1) * 0.7;
      break;
    case 'frost':
      pose.alpha = e;
      pose.scale = 1.08 - 0.08 * e;
      pose.whiteout = (1 - e) * 0.9;
      pose.flare = pulse(p, 0.2, 0.5, 1) * 0.6;
      break;
    case 'flash':
      pose.alpha = p < 0.1 ? 0 : p < 0.35 ? (Math.floor(p * 30) % 2 === 0 ? 1 : 0.3) : 1;
      pose.whiteout = p < 0.1 ? 0 : 1 - easeOutCubic((p - 0.1) / 0.9);
      pose.flare = pulse(p, 0.08, 0.15, 0.7);
      break;
    case 'shine':
      pose.alpha = e;
      pose.scale = 1.18 - 0.18 * easeOutCubic(p);
      pose.flare = pulse(p, 0.1, 0.45, 1);
      pose.glowBoost = pulse(p, 0, 0.4, 1) * 1.5;
      break;
    case 'bloom':
      pose.alpha = e;
      pose.scale = 0.86 + 0.14 * easeOutBack(p, 1.2);
      pose.dy = -(1 - e) * 40;
      pose.glowBoost = (1 - e) * 1.2;
      pose.flare = pulse(p, 0.1, 0.4, 1) * 0.5;
      break;
  }
  return pose;
}

/**
 * Draws `layer` centred on (cx, cy) in the pose. A layer that never changes is copied from its
 * resampled placements (resampled.ts) `widthStep` output pixels of size apart; one drawn anew every
 * frame (the sweep) is given none.
 */
function place(ctx: Ctx, layer: Layer, cx: number, cy: number, scale: number, rotate: number, widthStep?: number): void {
  if (rotate === 0) {
    const [x, y, w, h] = [cx - (layer.width * scale) / 2, cy - (layer.height * scale) / 2, layer.width * scale, layer.height * scale];
    if (widthStep) drawResampled(ctx, layer, x, y, w, h, undefined, widthStep);
    else ctx.drawImage(layer.canvas, x, y, w, h);
    return;
  }
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate(rotate);
  ctx.drawImage(layer.canvas, (-layer.width * scale) / 2, (-layer.height * scale) / 2, layer.width * scale, layer.height * scale);
  ctx.restore();
}

function drawSweep(ctx: Ctx, logo: LogoAssets, cx: number, cy: number, scale: number, rotate: number, p: number, alpha: number): void {
  if (!logo.sweep || !logo.theme.sweep || p <= 0 || p >= 1) return;
  const layer = logo.sweep;
  const c = layer.ctx;
  const w = layer.width;
  const h = layer.height;
  c.save();
  c.setTransform(1, 0, 0, 1, 0, 0);
  c.clearRect(0, 0, layer.canvas.width, layer.canvas.height);
  c.restore();
  const band = Math.max(90, w * 0.16);
  const x = -band - h * 0.5 + (w + band * 2 + h) * easeInCubic(0.15 + p * 0.85);
  const g = c.createLinearGradient(x - band, 0, x + band, 0);
  g.addColorStop(0, rgba(logo.theme.sweep, 0));
  g.addColorStop(0.5, rgba(logo.theme.sweep, 0.85));
  g.addColorStop(1, rgba(logo.theme.sweep, 0));
  c.save();
  c.translate(w / 2, h / 2);
  c.transform(1, 0, -0.45, 1, 0, 0);
  c.translate(-w / 2, -h / 2);
  c.fillStyle = g;
  c.fillRect(-h, 0, w + 2 * h, h);
  c.restore();
  c.globalCompositeOperation = 'destination-in';
  c.drawImage(logo.image.canvas, 0, 0, w, h);
  c.globalCompositeOperation = 'source-over';
  ctx.save();
  ctx.globalCompositeOperation = 'lighter';
  ctx.globalAlpha = alpha * Math.sin(Math.PI * p);
  place(ctx, layer, cx, cy, scale, rotate);
  ctx.restore();
}

/** Lock-on brackets closing in around the logo (mecha entrance). */
function drawBrackets(ctx: Ctx, cx: number, cy: number, w: number, h: number, p: number, alpha: number, color: string): void {
  const open = 1 + 0.6 * (1 - easeOutCubic(p));
  const hw = (w / 2 + 30) * open;
  const hh = (h / 2 + 24) * open;
  const arm = Math.min(70, h * 0.3);
  ctx.save();
  ctx.globalAlpha = alpha * (p < 1 ? clamp(p * 3) : 1);
  ctx.strokeStyle = color;
  ctx.lineWidth = 4;
  ctx.beginPath();
  for (const [sx, sy] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ]) {
    const x = cx + sx * hw;
    const y = cy + sy * hh;
    ctx.moveTo(x - sx * arm, y);
    ctx.lineTo(x, y);
    ctx.lineTo(x, y - sy * arm);
  }
  ctx.stroke();
  ctx.restore();
}

export function drawLogo(ctx: Ctx, logo: LogoAssets, cx: number, cy: number, t: number, timeline: Timeline, frame: number, loopPhase: number, alpha: number): void {
  const { theme } = logo;
  const p = progress(t, timeline.logoStart, timeline.logoEnd);
  if (p <= 0 || alpha <= 0) return;
  const pose = entrancePose(theme.entrance, p, frame);
  const idleCycles = Math.max(1, Math.round(timeline.seconds / 3));
  const wave = Math.sin(TAU * loopPhase * idleCycles);
  const settle = easeOutCubic(progress(t, timeline.logoEnd - 0.3 * timeline.k, timeline.logoEnd + 0.5 * timeline.k));
  switch (theme.idle) {
    case 'float':
      pose.dy += wave * 9 * settle;
      break;
    case 'breathe':
      pose.scale *= 1 + wave * 0.012 * settle;
      break;
    case 'step':
      pose.dy += Math.round(wave * 1.5) * 4 * settle;
      break;
    case 'hover':
      pose.dy += Math.sin(TAU * loopPhase * idleCycles * 2) * 4 * settle;
      break;
  }
  // Leaving at the end of the loop: a little larger as it fades.
  const exit = 1 - alpha;
  pose.scale *= 1 + exit * 0.05;
  const x = cx + pose.dx;
  const y = cy + pose.dy;
  const a = pose.alpha * alpha;

  const haloAlpha = clamp(theme.glowAlpha * (0.85 + 0.15 * Math.sin(TAU * loopPhase * idleCycles + 1)) + pose.glowBoost * 0.5);
  ctx.save();
  ctx.globalAlpha = a * haloAlpha;
  place(ctx, logo.halo, x, y, pose.scale * (1 + pose.glowBoost * 0.15), pose.rotate, HALO_STEP);
  ctx.restore();

  if (theme.entrance === 'zoom' && p < 1) {
    // Ghost copies trailing behind: the logo arrives at warp speed.
    ctx.save();
    ctx.globalCompositeOperation = 'lighter';
    for (let i = 1; i <= 3; i++) {
      ctx.globalAlpha = a * 0.18 * (1 - p);
      place(ctx, logo.image, x, y, pose.scale * (1 - i * 0.12 * (1 - p)), 0);
    }
    ctx.restore();
  }

  ctx.save();
  ctx.globalAlpha = a;
  if (theme.entrance === 'glitch' && p < 1 && logo.cyan && logo.magenta) {
    const split = 16 * (1 - p);
    ctx.globalCompositeOperation = 'lighter';
    ctx.globalAlpha = a * 0.7;
    place(ctx, logo.cyan, x - split, y, pose.scale, 0, SHARP_STEP);
    place(ctx, logo.magenta, x + split, y, pose.scale, 0, SHARP_STEP);
    ctx.globalCompositeOperation = 'source-over';
    ctx.globalAlpha = a;
    // Horizontal bands torn sideways.
    const bands = 9;
    const s = logo.image.scale;
    for (let b = 0; b < bands; b++) {
      const sy = (logo.height / bands) * b;
      const sh = logo.height / bands;
      const shift = hash01(frame, b, 11) < 0.4 * (1 - p) ? (hash01(frame, b, 12) - 0.5) * 120 * (1 - p) : 0;
      ctx.drawImage(logo.image.canvas, 0, sy * s, logo.image.canvas.width, sh * s, x - logo.width / 2 + shift, y - logo.height / 2 + sy, logo.width, sh);
    }
  } else {
    ctx.imageSmoothingEnabled = true;
    place(ctx, logo.image, x, y, pose.scale, pose.rotate, SHARP_STEP);
  }
  if (pose.whiteout > 0) {
    ctx.globalAlpha = a * clamp(pose.whiteout);
    place(ctx, logo.white, x, y, pose.scale, pose.rotate, SHARP_STEP);
  }
  ctx.restore();

  // An occasional glitch after it has settled keeps the cyber logo alive.
  if (theme.entrance === 'glitch' && p >= 1 && logo.cyan && hash01(Math.floor(frame / 2), 77) < 0.05) {
    ctx.save();
    ctx.globalCompositeOperation = 'lighter';
    ctx.globalAlpha = a * 0.5;
    place(ctx, logo.cyan, x - 8, y, pose.scale, 0, SHARP_STEP);
    ctx.restore();
  }

  if (theme.entrance === 'lockon') drawBrackets(ctx, x, y, logo.width * pose.scale, logo.height * pose.scale, p, a, theme.glow);

  for (const start of timeline.sweeps) drawSweep(ctx, logo, x, y, pose.scale, pose.rotate, progress(t, start, start + timeline.sweepDuration), a);

  if (logo.flare && pose.flare > 0) logo.flare.draw(ctx, x, y, pose.flare * alpha, Math.max(0.8, logo.width / 900));
}
