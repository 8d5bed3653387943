/**
 * How a builder site looks in Chromium, checked where the eye caught it: the navigation bar and
 * the sidebar take their colours from the logo's palette (a blue logo is not set in an orange
 * bar); a banner, which is a single picture, shows nothing like a carousel's row of dots; on a
 * phone the banner picture melts into the page behind the logo instead of ending in a hard edge;
 * and in the news timeline each date ends before its node, which sits on the line. Every banner
 * arrangement is tried. Skipped when no Chromium is installed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { chromium, type Browser, type Page } from 'playwright-core';
import { listComponents } from '../../../../src/server/render/builder/catalog';
import { hslOf } from '../../../../src/server/render/builder/logoPalette';
import { defaultRenderInput, renderBuiltSite } from '../../../../src/server/render/builder/renderBuiltSite';
import type { BannerDefinition, ContentDefinition, HeadDefinition, SidebarDefinition } from '../../../../src/server/render/builder/types';
import { chromiumPath } from '../../../e2e/environment';

jest.setTimeout(300_000);

const CHROMIUM = chromiumPath();
const describeInBrowser = CHROMIUM ? describe : describe.skip;
/** The deep-space configuration, whose own accent is orange. */
const SPACE_MAIN = 7;
/** The blue the test's logo is drawn in (hue about 215 degrees). */
const LOGO_BLUE = ['#1f6dff', '#5fb4ff'];

let root: string;
let browser: Browser;
const sites: Array<{ banner: BannerDefinition; dir: string }> = [];

/** A wordmark-like logo in two blues on a transparent ground, with a dark rim. */
function writeBlueLogo(file: string): void {
  const canvas = createCanvas(600, 260);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 40, 0, 220);
  gradient.addColorStop(0, LOGO_BLUE[1]);
  gradient.addColorStop(1, LOGO_BLUE[0]);
  ctx.fillStyle = gradient;
  ctx.strokeStyle = '#0a1a3a';
  ctx.lineWidth = 10;
  ctx.beginPath();
  ctx.roundRect(40, 50, 520, 160, 40);
  ctx.stroke();
  ctx.fill();
  fs.writeFileSync(file, canvas.encodeSync('png'));
}

/** A bright banner picture: a dark page under it would show any hard edge. */
function writeBrightBanner(file: string): void {
  const canvas = createCanvas(1600, 900);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, 1600, 900);
  gradient.addColorStop(0, '#fff2b0');
  gradient.addColorStop(1, '#ffd0e0');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 1600, 900);
  fs.writeFileSync(file, canvas.encodeSync('png'));
}

const byDesign = <T extends { design: unknown }>(type: 'head' | 'sidebar' | 'content', match: (design: T['design']) => boolean): number => {
  const found = (listComponents(type) as unknown as T[]).find((component) => match(component.design));
  if (!found) throw new Error(`no ${type} component matches`);
  return (found as unknown as { id: number }).id;
};

async function open(dir: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport, reducedMotion: 'reduce', locale: 'zh-CN' });
  await page.goto(`file://${path.join(dir, 'index.html')}`, { waitUntil: 'load' });
  await page.evaluate(async () => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
    await Promise.all(Array.from(document.images).map((image) => (image.complete ? null : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })))));
    await document.fonts.ready;
  });
  return page;
}

