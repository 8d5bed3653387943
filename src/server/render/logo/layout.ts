/**
 * Where each title character goes: size, position, rotation and slant, for the layouts the styles
 * choose from. Sizes adapt to the character count so one character and six both fill the title
 * area, and Latin letters (narrower than CJK) get their measured advance.
 */
import { createCanvas } from '@napi-rs/canvas';
import { font, type FontFaceName } from '../fonts';
import type { Rng } from './prng';
import type { Box } from './surface';

export interface Glyph {
  ch: string;
  index: number;
  /** Centre of the character's em box, design px. */
  x: number;
  y: number;
  /** Font size, design px. */
  size: number;
  /** Horizontal room the character takes, design px. */
  advance: number;
  rot: number;
  /** Slant as tan(angle), applied about the glyph centre. */
  skew: number;
  sx: number;
  sy: number;
  /** Row of a stacked layout (0 for single-row layouts). */
  row: number;
}

export interface TitleLayout {
  face: FontFaceName;
  glyphs: Glyph[];
  /** Union of the em boxes, centred on (0, 0). */
  box: Box;
  /** The size of an ordinary (not enlarged) character. */
  em: number;
  rows: number;
}

export type LayoutMode = 'line' | 'arch' | 'stack' | 'bigFirst' | 'wave' | 'stagger';

export interface LayoutSpec {
  mode: LayoutMode;
  /** Gap between characters as a fraction of the em (negative overlaps them). */
  tracking?: number;
  /** The width the title aims for, design px. */
  width?: number;
  /** The largest em: one character should be bold, not a poster. */
  maxEm?: number;
  skew?: number;
  /** Arch height as a fraction of the em; positive raises the middle. */
  arch?: number;
  /** Wave amplitude as a fraction of the em. */
  wave?: number;
  jitterRot?: number;
  jitterY?: number;
  jitterSize?: number;
  /** Vertical scale of the characters (below 1 gives a wide, squat title). */
  squash?: number;
  /** Two rows from this many characters on (stack and bigFirst). */
  stackFrom?: number;
}

const measureCtx = createCanvas(8, 8).getContext('2d');
const advanceCache = new Map<string, number>();

/** Advance of a character as a fraction of the font size. */
export function advanceRatio(face: FontFaceName, ch: string): number {
  const key = `${face}|${ch}`;
  const cached = advanceCache.get(key);
  if (cached !== undefined) return cached;
  measureCtx.font = font(face, 100);
  const width = measureCtx.measureText(ch).width / 100;
  // A zero advance (a control or combining character) would collapse the layout.
  const ratio = Math.min(1.1, Math.max(0.35, width || 1));
  advanceCache.set(key, ratio);
  return ratio;
}

const baselineCache = new Map<FontFaceName, number>();

/** Offset from the em-box centre to the alphabetic baseline, as a fraction of the size. */
export function baselineRatio(face: FontFaceName): number {
  const cached = baselineCache.get(face);
  if (cached !== undefined) return cached;
  measureCtx.font = font(face, 100);
  measureCtx.textBaseline = 'alphabetic';
  // A full, square character: the ink of CJK titles is what has to look centred.
  const metrics = measureCtx.measureText('国');
  const ratio = (metrics.actualBoundingBoxAscent - metrics.actualBoundingBoxDescent) / 200;
  baselineCache.set(face, ratio);
  return ratio;
}

interface Row {
  glyphs: Glyph[];
  width: number;
}

function placeRow(chars: Array<{ ch: string; index: number; factor: number }>, face: FontFaceName, em: number, tracking: number, row: number): Row {
  const glyphs: Glyph[] = [];
  let x = 0;
  for (const { ch, index, factor } of chars) {
    const size = em * factor;
    const advance = advanceRatio(face, ch) * size;
    glyphs.push({ ch, index, x: x + advance / 2, y: 0, size, advance, rot: 0, skew: 0, sx: 1, sy: 1, row });
    x += advance + tracking * em;
  }
  const width = Math.max(0, x - tracking * em);
  for (const g of glyphs) g.x -= width / 2;
  return { glyphs, width };
}

function rowUnits(chars: Array<{ ch: string; factor: number }>, face: FontFaceName, tracking: number): number {
  return chars.reduce((sum, c) => sum + advanceRatio(face, c.ch) * c.factor, 0) + Math.max(0, chars.length - 1) * tracking;
}

