/**
 * The red seal stamp (印章): a vermilion square with the characters carved out in white, read in
 * columns right to left as real seals are, with a rough stamped edge and worn spots.
 */
import { font, type FontFaceName } from '../fonts';
import { baselineRatio } from './layout';
import type { Rng } from './prng';
import { createLayer, inDevicePixels, linear, type Ctx, type Layer } from './surface';
import { erosionTile } from './noise';
import { repeatingPattern } from '../repeatingPattern';

/** The seals' face when a style names none. */
export const SEAL_FACE: FontFaceName = 'serifBlack';

export interface SealStyle {
  face?: FontFaceName;
  /** The ink: vermilion by default. */
  color?: string;
  /** Corner radius as a fraction of the side. */
  round?: number;
  /** The carved characters' colour (the paper showing through). */
  paper?: string;
}

interface Cell {
  ch: string;
  /** Cell centre and size as fractions of the seal's width and height. */
  cx: number;
  cy: number;
  w: number;
  h: number;
}

/** Seal reading order: top to bottom, columns from the right. */
function cells(chars: string[]): { cells: Cell[]; aspect: number } {
  switch (chars.length) {
    case 1:
      return { cells: [{ ch: chars[0], cx: 0.5, cy: 0.5, w: 0.8, h: 0.8 }], aspect: 1 };
    case 2:
      return {
        cells: [
          { ch: chars[0], cx: 0.5, cy: 0.28, w: 0.82, h: 0.44 },
          { ch: chars[1], cx: 0.5, cy: 0.72, w: 0.82, h: 0.44 },
        ],
        aspect: 0.62,
      };
    case 3:
      return {
        cells: [
          { ch: chars[0], cx: 0.73, cy: 0.28, w: 0.42, h: 0.42 },
          { ch: chars[1], cx: 0.73, cy: 0.72, w: 0.42, h: 0.42 },
          { ch: chars[2], cx: 0.27, cy: 0.5, w: 0.42, h: 0.86 },
        ],
        aspect: 1,
      };
    default:
      return {
        cells: chars.slice(0, 4).map((ch, i) => ({ ch, cx: i < 2 ? 0.73 : 0.27, cy: i % 2 === 0 ? 0.28 : 0.72, w: 0.42, h: 0.42 })),
        aspect: 1,
      };
  }
}

/** A rounded rectangle whose edge wobbles like ink pressed on paper. */
function roughRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number, rough: number, rng: Rng): void {
  const points: Array<[number, number]> = [];
  const step = Math.max(3, Math.min(w, h) / 24);
  const corner = (cx: number, cy: number, a0: number): void => {
    for (let k = 0; k <= 4; k += 1) {
      const a = a0 + (k / 4) * (Math.PI / 2);
      points.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
    }
  };
  const edge = (x0: number, y0: number, x1: number, y1: number): void => {
    const length = Math.hypot(x1 - x0, y1 - y0);
    const count = Math.max(1, Math.floor(length / step));
    for (let k = 1; k < count; k += 1) {
      const t = k / count;
      points.push([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t]);
    }
  };
  corner(x + w - r, y + r, -Math.PI / 2);
  edge(x + w, y + r, x + w, y + h - r);
  corner(x + w - r, y + h - r, 0);
  edge(x + w - r, y + h, x + r, y + h);
  corner(x + r, y + h - r, Math.PI / 2);
  edge(x, y + h - r, x, y + r);
  corner(x + r, y + r, Math.PI);
  edge(x + r, y, x + w - r, y);
  ctx.beginPath();
  points.forEach(([px, py], i) => {
    const jx = px + rng.jitter(rough);
    const jy = py + rng.jitter(rough);
    if (i === 0) ctx.moveTo(jx, jy);
    else ctx.lineTo(jx, jy);
  });
  ctx.closePath();
}

/** Draws a seal of height `height` centred at (cx, cy) on a layer of its own. */
export function renderSeal(text: string, cx: number, cy: number, height: number, rng: Rng, scale: number, style: SealStyle = {}): Layer | null {
  const chars = Array.from(text.trim());
  if (chars.length === 0) return null;
  const { cells: grid, aspect } = cells(chars);
  const h = height;
  const w = height * aspect;
  const tilt = rng.jitter(0.06);
  // Room for the tilt, the rough edge and smoothing: at thumbnail sizes less would cut the corners.
  const margin = h * 0.2;
  const layer = createLayer({ x: cx - w / 2 - margin, y: cy - h / 2 - margin, w: w + margin * 2, h: h + margin * 2 }, scale);
  const { ctx } = layer;
  const face = style.face ?? SEAL_FACE;
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate(tilt);
  ctx.translate(-w / 2, -h / 2);
  const ink = style.color ?? '#c8261c';
  roughRect(ctx, 0, 0, w, h, Math.min(w, h) * (style.round ?? 0.1), h * 0.012, rng);
  ctx.fillStyle = linear(ctx, 0, 0, w, h, [
    [0, '#e0412c'],
    [0.5, ink],
    [1, '#a51d15'],
  ]);
  ctx.fill();
  // The carved border line a little inside the edge.
  const inset = Math.min(w, h) * 0.075;
  roughRect(ctx, inset, inset, w - inset * 2, h - inset * 2, Math.min(w, h) * 0.05, h * 0.006, rng);
  ctx.strokeStyle = style.paper ?? '#fff3e2';
  ctx.lineWidth = Math.max(1.2, h * 0.028);
  ctx.stroke();
  ctx.fillStyle = style.paper ?? '#fff3e2';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  for (const cell of grid) {
    const cw = cell.w * w;
    const ch = cell.h * h;
    const size = Math.min(cw, ch);
    ctx.save();
    ctx.translate(cell.cx * w, cell.cy * h);
    // Seal characters fill their cell: stretch a square glyph to a tall cell.
    ctx.scale(cw / size, ch / size);
    ctx.font = font(face, size * 0.98);
    ctx.fillText(cell.ch, 0, baselineRatio(face) * size * 0.98);
    ctx.restore();
  }
  ctx.restore();
  // Worn spots where the stamp did not take: holes through the ink and the carving alike.
  // One shared tile (the cache must not grow with user texts); the random offset varies the wear.
  const wear = erosionTile('seal', 0.72, 10, 0.05);
  inDevicePixels(layer, (device) => {
    device.globalCompositeOperation = 'destination-out';
    device.globalAlpha = 0.85;
    const pattern = repeatingPattern(device, wear);
    pattern.setTransform({ a: scale * 0.5, b: 0, c: 0, d: scale * 0.5, e: rng.range(0, 200) * scale, f: rng.range(0, 200) * scale });
    device.fillStyle = pattern;
    device.fillRect(0, 0, layer.canvas.width, layer.canvas.height);
  });
  return layer;
}
