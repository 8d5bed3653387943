/**
 * 预约 on a published site, in Chromium, against the real server: the studio's builder site (put in
 * place as 生成并下载 leaves it, its campaign on with two gift codes, as its settings would leave
 * it) is published from 网站列表, so that 发布 adds the block; a player on a phone (390x844, from
 * WeChat) passes the captcha, gets the SMS code from the local provider's outbox, ticks the
 * consent, and sees the gift code and the count move; a reload shows the success again; a second
 * player on a desktop (1440x900) moves the count once more and reaches the first milestone.
 * Screenshots for a person to look at: E2E_SHOTS=<folder> keeps them.
 */
import Database from 'better-sqlite3';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ReserveMessages, type ReserveSettings } from '../../src/contract/reservations';
import { defaultRenderInput, renderBuiltSite } from '../../src/server/render/builder/renderBuiltSite';
import { registerAndLogIn, url } from './accounts';
import { describeInBrowser, launchBrowser, openPage } from './browser';
import { captchaAnswer, eventually, latestSmsCode } from './database';
import { readEnvironment } from './environment';

jest.setTimeout(240_000);

const SHOTS = process.env.E2E_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-reserve-'));
const OWNER = '13800138611';
const PLAYERS = ['13800138612', '13800138613'];
const SITE_NAME = '预约测试官网';
const CODES = ['LAUNCH-GIFT-0001', 'LAUNCH-GIFT-0002'];
const SETTINGS: ReserveSettings = {
  enabled: true,
  platforms: ['ios', 'android', 'pc'],
  tiers: [
    { count: 2, reward: '限定头像框' },
    { count: 10_000, reward: '500钻石' },
  ],
  privacyNotice: '本活动由预约测试工作室收集您的手机号，仅用于发放预约礼包与开服提醒，活动结束后30天内删除。',
  zipForm: false,
};

/** A completed builder site of the owner's with its campaign on, as 生成并下载 and the 预约 settings leave them. */
async function completedSiteWithCampaign(): Promise<void> {
  const { dataDir } = readEnvironment();
  const db = new Database(path.join(dataDir, 'app.db'));
  let siteId = 0;
  try {
    const { id } = db.prepare('SELECT id FROM users WHERE mobile = ?').get(OWNER) as { id: number };
    const at = Date.now();
    const site = db
      .prepare("INSERT INTO builder_sites (user_id, web_name, status, selected, form_data, dir, created_at, updated_at) VALUES (?, ?, 2, '{}', '{}', ?, ?, ?)")
      .run(id, SITE_NAME, crypto.randomBytes(16).toString('hex'), at, at);
    siteId = Number(site.lastInsertRowid);
    const campaign = db
      .prepare('INSERT INTO reserve_campaigns (public_id, builder_site_id, mini_site_id, user_id, settings, created_at, updated_at) VALUES (?, ?, NULL, ?, ?, ?, ?)')
      .run(crypto.randomBytes(18).toString('base64url'), siteId, id, JSON.stringify(SETTINGS), at, at);
    for (const code of CODES) db.prepare("INSERT INTO reserve_gift_codes (campaign_id, code, state, given_at) VALUES (?, ?, 'free', NULL)").run(campaign.lastInsertRowid, code);
  } finally {
    db.close();
  }
  await renderBuiltSite(defaultRenderInput('main', 1), path.join(dataDir, 'builder-sites', String(siteId)));
}

async function reserveAs(page: Page, phone: string, platform: string): Promise<void> {
  const block = page.locator('#reserve');
  // The captcha is fetched when the form is first touched.
  const captcha = page.waitForResponse((answer) => answer.url().endsWith('/api/reserve/captcha'));
  await block.getByText(platform, { exact: true }).click();
  await block.getByLabel('手机号', { exact: true }).fill(phone);
  const { data } = (await (await captcha).json()) as { data: { captchaId: string } };
  await block.locator('.rsv-captcha img').waitFor({ state: 'visible' });
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

const countOf = (page: Page): Promise<string | null> => page.locator('[data-reserve-count]').textContent();

/** Waits for the block to show `count` (it asks the API for it once the page has loaded). */
async function showsCount(page: Page, count: string): Promise<void> {
  await page.waitForFunction((want) => document.querySelector('[data-reserve-count]')?.textContent === want, count, { timeout: 15_000 });
}

describeInBrowser('预约 on a published site', () => {
  let browser: Browser;

  /**
   * A player's browser as it is: no header added to its requests (openPage names a client address
   * in a header, which a page's cross-origin call would have to clear through CORS first).
   */
  async function openAsPlayer(options: { viewport: { width: number; height: number }; isMobile: boolean; hasTouch: boolean }): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ locale: 'zh-CN', reducedMotion: 'reduce', ...options });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('requestfailed', (request) => errors.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
    return { page, errors };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('takes a player’s 预约 with the SMS code, gives the gift code, moves the count and keeps the success after a reload', async () => {
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 });
    await registerAndLogIn(page, OWNER);
    await completedSiteWithCampaign();

    await page.goto(url('/user/backend/siteList'));
    const row = page.getByRole('row').filter({ hasText: SITE_NAME });
    await row.getByRole('button', { name: '发布' }).click();
    const published = page.locator('.ant-modal').filter({ hasText: '已发布' });
    const link = (await published.getByRole('link', { name: '打开网站' }).getAttribute('href'))!;
    expect(link).toMatch(/\/pub\/[0-9a-f]{32}\/$/);

    const players = [
      { phone: PLAYERS[0], platform: 'iOS', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, query: '?from=wechat', before: '0', after: '1' },
      { phone: PLAYERS[1], platform: 'PC', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, query: '?utm_source=qq', before: '1', after: '2' },
    ];
    for (const [index, { phone, platform, query, before, after, ...options }] of players.entries()) {
      const { page: player, errors: playerErrors } = await openAsPlayer(options);
      await player.goto(`${link}${query}`);
      const block = player.locator('#reserve');
      await block.waitFor();
      await showsCount(player, before);
      expect(await player.evaluate(() => document.documentElement.scrollWidth)).toBe(options.viewport.width);
      await player.screenshot({ path: path.join(SHOTS, `reserve-${options.viewport.width}-form.png`) });

      await reserveAs(player, phone, platform);
      expect(await block.locator('[data-reserve-code]').textContent()).toBe(CODES[index]);
      expect(await countOf(player)).toBe(after);
      expect(await block.locator('[data-reserve-done-title]').textContent()).toBe(ReserveMessages.reserveDone);
      expect(new URL(player.url()).hash).toMatch(/^#reserve=/);
      await player.screenshot({ path: path.join(SHOTS, `reserve-${options.viewport.width}-done.png`) });

      await player.reload();
      await block.locator('[data-reserve-done]').waitFor({ state: 'visible' });
      expect(await block.locator('[data-reserve-code]').textContent()).toBe(CODES[index]);
      expect(await player.context().cookies()).toEqual([]);
      expect(playerErrors).toEqual([]);
      await player.context().close();
    }
    // The second 预约 reached the first milestone (2).
    const { page: last } = await openAsPlayer({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await last.goto(link);
    await showsCount(last, '2');
    expect(await last.locator('.rsv-mark.is-reached').allTextContents()).toEqual(['2限定头像框已达成']);
    await last.context().close();
    expect(errors).toEqual([]);
  });
});
