import type { Page, Response } from 'playwright-core';
import { captchaAnswer, eventually, latestSmsCode } from './database';
import { readEnvironment } from './environment';

export const url = (path: string): string => `${readEnvironment().baseUrl}${path}`;

/**
 * Solves the graphic captcha dialog the way a person would: read the picture, type it, confirm.
 * `shown` is the page's getCaptcha answer (waited for before the click that opens the dialog).
 */
export async function passCaptcha(page: Page, shown: Promise<Response>): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('img').first().waitFor();
  const { data } = (await (await shown).json()) as { data: { captchaId: string } };
  const answer = await eventually(() => captchaAnswer(data.captchaId));
  await dialog.getByPlaceholder('请输入图形验证码').fill(answer);
  await dialog.getByRole('button', { name: /确\s*定|确\s*认/ }).click();
}

export async function registerThroughTheForm(page: Page, phone: string, password: string): Promise<void> {
  await page.goto(url('/user/auth/register'));
  await page.getByPlaceholder('请输入手机号').fill(phone);
  const shown = page.waitForResponse((response) => response.url().includes('/api/auth/getCaptcha'));
  await page.getByRole('button', { name: '获取验证码' }).click();
  await passCaptcha(page, shown);
  await page.getByText('秒后重新获取').waitFor();
  const code = await eventually(() => latestSmsCode(phone));
  await page.getByPlaceholder('请输入验证码').fill(code);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请再次输入密码').fill(password);
  await page.getByRole('button', { name: /注\s*册/ }).last().click();
  // The new account is logged in at once, on the back office.
  await page.waitForURL(/\/user\/backend\/siteList/);
}

export async function logInWithPassword(page: Page, phone: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).last().click();
}

/** A new account, logged in, on the back office. */
export async function registerAndLogIn(page: Page, phone: string, password = 'Shanhai#2026'): Promise<void> {
  await registerThroughTheForm(page, phone, password);
}
