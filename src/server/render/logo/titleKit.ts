/**
 * The tools a style draws its title with: per-character passes (fills, outline rings, extrusion),
 * masks, inner shadows for bevels, textures clipped to the letters and glows beneath them.
 *
 * A kit draws either the whole title or a subset of it (one character, for an animation sprite):
 * gradients and textures are placed in design space over the whole title, and randomness comes
 * from per-character streams, so a sprite looks exactly like its character in the still.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { font, type FontFaceName } from '../fonts';
import { baselineRatio, type Glyph, type TitleLayout } from './layout';
import type { Rng } from './prng';
import { blankLike, drawLayer, inDevicePixels, linear, tinted, type Box, type Ctx, type Layer, type Paint } from './surface';
import { repeatingPattern } from '../repeatingPattern';

export type GlyphPaint = Paint | ((g: Glyph) => Paint);

interface PassOptions {
  dx?: number;
  dy?: number;
  /** Draw into another context (a layer of the kit's box) instead of the kit's own. */
  into?: Layer;
}

export class TitleKit {
  private readonly masks = new Map<number, Layer>();

  constructor(
    readonly layer: Layer,
    readonly glyphs: readonly Glyph[],
    readonly layout: TitleLayout,
    private readonly rng: Rng,
  ) {}

  /** The same characters drawn into another layer (a low-resolution one for pixel art, say). */
  on(layer: Layer): TitleKit {
    return new TitleKit(layer, this.glyphs, this.layout, this.rng);
  }

  get ctx(): Ctx {
    return this.layer.ctx;
  }

  get face(): FontFaceName {
    return this.layout.face;
  }

  get em(): number {
    return this.layout.em;
  }

  /** The whole title's box: gradients that span the title use it, even in a one-character sprite. */
  get box(): Box {
    return this.layout.box;
  }

  /** A random stream of one character, the same whichever subset is being drawn. */
  rngFor(g: Glyph, label = ''): Rng {
    return this.rng.fork(`glyph${g.index}${label}`);
  }

  /** Runs `draw` once per character with the context in that character's frame (centre at 0,0). */
  each(draw: (ctx: Ctx, g: Glyph) => void, into: Layer = this.layer): void {
    const { ctx } = into;
    for (const g of this.glyphs) {
      ctx.save();
      ctx.translate(g.x, g.y);
      ctx.rotate(g.rot);
      if (g.skew) ctx.transform(1, 0, -g.skew, 1, 0, 0);
      ctx.scale(g.sx, g.sy);
      ctx.font = font(this.face, g.size);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'alphabetic';
      draw(ctx, g);
      ctx.restore();
    }
  }

  /** The y of the alphabetic baseline in a character's frame. */
  baseline(g: Glyph): number {
    return baselineRatio(this.face) * g.size;
  }

  fill(paint: GlyphPaint, options: PassOptions = {}): void {
    this.each((ctx, g) => {
      ctx.fillStyle = typeof paint === 'function' ? paint(g) : paint;
      ctx.fillText(g.ch, options.dx ?? 0, this.baseline(g) + (options.dy ?? 0));
    }, options.into);
  }

  /** An outline ring: a stroke of `width` centred on the letter edge (the fill covers its inner half). */
  stroke(width: number, paint: GlyphPaint, options: PassOptions & { join?: CanvasLineJoin } = {}): void {
    this.each((ctx, g) => {
      ctx.strokeStyle = typeof paint === 'function' ? paint(g) : paint;
      ctx.lineWidth = width;
      ctx.lineJoin = options.join ?? 'round';
      ctx.miterLimit = 3;
      ctx.strokeText(g.ch, options.dx ?? 0, this.baseline(g) + (options.dy ?? 0));
    }, options.into);
  }

  /** Outline rings from the widest to the narrowest: `[width, paint]` pairs in any order. */
  rings(rings: ReadonlyArray<readonly [number, GlyphPaint]>, into?: Layer): void {
    for (const [width, paint] of [...rings].sort((a, b) => b[0] - a[0])) this.stroke(width, paint, { into });
  }

