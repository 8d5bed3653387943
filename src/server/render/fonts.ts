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
  weight: number;
  /** Whether the package ships a latin file (the Chinese display faces' latin glyphs sit in their CJK file). */
  latin: boolean;
}

/** The faces renderers may ask for by name. */
export const FONT_FACES = {
  /** Noto Sans SC Black: heavy modern sans. */
  sansBlack: { pkg: 'noto-sans-sc', weight: 900, latin: true },
  sansBold: { pkg: 'noto-sans-sc', weight: 700, latin: true },
  sans: { pkg: 'noto-sans-sc', weight: 400, latin: true },
  /** Noto Serif SC Black: engraved, classical. */
  serifBlack: { pkg: 'noto-serif-sc', weight: 900, latin: true },
  serifBold: { pkg: 'noto-serif-sc', weight: 700, latin: true },
  /** ZCOOL QingKe HuangYou: blocky display face, the classic game-title look. */
  display: { pkg: 'zcool-qingke-huangyou', weight: 400, latin: true },
  /** ZCOOL KuaiLe: round, playful, cartoon. */
  cartoon: { pkg: 'zcool-kuaile', weight: 400, latin: true },
  /** ZCOOL XiaoWei: elegant serif display. */
  elegant: { pkg: 'zcool-xiaowei', weight: 400, latin: true },
  /** Ma Shan Zheng: regular brush calligraphy. */
  brush: { pkg: 'ma-shan-zheng', weight: 400, latin: true },
  /** Zhi Mang Xing: wild running brush. */
  wildBrush: { pkg: 'zhi-mang-xing', weight: 400, latin: true },
  /** Liu Jian Mao Cao: cursive grass script. */
  cursive: { pkg: 'liu-jian-mao-cao', weight: 400, latin: true },
  /** Long Cang: handwriting. */
  handwriting: { pkg: 'long-cang', weight: 400, latin: true },
} as const satisfies Record<string, FaceSource>;

export type FontFaceName = keyof typeof FONT_FACES;

/**
 * What a brand guide says of each face: its published name and licence (every @fontsource package
 * here declares OFL-1.1 in its package.json; tests/server/render check that they still do).
 */
export const FONT_CREDITS: Readonly<Record<FontFaceName, { family: string; weight: string }>> = {
  sansBlack: { family: 'Noto Sans SC', weight: 'Black 900' },
  sansBold: { family: 'Noto Sans SC', weight: 'Bold 700' },
  sans: { family: 'Noto Sans SC', weight: 'Regular 400' },
  serifBlack: { family: 'Noto Serif SC', weight: 'Black 900' },
  serifBold: { family: 'Noto Serif SC', weight: 'Bold 700' },
  display: { family: 'ZCOOL QingKe HuangYou（站酷庆科黄油体）', weight: 'Regular' },
  cartoon: { family: 'ZCOOL KuaiLe（站酷快乐体）', weight: 'Regular' },
  elegant: { family: 'ZCOOL XiaoWei（站酷小薇体）', weight: 'Regular' },
  brush: { family: 'Ma Shan Zheng（马善政毛笔楷书）', weight: 'Regular' },
  wildBrush: { family: 'Zhi Mang Xing（钟齐志莽行书）', weight: 'Regular' },
  cursive: { family: 'Liu Jian Mao Cao（刘建毛草）', weight: 'Regular' },
  handwriting: { family: 'Long Cang（龙藏体）', weight: 'Regular' },
};

/** The licence every face here is published under. */
export const FONT_LICENCE = 'SIL Open Font License 1.1（可免费商用，可嵌入）';

/** The @fontsource package of a face, for the licence check. */
export const fontPackageOf = (name: FontFaceName): string => FONT_FACES[name].pkg;

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
