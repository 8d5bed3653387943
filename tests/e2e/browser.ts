import { chromium, type Browser, type Page } from 'playwright-core';
import { readEnvironment } from './environment';

/** Chromium as DESIGN.md section 9 starts it: headless, no sandbox (root), no background traffic. */
export async function launchBrowser(): Promise<Browser> {
  const env = readEnvironment();
  if (!env.chromiumPath) throw new Error('No Chromium: the browser tests should have been skipped.');
  return chromium.launch({
    executablePath: env.chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A page that fails the test on any uncaught page error and collects failed same-origin requests. */
export async function openPage(browser: Browser, viewport = { width: 1366, height: 860 }): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) errors.push(`HTTP ${response.status()} ${response.url()}`);
  });
  return { page, errors };
}

/** `describe` when Chromium is there; otherwise the suite is reported as skipped. */
export const describeInBrowser: jest.Describe = readEnvironment().chromiumPath ? describe : describe.skip;
