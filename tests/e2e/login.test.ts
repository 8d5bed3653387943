import type { Browser } from 'playwright-core';
import { describeInBrowser, launchBrowser, openPage } from './browser';
import { logInWithPassword, registerThroughTheForm, url } from './accounts';

jest.setTimeout(90_000);

describeInBrowser('logging in, in Chromium against the npm start server', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sends a visitor of a protected page to the login page, keeping where they were going', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(url('/user/backend/personal'));
    await page.waitForURL(/\/user\/auth\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/backend/personal');
    expect(await page.title()).toBe('登录 - 网页生成系统');
    expect(errors).toEqual([]);
  });

  it('registers straight into the back office, changes the name, logs out and logs in again', async () => {
    const { page, errors } = await openPage(browser);
    const phone = '13800138001';
    await registerThroughTheForm(page, phone, 'Shanhai#2026');
    await page.getByText('注册成功，已为你登录').waitFor();
    for (const item of ['网站列表', '立即搭建', '个人中心']) await page.getByRole('menuitem', { name: item }).waitFor();

    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.waitForURL(/\/user\/backend\/personal/);
    const name = page.getByPlaceholder('请输入用户名');
    await name.fill('山海工作室');
    await page.getByRole('button', { name: /保\s*存/ }).first().click();
    await page.getByText('修改成功').waitFor();
    await page.reload();
    expect(await page.getByPlaceholder('请输入用户名').inputValue()).toBe('山海工作室');

    await page.getByText('山海工作室').first().hover();
    await page.getByText('退出登录').click();
    await page.waitForURL(/\/user\/auth\/login\?redirect=/);
    await page.goto(url('/user/backend/siteList'));
    await page.waitForURL(/\/user\/auth\/login\?redirect=/);
    await page.getByText('账号登录').first().click();
    await logInWithPassword(page, phone, 'Shanhai#2026');
    await page.waitForURL(/\/user\/backend\/siteList/);
    expect(errors).toEqual([]);
  });

  it('logs in by QR code once the scan page confirms it from another tab', async () => {
    const { page, errors } = await openPage(browser);
    const qrAnswer = page.waitForResponse((response) => response.url().includes('/api/wxAuth/getWechatQrcode'));
    await page.goto(url('/user/auth/login?redirect=%2Fbackend%2Fpersonal'));
    const { data } = (await (await qrAnswer).json()) as { data: { ticket: string } };
    await page.getByRole('img', { name: /二维码/ }).waitFor();

    const phone = await page.context().newPage();
    await phone.goto(url(`/api/wxAuth/scan?ticket=${encodeURIComponent(data.ticket)}`));
    await page.getByText('已扫码，请在手机上确认').waitFor();
    await phone.getByRole('button', { name: '确认登录' }).click();
    await phone.getByText('登录已确认').waitFor();

    await page.waitForURL(/\/user\/backend\/personal/);
    await page.getByText(/微信用户/).first().waitFor();
    expect(errors).toEqual([]);
  });
});
