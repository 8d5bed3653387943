/**
 * 删除 in the site list, in Chromium: a user with two builder sites (one made through 立即搭建)
 * deletes one at 1440x900 after the confirm says what goes, then the other on a phone (390x844),
 * and the list and the data folder follow. Screenshots for a person to look at: E2E_SHOTS=<folder>
 * keeps them.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BuilderMessages } from '../../src/contract/builder';
import { SiteDeletionMessages } from '../../src/contract/siteDeletion';
import { registerAndLogIn, url } from './accounts';
import { describeInBrowser, explained, launchBrowser, openPage, previewShown } from './browser';
import { readEnvironment } from './environment';

jest.setTimeout(240_000);

const SHOTS = process.env.E2E_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-site-delete-'));
const PHONE = '13800138095';
const WARNING = '网站的内容、历史版本、预览和生成的下载文件将一并删除，删除后无法恢复。';

/** The user's builder sites as the server keeps them: id and preview folder. */
function sitesOnServer(): Array<{ id: number; dir: string }> {
  const db = new Database(path.join(readEnvironment().dataDir, 'app.db'), { readonly: true });
  try {
    return db.prepare('SELECT s.id, s.dir FROM builder_sites s JOIN users u ON u.id = s.user_id WHERE u.mobile = ? ORDER BY s.id').all(PHONE) as Array<{ id: number; dir: string }>;
  } finally {
    db.close();
  }
}

const previewFolder = (dir: string): string => path.join(readEnvironment().dataDir, 'sites', dir);
const overflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** 立即搭建's way to a new site: the builder makes it and shows its preview. */
async function newSite(page: Page): Promise<void> {
  await page.goto(url('/user/createWeb?new=1'));
  await previewShown(page);
  await page.waitForURL(/\/user\/createWeb$/);
}

describeInBrowser('删除 in the site list', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('deletes a site after a confirm that says what goes, on a desktop and then on a phone', async () => {
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 });
    const loggedIn = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    await registerAndLogIn(page, PHONE);
    const { token } = ((await (await loggedIn).json()) as { data: { token: string } }).data;
    // The first site straight from the API, without the SPA's 10 s limit: a server that just
    // started loads its site renderer first, which on a busy two-core machine takes about as long.
    const made = await page.request.post(url('/api/createWeb/getWebUrl'), { headers: { authorization: `Bearer ${token}` }, data: { type: 'main', id: 0, selectedComponents: {} }, timeout: 120_000 });
    expect(((await made.json()) as { code: number }).code).toBe(200);
    await newSite(page);
    const [older, newer] = sitesOnServer();
    expect(fs.existsSync(previewFolder(older.dir))).toBe(true);

    await page.goto(url('/user/backend/siteList'));
    const rowOf = (id: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
    await rowOf(older.id).waitFor();
    await rowOf(newer.id).waitFor();

    // Asked first, saying what goes; 取消 keeps everything.
    await rowOf(older.id).getByRole('button', { name: /删\s*除/ }).click();
    const confirm = page.locator('.ant-popover:not(.ant-popover-hidden)');
    await confirm.getByText(WARNING).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'site-delete-confirm-1440.png') });
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    expect(sitesOnServer()).toHaveLength(2);

    await rowOf(older.id).getByRole('button', { name: /删\s*除/ }).click();
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await explained(page, page.getByText(SiteDeletionMessages.succeeded).waitFor());
    await rowOf(older.id).waitFor({ state: 'detached' });
    await rowOf(newer.id).waitFor();
    expect(sitesOnServer().map((site) => site.id)).toEqual([newer.id]);
    expect(fs.existsSync(previewFolder(older.dir))).toBe(false);
    // The builder no longer opens the deleted site: it answers as for a missing one.
    await page.goto(url(`/user/createWeb?id=${older.id}`));
    await page.getByText(BuilderMessages.siteUnknown).first().waitFor();

    // On a phone: the actions stay on screen, a tap asks, a tap deletes, the list invites a new site.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url('/user/backend/siteList'));
    const phoneRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: /删\s*除/ }) });
    await phoneRow.waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const button = phoneRow.getByRole('button', { name: /删\s*除/ });
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await button.click();
    await confirm.getByText(WARNING).waitFor();
    const shown = await confirm.boundingBox();
    expect(shown && shown.x >= 0 && shown.x + shown.width <= 390).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'site-delete-confirm-390.png') });
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await page.getByText('还没有网站，马上搭建一个吧').waitFor();
    expect(sitesOnServer()).toEqual([]);
    expect(fs.existsSync(previewFolder(newer.dir))).toBe(false);
    await page.screenshot({ path: path.join(SHOTS, 'site-delete-empty-390.png') });

    expect(errors).toEqual([]);
  });
});
