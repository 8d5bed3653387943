/**
 * The vector twin of a layer, for logo.svg. A recording layer draws exactly as any layer does (its
 * raster canvas is still what the PNG is made from) and also keeps what it drew as SVG:
 * - shapes, text (as outlines) and gradients through the canvas library's SVG backend;
 * - another layer drawn into it as a nested group of that layer's own recording;
 * - compositing as SVG says it: destination-in/out as masks, source-atop/in as a mask of what is
 *   already there, destination-over as a group beneath, blend modes as mix-blend-mode;
 * - what has no vector form the canvas library can write (shadows, blur filters) as a picture of
 *   that one drawing alone, made on a scratch canvas that follows the layer's state.
 * Whatever cannot be said (pixels written directly, a mode SVG lacks, a mask while clipped) turns
 * what the layer holds so far into one picture, and recording goes on from there.
 */
import { createCanvas, SvgExportFlag, type Canvas, type SKRSContext2D, type SvgCanvas } from '@napi-rs/canvas';

type Ctx = SKRSContext2D;
type Matrix = readonly [number, number, number, number, number, number];

export type VectorItem =
  | { kind: 'svg'; body: string }
  | { kind: 'image'; png: Buffer; x: number; y: number; w: number; h: number }
  /** Another layer's items (`clip` of its canvas, the whole by default) drawn with a transform. */
  | {
      kind: 'group';
      items: readonly VectorItem[];
      width: number;
      height: number;
      clip?: { x: number; y: number; w: number; h: number };
      transform?: Matrix;
      alpha?: number;
      blend?: string;
    }
  /** Items blurred (a standard deviation in device pixels) and casting a shadow, as a canvas filter and shadow do. */
  | { kind: 'effects'; items: readonly VectorItem[]; blur: number; shadow: Shadow | null; alpha?: number; width: number; height: number }
  /** `base` seen only through the alpha of `mask` (destination-in), or through its inverse (destination-out). */
  | { kind: 'masked'; base: readonly VectorItem[]; mask: readonly VectorItem[]; invert: boolean; width: number; height: number }
  /** `content` seen only where `base` is (source-atop keeps `base` beneath it, source-in drops it). */
  | { kind: 'within'; base: readonly VectorItem[]; content: readonly VectorItem[]; keepBase: boolean; width: number; height: number };

const DRAWS = new Set(['fill', 'stroke', 'fillRect', 'strokeRect', 'fillText', 'strokeText', 'drawImage', 'putImageData', 'clearRect']);
/** Calls that read or create and change nothing: the raster answers them. */
const QUERIES = new Set([
  'getImageData',
  'measureText',
  'createLinearGradient',
  'createRadialGradient',
  'createConicGradient',
  'createPattern',
  'createImageData',
  'isPointInPath',
  'isPointInStroke',
  'getTransform',
  'getLineDash',
  'getContextAttributes',
]);
/** State the SVG backend cannot carry out: it keeps its defaults, and the recorder does these itself. */
const EFFECT_STATE = new Set(['globalCompositeOperation', 'filter', 'shadowColor', 'shadowBlur', 'shadowOffsetX', 'shadowOffsetY']);
const BLENDS = new Set([
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
  'difference',
  'exclusion',
  'hue',
  'saturation',
  'color',
  'luminosity',
]);

const recordings = new WeakMap<Canvas, VectorRecording>();

/** The recording of `canvas`, when it is a recording layer's. */
export function recordingOf(image: unknown): VectorRecording | undefined {
  return typeof image === 'object' && image !== null ? recordings.get(image as Canvas) : undefined;
}

function call(ctx: Ctx, method: string, args: unknown[]): unknown {
  const fn: unknown = Reflect.get(ctx, method, ctx);
  if (typeof fn !== 'function') throw new TypeError(`not a drawing call: ${method}`);
  return Reflect.apply(fn, ctx, args);
}

/** The body of an SVG document the backend wrote (between its root element's tags). */
function bodyOf(document: string): string {
  const open = document.indexOf('<svg');
  if (open < 0) return '';
  const start = document.indexOf('>', open);
  if (document[start - 1] === '/') return '';
  const end = document.lastIndexOf('</svg>');
  return document.slice(start + 1, end < 0 ? undefined : end).trim();
}

export interface Shadow {
  colour: string;
  /** The canvas's shadowBlur: twice the Gaussian's standard deviation, in device pixels. */
  blur: number;
  dx: number;
  dy: number;
}

