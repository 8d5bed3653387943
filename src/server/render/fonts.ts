/**
 * The Chinese fonts every renderer draws with, loaded from @fontsource packages so that no system
 * font is needed. Each face registers its `chinese-simplified` file (which covers the CJK
 * characters the product accepts) and its `latin` file under aliases of its own; `fontStack`
 * lists them with Noto Sans SC after, so a character a display face lacks still renders.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import fs from 'node:fs';
import path from 'node:path';

interface FaceSource {
  /** The @fontsource package name. */
  pkg: string;
  /** The family's published name (brand guides name it). */
  family: string;
  weight: number;
  /** Whether the package ships a latin file (the Chinese display faces' latin glyphs sit in their CJK file). */
  latin: boolean;
}

/** The faces renderers may ask for by name. */
export const FONT_FACES = {
  /** Noto Sans SC Black: heavy modern sans. */
  sansBlack: { pkg: 'noto-sans-sc', family: 'Noto Sans SC', weight: 900, latin: true },
  sansBold: { pkg: 'noto-sans-sc', family: 'Noto Sans SC', weight: 700, latin: true },
  sans: { pkg: 'noto-sans-sc', family: 'Noto Sans SC', weight: 400, latin: true },
  /** Noto Serif SC Black: engraved, classical. */
  serifBlack: { pkg: 'noto-serif-sc', family: 'Noto Serif SC', weight: 900, latin: true },
  serifBold: { pkg: 'noto-serif-sc', family: 'Noto Serif SC', weight: 700, latin: true },
  /** ZCOOL QingKe HuangYou: blocky display face, the classic game-title look. */
  display: { pkg: 'zcool-qingke-huangyou', family: 'ZCOOL QingKe HuangYou（站酷庆科黄油体）', weight: 400, latin: true },
  /** ZCOOL KuaiLe: round, playful, cartoon. */
  cartoon: { pkg: 'zcool-kuaile', family: 'ZCOOL KuaiLe（站酷快乐体）', weight: 400, latin: true },
  /** ZCOOL XiaoWei: elegant serif display. */
  elegant: { pkg: 'zcool-xiaowei', family: 'ZCOOL XiaoWei（站酷小薇体）', weight: 400, latin: true },
  /** Ma Shan Zheng: regular brush calligraphy. */
  brush: { pkg: 'ma-shan-zheng', family: 'Ma Shan Zheng（马善政毛笔楷书）', weight: 400, latin: true },
  /** Zhi Mang Xing: wild running brush. */
  wildBrush: { pkg: 'zhi-mang-xing', family: 'Zhi Mang Xing（钟齐志莽行书）', weight: 400, latin: true },
  /** Liu Jian Mao Cao: cursive grass script. */
  cursive: { pkg: 'liu-jian-mao-cao', family: 'Liu Jian Mao Cao（刘建毛草）', weight: 400, latin: true },
  /** Long Cang: handwriting. */
  handwriting: { pkg: 'long-cang', family: 'Long Cang（龙藏体）', weight: 400, latin: true },
} as const satisfies Record<string, FaceSource>;

export type FontFaceName = keyof typeof FONT_FACES;

const WEIGHT_NAMES: Readonly<Record<number, string>> = { 400: 'Regular', 700: 'Bold 700', 900: 'Black 900' };

/** What a brand guide says of a face: its published name and weight. */
export function fontCredit(name: FontFaceName): { family: string; weight: string } {
  const { family, weight } = FONT_FACES[name];
  return { family, weight: WEIGHT_NAMES[weight] ?? String(weight) };
}

/**
 * The licence every face here is published under: every @fontsource package here declares
 * OFL-1.1 in its package.json (tests/server/render/logo/brandKit.test.ts checks they still do).
 */
export const FONT_LICENCE = 'SIL Open Font License 1.1（可免费商用，可嵌入）';

const FALLBACK: FontFaceName = 'sansBlack';

function filesDir(pkg: string): string {
  return path.join(path.dirname(require.resolve(`@fontsource/${pkg}/package.json`)), 'files');
}

function aliasOf(name: FontFaceName, part: 'cjk' | 'latin'): string {
  return `wpg-${name}-${part}`;
}

const registered = new Set<FontFaceName>();

function register(name: FontFaceName): void {
  if (registered.has(name)) return;
  const { pkg, weight, latin } = FONT_FACES[name] as FaceSource;
  const dir = filesDir(pkg);
  const load = (subset: string, alias: string): void => {
    const file = path.join(dir, `${pkg}-${subset}-${weight}-normal.woff2`);
    if (!GlobalFonts.register(fs.readFileSync(file), alias)) throw new Error(`Could not load the font ${file}`);
  };
  // Latin first in the stack: its Latin glyphs are drawn for Latin letters, the CJK file for the rest.
  if (latin && fs.existsSync(path.join(dir, `${pkg}-latin-${weight}-normal.woff2`))) load('latin', aliasOf(name, 'latin'));
  load('chinese-simplified', aliasOf(name, 'cjk'));
  registered.add(name);
}

/**
 * The CSS font shorthand for `ctx.font`: `font(‘brush’, 120)` -> `120px "wpg-brush-latin", ...`.
 * Registers the face on first use in this thread.
 */
export function font(name: FontFaceName, sizePx: number): string {
  register(name);
  register(FALLBACK);
  const families = [aliasOf(name, 'latin'), aliasOf(name, 'cjk'), aliasOf(FALLBACK, 'latin'), aliasOf(FALLBACK, 'cjk')];
  return `${Math.round(sizePx * 100) / 100}px ${families.map((family) => `"${family}"`).join(', ')}`;
}
