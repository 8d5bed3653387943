/**
 * 内容审核 in Chromium: a visitor on a phone (390x844) opens a published page, follows its 举报
 * link, files a report without logging in, and the report reaches the operator's console, where
 * 下线 with a reason makes the link serve the notice. The published page is put in place as 发布
 * leaves it (a row, a folder with its 举报 link): making a real site takes minutes of rendering,
 * which the mini-site test already spends.
 */
import Database from 'better-sqlite3';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { reportUrl, stampReportLink } from '../../src/server/modules/moderation/reportLink';
import { registerThroughTheForm, url } from './accounts';
import { describeInBrowser, launchBrowser, openPage } from './browser';
import { readEnvironment } from './environment';

jest.setTimeout(180_000);

const PHONE = '13800138092';
const SITE_NAME = '举报测试小站';
const REPORT_TEXT = '<b>页面</b>冒充官方，骗取充值';

/** What npm run operator and a 发布 would have left in the server's database and data folder. */
async function prepare(): Promise<string> {
  const { dataDir } = readEnvironment();
  const slug = crypto.randomBytes(16).toString('hex');
  const db = new Database(path.join(dataDir, 'app.db'));
  try {
    const { id } = db.prepare('SELECT id FROM users WHERE mobile = ?').get(PHONE) as { id: number };
    db.prepare("UPDATE users SET role = 'operator' WHERE id = ?").run(id);
    const at = Date.now();
    const site = db.prepare('INSERT INTO mini_sites (dir, user_id, template_id, name, created_at) VALUES (?, ?, 1, ?, ?)').run(crypto.randomBytes(16).toString('hex'), id, SITE_NAME, at);
    db.prepare('INSERT INTO published_sites (slug, site_id, mini_site_id, user_id, created_at, updated_at) VALUES (?, NULL, ?, ?, ?, ?)').run(slug, site.lastInsertRowid, id, at, at);
  } finally {
    db.close();
  }
  const folder = path.join(dataDir, 'published', slug);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'index.html'),
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${SITE_NAME}</title></head><body><h1>${SITE_NAME}</h1></body></html>`,
  );
  await stampReportLink(folder, reportUrl('', slug));
  return slug;
}

const overflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describeInBrowser('内容审核', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('files a report from a published page on a phone; the operator reads it and takes the page down', async () => {
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 });
    await registerThroughTheForm(page, PHONE, 'Shanhai#2026');
    const slug = await prepare();

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const phone = await visitor.newPage();
      expect((await phone.goto(url(`/pub/${slug}/`)))?.status()).toBe(200);
      await phone.getByRole('heading', { name: SITE_NAME }).waitFor();
      const link = phone.getByRole('link', { name: '举报' });
      expect(await link.isVisible()).toBe(true);
      await link.click();
      await phone.waitForURL(/\/report\?site=/);
      await phone.getByRole('heading', { name: '举报页面' }).waitFor();
      expect(await overflow(phone)).toBeLessThanOrEqual(0);
      await phone.getByLabel('诈骗欺诈').check();
      await phone.getByLabel('说明').fill(REPORT_TEXT);
      await phone.getByLabel('联系方式（选填）').fill('13900001111');
      await phone.getByRole('button', { name: '提交举报' }).click();
      await phone.getByText('举报已提交').waitFor();
      expect(await overflow(phone)).toBeLessThanOrEqual(0);

      // The console: the report, as text, in 举报; 下线 from there with a reason.
      await page.goto(url('/user/admin/moderation'));
      await page.getByRole('row').filter({ hasText: SITE_NAME }).first().waitFor();
      await page.getByRole('tab', { name: '举报' }).click();
      const row = page.getByRole('row').filter({ hasText: REPORT_TEXT });
      await row.waitFor();
      expect(await page.locator('b', { hasText: '页面' }).count()).toBe(0);
      await row.getByRole('button', { name: /下\s*线/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('下线原因').fill('冒充官方');
      await dialog.getByRole('button', { name: /下\s*线/ }).click();
      await page.getByText('已下线', { exact: true }).first().waitFor();

      const notice = await phone.goto(url(`/pub/${slug}/`));
      expect(notice?.status()).toBe(451);
      await phone.getByText('该页面因违反相关规定已被下线').waitFor();
      expect(await phone.getByText(SITE_NAME).count()).toBe(0);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('tab', { name: '已发布页面' }).click();
      await page.getByRole('row').filter({ hasText: SITE_NAME }).first().waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    } finally {
      await visitor.close();
    }
    expect(errors).toEqual([]);
  });
});
