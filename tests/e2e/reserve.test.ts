/**
 * 预约 on a published site, in Chromium, against the real server: the studio's builder site (put in
 * place as 生成并下载 leaves it, its campaign on with two gift codes, as its settings would leave
 * it) is published from 网站列表, so that 发布 adds the block; a player on a phone (390x844, from
 * WeChat) passes the captcha, gets the SMS code from the local provider's outbox, ticks the
 * consent, and sees the gift code and the count move; a reload shows the success again; a second
 * player on a desktop (1440x900) moves the count once more and reaches the first milestone.
 * Screenshots for a person to look at: E2E_SHOTS=<folder> keeps them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ReserveMessages, type ReserveSettings } from '../../src/contract/reservations';
import { registerAndLogIn, url } from './accounts';
import { describeInBrowser, launchBrowser, openPage } from './browser';
import { countOf, openAsPlayer, PHONE_DEVICE, reserveAs, showsCount } from './reserveBlock';
import { completedSiteWithCampaign } from './sites';

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

describeInBrowser('预约 on a published site', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('takes a player’s 预约 with the SMS code, gives the gift code, moves the count and keeps the success after a reload', async () => {
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 });
    await registerAndLogIn(page, OWNER);
    await completedSiteWithCampaign(OWNER, SITE_NAME, SETTINGS, CODES);

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
      const { page: player, errors: playerErrors } = await openAsPlayer(browser, options);
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
    const { page: last } = await openAsPlayer(browser, PHONE_DEVICE);
    await last.goto(link);
    await showsCount(last, '2');
    expect(await last.locator('.rsv-mark.is-reached').allTextContents()).toEqual(['2限定头像框已达成']);
    await last.context().close();
    expect(errors).toEqual([]);
  });
});
