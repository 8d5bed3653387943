/**
 * A published mini site opened inside WeChat, in Chromium with WeChat's user agents on a phone
 * (390x844): on iOS the hero video stays on its poster until WeChat's bridge is ready (WeChat
 * refuses a page's play() before it, which the page here is made to do as WeChat does) and starts
 * muted on WeixinJSBridgeReady; on Android (X5 draws a video it was told to play as a black box) the
 * poster stays with a 播放视频 button that starts it; a phone's Chrome plays it on load as before.
 * The published page carries the studio's share metadata with absolute URLs that answer. The site
 * is rendered here with the studio's texts and a short real banner video, and published from its
 * preview page as a studio does. Screenshots for a person to look at: E2E_SHOTS=<folder> keeps them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { findSiteTemplate } from '../../src/server/render/site/catalog';
import { STUDIO, studioMedia, studioMiniSiteInput } from '../fixtures/studioSites';
import { registerAndLogIn, url } from './accounts';
import { describeInBrowser, explained, launchBrowser, openPage } from './browser';
import { placedMiniSite } from './sites';

jest.setTimeout(240_000);

const SHOTS = process.env.E2E_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-wechat-page-'));
const OWNER = '13800138741';
/** 龙腾国战: the classic family, its hero across the first screen. */
const TEMPLATE_ID = 1;
const PHONE_SCREEN = { width: 390, height: 844 };

const AGENTS = {
  wechatIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; PGT-AN10 Build/HUAWEIPGT-AN10; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWWGX64 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
} as const;

/** A mini site of the owner's, rendered as 创建网站 leaves it (its folder and its row); answers its folder's name. */
async function miniSiteWithVideo(): Promise<string> {
  const template = findSiteTemplate(TEMPLATE_ID)!;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-wechat-media-'));
  try {
    // One second of the real banner at two frames a second: a real H.264 file, quick to make.
    const media = await studioMedia(work, 1, template.bannerId, false);
    return await placedMiniSite(OWNER, TEMPLATE_ID, STUDIO.game, await studioMiniSiteInput(TEMPLATE_ID, work, media));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** What the modelled WeChat (wechatOnIos) shows the test. */
interface WechatModel {
  refusedPlays: number;
  bridgeCalls: string[];
  /** Makes the bridge and tells the page, as WeChat does once it is ready. */
  bridgeReady(): void;
}

const wechatOf = (page: Page): Promise<Omit<WechatModel, 'bridgeReady'>> =>
  page.evaluate(() => {
    const { refusedPlays, bridgeCalls } = (window as unknown as { __wechat: WechatModel }).__wechat;
    return { refusedPlays, bridgeCalls: [...bridgeCalls] };
  });

/**
 * WeChat's iOS browser as pages that play in it are written for (it cannot run here): a page's
 * play() is refused, except while WeChat tells the page its bridge is ready (the
 * WeixinJSBridgeReady event) or answers a call to the bridge. With `bridgeFirst` the bridge is there
 * before the page's scripts run, its ready event gone already. Runs in the page, before its scripts.
 */
function wechatOnIos(bridgeFirst: boolean): void {
  let allowed = false;
  const during = (run: () => void): void => {
    allowed = true;
    try {
      run();
    } finally {
      allowed = false;
    }
  };
  const model: WechatModel = { refusedPlays: 0, bridgeCalls: [], bridgeReady: () => undefined };
  const bridge = {
    invoke(name: string, _args: unknown, callback?: (answer: { err_msg: string }) => void): void {
      model.bridgeCalls.push(name);
      setTimeout(() => during(() => callback?.({ err_msg: `${name}:ok` })), 0);
    },
    on(): void {},
    call(): void {},
  };
  const page = window as unknown as { WeixinJSBridge?: typeof bridge; __wechat: WechatModel };
  model.bridgeReady = () => {
    page.WeixinJSBridge = bridge;
    during(() => document.dispatchEvent(new Event('WeixinJSBridgeReady')));
  };
  page.__wechat = model;
  if (bridgeFirst) page.WeixinJSBridge = bridge;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function playInWechat(this: HTMLMediaElement): Promise<void> {
    if (allowed) return play.call(this);
    model.refusedPlays += 1;
    return Promise.reject(new DOMException('The request is not allowed by the user agent or the platform in the current context.', 'NotAllowedError'));
  };
}

/** What the hero's video does now. */
interface HeroVideo {
  src: string | null;
  paused: boolean;
  muted: boolean;
  playing: boolean;
  shown: boolean;
  currentTime: number;
}

const heroVideo = (page: Page): Promise<HeroVideo> =>
  page.locator('video[data-banner]').evaluate((video: HTMLVideoElement) => ({
    src: video.getAttribute('src'),
    paused: video.paused,
    muted: video.muted,
    playing: video.classList.contains('is-playing'),
    shown: getComputedStyle(video).display !== 'none' && getComputedStyle(video).opacity !== '0',
    currentTime: video.currentTime,
  }));

/** Waits until the hero's video plays, shown, and its picture moves (within 30 s, the file being fetched meanwhile). */
const heroPlays = (page: Page): Promise<unknown> =>
  page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('video[data-banner]');
      // Shown whole: the video fades in over the poster once it plays.
      return !!video && !video.paused && video.currentTime > 0 && video.classList.contains('is-playing') && getComputedStyle(video).opacity === '1';
    },
    undefined,
    { timeout: 30_000 },
  );

