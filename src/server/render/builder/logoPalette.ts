/**
 * One palette for a builder site, taken from its logo: the configuration keeps its grounds, text
 * colours, faces and motif, and its accents (buttons, the accent navigation and sidebar, tags,
 * lines, the timeline's nodes) become the logo's own hues, so that a blue sci-fi logo is not set
 * in an orange bar. A logo with no colour to speak of (black ink, silver) leaves the palette as it is.
 */
import { createCanvas, type Image } from '@napi-rs/canvas';
import { rgba } from '../site/baseCss';
import type { Theme } from '../site/design';

/** The logo's main hue and a second one (another hue of it, or a deeper shade of the first). */
export interface LogoAccents {
  accent: string;
  accent2: string;
}

type Rgb = [number, number, number];

const SAMPLE = 96;
const BUCKETS = 24;
/** Below this share of its opaque pixels in colour, a logo is taken as colourless. */
const MIN_COLOURED = 0.08;
/** A second hue counts from this share of the first's weight and this far round the wheel. */
const SECOND_SHARE = 0.25;
const SECOND_DISTANCE = 3;

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [x, y, z] = [r / 255, g / 255, b / 255];
  const max = Math.max(x, y, z);
  const min = Math.min(x, y, z);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === x ? ((y - z) / d + 6) % 6 : max === y ? (z - x) / d + 2 : (x - y) / d + 4;
  return [h * 60, s, l];
}

function fromHsl(h: number, s: number, l: number): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

const toHex = (rgb: Rgb): string => `#${rgb.map((part) => Math.round(Math.max(0, Math.min(255, part))).toString(16).padStart(2, '0')).join('')}`;

/** The hue (degrees) of a #rrggbb colour, and its saturation and lightness (0..1). */
export function hslOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return toHsl([(value >> 16) & 255, (value >> 8) & 255, value & 255]);
}

/**
 * The accents of a logo's pixels (RGBA, straight alpha): its opaque, coloured pixels binned by hue,
 * weighted by saturation and lightness; the heaviest bin's mean colour is the accent, the next bin far enough
 * round the wheel the second. Null when the logo is (nearly) colourless.
 */
export function accentsOfPixels(pixels: Uint8Array | Uint8ClampedArray | Buffer): LogoAccents | null {
  const weight = new Float64Array(BUCKETS);
  const sums = Array.from({ length: BUCKETS }, () => [0, 0, 0]);
  let opaque = 0;
  let coloured = 0;
  for (let i = 0; i + 3 < pixels.length; i += 4) {
    if (pixels[i + 3] < 200) continue;
    opaque += 1;
    const rgb: Rgb = [pixels[i], pixels[i + 1], pixels[i + 2]];
    const [h, s, l] = toHsl(rgb);
    if (s < 0.25 || l < 0.12 || l > 0.92) continue;
    coloured += 1;
    const bucket = Math.floor(h / (360 / BUCKETS)) % BUCKETS;
    // Lit pixels count most: a logo's colour is its faces, not the dark rims and shadows around them.
    const w = s * l * l;
    weight[bucket] += w;
    for (let c = 0; c < 3; c++) sums[bucket][c] += rgb[c] * w;
  }
  if (!opaque || coloured < opaque * MIN_COLOURED) return null;
  // A hue's weight with its neighbours': a gradient across a bin's edge is one hue, not two.
  const near = (i: number): number => weight[(i + BUCKETS - 1) % BUCKETS] + weight[i] + weight[(i + 1) % BUCKETS];
  const order = Array.from({ length: BUCKETS }, (_, i) => i).sort((a, b) => near(b) - near(a));
  const meanOf = (i: number): Rgb => {
    const around = [(i + BUCKETS - 1) % BUCKETS, i, (i + 1) % BUCKETS];
    const w = around.reduce((sum, j) => sum + weight[j], 0);
    return [0, 1, 2].map((c) => around.reduce((sum, j) => sum + sums[j][c], 0) / w) as Rgb;
  };
  const first = order[0];
  const apart = (i: number): boolean => Math.min(Math.abs(i - first), BUCKETS - Math.abs(i - first)) >= SECOND_DISTANCE;
  const second = order.find((i) => apart(i) && near(i) >= near(first) * SECOND_SHARE);
  const accent = meanOf(first);
  if (second !== undefined) return { accent: toHex(accent), accent2: toHex(meanOf(second)) };
  const [h, s, l] = toHsl(accent);
  return { accent: toHex(accent), accent2: toHex(fromHsl(h, s, l * 0.55)) };
}

/** The accents of the decoded logo, looked at a small size. */
export function logoAccents(logo: Image): LogoAccents | null {
  const scale = Math.min(1, SAMPLE / Math.max(logo.width, logo.height));
  const width = Math.max(1, Math.round(logo.width * scale));
  const height = Math.max(1, Math.round(logo.height * scale));
  const ctx = createCanvas(width, height).getContext('2d');
  ctx.drawImage(logo, 0, 0, width, height);
  // getImageData answers straight (not premultiplied) alpha, as accentsOfPixels reads it.
  return accentsOfPixels(ctx.getImageData(0, 0, width, height).data);
}

/**
 * `theme` with the logo's accents. A button is the accent under text: on a dark page it is kept
 * light enough to glow, on a light one deep enough to hold its ground; the text on it, the accent
 * as text and its lines follow from it as for any palette (themeVariables).
 */
export function withLogoAccents(theme: Theme, accents: LogoAccents | null): Theme {
  if (!accents) return theme;
  const [h, s, l] = hslOf(accents.accent);
  const [low, high] = theme.dark ? [0.48, 0.68] : [0.36, 0.52];
  const accent = toHex(fromHsl(h, Math.max(s, 0.45), Math.min(high, Math.max(low, l))));
  const onAccent = hslOf(accent)[2] > 0.55 ? '#14110f' : '#ffffff';
  return { ...theme, accent, accent2: accents.accent2, onAccent, line: rgba(accent, theme.dark ? 0.35 : 0.22) };
}
