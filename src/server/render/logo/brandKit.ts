/**
 * The brand kit of a logo: the same drawing as logo.png, as a vector file (logo.svg) and made into
 * the pictures a studio needs (app icons on the style's own scene, favicon.ico, a social avatar,
 * the logo on light and on dark, a one-colour version) and a guide page that lists them with the
 * colours, fonts, clear space and minimum size. Deterministic, like every render: the same style
 * and texts give the same bytes.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { LogoTexts } from '../../../contract/generation';
import { fontCredit, type FontFaceName } from '../fonts';
import { JOB_FILES } from '../jobSpec';
import { logoStyleById } from '../styles';
import { brandGuideHtml, type BrandColour, type BrandGuideInput } from './brandGuide';
import { buildMark, buildParts } from './compose';
import { drawableTexts } from './drawable';
import { markCharacter } from './markCharacter';
import { logoSvg } from './logoSvg';
import { styleById } from './registry';
import { MARK_SHARE, markFavicon, markOnBackdrop, resized } from './markIcon';
import { SEAL_FACE } from './seal';
import { recordingVectors } from './surface';
import { untilReleased } from '../renderPause';

const FILES = JOB_FILES['brand-kit'];
export type BrandKitFile = (typeof FILES)[keyof typeof FILES];

/** Backgrounds of the light and dark versions. */
export const LIGHT_BACKGROUND = '#ffffff';
export const DARK_BACKGROUND = '#121212';
/** The one-colour version's ink. */
export const ONE_COLOUR = '#000000';
/** The title's characters are at least this tall on a screen (px) and in print (mm). */
const MIN_GLYPH_PX = 24;
const MIN_GLYPH_MM = 6;
/** The mark is drawn at this scale: the 1024 px icon's character without enlarging it. */
const MARK_SCALE = 1.2;

export interface BrandKit {
  files: Map<BrandKitFile, Buffer>;
  /** What the guide states, for tests to hold the pictures to. */
  facts: BrandGuideInput;
}

/** The logo on a flat colour with `pad` px of room on every side. */
function onColour(logo: Canvas, colour: string, pad: number): Canvas {
  const canvas = createCanvas(logo.width + pad * 2, logo.height + pad * 2);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(logo, pad, pad);
  return canvas;
}

/**
 * The logo in one ink, for a stamp, a foil or a watermark: a silhouette would fill the letters in
 * with their outlines and glows, so the ink follows the drawing's tones instead. Where most of the
 * logo is dark (ink and outlines), dark parts take the ink; where most is light (gold, neon), light
 * parts do. Tones are stretched between the logo's own darkest and lightest and then sharpened,
 * so that the letters stay apart from what surrounds them.
 */
function inOneColour(logo: Canvas, colour: string): Canvas {
  const { width, height } = logo;
  const source = logo.getContext('2d').getImageData(0, 0, width, height).data;
  const lightness = new Float32Array(width * height);
  const solid: number[] = [];
  for (let at = 0, pixel = 0; at < source.length; at += 4, pixel += 1) {
    const value = (0.2126 * source[at] + 0.7152 * source[at + 1] + 0.0722 * source[at + 2]) / 255;
    lightness[pixel] = value;
    if (source[at + 3] >= 200) solid.push(value);
  }
  solid.sort((a, b) => a - b);
  const rank = (share: number): number => (solid.length ? solid[Math.min(solid.length - 1, Math.floor(share * solid.length))] : 0.5);
  const [dark, median, light] = [rank(0.05), rank(0.5), rank(0.95)];
  const span = Math.max(0.05, light - dark);
  const inkIsDark = median - dark < light - median;
  const smoothstep = (x: number): number => {
    const t = Math.min(1, Math.max(0, (x - 0.35) / 0.3));
    return t * t * (3 - 2 * t);
  };
  const ink = Number.parseInt(colour.slice(1), 16);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const out = ctx.createImageData(width, height);
  for (let at = 0, pixel = 0; at < source.length; at += 4, pixel += 1) {
    const tone = Math.min(1, Math.max(0, (lightness[pixel] - dark) / span));
    out.data[at] = (ink >> 16) & 255;
    out.data[at + 1] = (ink >> 8) & 255;
    out.data[at + 2] = ink & 255;
    out.data[at + 3] = Math.round(source[at + 3] * smoothstep(inkIsDark ? 1 - tone : tone));
  }
  ctx.putImageData(out, 0, 0);
  return canvas;
}

const hex = (value: number): string => Math.round(value).toString(16).padStart(2, '0');

/**
 * The logo's main colours: its solid pixels grouped by colour (16 levels a channel), the biggest
 * groups first, each at least a step apart from those before it; at most `count`.
 */
