/**
 * A script that got into a user's page reads nothing of the app's, in a real browser: the
 * builder's preview frame, the mini site's preview frame, the page opened on its own at /sites/,
 * a published copy at /pub/ and a 手机预览 link, all on the app's own origin (no PUBLISH_ORIGIN).
 * The script (a file of the site's folder, as inline script is banned) tries the app's
 * localStorage, sessionStorage and cookies, its own and through window.parent / window.top, and
 * reports what it read with a picture request the test watches. The real site around it still
 * works sandboxed: its own script runs, its fonts and pictures load.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { registerAndLogIn, url } from './accounts';
import { describeInBrowser, explained, launchBrowser, previewShown, watchPage } from './browser';
import { readEnvironment } from './environment';

jest.setTimeout(300_000);

/** What the app keeps where a user page must not reach it. */
const SECRET = 'app-secret-7f3a';

/** The planted script: each read is answered by its value or 'blocked'. */
const PROBE = `(function () {
  var found = [];
  function read(name, get) {
    try {
      var value = get();
      found.push(name + '=' + (value === undefined || value === null ? 'none' : String(value)));
    } catch (error) {
      found.push(name + '=blocked');
    }
  }
  var dump = function (storage) { var all = {}; for (var i = 0; i < storage.length; i += 1) all[storage.key(i)] = storage.getItem(storage.key(i)); return JSON.stringify(all); };
  read('origin', function () { return window.origin; });
  read('localStorage', function () { return dump(window.localStorage); });
  read('sessionStorage', function () { return dump(window.sessionStorage); });
  read('cookie', function () { return document.cookie; });
  read('parentLocalStorage', function () { return dump(window.parent.localStorage); });
  read('parentCookie', function () { return window.parent.document.cookie; });
  read('topLocalStorage', function () { return dump(window.top.localStorage); });
  new Image().src = 'probe-report.gif?' + encodeURIComponent(found.join('&'));
})();
`;

/** What the probe must report from every user page: nothing read, an opaque origin. */
const NOTHING_READ = {
  origin: 'null',
  localStorage: 'blocked',
  sessionStorage: 'blocked',
  cookie: 'blocked',
  parentLocalStorage: 'blocked',
  parentCookie: 'blocked',
  topLocalStorage: 'blocked',
};

/** Plants the probe in a site folder of the server's DATA_DIR (the compressed copies of the page go: they would be served instead). */
function plantProbe(folder: string): void {
  const page = path.join(folder, 'index.html');
  if (fs.readFileSync(page, 'utf8').includes('probe.js')) return;
  fs.writeFileSync(path.join(folder, 'probe.js'), PROBE);
  fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace('</head>', '<script src="probe.js" defer></script></head>'));
  for (const copy of ['index.html.br', 'index.html.gz']) fs.rmSync(path.join(folder, copy), { force: true });
}

