/** Drawing pieces several scenes share: ridgelines, skies, flags. */
import type { Ctx } from '../core/canvas';

/** Fills the area under a ridge `y = ridge(x)` from x0 to x1 down to `bottom`. */
export function fillRidge(ctx: Ctx, ridge: (x: number) => number, x0: number, x1: number, bottom: number, step = 6): void {
  ctx.beginPath();
  ctx.moveTo(x0, bottom);
  for (let x = x0; x <= x1 + step; x += step) ctx.lineTo(Math.min(x, x1), ridge(Math.min(x, x1)));
  ctx.lineTo(x1, bottom);
  ctx.closePath();
  ctx.fill();
}

/** A flag on a pole whose cloth waves; `wave` is a phase in radians. */
export function drawFlag(ctx: Ctx, x: number, baseY: number, poleHeight: number, clothW: number, clothH: number, wave: number, dir: 1 | -1, color: string, poleColor: string): void {
  const top = baseY - poleHeight;
  ctx.strokeStyle = poleColor;
  ctx.lineWidth = Math.max(2, poleHeight / 90);
  ctx.beginPath();
  ctx.moveTo(x, baseY);
  ctx.lineTo(x, top - 14);
  ctx.stroke();
  ctx.fillStyle = poleColor;
  ctx.beginPath();
  ctx.moveTo(x - 5, top - 12);
  ctx.lineTo(x, top - 34);
  ctx.lineTo(x + 5, top - 12);
  ctx.fill();
  const steps = 16;
  const amp = clothH * 0.09;
  const edge = (s: number, y: number) => x + dir * clothW * s + Math.sin(wave + s * 5 + y * 0.01) * amp * s;
  const sag = (s: number) => Math.sin(wave * 0.7 + s * 4) * amp * 0.6 * s;
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(x, top);
  for (let i = 1; i <= steps; i++) {
    const s = i / steps;
    ctx.lineTo(edge(s, 0), top + sag(s));
  }
  // A swallow-tailed end, like a war banner.
  const endX = edge(1, clothH / 2);
  ctx.lineTo(endX - dir * clothW * 0.12, top + clothH * 0.5 + sag(1));
  for (let i = steps; i >= 0; i--) {
    const s = i / steps;
    ctx.lineTo(edge(s, clothH), top + clothH + sag(s));
  }
  ctx.closePath();
  ctx.fill();
}

/** A vertical pennant (a long narrow war banner) hanging from a crossbar and flapping. */
export function drawPennant(ctx: Ctx, x: number, baseY: number, poleHeight: number, w: number, h: number, wave: number, color: string, poleColor: string): void {
  const top = baseY - poleHeight;
  ctx.strokeStyle = poleColor;
  ctx.lineWidth = Math.max(3, poleHeight / 80);
  ctx.beginPath();
  ctx.moveTo(x, baseY);
  ctx.lineTo(x, top - 20);
  ctx.moveTo(x, top);
  ctx.lineTo(x + w + 10, top);
  ctx.stroke();
  const steps = 14;
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(x, top);
  ctx.lineTo(x + w, top);
  for (let i = 1; i <= steps; i++) {
    const s = i / steps;
    ctx.lineTo(x + w + Math.sin(wave + s * 4) * 18 * s, top + h * s);
  }
  ctx.lineTo(x + w * 0.5 + Math.sin(wave + 4) * 18, top + h * 0.9);
  for (let i = steps; i >= 1; i--) {
    const s = i / steps;
    ctx.lineTo(x + Math.sin(wave + s * 4) * 18 * s, top + h * s);
  }
  ctx.closePath();
  ctx.fill();
}

/**
 * A Chinese hip roof with upturned eaves, `y` at the eave line, `h` up to the ridge. The
 * silhouette that says "palace" or "city gate" at a glance.
 */
export function drawRoof(ctx: Ctx, cx: number, y: number, w: number, h: number): void {
  const half = w / 2;
  const tip = w * 0.07;
  ctx.beginPath();
  ctx.moveTo(cx - half - tip, y - h * 0.42);
  ctx.quadraticCurveTo(cx - half + w * 0.02, y + h * 0.08, cx - half * 0.72, y);
  ctx.lineTo(cx + half * 0.72, y);
  ctx.quadraticCurveTo(cx + half - w * 0.02, y + h * 0.08, cx + half + tip, y - h * 0.42);
  ctx.quadraticCurveTo(cx + half * 0.62, y - h * 0.5, cx + half * 0.45, y - h);
  ctx.lineTo(cx - half * 0.45, y - h);
  ctx.quadraticCurveTo(cx - half * 0.62, y - h * 0.5, cx - half - tip, y - h * 0.42);
  ctx.closePath();
  ctx.fill();
  // Ridge ends curl up (the chiwen ornaments).
  for (const dir of [-1, 1]) {
    const x = cx + dir * half * 0.45;
    ctx.beginPath();
    ctx.moveTo(x, y - h);
    ctx.quadraticCurveTo(x + dir * h * 0.05, y - h * 1.25, x + dir * h * 0.22, y - h * 1.3);
    ctx.lineTo(x + dir * h * 0.12, y - h * 1.05);
    ctx.lineTo(x - dir * h * 0.1, y - h * 0.98);
    ctx.closePath();
    ctx.fill();
  }
  ctx.fillRect(cx - half * 0.45, y - h - h * 0.06, half * 0.9, h * 0.1);
}

/** A hall of `tiers` roofs over columns: city gates, palaces, pavilions. */
export function drawHall(ctx: Ctx, cx: number, baseY: number, w: number, tiers: number, roofH = w * 0.16): void {
  let y = baseY;
  let width = w;
  for (let i = 0; i < tiers; i++) {
    const bodyH = roofH * (i === 0 ? 1.1 : 0.7);
    // The body with its column rhythm cut out as slits.
    ctx.fillRect(cx - width * 0.36, y - bodyH, width * 0.72, bodyH);
    y -= bodyH;
    drawRoof(ctx, cx, y, width, roofH);
    y -= roofH * 0.75;
    width *= 0.72;
  }
}

/** A city wall with crenellations from x0 to x1, top at `top`. */
export function drawWall(ctx: Ctx, x0: number, x1: number, top: number, bottom: number, merlon = 18): void {
  ctx.fillRect(x0, top, x1 - x0, bottom - top);
  for (let x = x0; x < x1; x += merlon * 2) ctx.fillRect(x, top - merlon * 0.8, merlon, merlon * 0.8 + 1);
}

export interface Streak {
  x: number;
  offset: number;
  cycles: number;
  length: number;
  alpha: number;
}

/**
 * Rain as strokes: a few hundred short lines cost far less than scrolling full-screen rain
 * textures. `slant` is the x drift per unit of fall.
 */
export function drawRain(ctx: Ctx, streaks: Streak[], phase: number, slant: number, color: string, width: number, height = 1080): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.beginPath();
  for (const s of streaks) {
    const u = (((s.offset + phase * s.cycles) % 1) + 1) % 1;
    const y = -s.length + u * (height + s.length * 2);
    const x = s.x + y * slant;
    ctx.moveTo(x, y);
    ctx.lineTo(x + s.length * slant, y + s.length);
  }
  ctx.stroke();
}
