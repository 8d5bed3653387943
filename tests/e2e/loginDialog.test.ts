import type { Browser, Page } from 'playwright-core';
import { registerAndLogIn, url } from './accounts';
import { describeInBrowser, explained, launchBrowser, openPage } from './browser';
import { captchaAnswer, eventually, latestSmsCode } from './database';

jest.setTimeout(180_000);

const SELECT = { name: /^选\s*择$/ };
const PHONE = { width: 390, height: 844 };

/**
 * Every message the page shows, in order, each time it comes into view: a notice shown, hidden and
 * shown again (or shown by a second node) is there twice.
 */
async function recordNotices(page: Page): Promise<string[]> {
  const notices: string[] = [];
  await page.exposeFunction('noticeShown', (text: string) => notices.push(text));
  // On every change of the page, not on a timer: a notice replaced within a timer's tick (a busy
  // machine stretches ticks) would otherwise never be seen.
  await page.addInitScript(() => {
    let shown = new Set<string>();
    const look = (): void => {
      const now = new Set(
        [...document.querySelectorAll<HTMLElement>('.ant-message-notice')].filter((notice) => notice.checkVisibility?.() ?? true).map((notice) => notice.textContent?.trim() ?? ''),
      );
      for (const text of now) if (text && !shown.has(text)) (window as unknown as { noticeShown(text: string): void }).noticeShown(text);
      shown = now;
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return notices;
}

/** A visitor's logo config page, a style chosen, with the game's name and slogan typed (no sample line left to ask about). */
async function logoConfigAsVisitor(page: Page, name: string, slogan: string): Promise<void> {
  await page.goto(url('/user/logo/selectPage?module=tl'));
  await page.getByRole('button', SELECT).nth(2).click();
  await page.waitForURL(/\/user\/logo\/config\?module=tl/);
  await page.getByLabel('LOGO名称').fill(name);
  await page.getByLabel('底部标语').fill(slogan);
}

describeInBrowser('the login dialog and the login page, in Chromium against the npm start server', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lets a visitor register from the dialog 生成LOGO opens, and goes on with that logo on the same page, the form as typed', async () => {
    const { page, errors } = await openPage(browser);
    const notices = await recordNotices(page);
    const phone = '13900139031';
    await logoConfigAsVisitor(page, '星河战纪', '群星之下 王者归来');

    await page.getByRole('button', { name: /生成LOGO/ }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByRole('tab', { name: '账号登录' }).click();
    await dialog.getByRole('button', { name: /^注\s*册$/ }).click();
    const form = page.getByRole('dialog', { name: '注册' });
    await form.getByLabel('手机号').fill(phone);
    const shown = page.waitForResponse((response) => response.url().includes('/api/auth/getCaptcha'));
    await form.getByRole('button', { name: '获取验证码' }).click();
    const captcha = page.getByRole('dialog', { name: '图形验证码' });
    await captcha.getByRole('img', { name: '图形验证码' }).waitFor();
    const { data } = (await (await shown).json()) as { data: { captchaId: string } };
    await captcha.getByPlaceholder('请输入图形验证码').fill(await eventually(() => captchaAnswer(data.captchaId)));
    await captcha.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText('秒后重新获取').waitFor();
    await page.locator('.ant-message-notice', { hasText: '验证码已发送' }).waitFor();
    await form.getByLabel('短信验证码').fill(await eventually(() => latestSmsCode(phone)));
    await form.getByLabel('密码', { exact: true }).fill('Xinghe#2026');
    await form.getByLabel('确认密码').fill('Xinghe#2026');
    await form.getByRole('button', { name: /^注\s*册$/ }).click();

    await page.getByText('注册成功，已为你登录').waitFor();
    // In the place of 验证码已发送, the news of a form now gone, which stayed under it.
    expect(await page.locator('.ant-message-notice', { hasText: '验证码已发送' }).count()).toBe(0);
    // Still the logo page, the form as typed, and the logo asked for is on its way.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/user/logo/config?module=tl');
    expect(await page.getByLabel('LOGO名称').inputValue()).toBe('星河战纪');
    expect(await page.getByLabel('底部标语').inputValue()).toBe('群星之下 王者归来');
    await explained(page, page.getByText('LOGO生成成功').waitFor({ timeout: 120_000 }));
    await page.waitForURL(/\/user\/logo\/preview\?/);
    await page.getByTestId('user-name').waitFor();

    // Each notice once: the code's was not shown again after registering.
    expect(notices.filter((text) => text === '验证码已发送')).toHaveLength(1);
    expect(notices).toContain('注册成功，已为你登录');
    expect(errors).toEqual([]);
  });

  it('registers from the login page and comes back to the page it was opened from', async () => {
    const { page, errors } = await openPage(browser);
    const notices = await recordNotices(page);
    const phone = '13900139032';
    await page.goto(url('/user/banner/selectPage?module=fsa'));
    await page.getByRole('button', { name: /注\s*册/ }).first().click();
    await page.waitForURL(/\/user\/auth\/register\?redirect=/);
    await page.getByPlaceholder('请输入手机号').fill(phone);
    const shown = page.waitForResponse((response) => response.url().includes('/api/auth/getCaptcha'));
    await page.getByRole('button', { name: '获取验证码' }).click();
    const captcha = page.getByRole('dialog', { name: '图形验证码' });
    await captcha.getByRole('img', { name: '图形验证码' }).waitFor();
    const { data } = (await (await shown).json()) as { data: { captchaId: string } };
    await captcha.getByPlaceholder('请输入图形验证码').fill(await eventually(() => captchaAnswer(data.captchaId)));
    await captcha.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('秒后重新获取').waitFor();
    // The user is told the code is on its way (on a busy machine this notice once never showed).
    await page.locator('.ant-message-notice', { hasText: '验证码已发送' }).waitFor();
    await page.getByPlaceholder('请输入验证码').fill(await eventually(() => latestSmsCode(phone)));
    await page.getByPlaceholder('请输入密码').fill('Xinghe#2026');
    await page.getByPlaceholder('请再次输入密码').fill('Xinghe#2026');
    await page.getByRole('button', { name: /^注\s*册$/ }).click();
    await page.waitForURL(/\/user\/banner\/selectPage\?module=fsa$/);
    await page.getByTestId('user-name').waitFor();
    // On to another page: no notice of the registration comes back on the way.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '游戏LOGO' }).click();
    await page.waitForURL(/\/user\/logo\/selectPage\?module=tl$/);
    await page.waitForTimeout(500);
    expect(notices.filter((text) => text === '验证码已发送')).toHaveLength(1);
    expect(notices.filter((text) => text === '注册成功，已为你登录')).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('opens the account tab on a phone, on the login page and in the dialog: a phone cannot scan its own screen', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    const qrCodes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/wxAuth/getWechatQrcode')) qrCodes.push(request.url());
    });
    await page.goto(url('/user/auth/login'));
    await page.getByPlaceholder('请输入手机号').waitFor();
    expect(await page.getByRole('tab', { name: '账号登录' }).getAttribute('aria-selected')).toBe('true');

    await logoConfigAsVisitor(page, '星河战纪', '群星之下 王者归来');
    await page.getByRole('button', { name: /生成LOGO/ }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByPlaceholder('请输入手机号').waitFor();
    expect(await dialog.getByRole('tab', { name: '账号登录' }).getAttribute('aria-selected')).toBe('true');
    expect(qrCodes).toEqual([]);
    // The QR tab is still there for a phone that wants it.
    await dialog.getByRole('tab', { name: '扫码登录' }).click();
    await dialog.getByRole('img', { name: '登录二维码' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('keeps the QR code on a desktop, with its link under it to open by hand', async () => {
    const { page, errors } = await openPage(browser);
    const qrAnswer = page.waitForResponse((response) => response.url().includes('/api/wxAuth/getWechatQrcode'));
    await page.goto(url('/user/auth/login'));
    expect(await page.getByRole('tab', { name: '扫码登录' }).getAttribute('aria-selected')).toBe('true');
    const { data } = (await (await qrAnswer).json()) as { data: { ticket: string } };
    const scanUrl = url(`/api/wxAuth/scan?ticket=${encodeURIComponent(data.ticket)}`);
    const link = page.getByRole('link', { name: scanUrl });
    expect(await link.getAttribute('href')).toBe(scanUrl);
    await page.getByText(/这是本机地址，手机打不开/).waitFor();
    expect(errors).toEqual([]);
  });

  it('stays on a public page when logging out there, and marks 建站 on its logo step', async () => {
    const { page, errors } = await openPage(browser);
    await registerAndLogIn(page, '13900139033');
    await page.goto(url('/user/logo/selectPage'));
    const nav = page.getByRole('navigation', { name: '主导航' });
    expect(await nav.getByRole('link', { name: '建站' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: '游戏LOGO' }).getAttribute('aria-current')).toBeNull();

    await page.getByTestId('user-name').hover();
    await page.getByText('退出登录').click();
    await page.getByText('已退出登录').waitFor();
    await page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/logo/selectPage');
    expect(errors).toEqual([]);
  });
});
