/**
 * The slogan under the title (`bottomtext`), in one of a few treatments a style picks and colours:
 * a ribbon with folded tails, thin lines either side, a plate, a brush swash, tape, pixels, neon.
 */
import { font, type FontFaceName } from '../fonts';
import { baselineRatio } from './layout';
import type { Rng } from './prng';
import { createLayer, inDevicePixels, linear, type Ctx, type Layer, type Paint } from './surface';

interface SloganBase {
  face: FontFaceName;
  /** The letters' paint. */
  color: string;
  /** Outline of the slogan letters, for legibility on busy backdrops. */
  outline?: string;
  glow?: string;
  /** Extra letter spacing as a fraction of the font size. */
  spacing?: number;
}

export type SloganStyle =
  | (SloganBase & { kind: 'ribbon'; band: readonly [string, string]; edge: string; tail: string })
  | (SloganBase & { kind: 'lines'; line: string; ornament: 'diamond' | 'dot' | 'star' | 'cloud' | 'none' })
  | (SloganBase & { kind: 'plate'; fill: readonly [string, string]; border: string; shape: 'round' | 'cut' | 'slant' | 'pill' })
  | (SloganBase & { kind: 'brush'; ink: string })
  | (SloganBase & { kind: 'tape'; tape: string })
  | (SloganBase & { kind: 'pixel'; shadow: string })
  | (SloganBase & { kind: 'neon'; bracket: string })
  /** Free-standing tilted script with a glow, like a neon signature under the title. */
  | (SloganBase & { kind: 'script'; tilt: number });

export interface SloganPlacement {
  /** Top centre of the slogan block. */
  x: number;
  y: number;
  maxWidth: number;
  /** Title em: the slogan's size follows the title. */
  em: number;
}

const SIZE_MIN = 20;

function setFont(ctx: Ctx, style: SloganStyle, size: number): void {
  ctx.font = font(style.face, size);
  ctx.letterSpacing = `${Math.round(size * (style.spacing ?? 0.18) * 100) / 100}px`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
}

function measure(ctx: Ctx, style: SloganStyle, text: string, size: number): number {
  setFont(ctx, style, size);
  // measureText counts the spacing after the last letter too.
  return ctx.measureText(text).width - size * (style.spacing ?? 0.18);
}

function drawText(ctx: Ctx, style: SloganStyle, text: string, size: number, cx: number, cy: number, paint: Paint): void {
  setFont(ctx, style, size);
  // letterSpacing adds space after every letter, the last included: shift by half of it to centre.
  const x = cx + (size * (style.spacing ?? 0.18)) / 2;
  const y = cy + baselineRatio(style.face) * size;
  if (style.glow) {
    ctx.save();
    ctx.shadowColor = style.glow;
    ctx.shadowBlur = size * 0.5 * ctx.getTransform().a;
    ctx.fillStyle = paint;
    ctx.fillText(text, x, y);
    ctx.restore();
  }
  if (style.outline) {
    ctx.strokeStyle = style.outline;
    ctx.lineWidth = Math.max(2, size * 0.16);
    ctx.lineJoin = 'round';
    ctx.strokeText(text, x, y);
  }
  ctx.fillStyle = paint;
  ctx.fillText(text, x, y);
  ctx.letterSpacing = '0px';
}

function diamond(ctx: Ctx, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x, y - r);
  ctx.lineTo(x + r * 0.7, y);
  ctx.lineTo(x, y + r);
  ctx.lineTo(x - r * 0.7, y);
  ctx.closePath();
  ctx.fill();
}

