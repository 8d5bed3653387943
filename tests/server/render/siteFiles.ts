/** Readers of a generated site's files and pictures, shared by the mini-site and builder tests. */
import { createCanvas } from '@napi-rs/canvas';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { cssUrls, inlineStyles, srcsetEntries, tags } from './site/siteHtml';

/** Every file under `dir`, relative, with forward slashes. */
export function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(path.join(dir, entry.name), relative) : [relative];
  });
}

/** The pixel size a WebP file declares (lossy VP8, lossless VP8L or extended VP8X); throws for anything else. */
export function webpSize(file: Buffer): { width: number; height: number } {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP') throw new Error('not a WebP file');
  const chunk = file.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + file.readUIntLE(24, 3), height: 1 + file.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = file.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
}

/** Writes a small real picture (a gold block, on a dark ground unless transparent) into `dir`; answers its path. */
export async function writeSamplePicture(dir: string, name: string, size: { width: number; height: number }, options: { format: 'png' | 'jpeg'; transparent: boolean }): Promise<string> {
  const { width, height } = size;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!options.transparent) {
    ctx.fillStyle = '#203040';
    ctx.fillRect(0, 0, width, height);
  }
  ctx.fillStyle = '#e0b050';
  ctx.fillRect(width * 0.1, height * 0.2, width * 0.8, height * 0.6);
  const file = path.join(dir, name);
  fs.writeFileSync(file, options.format === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', 80));
  return file;
}

/** The widest a picture's fallback `src` may be; every picture has a size at least this wide (or its own width). */
const FALLBACK_WIDEST = 960;

/**
 * What is wrong with the <img>s of the page in `dir`, as the WebP pictures promise them: each
 * carries its source's width and height; a picture with a srcset gives `sizes` and candidates
 * `<name>-<width>.webp <width>w`, each a WebP file of that width in the source's proportions, the
 * widest at least 960 px or the picture's own width, its `src` is the widest candidate of at
 * most 960 px, and its style gives its source's width and shape (`--w`, `--ar`). A picture without a srcset is one copied as it is (SVG, GIF) or a
 * QR code the renderer drew. [] when all is well.
 */
export function pictureProblems(dir: string, html: string): string[] {
  const problems: string[] = [];
  for (const img of tags(html).filter((tag) => tag.name === 'img' && !tag.closing)) {
    const { src = '', srcset, sizes } = img.attributes;
    const width = Number(img.attributes.width);
    const height = Number(img.attributes.height);
    const problem = (text: string): void => {
      problems.push(`${src}: ${text}`);
    };
    if (!(Number.isInteger(width) && width > 0 && Number.isInteger(height) && height > 0)) problem(`no size (${img.attributes.width} x ${img.attributes.height})`);
    if (srcset === undefined) {
      if (!/\.(svg|gif)$/i.test(src) && !/^assets\/qr-[\w-]+\.png$/.test(src)) problem('a picture with no WebP sizes');
      continue;
    }
    if (!sizes) problem('a srcset with no sizes');
    const candidates = srcsetEntries(srcset).map(({ url, descriptor }) => ({ url, descriptor, width: Number(/^(\d+)w$/.exec(descriptor)?.[1] ?? NaN) }));
    for (const candidate of candidates) {
      if (!candidate.width) {
        problem(`candidate ${candidate.url} has the descriptor '${candidate.descriptor}'`);
        continue;
      }
      if (!candidate.url.endsWith(`-${candidate.width}.webp`)) problem(`candidate ${candidate.url} is not named for its width ${candidate.width}`);
      const file = path.join(dir, candidate.url);
      if (!fs.existsSync(file)) {
        problem(`candidate ${candidate.url} is missing`);
        continue;
      }
      const size = webpSize(fs.readFileSync(file));
      if (size.width !== candidate.width) problem(`candidate ${candidate.url} is ${size.width} wide`);
      if (Math.abs(size.height - (size.width * height) / width) > 1) problem(`candidate ${candidate.url} is ${size.width}x${size.height}, not in the proportions of ${width}x${height}`);
    }
    const widths = candidates.map((candidate) => candidate.width);
    if (!candidates.length || widths.join() !== [...new Set(widths)].sort((a, b) => a - b).join()) problem(`candidate widths ${widths.join()} are not distinct and rising`);
    // The widest covers the fallback's width, or the picture's own (a QR code's place is smaller than its picture).
    if (Math.max(...widths) < Math.min(width, FALLBACK_WIDEST)) problem(`the widest candidate is ${Math.max(...widths)} px for a picture ${width} wide`);
    const fallback = candidates.filter((candidate) => candidate.width <= FALLBACK_WIDEST).pop() ?? candidates[0];
    if (src !== fallback?.url) problem(`src is not the widest candidate of at most ${FALLBACK_WIDEST} px (${fallback?.url})`);
    // The picture's own width and shape for its CSS (--w, --ar): the source's, which its widest size shows.
    const own = /^--w:(\d+)px;--ar:(\d+\.\d{4})$/.exec(img.attributes.style ?? '');
    const widest = candidates[candidates.length - 1];
    if (!own) problem(`style '${img.attributes.style}' does not give the picture's own size`);
    else if (widest && fs.existsSync(path.join(dir, widest.url))) {
      const size = webpSize(fs.readFileSync(path.join(dir, widest.url)));
      if (Number(own[1]) < size.width || Math.abs(Number(own[2]) - size.width / size.height) > 0.01 * Number(own[2])) problem(`style '${img.attributes.style}' is not the size of ${widest.url} (${size.width}x${size.height}) or its source`);
    }
  }
  return problems;
}

