/**
 * Every site template and every builder configuration, generated with a studio's own texts, logo,
 * banner and full-size uploads, served as plain static files and opened in Chromium as a phone
 * (390 x 844 at 3x): what Lighthouse's speed rests on, checked without a clock (issue 13).
 * - The first view (everything fetched before any scrolling, the video not counted) is under
 *   500 KB as transferred.
 * - Nothing blocks the first paint: Chromium reports no render-blocking request, and the page has
 *   no stylesheet link or synchronous script.
 * - Every picture carries its width and height.
 * - Every font file holds only characters that the page sets in the display face.
 * npm run site-audit measures the same sites with Lighthouse itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fontverter from 'fontverter';
import { chromium, type Browser } from 'playwright-core';
import { MAIN_PRESETS } from '../../../src/server/render/builder/definitions/main';
import { renderBuiltSite } from '../../../src/server/render/builder/renderBuiltSite';
import { siteTemplates } from '../../../src/server/render/site/catalog';
import { fontCharacters } from '../../../src/server/render/site/fontCharacters';
import { renderSite } from '../../../src/server/render/site/renderSite';
import { chromiumPath } from '../../e2e/environment';
import { serveStatic } from '../../fixtures/staticServer';
import { studioBuiltSiteInput, studioMedia, studioMiniSiteInput } from '../../fixtures/studioSites';

jest.setTimeout(900_000);

const CHROMIUM = chromiumPath();
const describeInBrowser = CHROMIUM ? describe : describe.skip;
const FIRST_VIEW_BUDGET = 500 * 1024;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'zh-CN' };
/** The logo every site of this test carries: one render is enough, the pictures' sizes come from the page. */
const LOGO_STYLE = 1;

interface Site {
  label: string;
  folder: string;
  files: string[];
}

const SITES = [
  ...siteTemplates.map((template) => ({ label: `mini site ${template.id}`, folder: `site-${template.id}`, template: template.id, preset: 0, banner: template.bannerId })),
  ...MAIN_PRESETS.map((preset) => ({ label: `builder configuration ${preset.id}`, folder: `builder-${preset.id}`, template: 0, preset: preset.id, banner: siteTemplates[(preset.id - 1) % siteTemplates.length].bannerId })),
];

interface FirstView {
  bytes: number;
  biggest: string[];
  blocking: string[];
  displayText: string;
}

describeInBrowser('generated sites on a phone', () => {
  let root: string;
  let browser: Browser;
  let server: { url: string; close: () => void };
  const generated = new Map<string, Site>();

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-budget-'));
    const media = path.join(root, 'media');
    // Each banner once, before the sites that share it are rendered two at a time (sharp's encoder and React take turns).
    for (const banner of new Set(SITES.map((site) => site.banner))) await studioMedia(media, LOGO_STYLE, banner, false);
    const queue = [...SITES];
    const worker = async (): Promise<void> => {
      for (let site = queue.shift(); site; site = queue.shift()) {
        const files = await studioMedia(media, LOGO_STYLE, site.banner, false);
        const dir = path.join(root, site.folder);
        const result = site.template ? await renderSite(await studioMiniSiteInput(site.template, media, files), dir) : await renderBuiltSite(await studioBuiltSiteInput(site.preset, media, files), dir);
        generated.set(site.folder, { label: site.label, folder: site.folder, files: result.files });
      }
    };
    await Promise.all([worker(), worker()]);
    server = await serveStatic(root);
    browser = await chromium.launch({ executablePath: CHROMIUM ?? undefined });
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  /** Opens the site as a phone, the video left out, and counts what came over the wire until the network was quiet. */
  async function firstView(folder: string): Promise<FirstView> {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const sizes = new Map<string, number>();
    await page.route(/\.(mp4|webm|mp3)$/, (route) => route.abort());
    page.on('response', (response) => {
      const length = Number(response.headers()['content-length'] ?? 0);
      sizes.set(response.url(), length);
    });
    try {
      await page.goto(`${server.url}/${folder}/index.html`, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const { blocking, displayText } = await page.evaluate(() => ({
        blocking: performance
          .getEntriesByType('resource')
          .filter((entry) => (entry as PerformanceResourceTiming & { renderBlockingStatus?: string }).renderBlockingStatus === 'blocking')
          .map((entry) => entry.name),
        displayText: Array.from(document.querySelectorAll('.fd'), (element) => element.textContent ?? '').join(''),
      }));
      const bytes = [...sizes.values()].reduce((sum, size) => sum + size, 0);
      const biggest = [...sizes.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([url, size]) => `${url.slice(url.indexOf(folder))} ${Math.round(size / 1024)} KB`);
      return { bytes, biggest, blocking, displayText };
    } finally {
      await context.close();
    }
  }

  /**
   * Each site's first view, taken in three lanes at once from the first asking: each waits half a
   * second of quiet network after its last request, which one page after another spent 36 times over.
   */
  let views: Map<string, Promise<FirstView>> | null = null;
  function firstViewOf(folder: string): Promise<FirstView> {
    if (!views) {
      const lanes: Array<Promise<unknown>> = [Promise.resolve(), Promise.resolve(), Promise.resolve()];
      views = new Map(
        SITES.map((site, i) => {
          const view = lanes[i % lanes.length].then(() => firstView(site.folder));
          // The lane goes on past a failure; the failure stays with the site's own test (and a site
          // whose test a filtered run leaves out is no unhandled rejection).
          lanes[i % lanes.length] = view.catch(() => undefined);
          return [site.folder, view];
        }),
      );
    }
    return views.get(folder)!;
  }

  describe.each(SITES.map((site) => [site.label, site.folder]))('%s', (_label, folder) => {
    const html = (): string => fs.readFileSync(path.join(root, folder, 'index.html'), 'utf8');

    it('shows its first view for under 500 KB, with nothing blocking the first paint, and sets fonts holding only its own characters', async () => {
      const view = await firstViewOf(folder);
      // The largest files ride along, so a failure says where the bytes went.
      expect({ kb: Math.round(view.bytes / 1024), underBudget: view.bytes < FIRST_VIEW_BUDGET, largest: view.biggest }).toMatchObject({ underBudget: true });
      expect(view.blocking).toEqual([]);

      const fonts = generated.get(folder)?.files.filter((file) => file.startsWith('assets/fonts/')) ?? [];
      expect(fonts.length).toBeGreaterThan(0);
      const set = new Set(Array.from(view.displayText));
      for (const font of fonts) {
        const chars = fontCharacters(Buffer.from(await fontverter.convert(fs.readFileSync(path.join(root, folder, font)), 'sfnt')));
        const strangers = [...chars].map((code) => String.fromCodePoint(code)).filter((char) => !set.has(char));
        expect({ font, strangers }).toEqual({ font, strangers: [] });
      }
    });

    it('has no stylesheet to fetch and no script that runs before the page is read', () => {
      const page = html();
      expect(page).not.toMatch(/<link[^>]+rel="stylesheet"/i);
      expect(page).not.toMatch(/@import/i);
      const scripts = page.match(/<script\b[^>]*>/gi) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toMatch(/\bdefer\b|\basync\b|type="module"/);
    });

    it('gives every picture its width and height', () => {
      const images = html().match(/<img\b[^>]*>/gi) ?? [];
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) expect(image).toMatch(/\swidth="\d+"[^>]*\sheight="\d+"|\sheight="\d+"[^>]*\swidth="\d+"/);
    });
  });
});
