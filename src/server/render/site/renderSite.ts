/**
 * The static-site renderer (DESIGN.md section 7, "Sites"): a template and the user's texts, files
 * and generated logo and banner in, a self-contained folder out. Every reference in it is
 * relative (assets/...), so the folder works from a zip opened on disk, with no server.
 */
import type { Image } from '@napi-rs/canvas';
import fs from 'node:fs';
import path from 'node:path';
import { qrPng } from '../qrImage';
import { decodePicture } from '../picture';
import { findSiteDesign, findSiteTemplate } from './catalog';
import { ASSET_NAMES, planSite, type SiteCopy, type SitePlan } from './content';
import type { SiteDesign } from './design';
import { renderSitePage } from './page';
import { writeCompressedCopies } from './compressedCopies';
import { PHONE_PORTRAIT_VIDEO_WIDTH, writePhoneVideo } from './phoneVideo';
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
  const { videoPhone } = plan.content.assets;
  await fs.promises.mkdir(path.join(outDir, path.dirname(videoPhone)), { recursive: true });
  // ffmpeg works in its own process while this thread encodes the pictures and renders the page;
  // a render that fails stops it, so nothing writes into a folder its caller is removing.
  const stopVideo = new AbortController();
  const { portrait } = plan.content.assets;
  const phoneVideo = Promise.all([
    writePhoneVideo(input.bannerVideo.path, path.join(outDir, videoPhone), stopVideo.signal),
    input.bannerPortrait && portrait ? writePhoneVideo(input.bannerPortrait.video.path, path.join(outDir, portrait.video), stopVideo.signal, PHONE_PORTRAIT_VIDEO_WIDTH) : null,
  ]);
  phoneVideo.catch(() => {});
  try {
    const assets = await writeSiteFiles(plan, design, { logo, poster }, outDir);
    await phoneVideo;
    return { files: ['index.html', ...[...assets, videoPhone, ...(portrait ? [portrait.video] : [])].sort()] };
  } catch (error) {
    stopVideo.abort();
    throw error;
  }
}

/** Everything of the site but the phone video; answers the files written besides index.html. */
async function writeSiteFiles(plan: SitePlan, design: SiteDesign, decoded: { logo: Image; poster: Image }, outDir: string): Promise<string[]> {
  const { logo, poster } = decoded;
  const { logo: logoAt, poster: posterAt } = plan.content.assets;
  const web = await writeWebPictures(
    plan.copies.filter((entry) => isPicture(entry.to)),
    outDir,
    ({ to }) => (to === posterAt ? WIDEST.screen : to === logoAt ? WIDEST.logo : to === plan.content.assets.portrait?.poster ? WIDEST.portraitScreen : WIDEST.column),
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
  return [...written];
}
