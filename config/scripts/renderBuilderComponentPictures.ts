/**
 * npm run builder-pictures [-- --only=head-1,banner-3] [-- --all] [-- --defaults]
 *
 * Makes the page builder's pictures from the components themselves:
 * 1. the default pictures of the components' fields into src/server/assets/builder-components/
 *    defaults/ (when missing, or all again with --defaults): banner stills of the banner
 *    renderer's scenes, the sample logo, a sample QR code, and the site templates' screenshots
 *    and character cards copied under the builder's names;
 * 2. per component, the component alone with its defaults in the default theme, and per complete
 *    site configuration the whole site, shot in Chromium: a ~480-wide thumbnail and a ~1000-wide
 *    preview, both WebP;
 * 3. manifest.json with each component's fingerprint, which a test compares with the catalogue.
 * Screenshots differ by a few bytes from run to run, so only components whose fingerprint changed
 * (or whose pictures are missing) are shot again, unless --all or --only names them.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { qrPng } from '../../src/server/render/qrImage';
import { renderLogoPng } from '../../src/server/render/logo';
import { BUILDER_ASSETS_DIR, BUILDER_DEFAULTS_DIR, componentPictureFiles, PICTURE_MANIFEST_FILE } from '../../src/server/render/builder/assets';
import { pictureSubjects, type PictureSubject } from '../../src/server/render/builder/fingerprint';
import type { PartType } from '../../src/server/render/builder/plan';
import { renderComponentPreview } from '../../src/server/render/builder/renderBuiltSite';
import {
  BANNER_SCENES,
  bannerPictureName,
  DEFAULT_LOGO,
  DEFAULT_WECHAT_QR,
  FEATURES_PER_SET,
  GALLERY_PER_SET,
  PICTURE_SETS,
  ROLES_PER_SET,
  setPictureName,
  type BannerScene,
  type PictureSet,
} from '../../src/server/render/builder/defaults';
import { SITE_TEMPLATE_DEFAULTS_DIR } from '../../src/server/render/site/assets';
import { SceneCamera } from '../../src/server/render/site/defaultPictures';
import { defaultPictureName } from '../../src/server/render/site/fields';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BANNER_SIZE = { width: 1600, height: 900 };
const THUMB_WIDTH = 480;
const PREVIEW_WIDTH = 1000;
const MAX_BYTES = 90 * 1024;

function parseArgs(): { only: Set<string> | null; all: boolean; defaults: boolean } {
  const args = process.argv.slice(2);
  const onlyArg = args.find((arg) => arg.startsWith('--only='));
  const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : null;
  return { only, all: args.includes('--all'), defaults: args.includes('--defaults') };
}

async function writeIfNeeded(name: string, force: boolean, make: () => Promise<Buffer>): Promise<void> {
  const file = path.join(BUILDER_DEFAULTS_DIR, name);
  if (!force && fs.existsSync(file)) return;
  await fs.promises.writeFile(file, await make());
  console.info(`default ${name} written`);
}

async function bannerStill(scene: BannerScene): Promise<Buffer> {
  const frame = new SceneCamera(BANNER_SCENES[scene]).draw(2.4);
  const canvas = createCanvas(BANNER_SIZE.width, BANNER_SIZE.height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(frame, 0, 0, BANNER_SIZE.width, BANNER_SIZE.height);
  return canvas.encode('webp', 72);
}

async function writeDefaults(force: boolean): Promise<void> {
  fs.mkdirSync(BUILDER_DEFAULTS_DIR, { recursive: true });
  await writeIfNeeded(DEFAULT_LOGO, force, () =>
    renderLogoPng(1, { logotext: '游戏名称', rightsealtext: '官方', bottomsealtext: '', bottomtext: '' }, { scale: 0.6 }),
  );
  await writeIfNeeded(DEFAULT_WECHAT_QR, force, () => qrPng('https://example.com/wechat', 240, 2));
  for (const scene of Object.keys(BANNER_SCENES) as BannerScene[]) await writeIfNeeded(bannerPictureName(scene), force, () => bannerStill(scene));
  const copyFrom = (siteName: string) => () => fs.promises.readFile(path.join(SITE_TEMPLATE_DEFAULTS_DIR, siteName));
  for (const [set, templateId] of Object.entries(PICTURE_SETS) as Array<[PictureSet, number]>) {
    for (let n = 1; n <= GALLERY_PER_SET; n++) await writeIfNeeded(setPictureName.gallery(set, n), force, copyFrom(defaultPictureName.gallery(templateId, n)));
    for (let n = 1; n <= FEATURES_PER_SET; n++) await writeIfNeeded(setPictureName.feature(set, n), force, copyFrom(defaultPictureName.feature(templateId, n)));
    for (let n = 1; n <= ROLES_PER_SET; n++) await writeIfNeeded(setPictureName.role(set, n), force, copyFrom(defaultPictureName.role(templateId, n)));
  }
}

/** Encodes a PNG screenshot as WebP `width` wide, lowering the quality until it fits the size budget. */
async function toWebp(png: Buffer, width: number): Promise<Buffer> {
  const image = await loadImage(png);
  const height = Math.round((image.height * width) / image.width);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, width, height);
  let quality = 75;
  let data = await canvas.encode('webp', quality);
  while (data.length > MAX_BYTES && quality > 35) {
    quality -= 8;
    data = await canvas.encode('webp', quality);
  }
  return data;
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
    await Promise.all(Array.from(document.images).map((image) => (image.complete ? null : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })))));
    await document.fonts.ready;
  });
  await page.waitForTimeout(250);
}

interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

