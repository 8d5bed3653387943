/**
 * Scene pieces for the gallery pictures: each style paints its mood from these (skies, glows,
 * stars, mountains, mist, grids, paper) on an opaque canvas in picture pixels.
 */
import type { Rng } from './prng';
import { linear, radial, type Ctx, type Stops } from './surface';
import { grainTile } from './noise';
import { repeatingPattern } from '../repeatingPattern';

export function sky(ctx: Ctx, w: number, h: number, stops: Stops): void {
  ctx.fillStyle = linear(ctx, 0, 0, 0, h, stops);
  ctx.fillRect(0, 0, w, h);
}

export function glow(ctx: Ctx, x: number, y: number, r: number, color: string, edge = 'rgba(0,0,0,0)'): void {
  ctx.fillStyle = radial(ctx, x, y, 0, r, [
    [0, color],
    [1, edge],
  ]);
  ctx.fillRect(x - r, y - r, r * 2, r * 2);
}

export function vignette(ctx: Ctx, w: number, h: number, strength = 0.6): void {
  ctx.fillStyle = radial(ctx, w / 2, h / 2, Math.min(w, h) * 0.3, Math.hypot(w, h) * 0.62, [
    [0, 'rgba(0,0,0,0)'],
    [1, `rgba(0,0,0,${strength})`],
  ]);
  ctx.fillRect(0, 0, w, h);
}

export function stars(ctx: Ctx, w: number, h: number, rng: Rng, count: number, color = '#fff', maxR = 1.6): void {
  ctx.fillStyle = color;
  for (let i = 0; i < count; i += 1) {
    ctx.globalAlpha = rng.range(0.25, 1);
    ctx.beginPath();
    ctx.arc(rng.range(0, w), rng.range(0, h), rng.range(0.3, maxR) * Math.max(1, w / 900), 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

export function rays(ctx: Ctx, cx: number, cy: number, count: number, length: number, color: string, rng: Rng): void {
  ctx.save();
  ctx.translate(cx, cy);
  ctx.fillStyle = radial(ctx, 0, 0, 0, length, [
    [0, color],
    [1, 'rgba(0,0,0,0)'],
  ]);
  for (let i = 0; i < count; i += 1) {
    const a = (i / count) * Math.PI * 2 + rng.jitter(0.05);
    const spread = rng.range(0.03, 0.08);
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(Math.cos(a - spread) * length, Math.sin(a - spread) * length);
    ctx.lineTo(Math.cos(a + spread) * length, Math.sin(a + spread) * length);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

/** A mountain ridge silhouette from the left edge to the right, filled down to the bottom. */
export function ridge(ctx: Ctx, w: number, h: number, baseY: number, amplitude: number, paint: string | CanvasGradient, rng: Rng, roughness = 0.5): void {
  ctx.beginPath();
  ctx.moveTo(0, h);
  const steps = 48;
  let y = baseY;
  const peaks = Array.from({ length: 4 }, () => ({ x: rng.range(0, w), height: rng.range(0.5, 1) * amplitude, width: rng.range(0.12, 0.3) * w }));
  for (let i = 0; i <= steps; i += 1) {
    const x = (i / steps) * w;
    let lift = 0;
    for (const p of peaks) lift = Math.max(lift, p.height * Math.max(0, 1 - Math.abs(x - p.x) / p.width));
    y = baseY - lift + rng.jitter(amplitude * 0.08 * roughness);
    ctx.lineTo(x, y);
  }
  ctx.lineTo(w, h);
  ctx.closePath();
  ctx.fillStyle = paint;
  ctx.fill();
}

/** Soft drifting bands of mist or cloud. */
export function mist(ctx: Ctx, w: number, h: number, y: number, color: string, rng: Rng, count = 10): void {
  ctx.save();
  ctx.filter = `blur(${Math.max(2, w / 90)}px)`;
  ctx.fillStyle = color;
  for (let i = 0; i < count; i += 1) {
    ctx.beginPath();
    ctx.ellipse(rng.range(-0.1, 1.1) * w, y + rng.jitter(h * 0.08), rng.range(0.12, 0.3) * w, rng.range(0.02, 0.06) * h, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/** A perspective floor grid toward a horizon (synthwave, sci-fi). */
export function floorGrid(ctx: Ctx, w: number, h: number, horizon: number, color: string, lines = 14): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(1, w / 700);
  for (let i = -lines; i <= lines; i += 1) {
    ctx.beginPath();
    ctx.moveTo(w / 2 + (i / lines) * w * 0.08, horizon);
    ctx.lineTo(w / 2 + (i / lines) * w * 1.6, h);
    ctx.stroke();
  }
  for (let k = 1; k <= 10; k += 1) {
    const t = (k / 10) ** 2.2;
    const y = horizon + (h - horizon) * t;
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(w, y);
    ctx.stroke();
  }
  ctx.restore();
}

export function grain(ctx: Ctx, w: number, h: number, alpha: number, op: GlobalCompositeOperation = 'overlay'): void {
  ctx.save();
  ctx.globalCompositeOperation = op;
  ctx.globalAlpha = alpha;
  ctx.fillStyle = repeatingPattern(ctx, grainTile('backdrop', 32));
  ctx.fillRect(0, 0, w, h);
  ctx.restore();
}

export function bokeh(ctx: Ctx, w: number, h: number, rng: Rng, colors: readonly string[], count: number): void {
  for (let i = 0; i < count; i += 1) {
    const r = rng.range(0.01, 0.05) * w;
    const x = rng.range(0, w);
    const y = rng.range(0, h);
    ctx.globalAlpha = rng.range(0.15, 0.45);
    glow(ctx, x, y, r, rng.pick(colors));
  }
  ctx.globalAlpha = 1;
}