/** The poster of the hero, decoded and drawn (an <img> of its own size, not a black box). */
const posterDrawn = (page: Page): Promise<boolean> =>
  page.locator('.hero-poster').first().evaluate(async (img: HTMLImageElement) => {
    await img.decode().catch(() => undefined);
    const box = img.getBoundingClientRect();
    return img.complete && img.naturalWidth > 0 && box.width > 300 && box.height > 150 && getComputedStyle(img).visibility !== 'hidden';
  });

/** The mean brightness (0-255) of the hero on a screenshot: a black box is near 0, the banner's poster well above. */
async function heroBrightness(page: Page, shot: string): Promise<number> {
  const box = (await page.locator('.hero-media').first().boundingBox())!;
  const picture = await page.screenshot({ path: path.join(SHOTS, shot), clip: box });
  const { channels } = await sharp(picture).removeAlpha().stats();
  return channels.reduce((sum, channel) => sum + channel.mean, 0) / channels.length;
}

describeInBrowser('a published page inside WeChat', () => {
  let browser: Browser;
  let link = '';

  /** A phone's browser with `userAgent`, as a visitor has it (no header added), its page errors kept. */
  async function openPhone(userAgent: string, options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: PHONE_SCREEN, isMobile: true, hasTouch: true, userAgent, ...options });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('requestfailed', (request) => errors.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
    return { page, errors, close: () => context.close() };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 });
    await registerAndLogIn(page, OWNER);
    const dir = await miniSiteWithVideo();
    // 发布 from the site's preview page, as the studio does after 创建网站.
    await page.goto(url(`/user/miniSite/preview?${new URLSearchParams({ previewUrl: `/sites/${dir}/index.html`, webSiteDir: dir })}`));
    await explained(page, page.getByRole('button', { name: /发\s*布/ }).click());
    const published = page.locator('.ant-modal').filter({ hasText: '网站已发布' });
    link = (await published.getByRole('link', { name: '打开网站' }).getAttribute('href', { timeout: 60_000 })) ?? '';
    expect(link).toMatch(/\/pub\/[0-9a-f]{32}\/$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('on iOS keeps the poster until WeChat’s bridge is ready, then plays the video muted', async () => {
    const { page, errors, close } = await openPhone(AGENTS.wechatIos);
    try {
      await page.addInitScript(wechatOnIos, false);
      await page.goto(link, { waitUntil: 'load' });
      // The page asked once loaded and WeChat said no: the poster is the view, nothing breaks.
      await page.waitForFunction(() => (window as unknown as { __wechat: WechatModel }).__wechat.refusedPlays > 0, undefined, { timeout: 10_000 });
      const before = await heroVideo(page);
      expect(before).toMatchObject({ paused: true, muted: true, playing: false, shown: false });
      expect(await posterDrawn(page)).toBe(true);
      expect(await page.locator('[data-video-play]').count()).toBe(0);
      expect(await page.locator('video[data-banner]').getAttribute('x5-playsinline')).toBe('');
      expect(await page.locator('video[data-banner]').getAttribute('webkit-playsinline')).toBe('');
      expect(await heroBrightness(page, 'wechat-ios-before-bridge.png')).toBeGreaterThan(25);

      await page.evaluate(() => (window as unknown as { __wechat: WechatModel }).__wechat.bridgeReady());
      await heroPlays(page);
      const after = await heroVideo(page);
      expect(after).toMatchObject({ paused: false, muted: true, playing: true, shown: true });
      // A phone gets the phone copy of the banner.
      expect(after.src).toBe('assets/banner-phone.mp4');
      expect(await heroBrightness(page, 'wechat-ios-playing.png')).toBeGreaterThan(25);
      await page.screenshot({ path: path.join(SHOTS, 'wechat-ios-390.png') });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('on iOS plays the video muted when WeChat’s bridge was there before the page’s script', async () => {
    const { page, errors, close } = await openPhone(AGENTS.wechatIos);
    try {
      await page.addInitScript(wechatOnIos, true);
      await page.goto(link, { waitUntil: 'load' });
      await heroPlays(page);
      expect(await heroVideo(page)).toMatchObject({ src: 'assets/banner-phone.mp4', paused: false, muted: true, playing: true, shown: true });
      expect((await wechatOf(page)).bridgeCalls).toContain('getNetworkType');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('on Android shows the poster with a 播放视频 button, not a black box, and the button plays the video', async () => {
    const { page, errors, close } = await openPhone(AGENTS.wechatAndroid);
    try {
      await page.goto(link, { waitUntil: 'load' });
      const button = page.getByRole('button', { name: '播放视频' });
      await button.waitFor({ state: 'visible', timeout: 10_000 });
      // WeChat's bridge comes on Android too: it must not start the video the X5 player would draw black.
      await page.evaluate(() => document.dispatchEvent(new Event('WeixinJSBridgeReady')));
      const before = await heroVideo(page);
      // No video drawn and none fetched: the poster is the view.
      expect(before).toMatchObject({ src: null, paused: true, shown: false });
      expect(await posterDrawn(page)).toBe(true);
      expect(await heroBrightness(page, 'wechat-android-poster.png')).toBeGreaterThan(25);
      // The button sits in the middle of the hero, over the poster, and nothing covers it.
      const hero = (await page.locator('.hero-media').first().boundingBox())!;
      const box = (await button.boundingBox())!;
      expect(Math.abs(box.x + box.width / 2 - (hero.x + hero.width / 2))).toBeLessThan(2);
      expect(Math.abs(box.y + box.height / 2 - (hero.y + hero.height / 2))).toBeLessThan(2);
      expect(await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[data-video-play]'), { x: box.x + box.width / 2, y: box.y + box.height / 2 })).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, 'wechat-android-390.png') });

      await button.tap();
      await heroPlays(page);
      expect(await heroVideo(page)).toMatchObject({ src: 'assets/banner-phone.mp4', paused: false, muted: true, playing: true, shown: true });
      expect(await page.locator('[data-video-play]').count()).toBe(0);
      await page.screenshot({ path: path.join(SHOTS, 'wechat-android-390-playing.png') });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('in a phone’s Chrome plays the video once the page has loaded, with no WeChat button', async () => {
    const { page, errors, close } = await openPhone(AGENTS.chromeAndroid);
    try {
      await page.goto(link, { waitUntil: 'load' });
      await heroPlays(page);
      expect(await heroVideo(page)).toMatchObject({ src: 'assets/banner-phone.mp4', paused: false, muted: true, playing: true, shown: true });
      expect(await page.locator('[data-video-play]').count()).toBe(0);
      expect(await page.locator('video[data-banner]').getAttribute('x5-playsinline')).toBeNull();
      await page.screenshot({ path: path.join(SHOTS, 'chrome-android-390.png') });
      // The 举报 link ends the page on a line of its own: nothing of the site's is under it.
      const report = page.getByRole('link', { name: '举报' });
      await report.scrollIntoViewIfNeeded();
      const covered = await report.evaluate((link) => {
        const box = link.getBoundingClientRect();
        const points = [0.1, 0.5, 0.9].map((x) => document.elementFromPoint(box.left + box.width * x, box.top + box.height / 2));
        const above = [...document.body.querySelectorAll('body *')].filter((element) => element !== link && !link.contains(element) && getComputedStyle(element).position !== 'fixed');
        return { onTop: points.every((point) => point === link), lowestOther: Math.max(...above.map((element) => element.getBoundingClientRect().bottom)), top: box.top };
      });
      expect(covered.onTop).toBe(true);
      expect(covered.lowestOther).toBeLessThanOrEqual(covered.top + 1);
      await page.screenshot({ path: path.join(SHOTS, 'page-end-390.png') });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('carries the studio’s share metadata, with absolute links that answer', async () => {
    const { page, errors, close } = await openPhone(AGENTS.wechatIos);
    try {
      await page.goto(link, { waitUntil: 'domcontentloaded' });
      const meta = (selector: string): Promise<string | null> => page.locator(`head meta[${selector}]`).first().getAttribute('content');
      expect(await page.title()).toBe(STUDIO.game);
      expect(await page.title()).not.toBe(findSiteTemplate(TEMPLATE_ID)!.name);
      expect(await meta('property="og:title"')).toBe(STUDIO.game);
      expect(await meta('itemprop="name"')).toBe(STUDIO.game);
      const description = (await meta('property="og:description"')) ?? '';
      expect(description.startsWith(`${STUDIO.slogan}。${STUDIO.intro.slice(0, 20)}`)).toBe(true);
      expect(await meta('itemprop="description"')).toBe(description);
      expect(await meta('name="description"')).toBe(description);
      expect(await meta('property="og:url"')).toBe(link);
      for (const selector of ['property="og:image"', 'name="twitter:image"', 'itemprop="image"']) {
        const image = (await meta(selector)) ?? '';
        expect({ selector, absolute: /^https?:\/\//.test(image) }).toEqual({ selector, absolute: true });
        expect(image.startsWith(new URL(link).origin)).toBe(true);
        const answer = await page.request.get(image);
        expect({ selector, status: answer.status(), type: answer.headers()['content-type'] }).toEqual({ selector, status: 200, type: expect.stringMatching(/^image\//) });
        const { width, height } = await sharp(await answer.body()).metadata();
        expect((width ?? 0) >= 300 && (height ?? 0) >= 300).toBe(true);
        if (selector === 'itemprop="image"') expect(width).toBe(height);
      }
      expect(await meta('name="twitter:card"')).toBe('summary_large_image');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