  /** A vertical gradient over one character's em box (call inside a per-character paint). */
  glyphGradient(g: Glyph, stops: ReadonlyArray<readonly [number, string]>, from = -0.5, to = 0.5): CanvasGradient {
    return linear(this.ctx, 0, g.size * from, 0, g.size * to, stops);
  }

  /**
   * A solid 3D block: copies stepped back along (dx, dy) from the deepest up, each with an outline
   * of `width` so the block is as wide as the outlined letters.
   */
  extrude(steps: number, dx: number, dy: number, paint: (t: number) => Paint, width: number, into?: Layer): void {
    for (let i = steps; i >= 1; i -= 1) {
      const p = paint(i / steps);
      if (width > 0) this.stroke(width, p, { dx: dx * i, dy: dy * i, into });
      this.fill(p, { dx: dx * i, dy: dy * i, into });
    }
  }

  newLayer(): Layer {
    return blankLike(this.layer);
  }

  /** The letters (optionally grown by an outline of `grow`) in white: for clipping and glows. */
  mask(grow = 0): Layer {
    const cached = this.masks.get(grow);
    if (cached) return cached;
    const mask = this.newLayer();
    if (grow > 0) this.stroke(grow, '#fff', { into: mask });
    this.fill('#fff', { into: mask });
    this.masks.set(grow, mask);
    return mask;
  }

  /** The letters filled on a layer of their own, so effects can be clipped to the face alone. */
  faceLayer(paint: GlyphPaint): Layer {
    const face = this.newLayer();
    this.fill(paint, { into: face });
    return face;
  }

  /** Keeps only the part of `target` inside `mask`. */
  clipTo(target: Layer, mask: Layer): void {
    inDevicePixels(target, (ctx) => {
      ctx.globalCompositeOperation = 'destination-in';
      ctx.drawImage(mask.canvas, 0, 0);
    });
  }

  /**
   * A shadow cast inside the shape of `target` from its edges, offset by (dx, dy): a light one from
   * the top-left and a dark one from the bottom-right make a bevel.
   */
  innerShadow(target: Layer, color: string, dx: number, dy: number, blur: number): void {
    const inverse = blankLike(target);
    inDevicePixels(inverse, (ctx) => {
      ctx.fillStyle = '#000';
      ctx.fillRect(0, 0, inverse.canvas.width, inverse.canvas.height);
      ctx.globalCompositeOperation = 'destination-out';
      ctx.drawImage(target.canvas, 0, 0);
    });
    const s = target.scale;
    inDevicePixels(target, (ctx) => {
      ctx.globalCompositeOperation = 'source-atop';
      ctx.shadowColor = color;
      ctx.shadowOffsetX = dx * s;
      ctx.shadowOffsetY = dy * s;
      ctx.shadowBlur = blur * s;
      ctx.drawImage(inverse.canvas, 0, 0);
    });
  }

  bevel(target: Layer, light: string, dark: string, depth: number, blur = depth): void {
    this.innerShadow(target, light, depth, depth, blur);
    this.innerShadow(target, dark, -depth, -depth, blur);
  }

  /** Paints a pattern or gradient over `target`, only where it already has pixels, with a blend. */
  overlay(target: Layer, paint: Paint, op: GlobalCompositeOperation = 'source-over', alpha = 1, offset: { x: number; y: number } = { x: 0, y: 0 }): void {
    const tex = blankLike(target);
    tex.ctx.save();
    tex.ctx.translate(offset.x, offset.y);
    tex.ctx.fillStyle = paint;
    tex.ctx.fillRect(target.box.x - offset.x, target.box.y - offset.y, target.box.w, target.box.h);
    tex.ctx.restore();
    this.clipTo(tex, target);
    target.ctx.save();
    target.ctx.globalCompositeOperation = op;
    drawLayer(target.ctx, tex, alpha);
    target.ctx.restore();
  }

