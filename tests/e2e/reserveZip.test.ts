/**
 * 预约 in a downloaded zip, in Chromium, against the real server. The studio's builder site (as
 * 生成并下载 leaves it, its campaign on) is downloaded from 网站列表's 下载 and unzipped; its page is
 * opened from disk (file://, so its requests say `Origin: null`) on a phone:
 * - with 表单放入压缩包 (zipForm) chosen, the block is there and works: the captcha picture, the SMS
 *   code, the consent, the gift code, and the count the server keeps;
 * - once the studio turns it off, the next download has no block, no script, and its page makes
 *   no 预约 request;
 * - the page may call the 预约 routes, and no other route: CORS is on that prefix only.
 * Screenshots for a person to look at: E2E_SHOTS=<folder> keeps them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { RESERVE_PREFIX, ReserveOwnerRoutes, ReserveRoutes, type ReserveCampaignInfo, type ReserveSettings } from '../../src/contract/reservations';
import { registerAndLogIn, url } from './accounts';
import { describeInBrowser, downloadOf, launchBrowser, openPage } from './browser';
import { countOf, openAsPlayer, PHONE_DEVICE, reserveAs, showsCount } from './reserveBlock';
import { completedSiteWithCampaign, unzip, type CampaignSite } from './sites';

jest.setTimeout(240_000);

const SHOTS = process.env.E2E_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-reserve-zip-'));
const OWNER = '13800138631';
const PLAYER = '13800138632';
const SITE_NAME = '压缩包预约官网';
const CODES = ['ZIP-GIFT-0001'];
const SETTINGS: ReserveSettings = {
  enabled: true,
  platforms: ['ios', 'android'],
  tiers: [{ count: 1, reward: '首发头像框' }],
  privacyNotice: '本活动由压缩包测试工作室收集您的手机号，仅用于发放预约礼包与开服提醒，活动结束后30天内删除。',
  zipForm: true,
};

/** The block's script in the zip's site folder, beside the page's own. */
const RESERVE_SCRIPT = 'assets/reserve.js';

