/**
 * Builds a logo's parts (ornaments behind, title, ornaments in front, slogan, seals) for a style and
 * texts, and flattens them into the trimmed still. The animation reuses the same parts, so its last
 * frame is the still.
 */
import type { LogoTexts } from '../../../contract/generation';
import { drawableTexts } from './drawable';
import { glyphBounds, layoutTitle, type Glyph, type TitleLayout } from './layout';
import { hashString, Rng } from './prng';
import { renderSeal } from './seal';
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

  const seals: SealPart[] = [];
  const sealH = Math.min(150, Math.max(64, em * 0.52));
  const rightChars = Array.from(texts.rightsealtext.trim()).length;
  const rightH = rightChars === 2 ? sealH * 1.2 : sealH;
  const rightW = rightChars === 2 ? rightH * 0.62 : rightH;
  const [rox, roy] = style.sealOffset?.right ?? [0, 0];
  const rcx = box.x + box.w + rightW * 0.2 + rox * em;
  const rcy = box.y + rightH * 0.3 + roy * em;
  const right = renderSeal(texts.rightsealtext, rcx, rcy, rightH, rng.fork('seal-right'), scale, style.seal);
  if (right) seals.push({ kind: 'right', layer: right, cx: rcx, cy: rcy });
  const bottomChars = Array.from(texts.bottomsealtext.trim()).length;
  const bottomH = (bottomChars === 2 ? sealH * 1.2 : sealH) * 0.7;
  const bottomW = bottomChars === 2 ? bottomH * 0.62 : bottomH;
  const [box0, boy] = style.sealOffset?.bottom ?? [0, 0];
  const bcx = box.x - bottomW * 0.1 + box0 * em;
  const bcy = box.y + box.h - bottomH * 0.15 + boy * em;
  const bottom = renderSeal(texts.bottomsealtext, bcx, bcy, bottomH, rng.fork('seal-bottom'), scale, style.seal);
  if (bottom) seals.push({ kind: 'bottom', layer: bottom, cx: bcx, cy: bcy });

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

  return {
    style,
    scale,
    layout,
    back: ornaments(style.back?.bind(style), 'back'),
    title,
    front: ornaments(style.front?.bind(style), 'front'),
    slogan,
    seals,
    sprite: (glyph) => titleLayer(style, layout, [glyph], scale, titleRng),
  };
}

/** Every part drawn in order on one layer, trimmed to the artwork. */
export function flatten(parts: LogoParts): Layer {
  const layers = [parts.back, parts.title, parts.front, parts.slogan, ...parts.seals.map((s) => s.layer)].filter((l): l is Layer => l !== null);
  const all = layers.map((l) => l.box).reduce((a: Box, b: Box) => boxUnion(a, b));
  const canvas = createLayer(all, parts.scale);
  for (const layer of layers) drawLayer(canvas.ctx, layer);
  return trimLayer(canvas, trimMargin);
}
