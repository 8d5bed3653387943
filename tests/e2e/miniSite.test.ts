import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Download } from 'playwright-core';
import { registerAndLogIn, url } from './accounts';
import { confirmPopover, describeInBrowser, launchBrowser, openPage } from './browser';
import { fitsPhone, loadedPicturesSized, openOffline, unzip, writeSamplePng } from './sites';
import { readZip, waitForPhoneCut } from './zip';

// The flow renders a logo and a 1080p banner video: on a busy two-core machine that takes minutes.
jest.setTimeout(300_000);

const SELECT = { name: /^选\s*择$/ };
const HOSTILE_SLOGAN = '<script>alert(1)</script>';
const GAME_NAME = '山海"><b>奇缘';

let work: string;

describeInBrowser('the mini site, in Chromium against the npm start server', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-minisite-'));
  });

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('on a phone, shows the steps in one line and the first templates on the first screen', async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(url('/user/'));
    const steps = await page.getByRole('list', { name: '步骤' }).boundingBox();
    expect(steps?.height).toBeLessThanOrEqual(32);
    await expect(page.getByText('选择网站模版', { exact: true }).first().isVisible()).resolves.toBe(true);
    const firstTemplate = await page.getByRole('button', { name: /^选\s*择$/ }).first().boundingBox();
    expect(firstTemplate && firstTemplate.y + firstTemplate.height).toBeLessThan(844);
    expect(errors).toEqual([]);
  });

  it('carries the name and slogan typed once into the logo, banner and site of every flow, and no zip holds another game\'s line', async () => {
    const { page, errors } = await openPage(browser);
    await registerAndLogIn(page, '13800138023');
    const NAME = '星河战纪';
    const SLOGAN = '群星之下 王者归来';
    const UPPER = '《星河战纪》群星之下 王者归来';
    const TAGS = '#星河战纪# #群星之下# #王者归来#';
    // The sample game's lines (the logo's, the banner's): none may reach a request or a zip.
    const FOREIGN = /热血征途|再创辉煌|热血国战|兄弟同心|万人同屏|英雄传奇之旅|龙腾天下/;
    const created: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/index/common/logoCreate')) created.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
    });
    /** Every text file of a downloaded zip, with its name. */
    const zipTexts = async (download: Promise<Download>, name: string): Promise<string[]> => {
      const file = path.join(work, name);
      await (await download).saveAs(file);
      const entries = await readZip(file);
      expect(entries.length).toBeGreaterThan(0);
      return entries.filter((entry) => /\.(html|css|js|json|txt|svg)$/.test(entry.name)).map((entry) => `${entry.name}\n${entry.bytes.toString('utf8')}`);
    };

    // The mini site: the name and slogan typed once, in the site's own form.
    await page.goto(url('/user/'));
    await page.getByRole('button', SELECT).nth(0).click();
    await page.waitForURL(/\/user\/logo\/selectPage/);
    await page.getByRole('button', SELECT).nth(0).click();
    await page.waitForURL(/\/user\/miniSite\/config/);
    await page.getByLabel('游戏名称').fill(NAME);
    await page.getByLabel('宣传语').fill(SLOGAN);
    // The first step's logo and banner texts follow at once.
    expect(await page.getByLabel('LOGO名称').inputValue()).toBe(NAME);
    expect(await page.getByLabel('底部标语').inputValue()).toBe(SLOGAN);
    expect(await page.getByLabel('动画上方文字').inputValue()).toBe(UPPER);
    expect(await page.getByLabel('动画下方文字').inputValue()).toBe(TAGS);
    await page.getByRole('button', { name: /生成LOGO/ }).click();
    await page.getByText('LOGO生成成功').first().waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: /生成整屏动画/ }).click();
    await page.getByText('整屏动画生成成功').first().waitFor({ timeout: 240_000 });

    const siteZip = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: /生成网站/ }).click();
    // The rest of the template's samples are listed; what every game keeps and the user's own lines are not.
    const samples = page.locator('.ant-modal').filter({ hasText: '以下内容仍是模版示例' });
    await samples.getByRole('button', { name: '游戏简介' }).waitFor();
    const listed = await samples.locator('button.ant-btn-link').allTextContents();
    for (const kept of ['新闻1 标签', '健康游戏忠告', 'LOGO名称', '底部标语', '动画上方文字', '动画下方文字']) expect(listed).not.toContain(kept);
    expect(listed).toContain('新闻1 标题');
    await samples.getByRole('button', { name: '仍然生成网站' }).click();
    await page.waitForURL(/\/user\/miniSite\/preview\?/, { timeout: 120_000 });
    const siteTexts = await zipTexts(siteZip, 'texts-site.zip');
    expect(siteTexts.some((text) => text.includes(SLOGAN) && text.includes(NAME))).toBe(true);
    for (const text of siteTexts) expect(text).not.toMatch(FOREIGN);

    // The standalone logo: its form starts from the same game.
    await page.goto(url('/user/logo/selectPage?module=tl'));
    await page.getByRole('button', SELECT).nth(1).click();
    await page.waitForURL(/\/user\/logo\/config\?module=tl/);
    expect(await page.getByLabel('LOGO名称').inputValue()).toBe(NAME);
    expect(await page.getByLabel('底部标语').inputValue()).toBe(SLOGAN);
    const logoZip = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: /生成LOGO/ }).click();
    await page.waitForURL(/\/user\/logo\/preview\?/, { timeout: 120_000 });
    for (const text of await zipTexts(logoZip, 'texts-logo.zip')) expect(text).not.toMatch(FOREIGN);

    // The banner flow too.
    await page.goto(url('/user/banner/selectPage?module=fsa'));
    await page.locator('.wpg-template-card[data-testid]').nth(1).waitFor();
    await page.locator('[aria-busy="false"]').first().waitFor();
    await page.getByRole('button', SELECT).nth(1).click();
    await page.waitForURL(/\/user\/logo\/selectPage\?module=fsa/, { timeout: 90_000 });
    await page.getByRole('button', SELECT).nth(0).click();
    await page.waitForURL(/\/user\/banner\/config/);
    expect(await page.getByLabel('LOGO名称').inputValue()).toBe(NAME);
    expect(await page.getByLabel('底部标语').inputValue()).toBe(SLOGAN);
    expect(await page.getByLabel('动画上方文字').inputValue()).toBe(UPPER);
    expect(await page.getByLabel('动画下方文字').inputValue()).toBe(TAGS);
    const bannerZip = page.waitForEvent('download', { timeout: 240_000 });
    await page.getByRole('button', { name: /生成整屏动画/ }).click();
    await page.waitForURL(/\/user\/banner\/preview\?/, { timeout: 240_000 });
    for (const text of await zipTexts(bannerZip, 'texts-banner.zip')) expect(text).not.toMatch(FOREIGN);

    // What every logo and banner was drawn from: the game's own lines, never the sample's.
    expect(created.length).toBeGreaterThanOrEqual(4);
    for (const body of created) {
      expect(body).toMatchObject({ logotext: NAME, bottomtext: SLOGAN });
      if (body.module === 'fsa') expect(body).toMatchObject({ bannertextup: UPPER, bannertextdown: TAGS });
      expect(JSON.stringify(body)).not.toMatch(FOREIGN);
    }
    expect(errors).toEqual([]);
  });

  it('goes from the home page to a downloaded site that opens offline with its logo, video and texts', async () => {
    const { page, errors } = await openPage(browser);
    await registerAndLogIn(page, '13800138021');

    // Home: the site templates. Choosing one leads to the logo styles, then to the config page.
    await page.goto(url('/user/'));
    expect(await page.title()).toBe('选择网站模版 - 网页生成系统');
    await page.getByRole('button', SELECT).nth(2).click();
    await page.waitForURL(/\/user\/logo\/selectPage/);
    await page.getByRole('button', SELECT).nth(1).click();
    await page.waitForURL(/\/user\/miniSite\/config/);

    // Nothing generated yet: the site cannot be made.
    await page.getByRole('button', { name: /生成网站/ }).click();
    await page.getByText('请先生成LOGO').first().waitFor();

    await page.getByRole('button', { name: /生成LOGO/ }).click();
    await page.getByText('LOGO生成成功').first().waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: /生成网站/ }).click();
    await page.getByText('请先生成整屏动画').first().waitFor();

    await page.getByLabel('动画上方文字').fill('山海奇缘公测开启，邀你共赴东方奇幻之旅');
    await page.getByRole('button', { name: /生成整屏动画/ }).click();
    await page.getByText('整屏动画生成成功').first().waitFor({ timeout: 240_000 });
    // The banner's phone cut is made after it; a site made once it is there plays it on an upright phone.
    await waitForPhoneCut(page, (await page.getByTestId('mini-site-banner').getAttribute('src')) ?? '', work);

    // The site's own form: hostile text where it can do harm, and an uploaded picture.
    const sampleName = await page.getByLabel('游戏名称').inputValue();
    expect(sampleName).not.toBe('');
    await page.getByLabel('游戏名称').fill(GAME_NAME);
    await page.getByLabel('宣传语').fill(HOSTILE_SLOGAN);
    await page.getByText('游戏截图', { exact: true }).click();
    const upload = page.waitForResponse((response) => response.url().includes('/index/minisite/upload'));
    // The screenshot field's own picker (the banner's 主视觉图 has one too).
    await page.locator('.ant-form-item').filter({ hasText: '截图1' }).locator('input[type=file]').first().setInputFiles(writeSamplePng(work, 'my-screenshot.png'));
    expect((await upload).status()).toBe(200);
    await page.getByAltText('截图1预览').waitFor();

    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: /生成网站/ }).click();
    // The rest of the form is still the template's: the page lists it, and the user goes on anyway.
    const samples = page.locator('.ant-modal').filter({ hasText: '以下内容仍是模版示例' });
    await samples.getByRole('button', { name: '游戏简介' }).waitFor();
    await samples.getByRole('button', { name: '仍然生成网站' }).click();
    await page.waitForURL(/\/user\/miniSite\/preview\?/, { timeout: 120_000 });
    const frame = page.frameLocator('iframe[title="网站预览"]');
    await frame.getByText(HOSTILE_SLOGAN).first().waitFor();
    const zip = await download;
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    await page.getByText('文件开始下载').first().waitFor();

    // Unzipped on disk and opened with no server: every request is a file that exists.
    const zipFile = path.join(work, zip.suggestedFilename());
    await zip.saveAs(zipFile);
    const siteDir = path.join(work, 'site');
    const names = await unzip(zipFile, siteDir);
    const index = names.find((name) => name.endsWith('index.html'));
    expect(index).toBeDefined();

    // Their game, not the template's: no sample game, placeholder link or invented licence number in any file.
    for (const name of names.filter((file) => /\.(html|css|js)$/.test(file))) {
      const text = fs.readFileSync(path.join(siteDir, name), 'utf8');
      expect(text).not.toContain(sampleName);
      expect(text).not.toMatch(/example\.com|ISBN|国新出审|ICP备/);
    }

    const { page: sitePage, failed, dialogs, close } = await openOffline(browser, path.join(siteDir, index!));

    expect(await sitePage.title()).toBe(GAME_NAME);
    await sitePage.getByText(HOSTILE_SLOGAN).first().waitFor();
    const logos = await sitePage.locator('img[src*="logo"]').evaluateAll((images: HTMLImageElement[]) => images.map((image) => [image.naturalWidth, image.currentSrc.endsWith('.webp')] as const));
    expect(logos.length).toBeGreaterThan(0);
    expect(Math.min(...logos.map(([width]) => width))).toBeGreaterThan(0);
    expect(logos.every(([, webp]) => webp)).toBe(true);
    // The poster is the first view; the page as written names the video's file in data-src only.
    const written = fs.readFileSync(path.join(siteDir, index!), 'utf8');
    const videoTag = /<video\b[^>]*>/.exec(written)?.[0] ?? '';
    expect(videoTag).toContain('data-src="assets/banner.mp4"');
    expect(videoTag).toContain('data-src-phone="assets/banner-phone.mp4"');
    expect(videoTag).not.toMatch(/\s(?:src|poster|autoplay)=/);
    expect(await sitePage.locator('img.hero-poster').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // After load, site.js gives the video its source and plays it over the poster.
    await sitePage.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
    expect(await sitePage.locator('video').first().evaluate((video: HTMLVideoElement) => [video.getAttribute('src'), video.videoWidth, video.muted, video.loop, video.playsInline])).toEqual([
      'assets/banner.mp4',
      1920,
      true,
      true,
      true,
    ]);
    await sitePage.locator('video.hero-video.is-playing').waitFor();
    const uploaded = await loadedPicturesSized(sitePage, 640, 360);
    expect(uploaded).toBeGreaterThan(0);
    expect(await sitePage.locator('script:not([src])').count()).toBe(0);

    // A phone-sized window shows the same page without sideways scrolling.
    expect(await fitsPhone(sitePage)).toBe(true);

    expect(failed).toEqual([]);
    expect(dialogs).toEqual([]);
    await close();

    // Opened on a phone held upright, the page plays the banner's phone cut (720 wide) in a hero as
    // tall as it; turned sideways, the landscape video's phone copy (a quarter of its pixels).
    for (const [viewport, expected] of [
      [{ width: 390, height: 844 }, ['assets/banner-portrait.mp4', 720, 1280]],
      [{ width: 844, height: 390 }, ['assets/banner-phone.mp4', 960, 540]],
    ] as const) {
      const phone = await openOffline(browser, path.join(siteDir, index!), viewport);
      await phone.page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
      expect(await phone.page.locator('video').first().evaluate((video: HTMLVideoElement) => [video.getAttribute('src'), video.videoWidth, video.videoHeight])).toEqual(expected);
      await phone.page.locator('video.hero-video.is-playing').waitFor();
      if (viewport.height > viewport.width) {
        const hero = await phone.page.locator('.hero-media').first().boundingBox();
        expect(hero && hero.height / hero.width).toBeCloseTo(16 / 9, 1);
      }
      expect(phone.failed).toEqual([]);
      await phone.close();
    }

    // 发布 from the preview: a link with a QR code, which a phone opens without logging in.
    await page.getByRole('button', { name: /发\s*布/ }).click();
    const published = page.locator('.ant-modal').filter({ hasText: '网站已发布' });
    await published.getByAltText('网站二维码').waitFor();
    const link = (await published.getByRole('link', { name: '打开网站' }).getAttribute('href')) ?? '';
    expect(link).toMatch(/\/pub\/[0-9a-f]{32}\/$/);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('link', { name: '访问已发布网站' }).getAttribute('href')).toBe(link);
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const visit = await visitor.newPage();
      expect((await visit.goto(link))?.status()).toBe(200);
      expect(await visit.title()).toBe(GAME_NAME);
      expect(await fitsPhone(visit)).toBe(true);
      // 下线 (confirmed): the link stops working, and the page offers 发布 again.
      const unpublished = page.waitForResponse((response) => response.url().includes('/index/minisite/unpublish'), { timeout: 60_000 });
      await confirmPopover(page, page.getByRole('button', { name: /下\s*线/ }), /下\s*线/);
      expect((await unpublished).status()).toBe(200);
      await page.getByRole('button', { name: /发\s*布/ }).waitFor({ timeout: 60_000 });
      expect((await visit.goto(link))?.status()).toBe(404);
    } finally {
      await visitor.close();
    }
    expect(errors).toEqual([]);
  });
});
