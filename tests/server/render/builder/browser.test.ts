/**
 * Builder sites opened from disk in Chromium, as a visitor meets them: at 1440 px the navigation
 * links and the sidebar panel show and the panel folds by its tab; at 390 px nothing overflows
 * sideways, the links sit behind a menu button that opens, and the sidebar is a bar along the
 * bottom. Every picture loads from the folder. Skipped when no Chromium is installed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { configFields } from '../../../../src/contract/miniSite';
import { findComponent } from '../../../../src/server/render/builder/catalog';
import { defaultRenderInput, renderBuiltSite } from '../../../../src/server/render/builder/renderBuiltSite';
import type { BuiltSiteRenderInput } from '../../../../src/server/render/builder/types';
import { chromiumPath } from '../../../e2e/environment';

jest.setTimeout(120_000);

const CHROMIUM = chromiumPath();
const describeInBrowser = CHROMIUM ? describe : describe.skip;

let root: string;
let browser: Browser;

/** The site with every link field of its chosen sidebar filled (a sidebar without links has no phone bar). */
function withSidebarLinks(input: BuiltSiteRenderInput): BuiltSiteRenderInput {
  const fields = configFields(findComponent('sidebar', input.selected.sidebar)?.config ?? []);
  const links = Object.fromEntries(fields.filter((field) => field.optional && field.placeholder === 'https://').map((field) => [field.key, `https://game.example.cn/${field.key}`]));
  return { ...input, texts: { ...input.texts, sidebar: { ...input.texts.sidebar, ...links } } };
}

/** Sites that between them use every head, banner and sidebar arrangement at both widths' hardest spots. */
function sites(): Array<[string, BuiltSiteRenderInput]> {
  const withParts = (main: number, head: number, banner: number, content: number, sidebar: number, footer: number): BuiltSiteRenderInput => {
    const input = defaultRenderInput('main', main);
    return withSidebarLinks({ ...input, selected: { ...input.selected, head, banner, content, sidebar, footer } });
  };
  return [
    ['default configuration', withSidebarLinks(defaultRenderInput('main', 1))],
    ['light theme, centred head, split banner, section nav', withParts(6, 4, 5, 12, 4, 7)],
    ['stacked head, framed banner, gift pack', withParts(10, 8, 6, 14, 10, 10)],
    ['rail head, bottom banner, services', withParts(5, 12, 4, 3, 14, 4)],
  ];
}

async function open(dir: string, width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: width > 900 ? 900 : 844 }, locale: 'zh-CN' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => errors.push(`failed: ${request.url()}`));
  await page.goto(`file://${path.join(dir, 'index.html')}`, { waitUntil: 'load' });
  await page.evaluate(async () => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
    await Promise.all(Array.from(document.images).map((image) => (image.complete ? null : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })))));
  });
  return { page, errors };
}

describeInBrowser('builder sites in Chromium', () => {
  const dirs: Array<[string, string]> = [];

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'built-browser-'));
    for (const [name, input] of sites()) {
      const dir = path.join(root, String(dirs.length));
      await renderBuiltSite(input, dir);
      dirs.push([name, dir]);
    }
    browser = await chromium.launch({ executablePath: CHROMIUM ?? undefined, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  });

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('shows the links and a folding sidebar panel at 1440 px', async () => {
    for (const [name, dir] of dirs) {
      const { page, errors } = await open(dir, 1440);
      expect([name, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([name, 1440]);
      expect(await page.locator('.hd-links').first().isVisible()).toBe(true);
      expect(await page.locator('.hd-menu').isVisible()).toBe(false);
      expect(await page.locator('.sb-panel').isVisible()).toBe(true);
      expect(await page.locator('.sb-bar').isVisible()).toBe(false);
      await page.locator('.sb-tab').click();
      expect(await page.locator('.sb-panel').isVisible()).toBe(false);
      const broken = await page.evaluate(() => Array.from(document.images).filter((image) => !image.naturalWidth).map((image) => image.src));
      expect([name, broken, errors]).toEqual([name, [], []]);
      await page.close();
    }
  });

  it('fits 390 px with a menu button and a bottom bar for the sidebar', async () => {
    for (const [name, dir] of dirs) {
      const { page, errors } = await open(dir, 390);
      expect([name, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([name, 390]);
      expect(await page.locator('.hd-links').first().isVisible()).toBe(false);
      expect(await page.locator('.sb-panel').isVisible()).toBe(false);
      const bar = page.locator('.sb-bar');
      expect(await bar.isVisible()).toBe(true);
      const bottom = await bar.evaluate((element) => Math.round(element.getBoundingClientRect().bottom));
      expect([name, bottom]).toEqual([name, 844]);
      await page.locator('.hd-menu summary').click();
      const menuLink = page.locator('.hd-menu-links a').nth(1);
      expect(await menuLink.isVisible()).toBe(true);
      const href = await menuLink.getAttribute('href');
      await menuLink.click();
      expect(await page.evaluate(() => location.hash)).toBe(href);
      expect([name, errors]).toEqual([name, []]);
      await page.close();
    }
  });
});
