import { createCanvas, loadImage } from '@napi-rs/canvas';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { registerAndLogIn, url } from './accounts';
import { describeInBrowser, downloadOf, explained, launchBrowser, openPage } from './browser';
import { fitsPhone, openOffline } from './sites';
import { kindOf, readZip, type ZipEntry } from './zip';
import { bannerZipEntries, sunKeyArt } from '../fixtures/keyArt';
import { SvgRasteriser } from '../fixtures/svgInChromium';

// A banner renders a 1080p video: on a busy two-core machine that can take most of a minute.
jest.setTimeout(240_000);

const SELECT = { name: /^选\s*择$/ };

let downloads: string;

/** A logo's zip: the logo, and its brand kit in a folder named after it. */
const logoZipEntries = (name: string): string[] => [
  `${name}-logo.png`,
  ...['logo.svg', 'app-icon-1024.png', 'icon-512.png', 'icon-192.png', 'apple-touch-icon.png', 'favicon.ico', 'avatar-400.png', 'logo-on-light.png', 'logo-on-dark.png', 'logo-one-colour.png', '品牌规范.html'].map(
    (file) => `${name}-品牌套件/${file}`,
  ),
];

async function saveZip(download: Download): Promise<ZipEntry[]> {
  const file = path.join(downloads, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return readZip(file);
}

/** The natural size of a loaded <img>, or zeros when it failed to load. */
async function imageSize(page: Page, alt: string): Promise<[number, number]> {
  const image = page.getByAltText(alt).first();
  await image.waitFor();
  await page.waitForFunction((text) => {
    const element = document.querySelector<HTMLImageElement>(`img[alt="${text}"]`);
    return !!element && element.complete;
  }, alt);
  return image.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight] as [number, number]);
}

