/**
 * Every mini-site template opened from disk in Chromium as a phone (390x844) shows it: the first
 * screen offers a download button, and every section of the navigation can be reached from the
 * bar (its menu lists them all, each visible on the screen and going to its section); at 1440 px
 * the links show in the bar and there is no menu button. The site has download links and the
 * banner's phone cut, whose tall hero fills most of a phone's first screen. Skipped without Chromium.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { siteTemplates } from '../../../../src/server/render/site/catalog';
import { renderSite } from '../../../../src/server/render/site/renderSite';
import { writeSampleVideo } from '../../../fixtures/videoFiles';
import { chromiumPath } from '../../../e2e/environment';
import { writeSamplePicture } from '../siteFiles';

jest.setTimeout(300_000);

const CHROMIUM = chromiumPath();
const describeInBrowser = CHROMIUM ? describe : describe.skip;
const PHONE = { width: 390, height: 844 };
const LINKS = { ios_url: 'https://game.example.cn/ios', android_url: 'https://game.example.cn/android', pc_url: 'https://game.example.cn/pc', qr_url: 'https://game.example.cn/download' };

let root: string;
let browser: Browser;
const dirs: Array<[number, string]> = [];

/** Whether the element is on the screen and is what a tap at its centre reaches (nothing covers or clips it). */
function tappable(page: Page, selector: string, index: number): Promise<boolean> {
  return page.evaluate(
    ({ selector: css, index: i }) => {
      const element = document.querySelectorAll<HTMLElement>(css)[i];
      if (!element) return false;
      const box = element.getBoundingClientRect();
      if (box.width < 1 || box.height < 1 || box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return false;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return !!hit && (hit === element || element.contains(hit));
    },
    { selector, index },
  );
}

describeInBrowser('mini sites in Chromium', () => {
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-phone-'));
    const logo = await writeSamplePicture(root, 'logo.png', { width: 300, height: 150 }, { format: 'png', transparent: true });
    const poster = await writeSamplePicture(root, 'poster.jpg', { width: 320, height: 180 }, { format: 'jpeg', transparent: false });
    const portraitPoster = await writeSamplePicture(root, 'portrait.jpg', { width: 180, height: 320 }, { format: 'jpeg', transparent: false });
    const video = writeSampleVideo(root, 'banner.mp4', { width: 320, height: 180 });
    const portraitVideo = writeSampleVideo(root, 'portrait.mp4', { width: 180, height: 320 });
    for (const template of siteTemplates) {
      const dir = path.join(root, String(template.id));
      await renderSite(
        {
          templateId: template.id,
          texts: LINKS,
          images: {},
          logo: { path: logo },
          bannerVideo: { path: video },
          bannerPoster: { path: poster },
          bannerPortrait: { video: { path: portraitVideo }, poster: { path: portraitPoster } },
          music: null,
        },
        dir,
      );
      dirs.push([template.id, dir]);
    }
    browser = await chromium.launch({ executablePath: CHROMIUM ?? undefined, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  });

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function open(dir: string, viewport: { width: number; height: number }): Promise<Page> {
    const page = await browser.newPage({ viewport, isMobile: viewport.width < 900, hasTouch: viewport.width < 900, locale: 'zh-CN' });
    await page.goto(`file://${path.join(dir, 'index.html')}`, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    return page;
  }

  it('offers a download button on the first screen of a phone, and reaches every section from its menu', async () => {
    for (const [id, dir] of dirs) {
      const page = await open(dir, PHONE);
      const downloads = await page.locator('a[href="#download"], .dl-btn').count();
      const onFirstScreen = [];
      for (let i = 0; i < downloads; i++) onFirstScreen.push(await tappable(page, 'a[href="#download"], .dl-btn', i));
      expect([id, onFirstScreen.includes(true)]).toEqual([id, true]);

      const sections = await page.locator('.nav-links a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(sections.length).toBeGreaterThanOrEqual(5);
      for (const [i, href] of sections.entries()) {
        await page.locator('.nav-menu summary').click();
        const item = `.nav-menu-links a`;
        expect([id, href, await page.locator(item).nth(i).getAttribute('href')]).toEqual([id, href, href]);
        expect([id, href, await tappable(page, item, i)]).toEqual([id, href, true]);
        await page.locator(item).nth(i).click();
        expect([id, await page.evaluate(() => location.hash)]).toEqual([id, href]);
        // The menu closes over the section it led to.
        expect([id, href, await page.locator('.nav-menu-links').isVisible()]).toEqual([id, href, false]);
      }
      expect([id, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([id, PHONE.width]);
      await page.close();
    }
  });

  it('shows every section link in the bar at 1440 px, with no menu button', async () => {
    for (const [id, dir] of dirs) {
      const page = await open(dir, { width: 1440, height: 900 });
      const links = await page.locator('.nav-links a').count();
      for (let i = 0; i < links; i++) expect([id, i, await tappable(page, '.nav-links a', i)]).toEqual([id, i, true]);
      expect([id, await page.locator('.nav-menu summary').isVisible()]).toEqual([id, false]);
      await page.close();
    }
  });
});
