/**
 * QR_LOGIN_PROVIDER=wechat-mp in Chromium: a server of its own (npm start's) talking to the fake
 * WeChat of tests/fakes/wechat, which also plays the phone that scans. The desktop page shows the
 * service account's code and logs in when the scan is pushed; WeChat's own browser (its user agent,
 * a 390x844 phone) gets 微信一键登录 on the login page and in the login dialog instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { repoRoot } from '../../config/paths';
import { Messages } from '../../src/contract/messages';
import { FakePhone, httpTransport } from '../fakes/wechat/phone';
import { startFakeWechat, wechatEnv, type FakeWechat } from '../fakes/wechat/server';
import { describeInBrowser, launchBrowser, watchPage } from './browser';
import { freePort, waitUntilUp } from './globalSetup';

jest.setTimeout(180_000);

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN';
const PHONE = { width: 390, height: 844 };
/** Screenshots for a person to look at: E2E_SHOTS=<folder> keeps them, else a temp folder. */
const SHOTS = process.env.E2E_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-wechat-shots-'));

describeInBrowser('WeChat login in Chromium, against a fake WeChat', () => {
  let browser: Browser;
  let fake: FakeWechat;
  let server: ChildProcess;
  let base = '';
  let dataDir = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    fake = await startFakeWechat();
    const port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-wechat-'));
    server = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['config/start.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', ...wechatEnv(fake) },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    base = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${base}/index/index/getSiteConfig`, Date.now() + 90_000);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function open(options: { wechat: boolean }): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({
      locale: 'zh-CN',
      reducedMotion: 'reduce',
      ...(options.wechat ? { viewport: PHONE, userAgent: WECHAT_UA, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 860 } }),
    });
    contexts.push(context);
    const page = await context.newPage();
    return { page, errors: watchPage(page) };
  }

  it('logs the desktop page in when WeChat pushes the scan of its code (safe mode)', async () => {
    const { page, errors } = await open({ wechat: false });
    const qrAnswer = page.waitForResponse((response) => response.url().includes('/api/wxAuth/getWechatQrcode'));
    await page.goto(`${base}/user/auth/login?redirect=%2Fbackend%2Fpersonal`);
    const { data } = (await (await qrAnswer).json()) as { data: { ticket: string; scanUrl?: string } };
    await page.getByRole('img', { name: '登录二维码' }).waitFor();
    // WeChat's url opens nothing in a browser: no link to copy under the code.
    expect(data.scanUrl).toBeUndefined();
    await expect(page.getByText(/复制链接/).count()).resolves.toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'wechat-desktop-qr.png') });

    const code = fake.codes.at(-1);
    expect(code?.scene).toBe(data.ticket);
    const pushed = await new FakePhone(httpTransport(base), Date.now).scan(fake.sceneOf(code?.url ?? ''), 'oE2eDesktopScan00000000000001', { mode: 'safe' });
    expect(pushed.replyText).toBe(Messages.wechatScanWelcome);

    await page.waitForURL(/\/user\/backend\/personal/);
    await page.getByText(/微信用户0001/).first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'wechat-desktop-logged-in.png') });
    expect(errors).toEqual([]);
  });

  it('says WeChat login is unavailable when WeChat refuses, and the phone login is one click away', async () => {
    const { page, errors } = await open({ wechat: false });
    fake.refuseWith = -1;
    try {
      await page.goto(`${base}/user/auth/login`);
      await page.getByText(Messages.wechatUnavailable).waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'wechat-down.png') });
      await page.getByRole('button', { name: '使用手机号登录', exact: true }).click();
      await page.getByPlaceholder(/手机号/).first().waitFor();
    } finally {
      fake.refuseWith = null;
    }
    expect(errors).toEqual([]);
  });

  it('offers 微信一键登录 instead of a code in WeChat\u2019s browser, and logs in through web authorization', async () => {
    const { page, errors } = await open({ wechat: true });
    fake.oauthUser = 'oE2eInWechatBrowser000000002';
    await page.goto(`${base}/user/auth/login?redirect=%2Fbackend%2Fpersonal`);
    const oneClick = page.getByRole('link', { name: /微信一键登录/ });
    await oneClick.waitFor();
    await expect(page.getByRole('img', { name: '登录二维码' }).count()).resolves.toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'wechat-browser-login-page.png') });
    await oneClick.click();
    await page.waitForURL(/\/user\/backend\/personal/);
    await page.getByText(/微信用户0002/).first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'wechat-browser-logged-in.png') });
    expect(errors).toEqual([]);
  });

  it('offers 微信一键登录 in the login dialog too, and comes back to the page it was opened on', async () => {
    const { page, errors } = await open({ wechat: true });
    fake.oauthUser = 'oE2eInWechatDialog0000000003';
    await page.goto(`${base}/user/logo/selectPage?module=tl`);
    await page.getByRole('button', { name: /^选\s*择$/ }).nth(2).click();
    await page.waitForURL(/\/user\/logo\/config\?module=tl/);
    await page.getByLabel('LOGO名称').fill('星河战纪');
    await page.getByLabel('底部标语').fill('群星之下 王者归来');
    await page.getByRole('button', { name: /生成LOGO/ }).click();
    const dialog = page.getByRole('dialog');
    const oneClick = dialog.getByRole('link', { name: /微信一键登录/ });
    await oneClick.waitFor();
    expect(decodeURIComponent((await oneClick.getAttribute('href')) ?? '')).toContain('redirect=/logo/config?module=tl');
    await page.screenshot({ path: path.join(SHOTS, 'wechat-browser-dialog.png') });
    await oneClick.click();
    await page.waitForURL(/\/user\/logo\/config\?module=tl/);
    await page.getByText(Messages.loginSucceeded).first().waitFor();
    expect(errors).toEqual([]);
  });
});
