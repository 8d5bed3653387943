/**
 * The operator console's 用户 and 操作日志 in Chromium: the first operator is made with
 * `npm run operator -- add <phone>` beside the running server, as the README says; a plain user
 * is refused the console; the operator finds a player and stops the account, whose open session
 * ends and whose next login says why; the log shows both actions. At 1440x900 and at 390x844.
 * Screenshots for a person to look at: E2E_SHOTS=<folder> keeps them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { logInWithPassword, registerThroughTheForm, url } from './accounts';
import { describeInBrowser, launchBrowser, openPage } from './browser';
import { readEnvironment } from './environment';

jest.setTimeout(180_000);

const SHOTS = process.env.E2E_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-console-users-'));
const OPERATOR = '13800138081';
const PLAYER = '13800138082';
const PASSWORD = 'Shanhai#2026';
const ROOT = path.resolve(__dirname, '../..');

/** npm run operator, run as an operator runs it: the same data folder as the server. */
async function operatorCommand(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'config/scripts/operator.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: readEnvironment().dataDir, DATABASE_URL: '' },
  });
  return stdout;
}

const overflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describeInBrowser('the console’s 用户 and 操作日志', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('makes an operator from the command line, who stops a player; the player is out and told why', async () => {
    const { page: player } = await openPage(browser, { width: 390, height: 844 });
    await registerThroughTheForm(player, PLAYER, PASSWORD);

    const { page } = await openPage(browser, { width: 1440, height: 900 });
    await registerThroughTheForm(page, OPERATOR, PASSWORD);
    // Not an operator yet: the console refuses, and shows nothing of itself.
    await page.goto(url('/user/admin/users'));
    await page.getByText('该功能仅限运营人员使用').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);

    expect(await operatorCommand('add', OPERATOR)).toContain('现在是运营人员');
    // The role is read with the user when the page loads.
    await page.goto(url('/user/backend/siteList'));
    await page.getByTestId('user-name').hover();
    await page.getByText('运营后台').click();
    await page.waitForURL(/\/user\/admin\/overview$/);

    await page.getByRole('menuitem', { name: /用户/ }).click();
    await page.waitForURL(/\/user\/admin\/users$/);
    await page.getByRole('searchbox', { name: '搜索用户' }).fill(PLAYER);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = page.getByRole('row').filter({ hasText: PLAYER });
    await row.waitFor();
    await expect(page.getByRole('row').filter({ hasText: OPERATOR }).count()).resolves.toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'console-users-1440.png'), fullPage: true });

    await row.getByRole('button', { name: /停\s*用/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('停用原因').fill('发布违规内容');
    await dialog.getByRole('button', { name: /停\s*用/ }).click();
    await page.getByText('账号已停用').waitFor();
    await row.getByText('已停用').waitFor();

    // The player's open page: its next call is refused, the session ends, and the login says why.
    await player.goto(url('/user/backend/siteList'));
    await player.waitForURL(/\/user\/auth\/login/);
    await logInWithPassword(player, PLAYER, PASSWORD);
    await player.getByText('账号已被停用：发布违规内容').waitFor();
    // The reason alone: not under the notices of the session that just ended.
    expect(await player.locator('.ant-message-notice').allTextContents()).toEqual(['账号已被停用：发布违规内容']);
    await player.screenshot({ path: path.join(SHOTS, 'stopped-login-390.png'), fullPage: true });

    await page.getByRole('menuitem', { name: /操作日志/ }).click();
    await page.waitForURL(/\/user\/admin\/log$/);
    await page.getByRole('cell', { name: '停用账号' }).waitFor();
    await page.getByRole('cell', { name: '修改运营权限' }).waitFor();
    await page.getByRole('cell', { name: '命令行' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'console-log-1440.png'), fullPage: true });

    // On a phone: the menu is behind its button, and only the tables scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url('/user/admin/users'));
    await page.getByRole('row').filter({ hasText: PLAYER }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'console-users-390.png'), fullPage: true });
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('menuitem', { name: /操作日志/ }).click();
    await page.waitForURL(/\/user\/admin\/log$/);
    await page.getByRole('cell', { name: '停用账号' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'console-log-390.png'), fullPage: true });
  });
});