/** The probe's next report on `page` (from any of its frames), as read. */
function nextReport(page: Page): Promise<Record<string, string>> {
  return explained(
    page,
    page.waitForRequest((request) => request.url().includes('probe-report.gif?'), { timeout: 60_000 }).then((request) => {
      const query = decodeURIComponent(new URL(request.url()).search.slice(1));
      return Object.fromEntries(query.split('&').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
    }),
  );
}

/** The site's own script ran, and its display font and pictures loaded in the sandbox. */
async function siteWorks(frame: Frame): Promise<void> {
  await frame.waitForFunction(() => document.readyState === 'complete');
  const state = await frame.evaluate(async () => {
    await document.fonts.ready;
    const images = Array.from(document.images).filter((image) => image.complete && image.getAttribute('src'));
    return {
      fonts: Array.from(document.fonts).map((face) => `${face.family}:${face.status}`),
      pictures: images.length,
      broken: images.filter((image) => image.naturalWidth === 0 && image.loading !== 'lazy').map((image) => image.src),
    };
  });
  // The site's own script runs: scrolled past the first screen's top, the navigation bar turns solid.
  await frame.evaluate(() => window.scrollTo(0, 400));
  await frame.waitForFunction(() => document.querySelector('[data-head]')?.classList.contains('is-scrolled'), undefined, { timeout: 10_000 });
  await frame.evaluate(() => window.scrollTo(0, 0));
  expect(state.broken).toEqual([]);
  expect(state.pictures).toBeGreaterThan(0);
  // Fonts are fetched with CORS even from the page's folder: loaded, not failed, in an opaque origin.
  expect(state.fonts.filter((face) => face.endsWith(':error'))).toEqual([]);
  expect(state.fonts.some((face) => face.endsWith(':loaded'))).toBe(true);
}

/**
 * The builder with its preview shown. The first site of a server just started is its first render
 * (the render thread loads its code and fonts) and may outlast the SPA's 10 s request timeout on a
 * busy machine: the page is opened again then, as a user would.
 */
async function openBuilder(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await page.goto(url('/user/createWeb'));
    try {
      await previewShown(page);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

describeInBrowser('user pages on the app origin, sandboxed, in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('no user page reads the login token, the app\'s storage or its cookies, and the sites still work', async () => {
    const { dataDir } = readEnvironment();
    // A context of its own, without openPage's client-address header: a header of the browser's
    // own makes every font request a preflighted one, which no real visitor's browser sends.
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 860 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchPage(page);
    await registerAndLogIn(page, '13800138091');
    // Whatever the SPA keeps, and more: a secret in each of the app origin's stores.
    await page.evaluate((secret) => {
      localStorage.setItem('probe-secret', secret);
      sessionStorage.setItem('probe-secret', secret);
      document.cookie = `probe-secret=${secret}; path=/`;
    }, SECRET);

    // The builder's preview frame: the probe planted in its folder, the frame shown again.
    await openBuilder(page);
    const frameElement = page.locator('iframe[title="网站预览"]');
    expect(await frameElement.getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-popups-to-escape-sandbox');
    const previewSrc = (await frameElement.getAttribute('src'))!;
    const dir = /^\/sites\/([0-9a-f]{32})\//.exec(previewSrc)![1];
    const folder = path.join(dataDir, 'sites', dir);
    plantProbe(folder);
    const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
    const reported = nextReport(page);
    await frame.goto(url(previewSrc));
    expect(await reported).toEqual(NOTHING_READ);
    await siteWorks(frame);

    // The same page as a mini site's preview, a published copy and a page opened on its own.
    const copy = 'e'.repeat(32);
    // Planted in each copy too: the builder may have rendered its preview again since (its logo came), without the probe.
    for (const target of [path.join(dataDir, 'sites', copy), path.join(dataDir, 'published', 'f'.repeat(32))]) {
      fs.cpSync(folder, target, { recursive: true });
      plantProbe(target);
    }
    let report = nextReport(page);
    await page.goto(url(`/user/miniSite/preview?${new URLSearchParams({ previewUrl: `/sites/${copy}/index.html`, webSiteDir: copy })}`));
    expect(await report).toEqual(NOTHING_READ);
    expect(await page.locator('iframe[title="网站预览"]').getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-popups-to-escape-sandbox');
    for (const address of [`/pub/${'f'.repeat(32)}/`, `/sites/${copy}/index.html`]) {
      report = nextReport(page);
      await page.goto(url(address));
      expect({ address, read: await report }).toEqual({ address, read: NOTHING_READ });
      await siteWorks(page.mainFrame());
    }

    // A 手机预览 link, opened in the same browser.
    await openBuilder(page);
    await page.getByRole('button', { name: '手机预览' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '手机预览' });
    const link = (await dialog.getByRole('link', { name: '在新窗口打开' }).getAttribute('href'))!;
    // 手机预览 saved first, and the save may have rendered the folder again: planted again.
    plantProbe(folder);
    report = nextReport(page);
    await page.goto(link);
    expect(await report).toEqual(NOTHING_READ);
    await siteWorks(page.mainFrame());

    // The secrets are still there for the app itself: the probe was kept out, not the stores emptied.
    await page.goto(url('/user/backend/siteList'));
    expect(await page.evaluate(() => localStorage.getItem('probe-secret'))).toBe(SECRET);
    expect(errors).toEqual([]);
    await context.close();
  });
});
