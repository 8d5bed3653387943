/**
 * 预约 from the studio's side, in Chromium, against the real server: a mini site (put in place as
 * 生成网站 leaves it) gets its 预约 page from 我的作品, its settings through the form, gift codes
 * from a file and generated, and is published from its preview page; players on phones take
 * codes (the same phone twice counts once); the studio's list shows them with masked phones, 导出CSV
 * gives the full ones, and deleting one record takes the count down by one.
 * Screenshots for a person to look at: E2E_SHOTS=<folder> keeps them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { Security } from '../../src/contract/limits';
import { ReserveMessages, maskReservePhone } from '../../src/contract/reservations';
import { STUDIO, studioMedia, studioMiniSiteInput } from '../fixtures/studioSites';
import { registerAndLogIn } from './accounts';
import { confirmPopover, describeInBrowser, downloadOf, explained, launchBrowser, openPage } from './browser';
import { countOf, openAsPlayer, PHONE_DEVICE, reserveAs, showsCount } from './reserveBlock';
import { placedMiniSite } from './sites';

// A site render and a minute between two SMS codes to one phone (Security.smsMinIntervalSeconds).
jest.setTimeout(300_000);

const SHOTS = process.env.E2E_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-reserve-office-'));
const OWNER = '13800138621';
const PLAYERS = ['13800138622', '13800138623'];
const TEMPLATE_ID = 1;
const UPLOADED = ['SHANHAI-0001', 'SHANHAI-0002', 'SHANHAI-0003'];
const NOTICE = '本活动由星辰工作室收集您的手机号，仅用于发放预约礼包与开服提醒，活动结束后30天内删除。';
const TIERS = [
  { count: '2', reward: '限定头像框' },
  { count: '10000', reward: '500钻石' },
];
const DESKTOP = { width: 1440, height: 900 };

/** The owner's mini site, as 生成网站 leaves it: its folder under sites/ and its row. Answers the folder's name. */
async function madeMiniSite(work: string): Promise<string> {
  const media = await studioMedia(work, 1, 8, false);
  return placedMiniSite(OWNER, TEMPLATE_ID, STUDIO.game, await studioMiniSiteInput(TEMPLATE_ID, work, media));
}

const shot = (page: Page, name: string): Promise<Buffer> => page.screenshot({ path: path.join(SHOTS, `reserve-office-${name}.png`), fullPage: true });

/** Waits for the page to show `value` under `title` (预约人数, 剩余, ...). */
async function showsStatistic(page: Page, title: string, value: string): Promise<void> {
  await explained(
    page,
    page.waitForFunction(
      ({ title: name, value: want }) =>
        [...document.querySelectorAll('.ant-statistic')].some((cell) => cell.querySelector('.ant-statistic-title')?.textContent === name && cell.querySelector('.ant-statistic-content-value')?.textContent === want),
      { title, value },
      { timeout: 15_000 },
    ),
  );
}

/** Turns the studio's window into a phone held upright, once the back office has taken its phone layout. */
async function asPhone(page: Page): Promise<void> {
  await page.setViewportSize(PHONE_DEVICE.viewport);
  await page.getByRole('button', { name: '菜单', exact: true }).waitFor();
}

async function asDesktop(page: Page): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: '菜单', exact: true }).waitFor({ state: 'detached' });
}

