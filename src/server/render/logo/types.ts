/** What a logo style is: its face, layout, title treatment, ornaments, slogan, motion and mood. */
import type { FontFaceName } from '../fonts';
import type { LayoutSpec, TitleLayout } from './layout';
import type { Rng } from './prng';
import type { SealStyle } from './seal';
import type { SloganStyle } from './slogan';
import type { Box, Ctx, Layer } from './surface';
import type { TitleKit } from './titleKit';

/** Where ornaments are drawn: a layer around the title, with the title's geometry to hang them on. */
export interface OrnamentKit {
  ctx: Ctx;
  layer: Layer;
  layout: TitleLayout;
  /** The size of an ordinary title character. */
  em: number;
  /** The title's em-box bounds (centred on 0, 0). */
  box: Box;
  /** The slogan's bounds, when there is one. */
  slogan: Box | null;
  rng: Rng;
  scale: number;
}

/** How the characters arrive in the animated logo. */
export type Entrance = 'drop' | 'zoom' | 'pop' | 'rise' | 'slide' | 'ink' | 'flicker' | 'steps' | 'spin' | 'slam';

export interface LogoStyle {
  face: FontFaceName;
  layout: LayoutSpec;
  /** Room the title's effects need around the em boxes, as a fraction of the em. */
  pad?: number;
  /** Space between title and slogan, as a fraction of the em (drips and icicles need more). */
  sloganGap?: number;
  /** Draws the title (or, for animation sprites, some of its characters) into `kit.layer`. */
  title(kit: TitleKit): void;
  /** Ornaments behind the title. */
  back?(kit: OrnamentKit): void;
  /** Ornaments in front of the title. */
  front?(kit: OrnamentKit): void;
  slogan: SloganStyle;
  seal?: SealStyle;
  /** Moves the seals by fractions of the em, when the ornaments need the default spots. */
  sealOffset?: { right?: readonly [number, number]; bottom?: readonly [number, number] };
  entrance: Entrance;
  /** Colour (RGB) of the light sweep across the letters; white when absent. */
  sweep?: readonly [number, number, number];
  /** The scene behind the logo in gallery pictures. */
  backdrop(ctx: Ctx, width: number, height: number, rng: Rng): void;
}