const PAGE_WIDTH = 1440;
const CONTENT_MAX_HEIGHT = 3600;
const HEAD_PAGE_WIDTH = 1280;

/** The element's box in the page, or the whole page when there is none. */
async function boxOf(page: Page, selector: string): Promise<Clip> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

/** A region `width` x `height` beside a fixed sidebar, on its side of the screen, centred on it. */
function besideSidebar(box: Clip, width: number, height: number): Clip {
  const x = box.x + box.width / 2 > PAGE_WIDTH / 2 ? PAGE_WIDTH - width : 0;
  const y = Math.max(0, Math.round(box.y + box.height / 2 - height / 2));
  return { x, y, width, height };
}

/** Where the preview and the thumbnail are cut for each kind of subject (null part: a whole site). */
async function clips(page: Page, part: PartType | null): Promise<{ preview: Clip; thumb: Clip }> {
  switch (part) {
    case 'head': {
      // A bar is a strip: shot whole (at a narrower page, see shoot) so that the card shows all of it.
      const box = await boxOf(page, '.hd');
      const strip = { x: 0, y: 0, width: HEAD_PAGE_WIDTH, height: box.height + 12 };
      return { preview: strip, thumb: strip };
    }
    case 'sidebar': {
      const box = await boxOf(page, '.sb');
      return { preview: besideSidebar(box, 1000, 700), thumb: besideSidebar(box, 640, 480) };
    }
    case 'banner': {
      const box = await boxOf(page, '.bn');
      return { preview: box, thumb: { x: 0, y: 0, width: box.width, height: Math.round((box.width * 3) / 4) > box.height ? box.height : Math.round((box.width * 3) / 4) } };
    }
    case 'footer': {
      const box = await boxOf(page, '.ft');
      return { preview: box, thumb: { x: 0, y: box.y, width: PAGE_WIDTH, height: Math.min(box.height, 1080) } };
    }
    default: {
      const height = Math.min(CONTENT_MAX_HEIGHT, await page.evaluate(() => document.documentElement.scrollHeight));
      return { preview: { x: 0, y: 0, width: PAGE_WIDTH, height }, thumb: { x: 0, y: 0, width: PAGE_WIDTH, height: 1080 } };
    }
  }
}

async function shoot(browser: Browser, subject: PictureSubject, workDir: string): Promise<void> {
  const siteDir = path.join(workDir, `${subject.type}-${subject.id}`);
  const part = await renderComponentPreview(subject.type, subject.id, siteDir);
  const viewportHeight = part === 'banner' ? 810 : 900;
  const pageWidth = part === 'head' ? HEAD_PAGE_WIDTH : PAGE_WIDTH;
  const page = await browser.newPage({ viewport: { width: pageWidth, height: viewportHeight }, deviceScaleFactor: 1, locale: 'zh-CN' });
  try {
    await page.goto(`file://${path.join(siteDir, 'index.html')}`, { waitUntil: 'load' });
    await settle(page);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    // Tall pages are shot whole: the viewport grows to the page (fixed parts stay where a visitor first sees them).
    if (part !== 'sidebar' && pageHeight > viewportHeight) {
      await page.setViewportSize({ width: pageWidth, height: Math.min(pageHeight, CONTENT_MAX_HEIGHT) });
      await page.waitForTimeout(150);
    }
    const { preview, thumb } = await clips(page, part);
    const files = componentPictureFiles(subject.type, subject.id);
    const previewPng = await page.screenshot({ type: 'png', clip: preview });
    await fs.promises.writeFile(path.join(BUILDER_ASSETS_DIR, files.preview), await toWebp(previewPng, Math.min(PREVIEW_WIDTH, preview.width)));
    const thumbPng = await page.screenshot({ type: 'png', clip: thumb });
    await fs.promises.writeFile(path.join(BUILDER_ASSETS_DIR, files.thumb), await toWebp(thumbPng, THUMB_WIDTH));
  } finally {
    await page.close();
  }
}

interface Manifest {
  note: string;
  components: Record<string, { fingerprint: string }>;
}

function readManifest(file: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return { note: '', components: {} };
  }
}

function picturesExist(subject: PictureSubject): boolean {
  const files = componentPictureFiles(subject.type, subject.id);
  return [files.thumb, files.preview].every((name) => fs.existsSync(path.join(BUILDER_ASSETS_DIR, name)));
}

async function main(): Promise<void> {
  const { only, all, defaults } = parseArgs();
  await writeDefaults(defaults);
  const manifestFile = path.join(BUILDER_ASSETS_DIR, PICTURE_MANIFEST_FILE);
  const manifest = readManifest(manifestFile);
  manifest.note = 'Fingerprints of the components these pictures show. Regenerate with: npm run builder-pictures';
  const subjects = pictureSubjects().filter((subject) => !only || only.has(subject.key));
  const toShoot = subjects.filter((subject) => all || only || !picturesExist(subject) || manifest.components[subject.key]?.fingerprint !== subject.fingerprint());
  console.info(toShoot.length ? `shooting ${toShoot.map((subject) => subject.key).join(', ')}` : 'every component picture is up to date');
  if (!toShoot.length) return;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'builder-pictures-'));
  try {
    for (const subject of toShoot) {
      await shoot(browser, subject, workDir);
      manifest.components[subject.key] = { fingerprint: subject.fingerprint() };
      console.info(`pictures of ${subject.key} written`);
    }
  } finally {
    await browser.close();
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
  const sorted = Object.fromEntries(Object.entries(manifest.components).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })));
  fs.writeFileSync(manifestFile, `${JSON.stringify({ note: manifest.note, components: sorted }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
