/**
 * The pictures of a generated site as a phone should fetch them: every logo, poster and upload
 * becomes WebP files at a ladder of widths (never wider than the source), for `srcset`, so a
 * browser takes the smallest that fills the place the page gives it. The page keeps the source's
 * own width and height on the <img>, so its layout is what it was with the original file, and
 * Lighthouse sees every picture sized (the WebP files carry no metadata). SVG and GIF (drawings
 * that scale, animations) are copied as they are, a GIF without its metadata. Shared by the mini
 * site and the builder's sites.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MiniSiteLimits } from '../../../contract/miniSite';
import { pictureHeader } from '../picture';
import { PictureRefusedError } from '../pictureRefused';
import { EncodedPictures } from './encodedPictures';
import { writeWithoutMetadata } from '../pictureMetadata';

/** What an <img> of the page needs: a fallback src, the srcset and the source's size; and the largest file, for a link that opens it. */
export interface WebPicture {
  src: string;
  srcSet: string;
  full: string;
  width: number;
  height: number;
}

/** Site path of the planned copy (as the page names it) -> its WebP set; a path not in it is a plain file. */
export type PictureSet = ReadonlyMap<string, WebPicture>;

export const NO_PICTURES: PictureSet = new Map();

/** A file to put in the site: `from` on this server, `to` relative to the site folder. */
export interface PictureCopy {
  from: string;
  to: string;
}

/** Widths in pixels: a phone's logo (160 at 2x) up to a full-HD screen. */
const LADDER = [160, 320, 640, 960, 1280, 1920] as const;

/**
 * The widest size worth writing for each use: a first screen's picture fills a full-HD screen; a
 * picture in a column or card is at most some 600 CSS px wide (1280 at 2x); a logo at most 460; the
 * phone cut's poster fills a phone held upright (1080, its own width).
 * Each step left out saves encoding time (a 1920 WebP costs as much as all smaller ones together).
 */
export const WIDEST = { screen: 1920, column: 1280, logo: 960, portraitScreen: 1080 } as const;
/** The `src` for a browser that ignores srcset: sharp enough for a laptop, small for a phone. */
const FALLBACK_WIDTH = 960;
/**
 * Photo-like pictures at 74 look like their JPEG at 90. A logo's alpha (glows, soft shadows) at 70
 * differs from 90 by a third of a level on average over black or white, invisible even enlarged,
 * and takes a third off the file: the logo is often the first screen's largest picture on a phone.
 */
const WEBP = { quality: 74, alphaQuality: 70, effort: 4 } as const;

/** Sizes encoded by earlier renders of this thread. */
const encoded = new EncodedPictures();

const CONVERTED = new Set(['.png', '.jpg', '.jpeg', '.webp', '.bmp', '.img']);

/** Converted, or (drawings that scale, animations) copied as they are. */
const PICTURES = new Set([...CONVERTED, '.gif', '.svg']);

export function isPicture(to: string): boolean {
  return PICTURES.has(path.extname(to).toLowerCase());
}

interface Variant {
  width: number;
  to: string;
}

function variantsOf(to: string, sourceWidth: number, widest: number): Variant[] {
  const base = to.slice(0, to.length - path.extname(to).length);
  const top = Math.min(sourceWidth, widest);
  const widths = [...LADDER.filter((width) => width < top * 0.9), top];
  return widths.map((width) => ({ width, to: `${base}-${width}.webp` }));
}

/** The source's size as shown (EXIF orientation applied); pictures past the upload limit are refused. */
async function measure(from: string): Promise<{ width: number; height: number }> {
  const meta = await pictureHeader(from, path.basename(from));
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw new PictureRefusedError('unreadable', { cause: new Error(`The ${path.basename(from)}: no size`) });
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: height, height: width } : { width, height };
}

/**
 * Writes each picture of `copies` into `outDir` (WebP sizes up to `widest` of it, or the file
 * itself for SVG and GIF) and answers the page's view of them and the files written. One picture
 * named by several places is written once.
 */
export async function writeWebPictures(
  copies: readonly PictureCopy[],
  outDir: string,
  widest: (copy: PictureCopy) => number = () => WIDEST.column,
): Promise<{ pictures: PictureSet; files: string[] }> {
  const pictures = new Map<string, WebPicture>();
  const files: string[] = [];
  for (const { from, to } of copies) {
    if (pictures.has(to)) continue;
    const size = await measure(from);
    const target = path.join(outDir, to);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    if (!CONVERTED.has(path.extname(to).toLowerCase())) {
      // A GIF's metadata went when it was uploaded; an upload older than that loses it here.
      if (path.extname(to).toLowerCase() === '.gif') {
        if (!(await writeWithoutMetadata(from, target, 'gif'))) throw new PictureRefusedError('unreadable', { cause: new Error(`The ${path.basename(from)}: not a GIF that walks`) });
      } else await fs.promises.copyFile(from, target);
      files.push(to);
      pictures.set(to, { src: to, srcSet: '', full: to, ...size });
      continue;
    }
    const variants = variantsOf(to, size.width, widest({ from, to }));
    const bytes = await fs.promises.readFile(from);
    const digest = EncodedPictures.digest(bytes);
    const source = sharp(bytes, { limitInputPixels: MiniSiteLimits.uploadMaxPixels, failOn: 'none' }).autoOrient();
    const encode = async (width: number): Promise<Buffer> => {
      const done = encoded.get(digest, width);
      if (done) return done;
      const fresh = await source.clone().resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer();
      encoded.set(digest, width, fresh);
      return fresh;
    };
    await Promise.all(variants.map(async (variant) => fs.promises.writeFile(path.join(outDir, variant.to), await encode(variant.width))));
    files.push(...variants.map((variant) => variant.to));
    const fallback = [...variants].reverse().find((variant) => variant.width <= FALLBACK_WIDTH) ?? variants[0];
    const srcSet = variants.map((variant) => `${variant.to} ${variant.width}w`).join(', ');
    pictures.set(to, { src: fallback.to, srcSet, full: variants[variants.length - 1].to, ...size });
  }
  return { pictures, files };
}