export function layoutTitle(text: string, spec: LayoutSpec, face: FontFaceName, rng: Rng): TitleLayout {
  const chars = Array.from(text).map((ch, index) => ({ ch, index, factor: 1 }));
  const n = chars.length;
  const tracking = spec.tracking ?? 0.02;
  const width = spec.width ?? 960;
  const maxEm = spec.maxEm ?? 300;
  const stackFrom = spec.stackFrom ?? 5;
  let glyphs: Glyph[] = [];
  let em: number;
  let rows = 1;

  if (spec.mode === 'stack' && n >= stackFrom) {
    const split = Math.ceil(n / 2);
    const rowChars = [chars.slice(0, split), chars.slice(split)];
    const units = Math.max(...rowChars.map((r) => rowUnits(r, face, tracking)));
    em = Math.min(maxEm, (width * 0.78) / units);
    const shift = em * 0.28;
    rowChars.forEach((r, i) => {
      const placed = placeRow(r, face, em, tracking, i);
      for (const g of placed.glyphs) {
        g.x += i === 0 ? -shift : shift;
        g.y = (i - 0.5) * em * 1.02;
      }
      glyphs.push(...placed.glyphs);
    });
    rows = 2;
  } else if (spec.mode === 'bigFirst' && n >= 2) {
    const rest = chars.slice(1);
    const twoRows = rest.length >= 4;
    const factor = twoRows ? 0.5 : rest.length === 1 ? 0.8 : 0.62;
    const restRows = twoRows ? [rest.slice(0, Math.ceil(rest.length / 2)), rest.slice(Math.ceil(rest.length / 2))] : [rest];
    const restUnits = Math.max(...restRows.map((r) => rowUnits(r, face, tracking))) * factor;
    const bigUnits = advanceRatio(face, chars[0].ch);
    em = Math.min(maxEm * 1.15, (width * (twoRows ? 0.72 : 1)) / (bigUnits + restUnits + tracking));
    const big: Glyph = { ch: chars[0].ch, index: 0, x: 0, y: 0, size: em, advance: bigUnits * em, rot: 0, skew: 0, sx: 1, sy: 1, row: 0 };
    glyphs.push(big);
    const small = em * factor;
    const left = big.advance / 2 + tracking * em;
    restRows.forEach((r, i) => {
      const placed = placeRow(r, face, small, tracking, i);
      const rowY = twoRows ? (i === 0 ? -small * 0.52 : small * 0.52) : em / 2 - small / 2 - em * 0.04;
      for (const g of placed.glyphs) {
        g.x += left + placed.width / 2;
        g.y = rowY;
      }
      glyphs.push(...placed.glyphs);
    });
    rows = restRows.length;
    // The ordinary character is the small one: ornaments and seals scale with the title's bulk.
    em = twoRows ? em * 0.62 : em * 0.8;
  } else {
    em = Math.min(maxEm, width / rowUnits(chars, face, tracking));
    glyphs = placeRow(chars, face, em, tracking, 0).glyphs;
  }

  const half = Math.max(1, ...glyphs.map((g) => Math.abs(g.x)));
  glyphs.forEach((g, i) => {
    g.skew = spec.skew ?? 0;
    g.sy = spec.squash ?? 1;
    if (spec.mode === 'arch' && n > 1) {
      const k = (spec.arch ?? 0.25) * em;
      const u = g.x / half;
      g.y += k * u * u;
      g.rot = Math.atan((2 * k * u) / half);
    }
    if (spec.mode === 'wave' && n > 1) {
      const amp = (spec.wave ?? 0.08) * em;
      g.y += (i % 2 === 0 ? -1 : 1) * amp;
      g.rot += (i % 2 === 0 ? -1 : 1) * 0.05;
    }
    if (spec.jitterRot) g.rot += rng.jitter(spec.jitterRot);
    if (spec.jitterY) g.y += rng.jitter(spec.jitterY) * em;
    if (spec.jitterSize) g.size *= 1 + rng.jitter(spec.jitterSize);
  });

  const box = glyphBounds(glyphs);
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  for (const g of glyphs) {
    g.x -= cx;
    g.y -= cy;
  }
  return { face, glyphs, box: { x: box.x - cx, y: box.y - cy, w: box.w, h: box.h }, em, rows };
}

/** Union of the (unrotated) em boxes, widened by the slant. */
export function glyphBounds(glyphs: readonly Glyph[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const g of glyphs) {
    const hw = (g.advance * g.sx) / 2 + Math.abs(g.skew) * g.size * 0.5 + Math.abs(Math.sin(g.rot)) * g.size * 0.5;
    const hh = (g.size * g.sy) / 2 + Math.abs(Math.sin(g.rot)) * g.advance * 0.3;
    x0 = Math.min(x0, g.x - hw);
    x1 = Math.max(x1, g.x + hw);
    y0 = Math.min(y0, g.y - hh);
    y1 = Math.max(y1, g.y + hh);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}
