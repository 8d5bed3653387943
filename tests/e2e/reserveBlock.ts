/**
 * A player's side of the 预约 block (render/site/blocks/ReserveBlock.tsx), wherever the page comes
 * from: a published copy or a zip opened from disk.
 */
import type { Browser, Page } from 'playwright-core';
import { captchaAnswer, eventually, latestSmsCode } from './database';

export interface PlayerDevice {
  viewport: { width: number; height: number };
  isMobile: boolean;
  hasTouch: boolean;
}

export const PHONE_DEVICE: PlayerDevice = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * A player's browser as it is: no header added to its requests (openPage names a client address
 * in a header, which a page's cross-origin call would have to clear through CORS first). `errors`
 * gets the page's uncaught errors and failed requests.
 */
export async function openAsPlayer(browser: Browser, device: PlayerDevice): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: 'zh-CN', reducedMotion: 'reduce', ...device });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => errors.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  return { page, errors };
}

/**
 * Makes a 预约 as a player would: picks the platform, types the phone, reads the captcha picture
 * (checked to have loaded), gets the SMS code from the local provider's outbox, ticks the consent
 * and submits; waits for the success state.
 */
export async function reserveAs(page: Page, phone: string, platform: string): Promise<void> {
  const block = page.locator('#reserve');
  // The captcha is fetched when the form is first touched.
  const captcha = page.waitForResponse((answer) => answer.url().endsWith('/api/reserve/captcha'));
  await block.getByText(platform, { exact: true }).click();
  await block.getByLabel('手机号', { exact: true }).fill(phone);
  const { data } = (await (await captcha).json()) as { data: { captchaId: string } };
  const picture = block.locator('.rsv-captcha img');
  await picture.waitFor({ state: 'visible' });
  expect(await picture.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBeGreaterThan(0);
  await block.getByLabel('图形验证码', { exact: true }).fill(captchaAnswer(data.captchaId));
  await block.getByRole('button', { name: '获取验证码' }).click();
  // Sent: the countdown runs; refused: the API's message, which is the failure to read.
  await page.waitForFunction(() => document.querySelector('[data-reserve-msg]')?.textContent !== '');
  expect(await block.locator('[data-reserve-msg]').textContent()).toBe('验证码已发送，请查收短信');
  await block.getByText(/秒后重发/).waitFor();
  const code = await eventually(() => latestSmsCode(phone));
  await block.getByLabel('短信验证码', { exact: true }).fill(code);
  await block.getByLabel(/我已阅读并同意/).check();
  await block.getByRole('button', { name: '立即预约' }).click();
  await block.locator('[data-reserve-done]').waitFor({ state: 'visible' });
}

export const countOf = (page: Page): Promise<string | null> => page.locator('[data-reserve-count]').textContent();

/** Waits for the block to show `count` (it asks the API for it once the page has loaded). */
export async function showsCount(page: Page, count: string): Promise<void> {
  await page.waitForFunction((want) => document.querySelector('[data-reserve-count]')?.textContent === want, count, { timeout: 15_000 });
}
