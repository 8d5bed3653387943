/**
 * The display face of a site, cut down to what the page sets in it. @fontsource splits each face
 * into files by unicode-range (about a hundred for the Chinese faces, 30-60 KB each); the site
 * gets the files whose range holds at least one character the page draws in the face, and an
 * @font-face per file with the same range, so a browser loads only what it needs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DISPLAY_FACES, type DisplayFace } from './design';

export interface FontFile {
  /** Absolute path of the woff2 in node_modules. */
  from: string;
  /** Name in the site's fonts folder. */
  name: string;
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

interface Subset {
  key: string;
  ranges: Range[];
  unicodeRange: string;
}

const subsetCache = new Map<string, Subset[]>();

function packageDir(pkg: string): string {
  return path.dirname(require.resolve(`@fontsource/${pkg}/package.json`));
}

function subsetsOf(pkg: string): Subset[] {
  let subsets = subsetCache.get(pkg);
  if (!subsets) {
    const table = JSON.parse(fs.readFileSync(path.join(packageDir(pkg), 'unicode.json'), 'utf8')) as Record<string, string>;
    subsets = Object.entries(table).map(([key, unicodeRange]) => ({ key: key.replace(/^\[(\d+)\]$/, '$1'), ranges: parseRanges(unicodeRange), unicodeRange }));
    subsetCache.set(pkg, subsets);
  }
  return subsets;
}

/** The face's files that cover `chars`, in the package's order (a stable stylesheet for the same text). */
export function displayFontFiles(face: DisplayFace, chars: Iterable<string>): FontFile[] {
  const { pkg, weight } = DISPLAY_FACES[face];
  const codes = [...new Set(Array.from(chars, (char) => char.codePointAt(0) ?? 0))].filter((code) => code > 0x20);
  const dir = path.join(packageDir(pkg), 'files');
  return subsetsOf(pkg)
    .filter((subset) => codes.some((code) => subset.ranges.some(([low, high]) => code >= low && code <= high)))
    .map((subset) => {
      const name = `${pkg}-${subset.key}-${weight}-normal.woff2`;
      return { from: path.join(dir, name), name, unicodeRange: subset.unicodeRange };
    })
    .filter((file) => fs.existsSync(file.from));
}

/** @font-face rules for `files`, which the site keeps under `fontsDir` (relative to the stylesheet). */
export function fontFaceCss(files: readonly FontFile[], relativeDir: string): string {
  return files
    .map(
      (file) =>
        `@font-face{font-family:"${SITE_DISPLAY_FAMILY}";font-style:normal;font-weight:400;font-display:swap;src:url("${relativeDir}/${file.name}") format("woff2");unicode-range:${file.unicodeRange}}`,
    )
    .join('\n');
}
