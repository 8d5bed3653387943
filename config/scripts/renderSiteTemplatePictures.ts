/**
 * npm run site-pictures [-- --only=1,5] [-- --all] [-- --keep-defaults]
 *
 * Makes the site templates' pictures from the templates themselves (spec screen 9: thumbnails and
 * previews are real pictures of the rendered templates):
 * 1. the default pictures of every image field (screenshots and character cards drawn by code,
 *    see src/server/render/site/defaultPictures.ts) into src/server/assets/site-templates/defaults/;
 * 2. per template, a sample logo and a short banner from the real renderers, the site rendered with
 *    its defaults, opened in Chromium: a 480x360 thumbnail of the 1440-wide first screen, a
 *    720-wide preview of the whole page (up to 3000 CSS px tall), and the whole page as a
 *    390-wide phone shows it (585 px wide, for the preview dialog on a phone), all WebP;
 * 3. manifest.json with each template's fingerprints (one for the desktop pictures, one for the
 *    phone picture), which a test compares with the templates.
 * Screenshots differ by a few bytes from run to run, so only pictures whose fingerprint changed
 * (or that are missing) are shot again, unless --all or --only names their templates.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { BannerTexts, LogoTexts } from '../../src/contract/generation';
import { SITE_PHONE_PREVIEW } from '../../src/contract/miniSite';
import { renderBannerVideo } from '../../src/server/render/banner';
import { renderLogoPng } from '../../src/server/render/logo';
import { SITE_TEMPLATE_ASSETS_DIR, SITE_TEMPLATE_DEFAULTS_DIR, templatePictureFiles } from '../../src/server/render/site/assets';
import { findSiteDesign, siteTemplates } from '../../src/server/render/site/catalog';
import { COPY, type NewsGenre } from '../../src/server/render/site/copy';
import {
  FEATURE_FRAMINGS,
  GALLERY_FRAMINGS,
  PORTRAIT_FRAMINGS,
  SceneCamera,
  renderPortrait,
  renderShot,
} from '../../src/server/render/site/defaultPictures';
import { defaultPictureName } from '../../src/server/render/site/fields';
import { PICTURE_SCENES, figureKindOf } from '../../src/server/render/site/genrePictures';
import { PICTURE_MANIFEST_FILE, sampleLogoStyle, sampleRenderInput, templateFingerprint, type PictureManifest } from '../../src/server/render/site/fingerprint';
import { renderSite } from '../../src/server/render/site/renderSite';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const THUMB = { width: 480, height: 360 };
const PREVIEW_WIDTH = 720;
const PAGE_WIDTH = 1440;
const PREVIEW_MAX_HEIGHT = 3000;
const MAX_BYTES = 80 * 1024;
/** An ordinary phone's screen in CSS px (iPhone 12 to 15), drawn at twice that like its screen. */
const PHONE = { width: SITE_PHONE_PREVIEW.cssWidth, height: 844, scale: 2 };
/**
 * The phone picture is kept at 1.5 pixels per CSS px: as sharp as the text needs on a phone's
 * screen, at about two thirds of the bytes of 2x (a phone page is one long column, some 5000 px).
 */
const PHONE_PICTURE_SCALE = SITE_PHONE_PREVIEW.pixelRatio;
const PHONE_MAX_HEIGHT = 7000;
const PHONE_MAX_BYTES = 180 * 1024;


const cameras = new Map<number, SceneCamera>();
function cameraFor(bannerId: number): SceneCamera {
  let camera = cameras.get(bannerId);
  if (!camera) {
    camera = new SceneCamera(bannerId);
    cameras.set(bannerId, camera);
  }
  return camera;
}

