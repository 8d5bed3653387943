/**
 * Builds a logo's parts (ornaments behind, title, ornaments in front, slogan, seals) for a style and
 * texts, and flattens them into the trimmed still. The animation reuses the same parts, so its last
 * frame is the still.
 */
import type { LogoTexts } from '../../../contract/generation';
import { drawableTexts } from './drawable';
import { markCharacter } from './markCharacter';
import { glyphBounds, layoutTitle, type Glyph, type TitleLayout } from './layout';
import { hashString, Rng } from './prng';
import { renderSeal } from './seal';
import { placeSeals, type PlacedSeal, type SealRequest } from './sealPlacement';
import { renderSlogan } from './slogan';
import { boxExpand, boxUnion, createLayer, drawLayer, type Box, type Layer } from './surface';
import { TitleKit } from './titleKit';
import { trimLayer, trimMargin } from './trim';
import type { LogoStyle, OrnamentKit } from './types';

export interface SealPart {
  kind: 'right' | 'bottom';
  layer: Layer;
  /** Where the stamp lands (its centre), for the stamping motion. */
  cx: number;
  cy: number;
}

export interface LogoParts {
  style: LogoStyle;
  scale: number;
  layout: TitleLayout;
  back: Layer | null;
  title: Layer;
  front: Layer | null;
  slogan: Layer | null;
  seals: SealPart[];
  /** One character drawn alone with the full treatment, for the entrance animation. */
  sprite(glyph: Glyph): Layer;
}

/**
 * Room for ornaments around the title and slogan, in ems: the widest reach about 1.3 em past the
 * title at the sides (gold wings, speed lines) and 1.05 em above it (the blood moon's halo). A
 * drawing past this room would be cut off in a straight line; tests/server/render/logo checks that
 * none is, for every style and title length.
 */
const ORNAMENT_ROOM = { side: 1.5, top: 1.25, bottom: 0.8 } as const;

function titleLayer(style: LogoStyle, layout: TitleLayout, glyphs: readonly Glyph[], scale: number, rng: Rng): Layer {
  const pad = (style.pad ?? 0.3) * layout.em;
  const layer = createLayer(boxExpand(glyphBounds(glyphs), pad), scale);
  style.title(new TitleKit(layer, glyphs, layout, rng));
  return layer;
}

function seedOf(key: string, texts: LogoTexts): number {
  return hashString([key, texts.logotext, texts.rightsealtext, texts.bottomsealtext, texts.bottomtext].join('\u0001'));
}