describeInBrowser('预约 in a downloaded zip, opened from disk', () => {
  let browser: Browser;
  let owner: Page;
  let ownerErrors: string[];
  let token = '';
  let site: CampaignSite;
  let withFormPage = '';
  /** The folders the zips were unzipped into. */
  const unzipped: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page: owner, errors: ownerErrors } = await openPage(browser, { width: 1440, height: 900 }));
    const loggedIn = owner.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    await registerAndLogIn(owner, OWNER);
    ({ token } = ((await (await loggedIn).json()) as { data: { token: string } }).data);
    site = await completedSiteWithCampaign(OWNER, SITE_NAME, SETTINGS, CODES);
  });
  afterAll(async () => {
    await browser?.close();
    for (const dir of unzipped) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Downloads the site from 网站列表 as the studio does, unzips it into a new folder: answers its page's path and the entries. */
  async function downloadSite(label: string): Promise<{ page: string; entries: string[] }> {
    await owner.goto(url('/user/backend/siteList'));
    const row = owner.getByRole('row').filter({ hasText: SITE_NAME });
    const download = await downloadOf(owner, () => row.getByRole('button', { name: '下载' }).click());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wpg-e2e-zip-${label}-`));
    unzipped.push(dir);
    const file = path.join(dir, 'site.zip');
    await download.saveAs(file);
    const entries = (await unzip(file, dir)).map((name) => name.split('/').slice(1).join('/'));
    const folder = fs.readdirSync(dir).find((name) => fs.statSync(path.join(dir, name)).isDirectory());
    if (!folder) throw new Error(`The zip ${download.suggestedFilename()} has no site folder`);
    return { page: path.join(dir, folder, 'index.html'), entries };
  }

  /** What the server counts now, as any page asks for it. */
  async function serverCount(): Promise<number> {
    const answer = await owner.request.get(url(ReserveRoutes.campaign(site.campaignId)));
    return ((await answer.json()) as { data: ReserveCampaignInfo }).data.count;
  }

  it('works from disk when the studio chose the form: captcha, SMS code, consent, gift code, and the count moves', async () => {
    const { page: file, entries } = await downloadSite('form');
    expect(entries).toContain(RESERVE_SCRIPT);
    const html = fs.readFileSync(file, 'utf8');
    expect(html).toContain(`data-reserve-campaign="${site.campaignId}"`);
    expect(html).toContain(`data-reserve-api="${url('')}"`);
    withFormPage = file;

    const { page: player, errors } = await openAsPlayer(browser, PHONE_DEVICE);
    const leftDisk: string[] = [];
    player.on('request', (request) => {
      if (!request.url().startsWith('file:')) leftDisk.push(request.url());
    });
    await player.goto(pathToFileURL(file).href);
    const block = player.locator('#reserve');
    await block.waitFor();
    await showsCount(player, '0');
    expect(await player.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_DEVICE.viewport.width);
    await block.scrollIntoViewIfNeeded();
    await player.screenshot({ path: path.join(SHOTS, 'reserve-zip-390-form.png') });

    await reserveAs(player, PLAYER, 'iOS');
    expect(await block.locator('[data-reserve-code]').textContent()).toBe(CODES[0]);
    expect(await countOf(player)).toBe('1');
    expect(await player.locator('.rsv-mark.is-reached').allTextContents()).toEqual(['1首发头像框已达成']);
    await player.screenshot({ path: path.join(SHOTS, 'reserve-zip-390-done.png') });
    expect(await serverCount()).toBe(1);

    // The page reached the server for the 预约 routes only, and nothing failed on the way.
    expect(leftDisk.length).toBeGreaterThan(0);
    expect(leftDisk.filter((address) => !address.startsWith(url(RESERVE_PREFIX)))).toEqual([]);
    expect(errors).toEqual([]);
    expect(await player.context().cookies()).toEqual([]);
    await player.context().close();
  });

  it('leaves the block out of the zip once the studio turns the form off, and the page asks no 预约 route', async () => {
    const saved = await owner.request.post(url(ReserveOwnerRoutes.settings), { headers: { authorization: `Bearer ${token}` }, data: { builderId: site.siteId, settings: { ...SETTINGS, zipForm: false } } });
    expect(((await saved.json()) as { code: number }).code).toBe(200);

    const { page: file, entries } = await downloadSite('plain');
    expect(entries).not.toContain(RESERVE_SCRIPT);
    expect(fs.readFileSync(file, 'utf8')).not.toContain('data-reserve');

    const { page: player, errors } = await openAsPlayer(browser, PHONE_DEVICE);
    const leftDisk: string[] = [];
    player.on('request', (request) => {
      if (!request.url().startsWith('file:')) leftDisk.push(request.url());
    });
    await player.goto(pathToFileURL(file).href, { waitUntil: 'networkidle' });
    expect(await player.locator('[data-reserve]').count()).toBe(0);
    await player.screenshot({ path: path.join(SHOTS, 'reserve-zip-390-plain.png'), fullPage: true });
    expect(leftDisk).toEqual([]);
    expect(errors).toEqual([]);
    await player.context().close();
    expect(ownerErrors).toEqual([]);
  });

  it('lets the page from disk read the 预约 routes and no other route', async () => {
    expect(withFormPage).not.toBe('');
    const { page: player } = await openAsPlayer(browser, PHONE_DEVICE);
    await player.goto(pathToFileURL(withFormPage).href);
    const read = (address: string, init: RequestInit = {}) =>
      player.evaluate(
        ({ address, init }) =>
          fetch(address, { ...init, credentials: 'omit' }).then(
            (answer) => `${answer.status}`,
            (error: unknown) => `refused: ${String(error)}`,
          ),
        { address, init },
      );
    expect(await read(url(ReserveRoutes.captcha))).toBe('200');
    expect(await read(url(ReserveRoutes.campaign(site.campaignId)))).toBe('200');
    for (const address of ['/api/auth/getCaptcha', '/index/index/getSiteConfig', '/user/info', '/api/webSiteLog/getFilePath?id=1']) {
      expect(await read(url(address))).toMatch(/^refused: TypeError/);
    }
    // A JSON POST elsewhere is stopped at its preflight.
    expect(await read(url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).toMatch(/^refused: TypeError/);
    await player.context().close();
  });
});
