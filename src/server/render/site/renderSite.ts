/**
 * The static-site renderer (DESIGN.md section 7, "Sites"): a template and the user's texts, files
 * and generated logo and banner in, a self-contained folder out. Every reference in it is
 * relative (assets/...), so the folder works from a zip opened on disk, with no server.
 */
import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import fs from 'node:fs';
import path from 'node:path';
import { qrPng } from '../../qrImage';
import { findSiteDesign, findSiteTemplate } from './catalog';
import { ASSET_NAMES, planSite, type SiteCopy } from './content';
import { renderSitePage } from './page';
import { SITE_SCRIPT } from './siteScript';
import type { SiteRenderInput, SiteRenderResult } from './types';

const FAVICON_SIZE = 64;
const SHARE_SIZE = { width: 1200, height: 630 };
const QR_SIZE = 360;

/** `image` scaled to fit inside a box of `width` x `height`, centred on (cx, cy). */
function containRect(image: Image, cx: number, cy: number, width: number, height: number): [number, number, number, number] {
  const scale = Math.min(width / image.width, height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  return [cx - w / 2, cy - h / 2, w, h];
}

async function decode(file: string, what: string): Promise<Image> {
  try {
    const image = await loadImage(await fs.promises.readFile(file));
    if (!image.width || !image.height) throw new Error('empty image');
    return image;
  } catch (cause) {
    throw new Error(`The ${what} (${path.basename(file)}) could not be decoded`, { cause });
  }
}

/** The logo, whole, on a transparent square: the browser tab's icon. */
function favicon(logo: Image): Promise<Buffer> {
  const canvas = createCanvas(FAVICON_SIZE, FAVICON_SIZE);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(logo, ...containRect(logo, FAVICON_SIZE / 2, FAVICON_SIZE / 2, FAVICON_SIZE - 2, FAVICON_SIZE - 2));
  return canvas.encode('png');
}

/**
 * The share picture: the banner's poster, softened and darkened towards the edges, with the logo
 * sharp in the middle. Softening keeps the PNG small (a sharp photo-like PNG is several times
 * larger) and lets the logo stand out in a chat's small preview.
 */
function sharePicture(logo: Image, poster: Image): Promise<Buffer> {
  const { width, height } = SHARE_SIZE;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const cover = Math.max(width / poster.width, height / poster.height);
  ctx.filter = 'blur(18px)';
  // Drawn a little larger than the frame so the blur does not fade in from the edges.
  const w = poster.width * cover * 1.08;
  const h = poster.height * cover * 1.08;
  ctx.drawImage(poster, (width - w) / 2, (height - h) / 2, w, h);
  ctx.filter = 'none';
  const shade = ctx.createRadialGradient(width / 2, height / 2, height * 0.2, width / 2, height / 2, width * 0.7);
  shade.addColorStop(0, 'rgba(0,0,0,0.35)');
  shade.addColorStop(1, 'rgba(0,0,0,0.8)');
  ctx.fillStyle = shade;
  ctx.fillRect(0, 0, width, height);
  ctx.shadowColor = 'rgba(0,0,0,0.6)';
  ctx.shadowBlur = 30;
  ctx.drawImage(logo, ...containRect(logo, width / 2, height / 2, width * 0.72, height * 0.72));
  return canvas.encode('png');
}

async function copyInto(outDir: string, copies: readonly SiteCopy[]): Promise<void> {
  for (const { from, to } of copies) {
    await fs.promises.copyFile(from, path.join(outDir, to));
  }
}

export async function renderSite(input: SiteRenderInput, outDir: string): Promise<SiteRenderResult> {
  const template = findSiteTemplate(input.templateId);
  const design = findSiteDesign(input.templateId);
  if (!template || !design) throw new Error(`Unknown site template ${input.templateId}`);
  const plan = planSite(template, input);
  const page = renderSitePage(plan.content, design);
  const [logo, poster] = await Promise.all([decode(input.logo.path, 'logo'), decode(input.bannerPoster.path, 'banner poster')]);

  const fontCopies = page.fonts.map((font) => ({ from: font.from, to: `${ASSET_NAMES.fontsDir}/${font.name}` }));
  const copies = [...plan.copies, ...fontCopies];
  const written = new Set<string>();
  const dirs = new Set([...copies.map((entry) => path.dirname(entry.to)), path.dirname(ASSET_NAMES.css)]);
  for (const dir of dirs) await fs.promises.mkdir(path.join(outDir, dir), { recursive: true });

  const write = async (name: string, data: string | Buffer): Promise<void> => {
    await fs.promises.writeFile(path.join(outDir, name), data);
    written.add(name);
  };
  await write('index.html', page.html);
  await write(ASSET_NAMES.css, page.css);
  await write(ASSET_NAMES.js, SITE_SCRIPT);
  await write(ASSET_NAMES.qr, await qrPng(plan.qrText, QR_SIZE, 2));
  await write(ASSET_NAMES.favicon, await favicon(logo));
  await write(ASSET_NAMES.share, await sharePicture(logo, poster));
  await copyInto(outDir, copies);
  for (const entry of copies) written.add(entry.to);

  written.delete('index.html');
  return { files: ['index.html', ...[...written].sort()] };
}
