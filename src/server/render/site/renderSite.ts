/**
 * The static-site renderer (DESIGN.md section 7, "Sites"): a template and the user's texts, files
 * and generated logo and banner in, a self-contained folder out. Every reference in it is
 * relative (assets/...), so the folder works from a zip opened on disk, with no server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { qrPng } from '../../qrImage';
import { decodePicture } from '../picture';
import { findSiteDesign, findSiteTemplate } from './catalog';
import { ASSET_NAMES, planSite, type SiteCopy } from './content';
import { renderSitePage } from './page';
import { writeCompressedCopies } from './compressedCopies';
import { SITE_SCRIPT } from './siteScript';
import { favicon, sharePicture } from './sitePictures';
import type { SiteRenderInput, SiteRenderResult } from './types';
import { isPicture, WIDEST, writeWebPictures } from './webPictures';

const QR_SIZE = 360;

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
  const [logo, poster] = await Promise.all([decodePicture(input.logo.path, 'logo'), decodePicture(input.bannerPoster.path, 'banner poster')]);
  await fs.promises.mkdir(outDir, { recursive: true });
  const { logo: logoAt, poster: posterAt } = plan.content.assets;
  const web = await writeWebPictures(
    plan.copies.filter((entry) => isPicture(entry.to)),
    outDir,
    ({ to }) => (to === posterAt ? WIDEST.screen : to === logoAt ? WIDEST.logo : WIDEST.column),
  );
  const page = await renderSitePage(plan.content, design, web.pictures);

  const copies = plan.copies.filter((entry) => !isPicture(entry.to));
  const written = new Set<string>(web.files);
  const dirs = new Set([...copies.map((entry) => path.dirname(entry.to)), path.dirname(ASSET_NAMES.js), ...(page.fonts.length ? [ASSET_NAMES.fontsDir] : [])]);
  for (const dir of dirs) await fs.promises.mkdir(path.join(outDir, dir), { recursive: true });

  const write = async (name: string, data: string | Buffer): Promise<void> => {
    await fs.promises.writeFile(path.join(outDir, name), data);
    written.add(name);
  };
  await write('index.html', page.html);
  await write(ASSET_NAMES.js, SITE_SCRIPT);
  for (const font of page.fonts) await write(`${ASSET_NAMES.fontsDir}/${font.name}`, font.data);
  if (plan.qrText) await write(ASSET_NAMES.qr, await qrPng(plan.qrText, QR_SIZE, 2));
  await write(ASSET_NAMES.favicon, await favicon(logo));
  await write(ASSET_NAMES.share, await sharePicture(logo, poster));
  await copyInto(outDir, copies);
  for (const entry of copies) written.add(entry.to);
  for (const name of await writeCompressedCopies(outDir, ['index.html', ASSET_NAMES.js])) written.add(name);

  written.delete('index.html');
  return { files: ['index.html', ...[...written].sort()] };
}
