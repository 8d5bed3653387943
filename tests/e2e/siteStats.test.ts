/**
 * 数据 of a published site, in Chromium: players open the page from WeChat (?from=wechat, on a
 * phone, in WeChat's browser) and from QQ (?from=qq, on a desktop), a headless bot opens it too;
 * no cookie is set on any of them. The owner opens 数据 from the site list at 1440x900 and again at
 * 390x844 and reads each channel counted once, the WeChat share, and the bot left out; they
 * download a channel's QR code (a 1024 px PNG whose modules are those of the page's link with the
 * channel), and a player who opens that link is counted under it. The
 * published builder site is put in place as 发布 leaves it (rows and a folder): rendering a real
 * one takes minutes, which the builder test already spends. Screenshots for a person to look at:
 * E2E_SHOTS=<folder> keeps them.
 */
import Database from 'better-sqlite3';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { registerAndLogIn, url } from './accounts';
import { describeInBrowser, launchBrowser, openPage } from './browser';
import { readEnvironment } from './environment';
import { readQrPng, type QrPicture } from './qrImage';
import { kindOf } from './zip';

jest.setTimeout(180_000);

const SHOTS = process.env.E2E_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-site-stats-'));
const PHONE = '13800138473';
const SITE_NAME = '数据测试官网';
const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** A completed builder site of the user's, published, as 生成并下载 and 发布 leave it. */
function publishedSite(): string {
  const { dataDir } = readEnvironment();
  const slug = crypto.randomBytes(16).toString('hex');
  const db = new Database(path.join(dataDir, 'app.db'));
  try {
    const { id } = db.prepare('SELECT id FROM users WHERE mobile = ?').get(PHONE) as { id: number };
    const at = Date.now();
    const site = db
      .prepare("INSERT INTO builder_sites (user_id, web_name, status, selected, form_data, dir, created_at, updated_at) VALUES (?, ?, 2, '{}', '{}', ?, ?, ?)")
      .run(id, SITE_NAME, crypto.randomBytes(16).toString('hex'), at, at);
    db.prepare('INSERT INTO published_sites (slug, site_id, mini_site_id, user_id, created_at, updated_at) VALUES (?, ?, NULL, ?, ?, ?)').run(slug, site.lastInsertRowid, id, at, at);
  } finally {
    db.close();
  }
  const folder = path.join(dataDir, 'published', slug);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'index.html'),
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${SITE_NAME}</title></head><body><h1>${SITE_NAME}</h1></body></html>`,
  );
  return slug;
}

/** 下载二维码 of the card: the file's name and the code read from it, checked as a PNG for print (1024 px, white, quiet zone). */
async function downloadedQr(page: Page, card: Locator, keepAs: string): Promise<{ name: string; picture: QrPicture }> {
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /下载二维码/ }).click()]);
  const file = path.join(SHOTS, keepAs);
  await download.saveAs(file);
  const bytes = fs.readFileSync(file);
  expect(kindOf(bytes)).toBe('png');
  const picture = await readQrPng(bytes);
  expect([picture.width, picture.height]).toEqual([1024, 1024]);
  expect(picture.corner).toEqual([255, 255, 255, 255]);
  expect(picture.quietZone).toBeGreaterThanOrEqual(3.9);
  return { name: download.suggestedFilename(), picture };
}

/** The share of the chart's canvas that is painted (its bars, axes and labels): 0 for an empty box. */
const chartInk = (page: Page, name: string): Promise<number> =>
  page.getByRole('img', { name }).evaluate((canvas) => {
    const { width, height } = canvas as HTMLCanvasElement;
    const pixels = (canvas as HTMLCanvasElement).getContext('2d')!.getImageData(0, 0, width, height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted += 1;
    return painted / (width * height);
  });
const overflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describeInBrowser('数据 of a published site', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('counts players by channel without a cookie and shows them to the owner, bots left out', async () => {
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 });
    await registerAndLogIn(page, PHONE);
    const slug = publishedSite();

    const players = [
      { query: '?from=wechat', userAgent: WECHAT_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, address: '198.51.100.21' },
      { query: '?from=qq', userAgent: DESKTOP_UA, viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, address: '198.51.100.22' },
      // Headless Chromium as it is: a bot by its user agent.
      { query: '?from=wechat', userAgent: undefined, viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, address: '198.51.100.23' },
    ];
    for (const { query, address, ...options } of players) {
      const visitor = await browser.newContext({ ...options, extraHTTPHeaders: { 'x-forwarded-for': address } });
      try {
        const player = await visitor.newPage();
        // Twice: the same player the same day is one visitor.
        for (let n = 0; n < 2; n += 1) {
          const answer = await player.goto(url(`/pub/${slug}/${query}`));
          expect(answer?.status()).toBe(200);
          expect(await answer?.headerValue('set-cookie')).toBeNull();
          await player.getByRole('heading', { name: SITE_NAME }).waitFor();
        }
        expect(await visitor.cookies()).toEqual([]);
      } finally {
        await visitor.close();
      }
    }

    await page.goto(url('/user/backend/siteList'));
    const row = page.getByRole('row').filter({ hasText: SITE_NAME });
    await row.getByRole('button', { name: /数\s*据/ }).click();
    await page.waitForURL(new RegExp(`/backend/siteStats/${slug}$`));
    const channels = page.locator('.ant-card').filter({ has: page.getByText('渠道', { exact: true }) });
    const channelRow = (name: string) => channels.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await channelRow('wechat').waitFor();
    expect(await channelRow('wechat').getByRole('cell').allTextContents()).toEqual(['wechat', '2', '1', '—', '—']);
    expect(await channelRow('qq').getByRole('cell').allTextContents()).toEqual(['qq', '2', '1', '—', '—']);
    await page.getByText('已排除机器人访问 2 次', { exact: false }).waitFor();
    const statistic = (title: string) => page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');
    expect(await statistic('浏览量').textContent()).toBe('4');
    expect(await statistic('访客').textContent()).toBe('2');
    expect(await statistic('微信内打开').textContent()).toBe('50.0%');
    // The chart comes in its own chunk: waited for, then counted.
    await page.getByRole('table', { name: '近7天浏览量与访客（数据表）' }).locator('tr[data-day]').first().waitFor();
    expect(await page.getByRole('table', { name: '近7天浏览量与访客（数据表）' }).locator('tr[data-day]').count()).toBe(7);
    // Drawn by chart.js on its canvas: bars, not an empty box.
    await page.getByRole('img', { name: '近7天浏览量与访客' }).waitFor();
    expect(await chartInk(page, '近7天浏览量与访客')).toBeGreaterThan(0.01);
    await page.screenshot({ path: path.join(SHOTS, 'site-stats-1440.png'), fullPage: true });

    // 渠道二维码 for a poster: the PNG holds the link shown with its channel.
    const qrCard = page.locator('.ant-card').filter({ has: page.getByText('渠道二维码', { exact: true }) });
    await qrCard.getByRole('button', { name: /生成渠道二维码/ }).click();
    await qrCard.getByText('海报', { exact: true }).click();
    await qrCard.getByRole('img', { name: 'poster 渠道二维码' }).waitFor();
    const posterLink = (await qrCard.getByTestId('channel-link').textContent()) ?? '';
    expect(posterLink).toMatch(new RegExp(`^https?://[^/]+/pub/${slug}/\\?from=poster$`));
    const poster = await downloadedQr(page, qrCard, 'channel-qr-poster.png');
    expect(poster.name).toBe(`${SITE_NAME}-poster.png`);
    expect(poster.picture.encodes(posterLink)).toBe(true);
    expect(poster.picture.encodes(posterLink.replace('poster', 'wechat'))).toBe(false);
    await qrCard.screenshot({ path: path.join(SHOTS, 'channel-qr-1440.png') });
    // A custom channel the counter would change is refused in words.
    await qrCard.getByText('自定义', { exact: true }).click();
    await qrCard.getByPlaceholder('例如 tieba').fill('tie ba');
    await qrCard.getByText('渠道名只能包含字母、数字、汉字、-、_ 和 .').waitFor();
    expect(await qrCard.getByRole('button', { name: /下载二维码/ }).count()).toBe(0);
    await qrCard.getByPlaceholder('例如 tieba').fill('tieba');
    await qrCard.getByRole('img', { name: 'tieba 渠道二维码' }).waitFor();

    // A player scans the poster: the link it holds opens the page, counted as 海报.
    const scanner = await browser.newContext({ userAgent: WECHAT_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.24' } });
    try {
      const player = await scanner.newPage();
      expect((await player.goto(posterLink))?.status()).toBe(200);
      await player.getByRole('heading', { name: SITE_NAME }).waitFor();
    } finally {
      await scanner.close();
    }

    await page.getByText('近30天').click();
    await page.getByRole('img', { name: '近30天浏览量与访客' }).waitFor();
    await page.getByRole('table', { name: '近30天浏览量与访客（数据表）' }).locator('tr[data-day]').nth(29).waitFor();
    expect(await page.getByRole('table', { name: '近30天浏览量与访客（数据表）' }).locator('tr[data-day]').count()).toBe(30);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await channelRow('qq').waitFor();
    expect(await channelRow('poster').getByRole('cell').allTextContents()).toEqual(['poster', '1', '1', '—', '—']);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The chart at a phone's width: drawn, not an empty card.
    await page.getByRole('table', { name: '近7天浏览量与访客（数据表）' }).locator('tr[data-day]').first().waitFor();
    expect(await chartInk(page, '近7天浏览量与访客')).toBeGreaterThan(0.01);
    await page.screenshot({ path: path.join(SHOTS, 'site-stats-390.png'), fullPage: true });
    await qrCard.getByRole('button', { name: /生成渠道二维码/ }).click();
    const wechat = await downloadedQr(page, qrCard, 'channel-qr-wechat.png');
    expect(wechat.name).toBe(`${SITE_NAME}-wechat.png`);
    expect(wechat.picture.encodes(posterLink.replace('poster', 'wechat'))).toBe(true);
    await qrCard.screenshot({ path: path.join(SHOTS, 'channel-qr-390.png') });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
