import { createCanvas } from '@napi-rs/canvas';
import Database from 'better-sqlite3';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { ReserveSettings } from '../../src/contract/reservations';
import { defaultRenderInput, renderBuiltSite } from '../../src/server/render/builder/renderBuiltSite';
import { renderSite } from '../../src/server/render/site/renderSite';
import type { SiteRenderInput } from '../../src/server/render/site/types';
import { readEnvironment } from './environment';
import { readZip } from './zip';

/** A real picture to upload: a gradient PNG of the given size that a test can recognise by it. */
export function writeSamplePng(dir: string, name: string, width = 640, height = 360): string {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#1b3a6b');
  gradient.addColorStop(1, '#f0a040');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  const file = path.join(dir, name);
  fs.writeFileSync(file, canvas.encodeSync('png'));
  return file;
}

/** Unzips into `dir`, refusing any entry that would land outside it; answers the entry names. */
export async function unzip(zipFile: string, dir: string): Promise<string[]> {
  const entries = await readZip(zipFile);
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const target = path.resolve(dir, entry.name);
    expect(target.startsWith(path.resolve(dir) + path.sep)).toBe(true);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, entry.bytes);
  }
  return entries.map((entry) => entry.name);
}

export interface OfflineSite {
  page: Page;
  /** Requests that failed or left the folder. */
  failed: string[];
  /** alert/confirm/prompt texts: an executed script would show here. */
  dialogs: string[];
  close(): Promise<void>;
}

/** Opens an unzipped site's page from disk, with no server, watching every request it makes. */
export async function openOffline(browser: Browser, file: string, viewport = { width: 1440, height: 900 }): Promise<OfflineSite> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const failed: string[] = [];
  const dialogs: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) failed.push(`left the folder: ${request.url()}`);
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return { page, failed, dialogs, close: () => context.close() };
}

/** Narrows the page to a phone and answers whether it still fits without sideways scrolling. */
export async function fitsPhone(page: Page): Promise<boolean> {
  await page.setViewportSize({ width: 390, height: 844 });
  return page.evaluate(() => document.documentElement.scrollWidth <= 390);
}

/**
 * How many pictures of the page show a source of `width` x `height`, loaded: the page gives each
 * picture its source's width and height, and the browser takes whichever WebP size of it the
 * srcset offers for its place, so the file loaded is a WebP in the source's proportions. Lazily
 * loaded ones are brought into view and decoded first, so that a picture far down the page counts too.
 */
export async function loadedPicturesSized(page: Page, width: number, height: number): Promise<number> {
  return page.locator('img').evaluateAll(async (images: HTMLImageElement[], size: { width: number; height: number }) => {
    for (const image of images) {
      image.scrollIntoView();
      await image.decode().catch(() => undefined);
    }
    return images.filter(
      (image) =>
        image.getAttribute('width') === String(size.width) &&
        image.getAttribute('height') === String(size.height) &&
        image.currentSrc.endsWith('.webp') &&
        image.naturalWidth > 0 &&
        Math.abs(image.naturalHeight / image.naturalWidth - size.height / size.width) < 0.02,
    ).length;
  }, { width, height });
}

/** A builder site of the test's owner, completed, with its 预约 campaign. */
export interface CampaignSite {
  siteId: number;
  campaignId: string;
}

/**
 * A completed builder site of `owner`'s named `name`, with its campaign saved as `settings` and
 * `codes` to give, as 生成并下载 and the 预约 settings leave them. Its last completion's zip has
 * expired (as it does a day after it was last asked for), so 网站列表's 下载 makes the zip anew.
 */
export async function completedSiteWithCampaign(owner: string, name: string, settings: ReserveSettings, codes: readonly string[]): Promise<CampaignSite> {
  const { dataDir } = readEnvironment();
  const db = new Database(path.join(dataDir, 'app.db'));
  let site: CampaignSite;
  try {
    const { id } = db.prepare('SELECT id FROM users WHERE mobile = ?').get(owner) as { id: number };
    const at = Date.now();
    const zipUrl = `/zips/${crypto.randomBytes(16).toString('hex')}/${encodeURIComponent(name)}.zip`;
    const row = db
      .prepare("INSERT INTO builder_sites (user_id, web_name, status, selected, form_data, dir, zip_url, created_at, updated_at) VALUES (?, ?, 2, '{}', '{}', ?, ?, ?, ?)")
      .run(id, name, crypto.randomBytes(16).toString('hex'), zipUrl, at, at);
    const campaignId = crypto.randomBytes(18).toString('base64url');
    const campaign = db
      .prepare('INSERT INTO reserve_campaigns (public_id, builder_site_id, mini_site_id, user_id, settings, created_at, updated_at) VALUES (?, ?, NULL, ?, ?, ?, ?)')
      .run(campaignId, row.lastInsertRowid, id, JSON.stringify(settings), at, at);
    for (const code of codes) db.prepare("INSERT INTO reserve_gift_codes (campaign_id, code, state, given_at) VALUES (?, ?, 'free', NULL)").run(campaign.lastInsertRowid, code);
    site = { siteId: Number(row.lastInsertRowid), campaignId };
  } finally {
    db.close();
  }
  await renderBuiltSite(defaultRenderInput('main', 1), path.join(dataDir, 'builder-sites', String(site.siteId)));
  return site;
}

/**
 * A mini site of the account of phone `owner`, as 生成网站 leaves it: `input` rendered into its
 * folder under sites/, and its row. Answers the folder's name.
 */
export async function placedMiniSite(owner: string, templateId: number, name: string, input: SiteRenderInput): Promise<string> {
  const { dataDir } = readEnvironment();
  const dir = crypto.randomBytes(16).toString('hex');
  await renderSite(input, path.join(dataDir, 'sites', dir));
  const db = new Database(path.join(dataDir, 'app.db'));
  try {
    const { id } = db.prepare('SELECT id FROM users WHERE mobile = ?').get(owner) as { id: number };
    db.prepare('INSERT INTO mini_sites (dir, user_id, template_id, name, created_at) VALUES (?, ?, ?, ?, ?)').run(dir, id, templateId, name, Date.now());
  } finally {
    db.close();
  }
  return dir;
}