export function buildParts(key: string, style: LogoStyle, input: LogoTexts, scale: number): LogoParts {
  const rng = new Rng(seedOf(key, input));
  const texts = drawableTexts(input);
  const layout = layoutTitle(texts.logotext, style.layout, style.face, rng.fork('layout'));
  const titleRng = rng.fork('title');
  const title = titleLayer(style, layout, layout.glyphs, scale, titleRng);
  const { em, box } = layout;

  const slogan = renderSlogan(
    texts.bottomtext,
    style.slogan,
    { x: 0, y: box.y + box.h + em * (style.sloganGap ?? 0.14), maxWidth: Math.max(520, box.w * 1.05), em },
    scale,
    rng.fork('slogan'),
  );

  const sloganBox = slogan ? slogan.box : null;
  const area = boxExpand(
    sloganBox ? boxUnion(title.box, sloganBox) : title.box,
    em * ORNAMENT_ROOM.side,
    em * ORNAMENT_ROOM.top,
    em * ORNAMENT_ROOM.side,
    em * ORNAMENT_ROOM.bottom,
  );
  const ornaments = (draw: ((kit: OrnamentKit) => void) | undefined, label: string): Layer | null => {
    if (!draw) return null;
    const layer = createLayer(area, scale);
    draw({ ctx: layer.ctx, layer, layout, em, box, slogan: sloganBox, rng: rng.fork(label), scale });
    return layer;
  };
  const back = ornaments(style.back?.bind(style), 'back');
  const front = ornaments(style.front?.bind(style), 'front');

  // The seals' preferred spots: the right one high on the title's right end, the bottom one low on
  // its left end, both overlapping the title a little as stamps on a real logo do. placeSeals moves
  // (or shrinks) a seal from there when an ornament, the slogan or the other seal is in the way.
  const sealH = Math.min(150, Math.max(64, em * 0.52));
  const sealSize = (text: string, factor: number): { h: number; w: number } => {
    const h = (Array.from(text.trim()).length === 2 ? sealH * 1.2 : sealH) * factor;
    return { h, w: Array.from(text.trim()).length === 2 ? h * 0.62 : h };
  };
  const seal = (text: string, label: string, factor: number, at: (size: { h: number; w: number }) => [number, number]): PlacedSeal | null => {
    const size = sealSize(text, factor);
    const [cx, cy] = at(size);
    // A fresh fork each time: the same tilt and wear whatever size is tried.
    const layer = renderSeal(text, cx, cy, size.h, rng.fork(label), scale, style.seal);
    return layer ? { layer, cx, cy } : null;
  };
  const [rox, roy] = style.sealOffset?.right ?? [0, 0];
  const [box0, boy] = style.sealOffset?.bottom ?? [0, 0];
  // Where each seal's centre may go: at its end of the title (within 0.75 em of it, never past the
  // middle, which on a long title would put a seal between two characters), sticking out by at most
  // half a seal and a quarter em. The bottom seal stays in the lower half: higher, it would read as
  // a second right seal.
  const reach = Math.min(em * 0.75, box.w / 2);
  const right = sealSize(texts.rightsealtext, 1);
  const rightOut = right.w / 2 + em * 0.25 + Math.max(0, rox * em);
  const bottom = sealSize(texts.bottomsealtext, 0.7);
  const bottomOut = bottom.w / 2 + em * 0.25 - Math.min(0, box0 * em);
  const requests: Array<SealRequest & { kind: SealPart['kind'] }> = [
    {
      kind: 'right',
      outward: 1,
      region: { x: box.x + box.w - reach, y: box.y, w: reach + rightOut, h: box.h },
      render: (factor) => seal(texts.rightsealtext, 'seal-right', factor, ({ h, w }) => [box.x + box.w + w * 0.2 + rox * em, box.y + h * 0.3 + roy * em]),
    },
    {
      kind: 'bottom',
      outward: -1,
      region: { x: box.x - bottomOut, y: box.y + box.h * 0.45, w: bottomOut + reach, h: box.h * 0.55 + bottom.h * 0.2 },
      render: (factor) =>
        seal(texts.bottomsealtext, 'seal-bottom', factor * 0.7, ({ h, w }) => [box.x - w * 0.1 + box0 * em, box.y + box.h - h * 0.15 + boy * em]),
    },
  ];
  const placed = placeSeals(requests, { back, title, front, slogan, scale, em });
  const seals = requests.flatMap((request, i): SealPart[] => {
    const part = placed[i];
    return part ? [{ kind: request.kind, ...part }] : [];
  });

  return {
    style,
    scale,
    layout,
    back,
    title,
    front,
    slogan,
    seals,
    sprite: (glyph) => titleLayer(style, layout, [glyph], scale, titleRng),
  };
}

/**
 * The square mark: the title's first character alone, large, in the style's own title treatment
 * (its face, fills, outlines, glow), without ornaments, slogan or seals, trimmed to what it drew.
 * Random streams are the logo's own, so the character looks as it does in the logo.
 */
export function buildMark(key: string, style: LogoStyle, input: LogoTexts, scale: number): Layer {
  const rng = new Rng(seedOf(key, input));
  const ch = markCharacter(drawableTexts(input).logotext);
  // One character laid out alone: every layout mode sets a single character on its own line.
  const layout = layoutTitle(ch, { ...style.layout, width: MARK_EM, maxEm: MARK_EM }, style.face, rng.fork('layout'));
  return trimLayer(titleLayer(style, layout, layout.glyphs, scale, rng.fork('title')), trimMargin);
}

/** The mark's character size in design px: an app icon's 1024 px at scale 1 without enlarging. */
export const MARK_EM = 640;

/** Every part drawn in order on one layer, as large as all of them. */
export function stack(parts: LogoParts): Layer {
  const layers = [parts.back, parts.title, parts.front, parts.slogan, ...parts.seals.map((s) => s.layer)].filter((l): l is Layer => l !== null);
  const all = layers.map((l) => l.box).reduce((a: Box, b: Box) => boxUnion(a, b));
  const canvas = createLayer(all, parts.scale);
  for (const layer of layers) drawLayer(canvas.ctx, layer);
  return canvas;
}

/** Every part drawn in order on one layer, trimmed to the artwork. */
export function flatten(parts: LogoParts): Layer {
  return trimLayer(stack(parts), trimMargin);
}
