import type { Browser, Page } from 'playwright-core';
import { Messages } from '../../src/contract/messages';
import { url } from './accounts';
import { describeInBrowser, launchBrowser, openPage } from './browser';

jest.setTimeout(90_000);

/** Waits until the tutorial video knows its length (metadata loaded) and answers its source and duration. */
async function loadedVideo(page: Page): Promise<{ src: string; duration: number }> {
  await page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="tutorial-video"]');
    return !!video && video.readyState >= 1 && video.duration > 0;
  });
  return page.getByTestId('tutorial-video').evaluate((video: HTMLVideoElement) => ({ src: video.currentSrc, duration: video.duration }));
}

/**
 * The mean brightness (0-255) of the picture the video shows before it is played: its first frame.
 * Every tutorial opens on its title card (dark blue); a page still loading would be near white.
 */
async function firstFrameBrightness(page: Page): Promise<number> {
  return page.getByTestId('tutorial-video').evaluate(async (video: HTMLVideoElement) => {
    if (video.readyState < 2) await new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }));
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 100;
    const context = canvas.getContext('2d');
    if (!context) return -1;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
    return sum / (data.length / 4);
  });
}

describeInBrowser('the video tutorial, in Chromium against the npm start server', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("plays the header's tutorial on a fresh install, and switches to another flow's", async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(url('/user/'));
    await page.getByRole('link', { name: '视频教程' }).click();
    await page.waitForURL(/\/user\/videoTutorial\?type=1$/);

    const first = await loadedVideo(page);
    expect(first.src).toMatch(/\/static\/tutorials\/1\.mp4\?v=/);
    expect(first.duration).toBeGreaterThan(10);
    // What the page shows before play is the video's title card, not a page still loading.
    expect(await firstFrameBrightness(page)).toBeLessThan(120);

    await page.getByRole('radiogroup', { name: '教程类型' }).getByText('网站搭建').click();
    await page.waitForURL(/\/user\/videoTutorial\?type=4$/);
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('[data-testid="tutorial-video"]')?.currentSrc.includes('/4.mp4'));
    const builder = await loadedVideo(page);
    expect(builder.duration).toBeGreaterThan(10);
    expect(await firstFrameBrightness(page)).toBeLessThan(120);
    expect(errors).toEqual([]);
  });

  it('for a type without a video, says so and goes home', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(url('/user/videoTutorial?type=9'));
    await page.getByText(Messages.tutorialMissing).first().waitFor();
    await page.waitForURL(/\/user\/?$/, { timeout: 10_000 });
    await page.getByRole('heading', { name: '选择网站模版' }).waitFor();
    expect(errors).toEqual([]);
  });
});
