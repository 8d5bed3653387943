/**
 * How a site template looks: a layout family (the page's structure), a theme (colours, display
 * face, background motif) and the variants of its sections. Plain data, so that the catalogue can
 * be loaded by the API without React; templates/ turns it into a page.
 */

/**
 * The page structures:
 * - classic: the MMO official site: top nav over a full-bleed hero, a download panel overlapping it.
 * - scroll: a fixed side navigation with vertical text, a hero with a vertical slogan, ink and paper.
 * - split: a solid command bar and a split hero (texts and downloads beside a framed video).
 * - cartoon: rounded and bouncy: a floating pill nav, the video in a framed screen, wavy sections.
 * - hud: sci-fi: clipped corners, HUD brackets and scan lines, numbered nav, a mission timeline.
 * - anime: a light magazine: a diagonal hero, a large character showcase, a dated timeline.
 */
export const LAYOUT_FAMILIES = ['classic', 'scroll', 'split', 'cartoon', 'hud', 'anime'] as const;
export type LayoutFamily = (typeof LAYOUT_FAMILIES)[number];

export type NewsStyle = 'list' | 'cards' | 'timeline';
export type FeatureStyle = 'rows' | 'cards' | 'timeline';
export type GalleryStyle = 'grid' | 'strip' | 'mosaic';
export type RoleStyle = 'cards' | 'showcase';

/** The @fontsource display faces a theme may use for titles (src/server/render/fonts.ts names the same packages). */
export const DISPLAY_FACES = {
  blocky: { pkg: 'zcool-qingke-huangyou', family: 'ZCOOL QingKe HuangYou', weight: 400 },
  round: { pkg: 'zcool-kuaile', family: 'ZCOOL KuaiLe', weight: 400 },
  elegant: { pkg: 'zcool-xiaowei', family: 'ZCOOL XiaoWei', weight: 400 },
  brush: { pkg: 'ma-shan-zheng', family: 'Ma Shan Zheng', weight: 400 },
  wildBrush: { pkg: 'zhi-mang-xing', family: 'Zhi Mang Xing', weight: 400 },
  serif: { pkg: 'noto-serif-sc', family: 'Noto Serif SC', weight: 900 },
  sans: { pkg: 'noto-sans-sc', family: 'Noto Sans SC', weight: 900 },
} as const;
export type DisplayFace = keyof typeof DISPLAY_FACES;

/**
 * Background textures drawn with CSS gradients only (no picture files):
 * paper = rice paper fibres, grid = map grid, dots = polka dots, hex = honeycomb lines,
 * stars = a star field, clouds = auspicious cloud rings, stripes = diagonal hazard stripes,
 * scan = HUD scan lines, petals = scattered soft petals.
 */
export type Motif = 'paper' | 'grid' | 'dots' | 'hex' | 'stars' | 'clouds' | 'stripes' | 'scan' | 'petals';

export interface Theme {
  key: string;
  /** Dark themes put light text on dark surfaces. */
  dark: boolean;
  /** Page background, second background (alternate sections), cards. */
  bg: string;
  bg2: string;
  surface: string;
  text: string;
  muted: string;
  /** Buttons, highlights, tags. */
  accent: string;
  /** Gradients' second colour, ornaments. */
  accent2: string;
  /** Text on the accent colour. */
  onAccent: string;
  line: string;
  /** Corner radius of cards and buttons in px (0 = square, cut corners in the hud family). */
  radius: number;
  display: DisplayFace;
  motif: Motif;
}

export interface SiteDesign {
  family: LayoutFamily;
  theme: Theme;
  /** Where the hero's logo and slogan sit. */
  heroAlign: 'center' | 'left' | 'right';
  news: NewsStyle;
  features: FeatureStyle;
  gallery: GalleryStyle;
  /** null: the template has no character section. */
  roles: RoleStyle | null;
}