/** The shadow the next drawing casts, or null when it casts none that shows. */
function shadowOf(ctx: Ctx): Shadow | null {
  if (ctx.shadowBlur <= 0 && ctx.shadowOffsetX === 0 && ctx.shadowOffsetY === 0) return null;
  const colour = String(ctx.shadowColor);
  const flat = colour.replace(/\s/g, '').toLowerCase();
  if (flat === 'transparent' || /^rgba\(.*,0(\.0*)?\)$/.test(flat) || /^#[0-9a-f]{6}00$/.test(flat)) return null;
  return { colour, blur: ctx.shadowBlur, dx: ctx.shadowOffsetX, dy: ctx.shadowOffsetY };
}

/** The standard deviation of a filter that is one blur (0 for none), or undefined for any other filter. */
function blurOf(filter: string): number | undefined {
  if (filter === 'none' || filter === '') return 0;
  const blur = /^blur\(\s*([\d.]+)px\s*\)$/.exec(filter.trim());
  return blur ? Number(blur[1]) : undefined;
}

/** The picture of the pixels of `canvas` that show, cropped to them, or null when none does. */
function imageItem(canvas: Canvas): VectorItem | null {
  const { width, height } = canvas;
  const { data } = canvas.getContext('2d').getImageData(0, 0, width, height);
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (data[(y * width + x) * 4 + 3] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return null;
  const w = right - left + 1;
  const h = bottom - top + 1;
  const crop = createCanvas(w, h);
  crop.getContext('2d').drawImage(canvas, -left, -top);
  return { kind: 'image', png: crop.toBuffer('image/png'), x: left, y: top, w, h };
}

export class VectorRecording {
  private items: VectorItem[] = [];
  private readonly svg: SvgCanvas;
  private readonly svgCtx: Ctx;
  /** Follows every change of state and path, and draws only a drawing to be pictured alone. */
  private readonly scratch: Canvas;
  private readonly scratchCtx: Ctx;
  private depth = 0;
  /** The save depths at which a clip was set (cleared as they are restored). */
  private clips: number[] = [];
  /** The SVG backend forgets its clip when its content is taken: vector drawing is then unclipped. */
  private clipLost = false;
  readonly ctx: Ctx;

  constructor(
    readonly canvas: Canvas,
    private readonly raster: Ctx,
  ) {
    this.svg = createCanvas(canvas.width, canvas.height, SvgExportFlag.ConvertTextToPaths);
    this.svgCtx = this.svg.getContext('2d');
    this.scratch = createCanvas(canvas.width, canvas.height);
    this.scratchCtx = this.scratch.getContext('2d');
    recordings.set(canvas, this);
    this.ctx = new Proxy(raster, {
      get: (target, key) => {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function' || typeof key !== 'string') return value;
        return (...args: unknown[]) => this.call(key, args);
      },
      set: (target, key, value) => {
        Reflect.set(target, key, value, target);
        Reflect.set(this.scratchCtx, key, value, this.scratchCtx);
        if (typeof key === 'string' && !EFFECT_STATE.has(key)) Reflect.set(this.svgCtx, key, value, this.svgCtx);
        return true;
      },
    });
  }

  get width(): number {
    return this.canvas.width;
  }

  get height(): number {
    return this.canvas.height;
  }

  /** What the layer holds now, as items in its device pixels. */
  snapshot(): readonly VectorItem[] {
    this.flush();
    return [...this.items];
  }

  private call(method: string, args: unknown[]): unknown {
    if (QUERIES.has(method)) return call(this.raster, method, args);
    if (DRAWS.has(method)) return this.draw(method, args);
    const result = call(this.raster, method, args);
    call(this.svgCtx, method, args);
    call(this.scratchCtx, method, args);
    if (method === 'save') this.depth += 1;
    if (method === 'clip') this.clips.push(this.depth);
    if (method === 'restore' && this.depth > 0) {
      this.depth -= 1;
      this.clips = this.clips.filter((at) => at <= this.depth);
      if (!this.clips.length) this.clipLost = false;
      // The backend's own save stack is gone after a flush: it takes the raster's transform.
      this.svgCtx.setTransform(this.raster.getTransform());
    }
    return result;
  }

  private draw(method: string, args: unknown[]): void {
    const op = this.raster.globalCompositeOperation;
    const source = method === 'drawImage' ? recordingOf(args[0]) : undefined;
    const clipped = this.clips.length > 0;
    if (method === 'putImageData') {
      call(this.raster, method, args);
      return this.collapse();
    }
    if (method === 'clearRect') return this.clear(args);
    const blur = blurOf(this.raster.filter);
    const shadow = shadowOf(this.raster);
    if (blur === 0 && !shadow && op === 'source-over' && !source && !this.clipLost) {
      call(this.raster, method, args);
      call(this.svgCtx, method, args);
      return;
    }
    // Pixel art scales a small drawing up without smoothing: as vectors it would come out smooth.
    const blocky = method === 'drawImage' && !this.raster.imageSmoothingEnabled;
    let content: VectorItem[];
    if (blocky || blur === undefined || clipped) content = this.isolatedRaster(method, args);
    else if (source && [3, 5, 9].includes(args.length)) content = this.withEffects([this.nested(source, args)], blur, shadow);
    // Taking one drawing alone from the backend drops its clip: a clipped one is pictured instead.
    else content = this.withEffects(this.isolatedVector(method, args), blur, shadow);
    call(this.raster, method, args);
    this.compose(op, content);
  }

  /** clearRect: everything so far seen through the inverse of the rectangle. */
  private clear(args: unknown[]): void {
    call(this.raster, 'clearRect', args);
    if (this.clips.length) return this.collapse();
    this.flush();
    this.svgCtx.save();
    this.svgCtx.globalAlpha = 1;
    this.svgCtx.fillStyle = '#000';
    call(this.svgCtx, 'fillRect', args);
    const cut = this.taken();
    this.svgCtx.restore();
    this.compose('destination-out', cut);
  }

  /**
   * Another recording drawn with the current transform and alpha: at (x, y), or scaled into
   * (x, y, w, h), or a part of it (the 9-argument form) scaled into the last four.
   */
  private nested(source: VectorRecording, args: unknown[]): VectorItem {
    const n = args.slice(1).map(Number);
    const [sx, sy, sw, sh] = n.length === 8 ? n.slice(0, 4) : [0, 0, source.width, source.height];
    const [x, y, w, h] = n.length === 8 ? n.slice(4) : n.length === 4 ? n : [n[0], n[1], source.width, source.height];
    const m = this.raster.getTransform().translate(x, y).scale(w / sw, h / sh).translate(-sx, -sy);
    return {
      kind: 'group',
      items: source.snapshot(),
      width: source.width,
      height: source.height,
      ...(n.length === 8 ? { clip: { x: sx, y: sy, w: sw, h: sh } } : {}),
      transform: [m.a, m.b, m.c, m.d, m.e, m.f],
      alpha: this.raster.globalAlpha,
    };
  }

  /** A blur filter and a shadow as SVG filters over the drawing; the drawing's alpha goes outside them, as on a canvas. */
  private withEffects(content: VectorItem[], blur: number, shadow: Shadow | null): VectorItem[] {
    if (!blur && !shadow) return content;
    const [only] = content;
    const lifted = content.length === 1 && only.kind === 'group' && only.alpha !== undefined && only.alpha < 1;
    const items = lifted ? [{ ...only, alpha: 1 }] : content;
    return [{ kind: 'effects', items, blur, shadow, alpha: lifted ? only.alpha : undefined, width: this.width, height: this.height }];
  }

  /** One drawing alone as vector: what the backend writes between two flushes. */
  private isolatedVector(method: string, args: unknown[]): VectorItem[] {
    this.flush();
    call(this.svgCtx, method, args);
    return this.taken();
  }

  /** One drawing alone as a picture, with its shadow and filter, drawn over nothing. */
  private isolatedRaster(method: string, args: unknown[]): VectorItem[] {
    const ctx = this.scratchCtx;
    const op = ctx.globalCompositeOperation;
    ctx.globalCompositeOperation = 'source-over';
    call(ctx, method, args);
    ctx.globalCompositeOperation = op;
    const item = imageItem(this.scratch);
    this.clearScratch();
    return item ? [item] : [];
  }

  /**
   * Clears the scratch canvas in its current transform: changing the transform would move the path
   * being drawn (the library keeps paths in user space). The user-space box of the canvas's corners
   * covers the whole canvas whatever the transform.
   */
  private clearScratch(): void {
    const inverse = this.scratchCtx.getTransform().inverse();
    const corners = [
      [0, 0],
      [this.width, 0],
      [0, this.height],
      [this.width, this.height],
    ].map(([x, y]) => inverse.transformPoint({ x, y }));
    const xs = corners.map((p) => p.x);
    const ys = corners.map((p) => p.y);
    if (![...xs, ...ys].every(Number.isFinite)) return;
    const [left, top] = [Math.min(...xs), Math.min(...ys)];
    this.scratchCtx.clearRect(left - 1, top - 1, Math.max(...xs) - left + 2, Math.max(...ys) - top + 2);
  }

  private compose(op: GlobalCompositeOperation, content: VectorItem[]): void {
    const size = { width: this.width, height: this.height };
    this.flush();
    if (op === 'source-over') return void this.items.push(...content);
    if (op === 'destination-over') return void this.items.unshift(...content);
    if (BLENDS.has(op) || op === 'lighter') {
      this.items.push({ kind: 'group', items: content, ...size, blend: op === 'lighter' ? 'plus-lighter' : op });
      return;
    }
    const masks = op === 'destination-in' || op === 'destination-out';
    const within = op === 'source-atop' || op === 'source-in';
    if (this.clips.length || !(masks || within)) return this.collapse();
    const base = this.items;
    this.items = [
      masks
        ? { kind: 'masked', base, mask: content, invert: op === 'destination-out', ...size }
        : { kind: 'within', base, content, keepBase: op === 'source-atop', ...size },
    ];
  }

  /** What the backend has written since the last flush, as items (and the backend ready for more). */
  private taken(): VectorItem[] {
    const body = bodyOf(this.svg.getContent().toString());
    this.afterFlush();
    return body ? [{ kind: 'svg', body }] : [];
  }

  private flush(): void {
    this.items.push(...this.taken());
  }

  private afterFlush(): void {
    this.svgCtx.setTransform(this.raster.getTransform());
    if (this.clips.length) this.clipLost = true;
  }

  /** Everything so far becomes one picture of the raster. */
  private collapse(): void {
    this.taken();
    const item = imageItem(this.canvas);
    this.items = item ? [item] : [];
  }
}