/** Nothing on the page is wider than the screen. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describeInBrowser('the studio’s 预约 page, in Chromium', () => {
  let browser: Browser;
  let work: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-reserve-office-'));
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('sets 预约 up from 我的作品, publishes, takes players’ 预约s, lists, exports and deletes them', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await registerAndLogIn(page, OWNER);
    await madeMiniSite(work);

    // 我的作品 -> the site's card -> 预约.
    await page.getByRole('menuitem', { name: '我的作品' }).click();
    await page.waitForURL(/\/user\/backend\/works/);
    const card = page.getByTestId('work-card').filter({ hasText: STUDIO.game });
    await card.getByRole('button', { name: /^预\s*约$/ }).click();
    await page.waitForURL(/\/user\/backend\/siteReserve\?miniSiteDir=/);
    const form = page.getByRole('form', { name: '预约设置' });
    await form.waitFor();
    await showsStatistic(page, '预约人数', '0');
    // The sider keeps the list the page was opened from.
    expect(await page.getByRole('menuitem', { name: '我的作品' }).getAttribute('aria-current')).toBe('page');
    await page.getByText(ReserveMessages.settingsFirst).waitFor();
    await shot(page, '1440-new');

    // The settings, through the form.
    await form.getByRole('switch', { name: '开启预约' }).click();
    await form.getByRole('checkbox', { name: 'PC' }).check();
    for (const [index, tier] of TIERS.entries()) {
      await form.getByRole('button', { name: '添加里程碑' }).click();
      await form.getByLabel(`第${index + 1}档人数`).fill(tier.count);
      await form.getByLabel(`第${index + 1}档奖励`).fill(tier.reward);
    }
    // Turned on without a notice: the form refuses as the server would.
    await form.getByRole('button', { name: '保存设置' }).click();
    await form.getByText(ReserveMessages.privacyNoticeRequired).waitFor();
    await form.getByLabel('隐私说明').fill(NOTICE);
    const saved = page.waitForResponse((answer) => answer.url().includes('/api/siteReserve/settings') && answer.request().method() === 'POST');
    await form.getByRole('button', { name: '保存设置' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText(ReserveMessages.settingsSaved).first().waitFor();
    await showsStatistic(page, '状态', '已开启');
    expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(3);

    // Gift codes: a file of three (one repeated), then two generated.
    const codesFile = path.join(work, '礼包码.txt');
    fs.writeFileSync(codesFile, `${UPLOADED.join('\n')}\n${UPLOADED[0]}\n`);
    await page.locator('input[type=file]').setInputFiles(codesFile);
    await page.getByText(`${ReserveMessages.codesAdded}：新增3个，重复1个`).first().waitFor();
    await page.getByLabel('生成数量').fill('2');
    await page.getByRole('button', { name: '生成礼包码' }).click();
    await page.getByText(`${ReserveMessages.codesAdded}：新增2个，重复0个`).first().waitFor();
    await showsStatistic(page, '总数', '5');
    await showsStatistic(page, '剩余', '5');
    await shot(page, '1440-set');
    await asPhone(page);
    await shot(page, '390-set');
    expect(await fitsWidth(page)).toBe(true);
    // Each milestone on one line: its count, reward and 删除 side by side.
    for (const index of [1, 2]) {
      const [count, remove] = await Promise.all([form.getByLabel(`第${index}档人数`).boundingBox(), form.getByRole('button', { name: `删除第${index}档` }).boundingBox()]);
      expect(Math.abs((count?.y ?? 0) - (remove?.y ?? Infinity))).toBeLessThan(8);
    }
    await asDesktop(page);

    // 发布 from the site's preview page, which the 预约 page leads to.
    await page.getByRole('button', { name: '预览与发布' }).click();
    await page.waitForURL(/\/user\/miniSite\/preview\?/);
    await page.getByRole('button', { name: /发\s*布/ }).click();
    const published = page.locator('.ant-modal').filter({ hasText: '网站已发布' });
    const link = (await explained(page, published.getByRole('link', { name: '打开网站' }).getAttribute('href', { timeout: 60_000 }))) ?? '';
    expect(link).toMatch(/\/pub\/[0-9a-f]{32}\/$/);
    await page.keyboard.press('Escape');

    // Two players on phones, from WeChat and from QQ.
    const players = [
      { phone: PLAYERS[0], platform: 'iOS', query: '?from=wechat', code: UPLOADED[0], before: '0', after: '1' },
      { phone: PLAYERS[1], platform: 'PC', query: '?utm_source=qq', code: UPLOADED[1], before: '1', after: '2' },
    ];
    let firstSentAt = 0;
    for (const [index, player] of players.entries()) {
      const { page: visit, errors: visitErrors } = await openAsPlayer(browser, PHONE_DEVICE);
      await visit.goto(`${link}${player.query}`);
      const block = visit.locator('#reserve');
      await block.waitFor();
      await showsCount(visit, player.before);
      expect(await block.getByText(NOTICE).count()).toBeGreaterThan(0);
      expect(await visit.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_DEVICE.viewport.width);
      await block.scrollIntoViewIfNeeded();
      await visit.screenshot({ path: path.join(SHOTS, `reserve-office-390-player${index + 1}-form.png`) });
      await reserveAs(visit, player.phone, player.platform);
      if (index === 0) firstSentAt = Date.now();
      expect(await block.locator('[data-reserve-code]').textContent()).toBe(player.code);
      expect(await countOf(visit)).toBe(player.after);
      await visit.screenshot({ path: path.join(SHOTS, `reserve-office-390-player${index + 1}-done.png`) });
      expect(visitErrors).toEqual([]);
      await visit.context().close();
    }

    // The studio's list: newest first, masked phones, platform, channel and code.
    await page.goBack();
    await page.waitForURL(/\/user\/backend\/siteReserve\?/);
    await page.reload();
    await showsStatistic(page, '预约人数', '2');
    await showsStatistic(page, '剩余', '3');
    const table = page.locator('.wpg-table');
    const rows = table.locator('tbody tr[data-row-key]');
    await explained(page, page.waitForFunction(() => document.querySelectorAll('.wpg-table tbody tr[data-row-key]').length === 2, undefined, { timeout: 15_000 }));
    const cells = async (row: Locator): Promise<string[]> => (await row.locator('td').allInnerTexts()).map((text) => text.trim());
    const [newest, oldest] = [await cells(rows.nth(0)), await cells(rows.nth(1))];
    expect(newest.slice(1, 5)).toEqual([maskReservePhone(PLAYERS[1]), 'PC', 'qq', UPLOADED[1]]);
    expect(oldest.slice(1, 5)).toEqual([maskReservePhone(PLAYERS[0]), 'iOS', 'wechat', UPLOADED[0]]);
    expect(newest[1]).toBe('138****8623');
    for (const time of [newest[0], oldest[0]]) expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(await table.innerText()).not.toContain(PLAYERS[0]);
    await shot(page, '1440-list');

    // 导出CSV: the full phones, in a file Excel opens as UTF-8.
    const download = await downloadOf(page, () => page.getByRole('button', { name: /导出CSV/ }).click(), 30_000);
    expect(download.suggestedFilename()).toBe('预约名单.csv');
    const csvFile = path.join(work, 'export.csv');
    await download.saveAs(csvFile);
    const bytes = fs.readFileSync(csvFile);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('"预约时间","手机号","平台","渠道","礼包码"');
    expect(lines.filter((line) => line !== '')).toHaveLength(3);
    expect(lines.find((line) => line.includes(`"${PLAYERS[0]}"`))).toMatch(new RegExp(`^"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}(:\\d{2})?","${PLAYERS[0]}","iOS","wechat","${UPLOADED[0]}"$`));
    expect(lines.find((line) => line.includes(`"${PLAYERS[1]}"`))).toContain(`"${PLAYERS[1]}","PC","qq","${UPLOADED[1]}"`);

    // The first player again, from a browser with no ticket: the same code, the count stays.
    // A second SMS code to one phone is sent once a minute has passed since the first.
    const { page: again, errors: againErrors } = await openAsPlayer(browser, PHONE_DEVICE);
    await again.goto(link);
    await showsCount(again, '2');
    const wait = firstSentAt + (Security.smsMinIntervalSeconds + 1) * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await reserveAs(again, PLAYERS[0], 'iOS');
    expect(await again.locator('[data-reserve-done-title]').textContent()).toBe(ReserveMessages.reserveAgain);
    expect(await again.locator('[data-reserve-code]').textContent()).toBe(UPLOADED[0]);
    expect(await countOf(again)).toBe('2');
    // The studio's two milestones, the first reached by the two players.
    expect(await again.locator('.rsv-mark').allTextContents()).toEqual(['2限定头像框已达成', '1万500钻石未达成']);
    await again.screenshot({ path: path.join(SHOTS, 'reserve-office-390-player1-again.png') });
    expect(againErrors).toEqual([]);
    await again.context().close();

    // Deleting one record (confirmed first): the count goes down by one, the list keeps the other.
    await page.getByRole('button', { name: '刷新' }).click();
    await showsStatistic(page, '预约人数', '2');
    const firstRow = rows.filter({ hasText: maskReservePhone(PLAYERS[0]) });
    await confirmPopover(page, firstRow.getByRole('button', { name: /^删\s*除$/ }), /^删\s*除$/);
    await page.getByText(ReserveMessages.recordDeleted).first().waitFor();
    await showsStatistic(page, '预约人数', '1');
    await explained(page, page.waitForFunction(() => document.querySelectorAll('.wpg-table tbody tr[data-row-key]').length === 1, undefined, { timeout: 15_000 }));
    expect((await cells(rows.nth(0)))[1]).toBe(maskReservePhone(PLAYERS[1]));
    // Its code is not given again.
    await showsStatistic(page, '剩余', '3');
    await shot(page, '1440-deleted');
    await asPhone(page);
    await shot(page, '390-deleted');
    expect(await fitsWidth(page)).toBe(true);
    // The row's 删除 stays on the screen while the table is wider than it.
    const remove = await rows.nth(0).getByRole('button', { name: /^删\s*除$/ }).boundingBox();
    expect(remove && remove.x + remove.width).toBeLessThanOrEqual(PHONE_DEVICE.viewport.width);
    expect(errors).toEqual([]);
  });
});