export function mainColours(logo: Canvas, count = 5): BrandColour[] {
  const { data } = logo.getContext('2d').getImageData(0, 0, logo.width, logo.height);
  const groups = new Map<number, { n: number; r: number; g: number; b: number }>();
  let solid = 0;
  for (let at = 0; at < data.length; at += 4) {
    if (data[at + 3] < 220) continue;
    solid += 1;
    const key = ((data[at] >> 4) << 8) | ((data[at + 1] >> 4) << 4) | (data[at + 2] >> 4);
    const group = groups.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    group.n += 1;
    group.r += data[at];
    group.g += data[at + 1];
    group.b += data[at + 2];
    groups.set(key, group);
  }
  const chosen: Array<{ r: number; g: number; b: number; n: number }> = [];
  for (const group of [...groups.values()].sort((a, b) => b.n - a.n)) {
    const colour = { r: group.r / group.n, g: group.g / group.n, b: group.b / group.n, n: group.n };
    if (chosen.some((known) => Math.hypot(known.r - colour.r, known.g - colour.g, known.b - colour.b) < 56)) continue;
    chosen.push(colour);
    if (chosen.length === count) break;
  }
  return chosen.map(({ r, g, b, n }) => ({ hex: `#${hex(r)}${hex(g)}${hex(b)}`, rgb: [Math.round(r), Math.round(g), Math.round(b)], share: solid ? n / solid : 0 }));
}

/** Renders the kit of logo style `styleId` with `texts` (the logo's own). */
export async function renderBrandKit(styleId: number, texts: LogoTexts): Promise<BrandKit> {
  const { key, style } = styleById(styleId);
  // One drawing for both: the raster recorded beside the vectors is logo.png to the pixel.
  const parts = recordingVectors(() => buildParts(key, style, texts, 1));
  const vector = logoSvg(parts, texts.logotext);
  const logo = vector.logo.canvas;
  const em = parts.layout.em;
  const clearSpace = Math.round(em * 0.5);
  // A kit renders in idle time: held while a user's job renders (renderPause.ts), it stops at the
  // next of these waits, each a few tenths of a second of drawing apart.
  await untilReleased();

  // Icons, avatar and favicon show the square mark: the wide wordmark shrunk into a square is below
  // its own minimum size at 180 px and a smear at 32.
  const mark = buildMark(key, style, texts, MARK_SCALE);
  await untilReleased();
  const appIcon = markOnBackdrop(key, style, mark, 1024, MARK_SHARE.icon).encode('png');
  const avatar = markOnBackdrop(key, style, mark, 400, MARK_SHARE.avatar).encode('png');

  const icon = await appIcon;
  await untilReleased();
  const files = new Map<BrandKitFile, Buffer>([
    [FILES.svg, Buffer.from(vector.svg, 'utf8')],
    [FILES.appIcon, icon],
    [FILES.icon512, await resized(icon, 512)],
    [FILES.icon192, await resized(icon, 192)],
    [FILES.appleTouch, await resized(icon, 180)],
    [FILES.favicon, await markFavicon(key, style, texts)],
    [FILES.avatar, await avatar],
  ]);
  await untilReleased();
  files.set(FILES.onLight, await onColour(logo, LIGHT_BACKGROUND, clearSpace).encode('png'));
  files.set(FILES.onDark, await onColour(logo, DARK_BACKGROUND, clearSpace).encode('png'));
  files.set(FILES.oneColour, await inOneColour(logo, ONE_COLOUR).encode('png'));

  const faces = new Map<FontFaceName, string[]>();
  const uses = (face: FontFaceName, part: string): void => void faces.set(face, [...(faces.get(face) ?? []), part]);
  uses(style.face, '标题');
  if (texts.bottomtext.trim()) uses(style.slogan.face, '标语');
  if (style.seal && (texts.rightsealtext.trim() || texts.bottomsealtext.trim())) uses(style.seal.face ?? SEAL_FACE, '印章');
  const facts: BrandGuideInput = {
    name: texts.logotext,
    styleName: logoStyleById(styleId)?.name ?? '',
    markCharacter: markCharacter(drawableTexts(texts).logotext),
    logoSize: { width: logo.width, height: logo.height },
    colours: mainColours(logo),
    fonts: [...faces].map(([face, parts]) => ({ ...fontCredit(face), usedFor: parts.join('、') })),
    clearSpace,
    minWidthPx: Math.ceil((logo.width * MIN_GLYPH_PX) / em),
    minWidthMm: Math.ceil((logo.width * MIN_GLYPH_MM) / em),
    backgrounds: { light: LIGHT_BACKGROUND, dark: DARK_BACKGROUND, oneColour: ONE_COLOUR },
  };
  files.set(FILES.guide, Buffer.from(brandGuideHtml(facts), 'utf8'));
  return { files, facts };
}