const SAMPLE_BANNER_TEXTS: Readonly<Record<NewsGenre, BannerTexts>> = {
  rpg: { bannertextup: '全新资料片震撼来袭，开启你的英雄传奇之旅', bannertextdown: '#热血国战# #兄弟同心# #万人同屏#' },
  xianxia: { bannertextup: '御剑九天问道长生，一念成仙一念入魔', bannertextdown: '#御剑飞行# #仙侠奇缘# #渡劫飞升#' },
  strategy: { bannertextup: '运筹帷幄决胜千里，群雄逐鹿谁主天下', bannertextdown: '#策略国战# #百将争锋# #攻城略地#' },
  casual: { bannertextup: '轻松一刻快乐无限，和好友一起闯关赢大奖', bannertextdown: '#休闲益智# #好友对战# #每日福利#' },
  scifi: { bannertextup: '未来战场全面开启，集结队友守护最后防线', bannertextdown: '#硬核射击# #小队协作# #赛季开启#' },
  anime: { bannertextup: '与你相遇在繁星之下，开启一段温暖的冒险', bannertextdown: '#全新角色# #全语音剧情# #限定福利#' },
};

function parseArgs(): { only: Set<number> | null; all: boolean; keepDefaults: boolean } {
  const args = process.argv.slice(2);
  const onlyArg = args.find((arg) => arg.startsWith('--only='));
  const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',').map(Number)) : null;
  return { only, all: args.includes('--all'), keepDefaults: args.includes('--keep-defaults') };
}

const assetExists = (name: string): boolean => fs.existsSync(path.join(SITE_TEMPLATE_ASSETS_DIR, name));

function desktopPicturesExist(id: number): boolean {
  const files = templatePictureFiles(id);
  return assetExists(files.thumbnail) && assetExists(files.preview);
}

async function writeDefaults(templateId: number): Promise<void> {
  const template = siteTemplates.find((entry) => entry.id === templateId);
  const design = findSiteDesign(templateId);
  const copy = COPY[templateId];
  if (!template || !design || !copy) throw new Error(`Unknown template ${templateId}`);
  const scenes = (PICTURE_SCENES[templateId] ?? [template.bannerId]).map(cameraFor);
  const scene = (i: number): SceneCamera => scenes[i % scenes.length];
  const write = async (name: string, data: Promise<Buffer>): Promise<void> => {
    await fs.promises.writeFile(path.join(SITE_TEMPLATE_DEFAULTS_DIR, name), await data);
  };
  for (const [i, framing] of GALLERY_FRAMINGS.entries()) await write(defaultPictureName.gallery(templateId, i + 1), renderShot(scene(i), framing, design.theme));
  // Features take the neighbouring worlds first: the gallery opens on the template's own.
  for (const [i, framing] of FEATURE_FRAMINGS.entries()) await write(defaultPictureName.feature(templateId, i + 1), renderShot(scene(i + 1), framing, design.theme));
  if (design.roles && copy.roles) {
    for (const [i, framing] of PORTRAIT_FRAMINGS.entries()) {
      await write(defaultPictureName.role(templateId, i + 1), renderPortrait(scene(i), framing, design.theme, i, figureKindOf(template.categoryId)));
    }
  }
}

/** Encodes a PNG screenshot as WebP of `width` x `height`, lowering the quality until it fits the size budget. */
async function toWebp(png: Buffer, width: number, height: number, maxBytes = MAX_BYTES): Promise<Buffer> {
  const image = await loadImage(png);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, width, height);
  let quality = 82;
  let data = await canvas.encode('webp', quality);
  while (data.length > maxBytes && quality > 30) {
    quality -= 6;
    data = await canvas.encode('webp', quality);
  }
  return data;
}