  pattern(tile: Canvas): CanvasPattern {
    return repeatingPattern(this.ctx, tile);
  }

  /** Cuts holes where `tile` is opaque: chipped stone, worn paint. */
  erode(target: Layer, tile: Canvas, offset: { x: number; y: number } = { x: 0, y: 0 }): void {
    target.ctx.save();
    target.ctx.globalCompositeOperation = 'destination-out';
    target.ctx.translate(offset.x, offset.y);
    target.ctx.fillStyle = repeatingPattern(target.ctx, tile);
    target.ctx.fillRect(target.box.x - offset.x, target.box.y - offset.y, target.box.w, target.box.h);
    target.ctx.restore();
  }

  /** Draws a layer onto the kit's layer. */
  put(source: Layer, op: GlobalCompositeOperation = 'source-over', alpha = 1): void {
    this.ctx.save();
    this.ctx.globalCompositeOperation = op;
    drawLayer(this.ctx, source, alpha);
    this.ctx.restore();
  }

  /** A blurred, tinted copy of `source` (default: everything drawn so far) beneath the drawing. */
  glow(color: string, blur: number, options: { source?: Layer; passes?: number; dx?: number; dy?: number } = {}): void {
    const shape = tinted(options.source ?? this.layer, color);
    const blurred = blankLike(this.layer);
    inDevicePixels(blurred, (ctx) => {
      ctx.filter = `blur(${Math.max(0.5, blur * this.layer.scale)}px)`;
      ctx.drawImage(shape.canvas, (options.dx ?? 0) * this.layer.scale, (options.dy ?? 0) * this.layer.scale);
    });
    const passes = options.passes ?? 1;
    this.ctx.save();
    this.ctx.globalCompositeOperation = 'destination-over';
    for (let i = 0; i < passes; i += 1) drawLayer(this.ctx, blurred);
    this.ctx.restore();
  }

  /** A hard or soft shadow of everything drawn so far, beneath it. */
  dropShadow(color: string, dx: number, dy: number, blur: number): void {
    this.glow(color, blur, { dx, dy });
  }

  /**
   * Where the ink of a character starts and ends, per column, in the character's frame: drips,
   * icicles and flames attach to real edges, not to the em box.
   */
  inkColumns(g: Glyph, columns = 24): Array<{ x: number; top: number; bottom: number }> {
    return inkColumns(this.face, g.ch, columns).map((c) => ({ x: c.x * g.size, top: c.top * g.size, bottom: c.bottom * g.size }));
  }
}

const inkCache = new Map<string, Array<{ x: number; top: number; bottom: number }>>();

/** Ink extent per column of a character, as fractions of the font size around the em centre. */
function inkColumns(face: FontFaceName, ch: string, columns: number): Array<{ x: number; top: number; bottom: number }> {
  const key = `${face}|${ch}|${columns}`;
  const cached = inkCache.get(key);
  if (cached) return cached;
  const size = 96;
  const canvas = createCanvas(size * 2, size * 2);
  const ctx = canvas.getContext('2d');
  ctx.font = font(face, size);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#fff';
  ctx.fillText(ch, size, size + baselineRatio(face) * size);
  const { data } = ctx.getImageData(0, 0, size * 2, size * 2);
  const result: Array<{ x: number; top: number; bottom: number }> = [];
  for (let c = 0; c < columns; c += 1) {
    const px = Math.round(size / 2 + ((c + 0.5) / columns) * size);
    let top = -1;
    let bottom = -1;
    for (let y = 0; y < size * 2; y += 1) {
      if (data[(y * size * 2 + px) * 4 + 3] > 128) {
        if (top < 0) top = y;
        bottom = y;
      }
    }
    if (top >= 0) result.push({ x: (px - size) / size, top: (top - size) / size, bottom: (bottom - size) / size });
  }
  inkCache.set(key, result);
  return result;
}