describeInBrowser('how builder sites look in Chromium', () => {
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'built-look-'));
    const logo = path.join(root, 'logo.png');
    const picture = path.join(root, 'banner.png');
    writeBlueLogo(logo);
    writeBrightBanner(picture);
    const head = byDesign<HeadDefinition>('head', (design) => design.surface === 'accent');
    const sidebar = byDesign<SidebarDefinition>('sidebar', (design) => design.surface === 'accent' && design.layout === 'nav');
    const content = byDesign<ContentDefinition>('content', (design) => design.sections.some((section) => section.kind === 'news' && section.look === 'timeline'));
    for (const banner of listComponents('banner') as BannerDefinition[]) {
      const input = defaultRenderInput('main', SPACE_MAIN);
      const dir = path.join(root, `banner-${banner.id}`);
      await renderBuiltSite(
        {
          ...input,
          selected: { ...input.selected, head, sidebar, content, banner: banner.id },
          files: { ...input.files, banner: { banner: { path: picture }, banner_logo: { path: logo } } },
        },
        dir,
      );
      sites.push({ banner, dir });
    }
    browser = await chromium.launch({ executablePath: CHROMIUM ?? undefined, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  });

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("colours the navigation bar and the sidebar from the logo's palette", async () => {
    const logoHue = hslOf(LOGO_BLUE[0])[0];
    const page = await open(sites[0].dir, { width: 1440, height: 900 });
    // Every colour the bar and the sidebar paint with: text, grounds, borders, gradients, their ::before and ::after.
    const colours = await page.evaluate(() => {
      const found: string[] = [];
      const parts = Array.from(document.querySelectorAll<HTMLElement>('[data-head], [data-head] *, .sb, .sb *'));
      for (const element of parts) {
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(element, pseudo);
          if (pseudo && style.content === 'none') continue;
          for (const value of [style.color, style.backgroundColor, style.borderTopColor, style.borderLeftColor, style.backgroundImage]) found.push(...(value.match(/rgba?\([^)]*\)/g) ?? []));
        }
      }
      return found;
    });
    await page.close();
    expect(colours.length).toBeGreaterThan(20);
    const hueOf = (css: string): { hue: number; vivid: boolean } => {
      const [r, g, b, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      const hex = `#${[r, g, b].map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;
      const [hue, saturation, lightness] = hslOf(hex);
      return { hue, vivid: a > 0.3 && saturation > 0.35 && lightness > 0.2 && lightness < 0.85 };
    };
    const vivid = colours.map(hueOf).filter((colour) => colour.vivid);
    expect(vivid.length).toBeGreaterThan(0);
    const apart = (hue: number): number => Math.min(Math.abs(hue - logoHue), 360 - Math.abs(hue - logoHue));
    expect(vivid.map((colour) => Math.round(colour.hue)).filter((hue) => apart(hue) > 30)).toEqual([]);
  });

  it('shows no carousel dots under the single banner picture', async () => {
    for (const { banner, dir } of sites) {
      const page = await open(dir, { width: 1440, height: 900 });
      // A pager is a row of small round marks: a repeated radial gradient, or several small round boxes side by side.
      const pagers = await page.evaluate(() => {
        const found: string[] = [];
        for (const element of Array.from(document.querySelectorAll<HTMLElement>('.bn, .bn *'))) {
          for (const pseudo of [null, '::before', '::after']) {
            const style = getComputedStyle(element, pseudo);
            if (pseudo && style.content === 'none') continue;
            if (style.display === 'none') continue;
            const tiles = (style.backgroundSize.match(/[\d.]+px/g) ?? []).map(parseFloat);
            const small = tiles.length > 0 && Math.max(...tiles) <= 40;
            if (style.backgroundImage.includes('radial-gradient') && small && !style.backgroundRepeat.includes('no-repeat')) found.push(`${element.className}${pseudo ?? ''}`);
          }
        }
        const dots = Array.from(document.querySelectorAll<HTMLElement>('.bn *')).filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.width <= 16 && Math.abs(box.width - box.height) < 2 && parseFloat(getComputedStyle(element).borderRadius) >= box.width / 2 - 1;
        });
        if (dots.length >= 2) found.push(`${dots.length} round marks`);
        return found;
      });
      expect([banner.name, pagers]).toEqual([banner.name, []]);
      await page.close();
    }
  });

  it('melts the banner picture into the page behind the logo on a phone', async () => {
    for (const { banner, dir } of sites) {
      if (banner.design.layout === 'framed') continue;
      const page = await open(dir, { width: 390, height: 844 });
      const foot = await page.locator('.bn-media').evaluate((element) => Math.round(element.getBoundingClientRect().bottom));
      const shot = await page.screenshot({ clip: { x: 0, y: foot - 6, width: 390, height: 12 } });
      await page.close();
      // Beside the logo (the outer 40 px each side): the rows just above and just below the picture's foot.
      const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const rowMean = (y: number): number[] => {
        const sum = [0, 0, 0];
        let n = 0;
        for (let x = 0; x < info.width; x++) {
          if (x > 40 && x < info.width - 40) continue;
          for (let c = 0; c < 3; c++) sum[c] += data[(y * info.width + x) * 3 + c];
          n += 1;
        }
        return sum.map((value) => value / n);
      };
      const above = rowMean(info.height / 2 - 3);
      const below = rowMean(info.height / 2 + 3);
      const step = Math.max(...above.map((value, c) => Math.abs(value - below[c])));
      expect([banner.name, step < 16]).toEqual([banner.name, true]);
    }
  });

  it('ends each news date before its node on the timeline, at both widths', async () => {
    for (const width of [1440, 390]) {
      const page = await open(sites[0].dir, { width, height: 900 });
      const rows = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.news-timeline .news-item')).map((item) => {
          const box = item.getBoundingClientRect();
          const date = item.querySelector('.news-date');
          const range = document.createRange();
          range.selectNodeContents(date ?? item);
          const node = getComputedStyle(item, '::before');
          const nodeLeft = box.left + parseFloat(node.left);
          const list = item.parentElement ?? item;
          const line = getComputedStyle(list, '::before');
          const lineCentre = list.getBoundingClientRect().left + parseFloat(line.left) + parseFloat(line.width) / 2;
          return { dateRight: range.getBoundingClientRect().right, nodeLeft, nodeCentre: nodeLeft + parseFloat(node.width) / 2, lineCentre };
        }),
      );
      await page.close();
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const row of rows) {
        expect([width, row.nodeLeft - row.dateRight >= 4]).toEqual([width, true]);
        expect([width, Math.abs(row.nodeCentre - row.lineCentre) <= 1.5]).toEqual([width, true]);
      }
    }
  });
});