/** Renders the sample logo, banner and site of a template into `workDir`; answers the site folder. */
async function renderSample(templateId: number, workDir: string): Promise<string> {
  const copy = COPY[templateId];
  const template = siteTemplates.find((entry) => entry.id === templateId);
  if (!copy || !template) throw new Error(`Unknown template ${templateId}`);
  const texts: LogoTexts = { logotext: copy.game, rightsealtext: '官方', bottomsealtext: '', bottomtext: copy.slogan };
  const logoPng = await renderLogoPng(sampleLogoStyle(templateId), texts, { scale: 0.7 });
  const files = { logo: path.join(workDir, 'logo.png'), video: path.join(workDir, 'banner.mp4'), poster: path.join(workDir, 'banner-poster.jpg') };
  await fs.promises.writeFile(files.logo, logoPng);
  await renderBannerVideo(
    template.bannerId,
    { logoPng, texts: SAMPLE_BANNER_TEXTS[copy.genre] },
    { outFile: files.video, posterFile: files.poster, width: 1280, height: 720, seconds: 2, fps: 6 },
  );
  const siteDir = path.join(workDir, 'site');
  await renderSite(sampleRenderInput(templateId, files), siteDir);
  return siteDir;
}

/** For pictures only: the poster instead of the playing video, and a fixed dock kept at its first-screen place. */
const SCREENSHOT_CSS = '.dock{position:absolute!important;top:540px!important}';

/** The poster instead of the playing video, every picture loaded, the fonts ready. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const video = document.querySelector('video');
    if (video) {
      video.pause();
      video.removeAttribute('src');
      video.load();
    }
    for (const image of Array.from(document.images)) image.loading = 'eager';
    await Promise.all(Array.from(document.images).map((image) => (image.complete ? null : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })))));
    await document.fonts.ready;
  });
  await page.waitForTimeout(300);
}

async function shootDesktop(browser: Browser, siteDir: string, templateId: number): Promise<void> {
  const page = await browser.newPage({ viewport: { width: PAGE_WIDTH, height: 1080 }, deviceScaleFactor: 1, locale: 'zh-CN' });
  try {
    await page.goto(`file://${path.join(siteDir, 'index.html')}`, { waitUntil: 'load' });
    await page.addStyleTag({ content: SCREENSHOT_CSS });
    await settle(page);
    const files = templatePictureFiles(templateId);
    const thumb = await page.screenshot({ type: 'png' });
    await fs.promises.writeFile(path.join(SITE_TEMPLATE_ASSETS_DIR, files.thumbnail), await toWebp(thumb, THUMB.width, THUMB.height));
    const fullHeight = Math.min(PREVIEW_MAX_HEIGHT, await page.evaluate(() => document.documentElement.scrollHeight));
    await page.setViewportSize({ width: PAGE_WIDTH, height: fullHeight });
    await page.waitForTimeout(200);
    const full = await page.screenshot({ type: 'png' });
    const height = Math.round((fullHeight * PREVIEW_WIDTH) / PAGE_WIDTH);
    await fs.promises.writeFile(path.join(SITE_TEMPLATE_ASSETS_DIR, files.preview), await toWebp(full, PREVIEW_WIDTH, height));
  } finally {
    await page.close();
  }
}

/**
 * The whole page as a phone shows it. A phone layout pins some parts to the screen (the nav bar,
 * a bottom download bar): once the viewport grows to the whole page they would sit at its far end,
 * over the footer, so each is pinned instead where a visitor first sees it, on the first screen.
 */
