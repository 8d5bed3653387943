/**
 * The console's 站点设置 in Chromium, at a desktop's size and a phone's (390x844): an operator
 * uploads a logo, changes the copyright line and a QQ group, sees them in the preview, saves, and
 * the public home page shows them on its next load; nothing scrolls sideways. Screenshots for a
 * person to look at: E2E_SHOTS=<folder> keeps them.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { registerThroughTheForm, url } from './accounts';
import { describeInBrowser, launchBrowser, openPage } from './browser';
import { readEnvironment } from './environment';

jest.setTimeout(180_000);

const SHOTS = process.env.E2E_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-settings-shots-'));
const PHONE = '13800138094';

/** What npm run operator would have done. */
function makeOperator(): void {
  const db = new Database(path.join(readEnvironment().dataDir, 'app.db'));
  try {
    db.prepare("UPDATE users SET role = 'operator' WHERE mobile = ?").run(PHONE);
  } finally {
    db.close();
  }
}

const overflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describeInBrowser('the console’s 站点设置', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('changes the logo, the copyright and a QQ group with a preview, and the public pages show them, at 1440 and at 390 px', async () => {
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 });
    await registerThroughTheForm(page, PHONE, 'Shanhai#2026');
    makeOperator();

    await page.goto(url('/user/admin/settings'));
    const copyright = page.getByLabel('版权信息');
    await copyright.waitFor();
    await copyright.fill('© 2026 山海工作室');
    await page.getByLabel('交流群号').fill('555666777');
    const preview = page.getByTestId('settings-preview');
    await preview.getByText('© 2026 山海工作室').waitFor();
    await preview.getByText(/交流QQ群：555666777/).waitFor();

    const logo = path.join(os.tmpdir(), `wpg-e2e-logo-${process.pid}.png`);
    fs.writeFileSync(logo, await sharp({ create: { width: 160, height: 64, channels: 4, background: '#e4572e' } }).png().toBuffer());
    await page.getByTestId('upload-logoUrl').locator('xpath=ancestor::*[contains(@class,"ant-upload")][1]').locator('input[type=file]').setInputFiles(logo);
    await page.waitForFunction(() => !!document.querySelector('[data-testid="settings-preview"] img[alt="网站标志"][src*="/static/brand/uploads/"]'));
    await page.screenshot({ path: path.join(SHOTS, 'console-settings-1440.png'), fullPage: true });

    await page.getByRole('button', { name: '保存并立即生效' }).click();
    await page.getByText('站点设置已保存，所有页面立即生效').waitFor();
    await page.getByText('所有修改已保存').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url('/user/admin/settings'));
    await page.getByLabel('版权信息').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'console-settings-390.png'), fullPage: true });

    // The public site, on its next load.
    await page.goto(url('/'));
    await page.getByText('© 2026 山海工作室').waitFor();
    await page.waitForFunction(() => !!document.querySelector('img[alt="网站标志"][src*="/static/brand/uploads/"]'));
    await page.screenshot({ path: path.join(SHOTS, 'home-with-settings-390.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