describeInBrowser('generating logos and banners, in Chromium against the npm start server', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-downloads-'));
  });

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(downloads, { recursive: true, force: true });
  });

  it('makes a transparent logo from the style list to the downloaded zip', async () => {
    const { page, errors } = await openPage(browser);
    await registerAndLogIn(page, '13800138011');

    await page.goto(url('/user/logo/selectPage?module=tl'));
    expect(await page.title()).toBe('选择LOGO样式 - 网页生成系统');
    await page.getByRole('button', SELECT).nth(3).click();
    await page.waitForURL(/\/user\/logo\/config\?module=tl/);

    await page.getByLabel('LOGO名称').fill('');
    await page.getByRole('button', { name: /生成LOGO/ }).click();
    await page.getByText('请输入logo名称').first().waitFor();
    await page.getByLabel('LOGO名称').fill('一二三四五六七');
    await page.getByText('长度在 1 到 6 个字符').first().waitFor();
    await page.getByLabel('LOGO名称').fill('山海奇缘');

    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: /生成LOGO/ }).click();
    // The studio's own name over the sample game's slogan: the page asks first; the user goes on anyway.
    const lines = page.locator('.ant-modal').filter({ hasText: '以下内容仍是模版示例' });
    await lines.getByRole('button', { name: '底部标语' }).waitFor();
    await lines.getByRole('button', { name: '仍然生成LOGO' }).click();
    await page.getByText('LOGO生成成功').waitFor({ timeout: 120_000 });
    await page.waitForURL(/\/user\/logo\/preview\?/);
    // Named after the game, as 我的作品 names it.
    expect(new URL(page.url()).searchParams.get('fileName')).toBe('山海奇缘-LOGO');
    const zip = await download;
    expect(zip.suggestedFilename()).toBe('山海奇缘-LOGO.zip');
    await page.getByText('文件开始下载').waitFor();

    const [width, height] = await imageSize(page, '生成的LOGO');
    expect(width).toBeGreaterThan(300);
    expect(height).toBeGreaterThan(100);

    const entries = await saveZip(zip);
    expect(entries.map((entry) => entry.name)).toEqual(logoZipEntries('山海奇缘'));
    const png = entries[0].bytes;
    expect(kindOf(png)).toBe('png');
    // IHDR colour type 6: RGBA, the transparency a logo needs.
    expect(png[25]).toBe(6);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);

    // The brand kit's guide, unzipped and opened from disk: every picture of the kit shows, nothing leaves the folder.
    const kitDir = path.join(downloads, 'kit');
    for (const entry of entries) {
      fs.mkdirSync(path.dirname(path.join(kitDir, entry.name)), { recursive: true });
      fs.writeFileSync(path.join(kitDir, entry.name), entry.bytes);
    }
    const guide = await openOffline(browser, path.join(kitDir, '山海奇缘-品牌套件', '品牌规范.html'));
    expect(await guide.page.title()).toBe('山海奇缘 · 品牌规范');
    const pictures = await guide.page.locator('img').evaluateAll((images: HTMLImageElement[]) => images.map((image) => [image.getAttribute('src'), image.naturalWidth > 0]));
    expect(pictures.length).toBeGreaterThanOrEqual(7);
    expect(pictures.filter(([, shown]) => !shown)).toEqual([]);
    await guide.page.getByText(/^#[0-9A-F]{6}$/).first().waitFor();
    expect(await fitsPhone(guide.page)).toBe(true);
    expect(guide.failed).toEqual([]);
    expect(guide.dialogs).toEqual([]);
    await guide.close();
    // logo.svg, drawn by Chromium at the PNG's size, is the logo (the measure of tests/server/render/logo/logoSvg.test.ts).
    const svg = entries.find((entry) => entry.name.endsWith('/logo.svg'))!.bytes.toString('utf8');
    expect(svg).toContain('<title>山海奇缘</title>');
    const rasteriser = await SvgRasteriser.open(browser);
    const { mean, worstSquare } = await rasteriser.difference(svg, png);
    await rasteriser.close();
    expect({ mean: mean <= 3 ? 'close' : mean, worstSquare: worstSquare <= 48 ? 'close' : worstSquare }).toEqual({ mean: 'close', worstSquare: 'close' });

    // The back office keeps it: 我的作品 shows the logo's picture and downloads it again under its name.
    await page.goto(url('/user/backend/works'));
    const [cardWidth] = await imageSize(page, '山海奇缘 LOGO');
    expect(cardWidth).toBe(width);
    const again = page.waitForEvent('download');
    await page.getByTestId('work-card').getByRole('button', { name: /下\s*载/ }).click();
    expect((await again).suggestedFilename()).toBe('山海奇缘-LOGO.zip');
    expect((await saveZip(await again)).map((entry) => entry.name)).toEqual(logoZipEntries('山海奇缘'));
    expect(errors).toEqual([]);
  });

  it('on a phone, opens the logo result at its top with 下载 clear of the download notice', async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 });
    await registerAndLogIn(page, '13800138014');
    await page.goto(url('/user/logo/selectPage?module=tl'));
    await page.getByRole('button', SELECT).nth(2).click();
    await page.waitForURL(/\/user\/logo\/config\?module=tl/);
    await page.getByLabel('LOGO名称').fill('星辰战纪');
    await page.getByLabel('底部标语').fill('星辰之下 王者归来');
    // The button sits below the form: the page is scrolled down when it is pressed.
    await page.getByRole('button', { name: /生成LOGO/ }).click();
    await page.getByText('LOGO生成成功').waitFor({ timeout: 120_000 });
    await page.waitForURL(/\/user\/logo\/preview\?/);
    const notice = await page.getByText('文件开始下载').boundingBox();
    const download = await page.getByRole('button', { name: /下\s*载/ }).first().boundingBox();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(notice && download).toBeTruthy();
    if (notice && download) expect(notice.y + notice.height <= download.y || download.y + download.height <= notice.y).toBe(true);
    expect(errors).toEqual([]);
  });

  // A 1080p banner, then its cuts (made after it), on a busy two-core machine: more than the file's 240 s.
  it("makes a full-screen banner over the studio's key art from the banner list through the logo list to its zip, with its phone cut and WebM", async () => {
    const { page, errors } = await openPage(browser);
    await registerAndLogIn(page, '13800138012');

    await page.goto(url('/user/banner/selectPage?module=fsa'));
    // The list settled (not a page still loading), and a slow box given time to open the next route's code.
    await page.locator('.wpg-template-card[data-testid]').nth(1).waitFor();
    await page.locator('[aria-busy="false"]').first().waitFor();
    await page.getByRole('button', SELECT).nth(1).click();
    await page.waitForURL(/\/user\/logo\/selectPage\?module=fsa/, { timeout: 90_000 });
    await page.getByRole('button', SELECT).nth(0).click();
    await page.waitForURL(/\/user\/banner\/config/);

    await page.getByLabel('动画上方文字').fill('太短了');
    await page.getByRole('button', { name: /生成整屏动画/ }).click();
    await page.getByText('表单验证失败, 请先检查表单').waitFor();
    await page.getByLabel('动画上方文字').fill('山海奇缘公测开启，邀你共赴东方奇幻之旅');
    // The studio's key art: a sun high on the right of a dark sky, which the phone cut must keep.
    const keyArt = path.join(downloads, 'key-art.png');
    fs.writeFileSync(keyArt, sunKeyArt());
    const uploaded = page.waitForResponse((response) => response.url().includes('/index/minisite/upload'));
    await page.getByText('上传主视觉', { exact: true }).click();
    await page.locator('.ant-form-item').filter({ hasText: '主视觉（动画的底图）' }).locator('input[type=file]').setInputFiles(keyArt);
    expect((await uploaded).status()).toBe(200);
    await page.getByAltText('主视觉图预览').waitFor();

    await page.getByLabel('LOGO名称').fill('山海奇缘');
    await page.getByLabel('底部标语').fill('山海之间 奇缘再续');
    await page.getByLabel('动画下方文字').fill('#山海奇缘# #东方奇幻# #公测开启#');
    const download = page.waitForEvent('download', { timeout: 200_000 });
    await page.getByRole('button', { name: /生成整屏动画/ }).click();
    await page.getByText('整屏动画生成成功').waitFor({ timeout: 200_000 });
    await page.waitForURL(/\/user\/banner\/preview\?/);
    const zip = await download;
    expect(zip.suggestedFilename()).toBe('山海奇缘-整屏动画.zip');

    // The video plays in the page: muted, looped, with its real size known to the browser.
    const video = page.getByTestId('banner-video');
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="banner-video"]')?.readyState ?? 0) >= 2);
    expect(await video.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight, element.muted, element.loop])).toEqual([1920, 1080, true, true]);
    // It plays by itself: the user sees the animation they made without looking for the play button.
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="banner-video"]')?.currentTime ?? 0) > 0.2);

    // The first zip came at once, with the MP4 (the phone cut and WebM, made after it, need not be there yet).
    expect((await saveZip(zip)).map((entry) => entry.name)).toContain('山海奇缘-banner.mp4');

    // 手机竖屏 shows the phone cut being made, then playing at its size; the page then says 下载 has it.
    await page.getByText('手机竖屏', { exact: true }).click();
    await explained(page, page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="banner-portrait-video"]')?.readyState ?? 0) >= 2, undefined, { timeout: 150_000 }));
    expect(await page.getByTestId('banner-portrait-video').evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight, element.muted])).toEqual([1080, 1920, true]);
    await page.getByText('手机竖屏版与 WebM 格式也已生成', { exact: false }).waitFor();
    const entries = await saveZip(await downloadOf(page, () => page.getByRole('button', { name: /下\s*载/ }).click(), 60_000));
    const byName = new Map(entries.map((entry) => [entry.name, entry.bytes]));
    expect([...byName.keys()].sort()).toEqual(bannerZipEntries('山海奇缘'));
    expect(kindOf(byName.get('山海奇缘-banner.mp4')!)).toBe('mp4');
    expect(kindOf(byName.get('山海奇缘-banner-poster.jpg')!)).toBe('jpeg');
    expect(kindOf(byName.get('山海奇缘-logo.png')!)).toBe('png');

    // Both orientations and both formats play in Chromium at their sizes, the video over the key art.
    const played = await page.context().newPage();
    for (const [name, size] of [
      ['banner-portrait.mp4', [1080, 1920]],
      ['banner-portrait.webm', [1080, 1920]],
      ['banner.webm', [1920, 1080]],
    ] as const) {
      const file = path.join(downloads, name);
      fs.writeFileSync(file, byName.get(`山海奇缘-${name}`)!);
      // Opened as a file, Chromium shows a video in its own player page.
      await played.goto(`file://${file}`);
      await played.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
      expect(await played.evaluate(() => [document.querySelector('video')!.videoWidth, document.querySelector('video')!.videoHeight])).toEqual(size);
    }
    await played.close();
    const posterOf = async (name: string, box: { x: number; y: number }): Promise<number[]> => {
      const file = path.join(downloads, name);
      fs.writeFileSync(file, byName.get(`山海奇缘-${name}`)!);
      const picture = await loadImage(file);
      const canvas = createCanvas(picture.width, picture.height);
      canvas.getContext('2d').drawImage(picture, 0, 0);
      return [...canvas.getContext('2d').getImageData(Math.round(box.x * picture.width), Math.round(box.y * picture.height), 1, 1).data.slice(0, 3)];
    };
    // The sun on the key art's right, in the landscape poster; kept in the phone cut's middle.
    const [r, g, b] = await posterOf('banner-poster.jpg', { x: 0.06, y: 0.45 });
    expect(b).toBeGreaterThan(r);
    const sun = await posterOf('banner-portrait-poster.jpg', { x: 0.5, y: 0.14 });
    expect(sun[0]).toBeGreaterThan(180);
    expect(sun[2]).toBeLessThan(120);
    expect(g).toBeLessThan(150);
    expect(errors).toEqual([]);
  }, 420_000);

  it('asks a visitor to log in before generating, then carries on by itself', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(url('/user/logo/selectPage?module=tl'));
    await page.getByRole('button', SELECT).nth(5).click();
    await page.waitForURL(/\/user\/logo\/config/);

    const gameName = await page.getByLabel('LOGO名称').inputValue();
    const qrAnswer = page.waitForResponse((response) => response.url().includes('/api/wxAuth/getWechatQrcode'));
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: /生成LOGO/ }).click();
    const { data } = (await (await qrAnswer).json()) as { data: { ticket: string } };
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('img', { name: /二维码/ }).waitFor();

    const phone = await page.context().newPage();
    await phone.goto(url(`/api/wxAuth/scan?ticket=${encodeURIComponent(data.ticket)}`));
    await phone.getByRole('button', { name: '确认登录' }).click();

    await page.waitForURL(/\/user\/logo\/preview\?/, { timeout: 120_000 });
    expect((await download).suggestedFilename()).toBe(`${gameName}-LOGO.zip`);
    expect(errors).toEqual([]);
  });
});