/**
 * What is wrong with the display face of the page in `dir`: the inline stylesheet's url()s name
 * exactly the woff2 files of assets/fonts (relative to the page, with nothing else in that
 * folder), each a real woff2.
 */
export function fontProblems(dir: string, html: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  const named = cssUrls(inlineStyles(html).join('\n')).sort();
  const written = files.filter((file) => file.startsWith('assets/fonts/')).sort();
  if (named.join() !== written.join()) problems.push(`the stylesheet names ${named.join(', ')}; the folder holds ${written.join(', ')}`);
  for (const font of written) {
    if (!/^assets\/fonts\/[a-z0-9-]+-\d{3}-[0-9a-f]{12}\.woff2$/.test(font)) problems.push(`${font}: not a display face subset's name`);
    if (fs.readFileSync(path.join(dir, font)).toString('latin1', 0, 4) !== 'wOF2') problems.push(`${font}: not a woff2 file`);
  }
  return problems;
}

/**
 * What is wrong with the compressed copies in `dir`: `expected` (index.html, assets/site.js) each
 * have a .br and a .gz beside them, and every copy unpacks to its file's bytes.
 */
export function compressedCopyProblems(dir: string, files: readonly string[], expected: readonly string[]): string[] {
  const problems: string[] = [];
  for (const name of expected) for (const ext of ['.br', '.gz']) if (!files.includes(name + ext)) problems.push(`no ${name}${ext}`);
  for (const name of files) {
    const ext = path.extname(name);
    if (ext !== '.br' && ext !== '.gz') continue;
    const original = name.slice(0, -ext.length);
    const packed = fs.readFileSync(path.join(dir, name));
    const unpacked = ext === '.br' ? zlib.brotliDecompressSync(packed) : zlib.gunzipSync(packed);
    if (!files.includes(original) || !unpacked.equals(fs.readFileSync(path.join(dir, original)))) problems.push(`${name} does not unpack to ${original}`);
  }
  return problems;
}

/** Each picture as 32x32 pixels over grey: enough to tell one sample from another, whatever the format or size. */
async function thumbnail(picture: string | Buffer): Promise<Buffer> {
  return sharp(picture).flatten({ background: '#808080' }).resize(32, 32, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

/**
 * Whether two pictures show the same thing in the same proportions (a WebP size of a PNG, say):
 * their 32x32 thumbnails differ by less than 6 levels a channel on average. (The WebP sizes of one
 * picture differ by under 3; two of the builder's different sample pictures by 13 or more.)
 */
export async function samePicture(a: string | Buffer, b: string | Buffer): Promise<boolean> {
  const [sizeA, sizeB] = await Promise.all([sharp(a).metadata(), sharp(b).metadata()]);
  if (!sizeA.width || !sizeA.height || !sizeB.width || !sizeB.height) return false;
  if (Math.abs(sizeA.width / sizeA.height - sizeB.width / sizeB.height) > 0.02) return false;
  const [x, y] = await Promise.all([thumbnail(a), thumbnail(b)]);
  let difference = 0;
  for (let i = 0; i < x.length; i += 1) difference += Math.abs(x[i] - y[i]);
  return difference / x.length < 6;
}
