/**
 * The display face of a site, cut down to exactly the characters the page sets in it. Each face's
 * @fontsource `chinese-simplified` file (some 6,000 to 8,000 characters, Latin included) is the
 * source; a rarer character it lacks is taken from the numbered file whose unicode-range holds
 * it. Each source that gives characters becomes one small woff2 holding those characters and no
 * other (HarfBuzz's subsetter), with an @font-face whose unicode-range lists them: a page usually
 * ships one file of 5-30 KB where whole slices of the face once came to several hundred.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fontverter from 'fontverter';
import subsetFont from 'subset-font';
import { DISPLAY_FACES, type DisplayFace } from './design';
import { fontCharacters } from './fontCharacters';

export interface FontFile {
  /** Name in the site's fonts folder: the face and a hash of its characters. */
  name: string;
  data: Buffer;
  /** The characters it holds, as an @font-face unicode-range. */
  unicodeRange: string;
}

/** The family name the stylesheet gives the face (a name of our own, so no installed font shadows it). */
export const SITE_DISPLAY_FAMILY = 'site-display';

type Range = [number, number];

function parseRanges(text: string): Range[] {
  return text.split(',').map((part) => {
    const [start, end] = part.trim().replace(/^U\+/i, '').split('-');
    const low = Number.parseInt(start, 16);
    return [low, end ? Number.parseInt(end, 16) : low];
  });
}

function packageDir(pkg: string): string {
  return path.dirname(require.resolve(`@fontsource/${pkg}/package.json`));
}

/** The numbered slices of a face's package, with their ranges, in the package's order. */
const slicesCache = new Map<string, Array<{ key: string; ranges: Range[] }>>();
function slicesOf(pkg: string): Array<{ key: string; ranges: Range[] }> {
  let slices = slicesCache.get(pkg);
  if (!slices) {
    const table = JSON.parse(fs.readFileSync(path.join(packageDir(pkg), 'unicode.json'), 'utf8')) as Record<string, string>;
    slices = Object.entries(table)
      .filter(([key]) => /^\[\d+\]$/.test(key))
      .map(([key, range]) => ({ key: key.slice(1, -1), ranges: parseRanges(range) }));
    slicesCache.set(pkg, slices);
  }
  return slices;
}

interface Source {
  sfnt: Buffer;
  chars: Set<number>;
}

/** Decoded sources, kept: decoding a face's 2 MB woff2 takes 25-180 ms and every render of its sites needs it. */
const sources = new Map<string, Promise<Source>>();
function source(file: string): Promise<Source> {
  let found = sources.get(file);
  if (!found) {
    found = fs.promises
      .readFile(file)
      .then((woff2) => fontverter.convert(woff2, 'sfnt'))
      // A copy: the converter's answer may be a view of its WebAssembly memory, which its next call reuses.
      .then((view) => Buffer.from(view))
      .then((sfnt) => ({ sfnt, chars: fontCharacters(sfnt) }));
    sources.set(file, found);
    found.catch(() => sources.delete(file));
  }
  return found;
}

/**
 * Subsets made lately, by source file and characters: a builder preview renders again after every
 * save, and most saves leave the text set in the display face as it was, so its subset (HarfBuzz
 * and a woff2 compression, ~40 % of a render) is the one made before. Small files, a few dozen kept.
 */
const SUBSETS_KEPT = 48;
const subsets = new Map<string, Promise<Buffer>>();
function subsetOf(file: string, sfnt: Buffer, codes: readonly number[]): Promise<Buffer> {
  const key = `${file}:${codes.join(',')}`;
  let found = subsets.get(key);
  if (found) subsets.delete(key);
  else {
    found = subsetFont(sfnt, String.fromCodePoint(...codes), { targetFormat: 'woff2' }).then((data) => Buffer.from(data));
    found.catch(() => subsets.delete(key));
  }
  // Re-inserted, so the Map's order is the order of last use and its first key the one to drop.
  subsets.set(key, found);
  if (subsets.size > SUBSETS_KEPT) subsets.delete(subsets.keys().next().value!);
  return found;
}

/** `codes` as a short unicode-range: runs of neighbours joined. */
export function unicodeRangeOf(codes: readonly number[]): string {
  const sorted = [...codes].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j += 1;
    const hex = (code: number): string => code.toString(16).toUpperCase();
    parts.push(j > i ? `U+${hex(sorted[i])}-${hex(sorted[j])}` : `U+${hex(sorted[i])}`);
    i = j;
  }
  return parts.join(',');
}

/** The face's files for `chars`, each holding only the characters of `chars` it draws; [] when the page sets nothing in it. */
export async function displayFontFiles(face: DisplayFace, chars: Iterable<string>): Promise<FontFile[]> {
  const { pkg, weight } = DISPLAY_FACES[face];
  let wanted = [...new Set(Array.from(chars, (char) => char.codePointAt(0) ?? 0))].filter((code) => code > 0x20).sort((a, b) => a - b);
  const dir = path.join(packageDir(pkg), 'files');
  const fileOf = (slice: string): string => path.join(dir, `${pkg}-${slice}-${weight}-normal.woff2`);
  const candidates = [fileOf('chinese-simplified'), ...slicesOf(pkg).map((slice) => ({ slice, file: fileOf(slice.key) }))];
  const files: FontFile[] = [];
  for (const candidate of candidates) {
    if (!wanted.length) break;
    const file = typeof candidate === 'string' ? candidate : candidate.file;
    // A numbered slice is opened only for a character its range names.
    if (typeof candidate !== 'string' && !wanted.some((code) => candidate.slice.ranges.some(([low, high]) => code >= low && code <= high))) continue;
    if (!fs.existsSync(file)) continue;
    const { sfnt, chars: drawn } = await source(file);
    const taken = wanted.filter((code) => drawn.has(code));
    if (!taken.length) continue;
    wanted = wanted.filter((code) => !drawn.has(code));
    const data = await subsetOf(file, sfnt, taken);
    const hash = crypto.createHash('sha256').update(`${pkg}-${weight}:${taken.join(',')}`).digest('hex').slice(0, 12);
    files.push({ name: `${pkg}-${weight}-${hash}.woff2`, data, unicodeRange: unicodeRangeOf(taken) });
  }
  return files;
}

/**
 * @font-face rules for `files`, kept under `relativeDir` (relative to the page). `swap`: the text
 * shows at once in the fallback face and takes the display face when its small file arrives, so
 * the font never holds up the first paint.
 */
export function fontFaceCss(files: readonly FontFile[], relativeDir: string): string {
  return files
    .map(
      (file) =>
        `@font-face{font-family:"${SITE_DISPLAY_FAMILY}";font-style:normal;font-weight:400;font-display:swap;src:url("${relativeDir}/${file.name}") format("woff2");unicode-range:${file.unicodeRange}}`,
    )
    .join('\n');
}