function starShape(ctx: Ctx, x: number, y: number, r: number): void {
  ctx.beginPath();
  for (let i = 0; i < 8; i += 1) {
    const a = (i / 8) * Math.PI * 2 - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.28;
    ctx.lineTo(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
  }
  ctx.closePath();
  ctx.fill();
}

/** Renders the slogan as a layer whose top edge sits at `place.y`; null when there is no text. */
export function renderSlogan(sloganText: string, style: SloganStyle, place: SloganPlacement, scale: number, rng: Rng): Layer | null {
  const text = sloganText.trim();
  if (!text) return null;
  const probe = createLayer({ x: 0, y: 0, w: 4, h: 4 }, 1).ctx;
  let size = Math.max(SIZE_MIN, Math.min(46, place.em * 0.2));
  const room = style.kind === 'lines' ? place.maxWidth * 0.7 : place.maxWidth * 0.86;
  const natural = measure(probe, style, text, size);
  if (natural > room) size = Math.max(SIZE_MIN * 0.8, (size * room) / natural);
  const textW = measure(probe, style, text, size);
  const h = size * 1.9;
  const cx = place.x;
  const cy = place.y + h / 2;
  const padX = size * 1.1;
  // Room past the band for what reaches out of it: the ribbon's tails (1.9 sizes out, 0.45 down), the
  // brush's ragged ends (up to 0.9 out) and blurred glows (about 0.7), with a little to spare so that
  // nothing is cut off in a straight line.
  const glowing = style.glow !== undefined || style.kind === 'neon';
  const extra =
    style.kind === 'lines'
      ? Math.max(size * 5, place.maxWidth * 0.12)
      : (style.kind === 'ribbon' ? size * 2.2 : style.kind === 'brush' ? size * 1.2 : size * 0.8) + (glowing ? size * 0.4 : 0);
  const above = size * (glowing ? 1 : 0.6);
  const below = size * (glowing ? 1 : style.kind === 'ribbon' ? 0.9 : 0.6);
  const layer = createLayer({ x: cx - textW / 2 - padX - extra, y: place.y - above, w: textW + (padX + extra) * 2, h: h + above + below }, scale);
  const { ctx } = layer;
  const left = cx - textW / 2 - padX;
  const right = cx + textW / 2 + padX;
  const top = cy - h / 2;
  const bottom = cy + h / 2;

  switch (style.kind) {
    case 'ribbon': {
      const tailW = size * 1.9;
      const drop = size * 0.45;
      // Folded tails behind each end.
      for (const side of [-1, 1]) {
        const x0 = side < 0 ? left : right;
        const outer = x0 + side * tailW;
        ctx.beginPath();
        ctx.moveTo(x0 - side * size * 0.4, top + drop);
        ctx.lineTo(outer, top + drop);
        ctx.lineTo(outer - side * size * 0.55, (top + bottom) / 2 + drop);
        ctx.lineTo(outer, bottom + drop);
        ctx.lineTo(x0 - side * size * 0.4, bottom + drop);
        ctx.closePath();
        ctx.fillStyle = style.tail;
        ctx.fill();
        // The fold: a dark triangle where the band turns under.
        ctx.beginPath();
        ctx.moveTo(x0, bottom);
        ctx.lineTo(x0, bottom + drop);
        ctx.lineTo(x0 - side * size * 0.4, bottom + drop);
        ctx.closePath();
        ctx.fillStyle = 'rgba(0,0,0,0.55)';
        ctx.fill();
      }
      ctx.fillStyle = linear(ctx, 0, top, 0, bottom, [
        [0, style.band[0]],
        [1, style.band[1]],
      ]);
      ctx.fillRect(left, top, right - left, h);
      ctx.strokeStyle = style.edge;
      ctx.lineWidth = Math.max(1.5, size * 0.08);
      ctx.beginPath();
      ctx.moveTo(left, top + size * 0.14);
      ctx.lineTo(right, top + size * 0.14);
      ctx.moveTo(left, bottom - size * 0.14);
      ctx.lineTo(right, bottom - size * 0.14);
      ctx.stroke();
      break;
    }
    case 'lines': {
      const reach = extra;
      ctx.strokeStyle = style.line;
      ctx.fillStyle = style.line;
      for (const side of [-1, 1]) {
        const x0 = cx + side * (textW / 2 + size * 0.8);
        const x1 = x0 + side * reach;
        ctx.strokeStyle = linear(ctx, x0, 0, x1, 0, [
          [0, style.line],
          [1, 'rgba(0,0,0,0)'],
        ]);
        ctx.lineWidth = Math.max(1.5, size * 0.07);
        ctx.beginPath();
        ctx.moveTo(x0, cy - size * 0.12);
        ctx.lineTo(x1, cy - size * 0.12);
        ctx.moveTo(x0 + side * size * 0.5, cy + size * 0.12);
        ctx.lineTo(x1 - side * reach * 0.25, cy + size * 0.12);
        ctx.stroke();
        ctx.fillStyle = style.line;
        if (style.ornament === 'diamond') diamond(ctx, x0 - side * size * 0.1, cy, size * 0.28);
        else if (style.ornament === 'dot') {
          ctx.beginPath();
          ctx.arc(x0 - side * size * 0.05, cy, size * 0.14, 0, Math.PI * 2);
          ctx.fill();
        } else if (style.ornament === 'star') starShape(ctx, x0 - side * size * 0.1, cy, size * 0.36);
        else if (style.ornament === 'cloud') {
          ctx.lineWidth = Math.max(1.5, size * 0.08);
          ctx.strokeStyle = style.line;
          ctx.beginPath();
          ctx.arc(x0 + side * size * 0.2, cy - size * 0.05, size * 0.22, 0, Math.PI * 1.6, side < 0);
          ctx.stroke();
        }
      }
      break;
    }
    case 'plate': {
      ctx.beginPath();
      const cut = h * 0.32;
      if (style.shape === 'round') ctx.roundRect(left, top, right - left, h, h * 0.18);
      else if (style.shape === 'pill') ctx.roundRect(left, top, right - left, h, h / 2);
      else if (style.shape === 'cut') {
        ctx.moveTo(left + cut, top);
        ctx.lineTo(right - cut, top);
        ctx.lineTo(right, top + cut);
        ctx.lineTo(right, bottom - cut);
        ctx.lineTo(right - cut, bottom);
        ctx.lineTo(left + cut, bottom);
        ctx.lineTo(left, bottom - cut);
        ctx.lineTo(left, top + cut);
        ctx.closePath();
      } else {
        const slant = h * 0.45;
        ctx.moveTo(left + slant, top);
        ctx.lineTo(right + slant * 0.3, top);
        ctx.lineTo(right - slant * 0.3, bottom);
        ctx.lineTo(left - slant * 0.3 + slant * 0, bottom);
        ctx.closePath();
      }
      ctx.fillStyle = linear(ctx, 0, top, 0, bottom, [
        [0, style.fill[0]],
        [1, style.fill[1]],
      ]);
      ctx.fill();
      ctx.strokeStyle = style.border;
      ctx.lineWidth = Math.max(1.5, size * 0.09);
      ctx.stroke();
      break;
    }
    case 'brush': {
      // A dry brush swash: overlapping translucent strokes with ragged ends.
      ctx.fillStyle = style.ink;
      for (let pass = 0; pass < 3; pass += 1) {
        ctx.globalAlpha = pass === 0 ? 0.9 : 0.45;
        ctx.beginPath();
        const x0 = left - size * 0.6 + rng.jitter(size * 0.3);
        const x1 = right + size * 0.6 + rng.jitter(size * 0.3);
        const t0 = top + h * 0.12 + rng.jitter(size * 0.1);
        const b0 = bottom - h * 0.12 + rng.jitter(size * 0.1);
        ctx.moveTo(x0, t0 + h * 0.2);
        ctx.quadraticCurveTo((x0 + x1) / 2, t0 - h * 0.12, x1, t0 + rng.jitter(size * 0.2));
        for (let k = 0; k <= 6; k += 1) ctx.lineTo(x1 - k * size * 0.12 + rng.jitter(size * 0.1), t0 + ((b0 - t0) * k) / 6);
        ctx.quadraticCurveTo((x0 + x1) / 2, b0 + h * 0.1, x0 + size * 0.3, b0 - h * 0.05);
        ctx.closePath();
        ctx.fill();
      }
      ctx.globalAlpha = 1;
      break;
    }
    case 'tape': {
      ctx.save();
      ctx.translate(cx, cy);
      ctx.rotate(rng.jitter(0.03) - 0.02);
      ctx.fillStyle = style.tape;
      ctx.beginPath();
      const hw = (right - left) / 2;
      ctx.moveTo(-hw, -h / 2);
      for (let k = 0; k <= 6; k += 1) ctx.lineTo(hw + rng.jitter(size * 0.12), -h / 2 + (h * k) / 6);
      ctx.lineTo(-hw, h / 2);
      for (let k = 6; k >= 0; k -= 1) ctx.lineTo(-hw + rng.jitter(size * 0.12), -h / 2 + (h * k) / 6);
      ctx.closePath();
      ctx.fill();
      ctx.restore();
      break;
    }
    case 'neon': {
      ctx.strokeStyle = style.bracket;
      ctx.lineWidth = Math.max(1.5, size * 0.09);
      ctx.shadowColor = style.bracket;
      ctx.shadowBlur = size * 0.4 * scale;
      for (const side of [-1, 1]) {
        const x0 = side < 0 ? left : right;
        ctx.beginPath();
        ctx.moveTo(x0 + -side * size * 0.5, top);
        ctx.lineTo(x0, top);
        ctx.lineTo(x0, bottom);
        ctx.lineTo(x0 - side * size * 0.5, bottom);
        ctx.stroke();
      }
      ctx.shadowBlur = 0;
      break;
    }
    case 'pixel':
    case 'script':
      break;
  }

  if (style.kind === 'pixel') drawPixelText(layer, style, text, size, cx, cy);
  else if (style.kind === 'script') {
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(style.tilt);
    drawText(ctx, style, text, size * 1.15, 0, 0, style.color);
    ctx.restore();
  } else drawText(ctx, style, text, size, cx, cy, style.color);
  return layer;
}

/** Pixel text: drawn small with smoothing off, then scaled up so every pixel becomes a block. */
function drawPixelText(layer: Layer, style: SloganStyle & { kind: 'pixel' }, text: string, size: number, cx: number, cy: number): void {
  // About 18 art pixels a character: the fewest that keep Chinese readable.
  const block = Math.max(1.2, size / 18);
  const small = createLayer({ x: 0, y: 0, w: layer.box.w / block, h: layer.box.h / block }, 1);
  const sctx = small.ctx;
  const localX = (cx - layer.box.x) / block;
  const localY = (cy - layer.box.y) / block;
  const s = size / block;
  drawText(sctx, { ...style, outline: undefined }, text, s, localX + 0.6, localY + 0.6, style.shadow);
  drawText(sctx, { ...style, outline: undefined }, text, s, localX, localY, style.color);
  // Hard alpha: pixel art has no half-covered pixels.
  const image = sctx.getImageData(0, 0, small.canvas.width, small.canvas.height);
  for (let i = 3; i < image.data.length; i += 4) image.data[i] = image.data[i] > 90 ? 255 : 0;
  sctx.putImageData(image, 0, 0);
  inDevicePixels(layer, (ctx) => {
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(small.canvas, 0, 0, small.canvas.width * block * layer.scale, small.canvas.height * block * layer.scale);
  });
}