async function shootPhone(browser: Browser, siteDir: string, templateId: number): Promise<void> {
  const page = await browser.newPage({ viewport: { width: PHONE.width, height: PHONE.height }, deviceScaleFactor: PHONE.scale, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  try {
    await page.goto(`file://${path.join(siteDir, 'index.html')}`, { waitUntil: 'load' });
    await settle(page);
    await page.evaluate(() => {
      const fixed = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter((element) => getComputedStyle(element).position === 'fixed');
      const firstScreen = fixed.map((element) => element.getBoundingClientRect());
      fixed.forEach((element, i) => {
        const was = firstScreen[i];
        const style = element.style;
        style.setProperty('position', 'absolute', 'important');
        style.setProperty('inset', '0 auto auto 0', 'important');
        style.setProperty('width', `${was.width}px`, 'important');
        style.setProperty('height', `${was.height}px`, 'important');
        // Moved by what its new containing block adds, whatever that block is.
        const now = element.getBoundingClientRect();
        style.setProperty('top', `${was.top - now.top}px`, 'important');
        style.setProperty('left', `${was.left - now.left}px`, 'important');
      });
    });
    const fullHeight = Math.min(PHONE_MAX_HEIGHT, await page.evaluate(() => document.documentElement.scrollHeight));
    await page.setViewportSize({ width: PHONE.width, height: fullHeight });
    await page.waitForTimeout(200);
    const full = await page.screenshot({ type: 'png' });
    const file = path.join(SITE_TEMPLATE_ASSETS_DIR, templatePictureFiles(templateId).phonePreview);
    const size = { width: Math.round(PHONE.width * PHONE_PICTURE_SCALE), height: Math.round(fullHeight * PHONE_PICTURE_SCALE) };
    await fs.promises.writeFile(file, await toWebp(full, size.width, size.height, PHONE_MAX_BYTES));
  } finally {
    await page.close();
  }
}

function readManifest(file: string): PictureManifest {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as PictureManifest;
  } catch {
    return { note: '', templates: {} };
  }
}

async function main(): Promise<void> {
  const { only, all, keepDefaults } = parseArgs();
  const ids = siteTemplates.map((template) => template.id).filter((id) => !only || only.has(id));
  fs.mkdirSync(SITE_TEMPLATE_DEFAULTS_DIR, { recursive: true });
  if (!keepDefaults) {
    for (const id of ids) {
      await writeDefaults(id);
      console.info(`defaults of template ${id} written`);
    }
  }
  const manifestFile = path.join(SITE_TEMPLATE_ASSETS_DIR, PICTURE_MANIFEST_FILE);
  const manifest = readManifest(manifestFile);
  manifest.note = 'Fingerprints of the templates these pictures show. Regenerate with: npm run site-pictures';
  // Fingerprints include the default pictures' bytes, so they are taken after those are written.
  const forced = all || only !== null;
  const plans = ids.map((id) => {
    const fingerprint = templateFingerprint(id);
    const entry = manifest.templates[String(id)];
    return {
      id,
      fingerprint,
      desktop: forced || !desktopPicturesExist(id) || entry?.fingerprint !== fingerprint,
      phone: forced || !assetExists(templatePictureFiles(id).phonePreview) || entry?.phoneFingerprint !== fingerprint,
    };
  });
  const toShoot = plans.filter((plan) => plan.desktop || plan.phone);
  const named = (plan: (typeof plans)[number]): string => `${plan.id}${plan.desktop ? '' : ' (phone)'}${plan.phone ? '' : ' (desktop)'}`;
  console.info(toShoot.length ? `shooting templates ${toShoot.map(named).join(', ')}` : 'every template picture is up to date');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  const workRoot = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'site-pictures-'));
  try {
    for (const plan of toShoot) {
      const { id, fingerprint } = plan;
      const workDir = path.join(workRoot, String(id));
      await fs.promises.mkdir(workDir);
      const siteDir = await renderSample(id, workDir);
      const entry = manifest.templates[String(id)] ?? { fingerprint: '' };
      if (plan.desktop) {
        await shootDesktop(browser, siteDir, id);
        entry.fingerprint = fingerprint;
      }
      if (plan.phone) {
        await shootPhone(browser, siteDir, id);
        entry.phoneFingerprint = fingerprint;
      }
      manifest.templates[String(id)] = { fingerprint: entry.fingerprint, phoneFingerprint: entry.phoneFingerprint };
      console.info(`pictures of template ${named(plan)} written`);
    }
  } finally {
    await browser.close();
    await fs.promises.rm(workRoot, { recursive: true, force: true });
  }
  const sorted = Object.fromEntries(Object.entries(manifest.templates).sort(([a], [b]) => Number(a) - Number(b)));
  fs.writeFileSync(manifestFile, `${JSON.stringify({ note: manifest.note, templates: sorted }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
