/**
 * The 预约 block in Chromium, on a builder site's folder and a mini site's page opened from disk
 * (as a zip that chose the form is), at 390x844 and 1440x900, against a stand-in of the public 预约
 * routes that answers as the contract says (across origins, no credentials): the count is the
 * API's, the captcha comes first and a wrong one shows the API's message, 获取验证码 counts down,
 * the consent is required, the success state shows the gift code and the moved count and comes
 * back after a reload from the ticket in the fragment; codes run out: the player is told they come
 * later. Screenshots go to RESERVE_SHOTS when set. Skipped when no Chromium is installed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { Messages } from '../../../../src/contract/messages';
import { ReserveMessages, type MilestoneProgress, type ReserveSuccess } from '../../../../src/contract/reservations';
import { renderBuiltSite, defaultRenderInput } from '../../../../src/server/render/builder/renderBuiltSite';
import { findSiteDesign, findSiteTemplate } from '../../../../src/server/render/site/catalog';
import { planSite } from '../../../../src/server/render/site/content';
import { sampleRenderInput } from '../../../../src/server/render/site/fingerprint';
import { renderSitePage } from '../../../../src/server/render/site/page';
import { stampReserveBlock } from '../../../../src/server/render/site/reserveStamp';
import { SITE_SCRIPT } from '../../../../src/server/render/site/siteScript';
import { NO_PICTURES } from '../../../../src/server/render/site/webPictures';
import { chromiumPath } from '../../../e2e/environment';

jest.setTimeout(180_000);

const CHROMIUM = chromiumPath();
const describeInBrowser = CHROMIUM ? describe : describe.skip;
const API = 'http://reserve-api.test';
const CAMPAIGN_ID = 'Cmp_0123456789abcdefghij';
const CAPTCHA_SVG = `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="42"><rect width="120" height="42" fill="#eee"/><text x="20" y="30" font-size="24">AB12</text></svg>')}`;
const SHOTS = process.env.RESERVE_SHOTS ?? '';

const tiersAt = (count: number): MilestoneProgress[] =>
  [
    { count: 1000, reward: '限定头像框' },
    { count: 10_000, reward: '500钻石 + 招募券×10' },
    { count: 50_000, reward: '限定皮肤「龙吟」' },
  ].map((tier) => ({ ...tier, reached: count >= tier.count }));

/** The public routes as the contract says, for one page: what the page sent is kept to be checked. */
class FakeReserveApi {
  count = 999;
  giftCode: string | null = 'LT-8KQ2-X7PA';
  readonly sent: Array<{ path: string; body: Record<string, unknown> | null }> = [];
  private captchas = 0;
  private success: ReserveSuccess | null = null;

  async handle(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const body = request.postData() ? (JSON.parse(request.postData() ?? '{}') as Record<string, unknown>) : null;
    this.sent.push({ path: url.pathname, body });
    const answer = (data: unknown, code = 200, msg = 'success'): Promise<void> =>
      route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ code, msg, data }) });
    if (url.pathname === `/api/reserve/campaign/${CAMPAIGN_ID}`) {
      return answer({ campaignId: CAMPAIGN_ID, count: this.count, tiers: tiersAt(this.count), platforms: ['ios', 'android'], privacyNotice: '隐私说明', codesLeft: true });
    }
    if (url.pathname === '/api/reserve/captcha') return answer({ captchaId: `captcha-${++this.captchas}`, img: CAPTCHA_SVG });
    if (url.pathname === '/api/reserve/captcha/verify') return body?.code === 'AB12' ? answer(null) : answer(null, 422, Messages.captchaWrong);
    if (url.pathname === '/api/reserve/sms') return answer(null);
    if (url.pathname === '/api/reserve/submit') {
      if (body?.smsCode !== '123456') return answer(null, 422, Messages.smsCodeInvalid);
      this.count += 1;
      this.success = { count: this.count, tiers: tiersAt(this.count), giftCode: this.giftCode, maskedPhone: '139****0042', platform: 'ios', ticket: 'tk.signed-1', again: false };
      return answer(this.success);
    }
    if (url.pathname === '/api/reserve/ticket/tk.signed-1' && this.success) return answer(this.success);
    return answer(null, 404, ReserveMessages.ticketUnknown);
  }
}

let root: string;
let browser: Browser;
const sites: Array<[string, string]> = [];

async function writeMiniSite(dir: string, templateId: number): Promise<void> {
  const template = findSiteTemplate(templateId);
  const design = findSiteDesign(templateId);
  if (!template || !design) throw new Error('no template');
  const plan = planSite(template, sampleRenderInput(templateId, { logo: 'logo.png', video: 'banner.mp4', poster: 'poster.jpg' }));
  const page = await renderSitePage(plan.content, design, NO_PICTURES);
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), page.html);
  fs.writeFileSync(path.join(dir, 'assets/site.js'), SITE_SCRIPT);
}

async function open(dir: string, viewport: { width: number; height: number }, api: FakeReserveApi, query = '?from=wechat'): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport, locale: 'zh-CN' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(`${API}/**`, (route) => api.handle(route));
  await page.goto(`file://${path.join(dir, 'index.html')}${query}`, { waitUntil: 'load' });
  return { page, errors };
}

/** Waits for the element of `selector` to read `text` (the block answers after a request). */
async function waitText(page: Page, selector: string, text: string): Promise<void> {
  try {
    await page.waitForFunction(([at, want]) => document.querySelector(at)?.textContent === want, [selector, text] as const, { timeout: 10_000 });
  } catch {
    throw new Error(`${selector} reads ${JSON.stringify(await page.locator(selector).first().textContent())}, not ${JSON.stringify(text)}`);
  }
}

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

describeInBrowser('the 预约 block in Chromium', () => {
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'reserve-browser-'));
    const built = path.join(root, 'built');
    await renderBuiltSite(defaultRenderInput('main', 1), built);
    sites.push(['builder', built]);
    for (const templateId of [1, 13]) {
      const dir = path.join(root, `mini-${templateId}`);
      await writeMiniSite(dir, templateId);
      sites.push([`mini ${templateId}`, dir]);
    }
    for (const [, dir] of sites) {
      await stampReserveBlock(dir, {
        apiOrigin: API,
        campaign: { campaignId: CAMPAIGN_ID, count: 990, tiers: tiersAt(990), platforms: ['ios', 'android'], privacyNotice: '本活动由龙腾工作室收集您的手机号，\n仅用于发放预约礼包与开服提醒，活动结束后30天内删除。', codesLeft: true },
      });
    }
    browser = await chromium.launch({ executablePath: CHROMIUM ?? undefined, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  });

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('takes a 预约 through captcha and SMS code, shows the gift code and keeps it after a reload', async () => {
    for (const [name, dir] of sites) {
      for (const viewport of VIEWPORTS) {
        const api = new FakeReserveApi();
        const { page, errors } = await open(dir, viewport, api);
        const block = page.locator('#reserve');
        // The count is the API's, not the one written at publish time.
        await waitText(page, '[data-reserve-count]', '999');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);

        await block.getByRole('button', { name: '立即预约' }).click();
        await waitText(page, '[data-reserve-msg]', ReserveMessages.platformRequired);

        await block.getByText('iOS', { exact: true }).click();
        await block.getByLabel('手机号', { exact: true }).fill('13900000042');
        await block.locator('.rsv-captcha img').waitFor({ state: 'visible' });
        await block.getByLabel('图形验证码', { exact: true }).fill('XXXX');
        await block.getByRole('button', { name: '获取验证码' }).click();
        await waitText(page, '[data-reserve-msg]', Messages.captchaWrong);

        await block.locator('.rsv-captcha img').waitFor({ state: 'visible' });
        await page.waitForFunction(() => (document.querySelector('#rsv-captcha') as HTMLInputElement).value === '');
        await block.getByLabel('图形验证码', { exact: true }).fill('AB12');
        await block.getByRole('button', { name: '获取验证码' }).click();
        await page.waitForFunction(() => /秒后重发$/.test(document.querySelector('[data-reserve-send]')?.textContent ?? ''));
        expect(await block.locator('[data-reserve-send]').isDisabled()).toBe(true);
        const sms = api.sent.find((entry) => entry.path === '/api/reserve/sms');
        expect(sms?.body).toEqual({ campaignId: CAMPAIGN_ID, phone: '13900000042', captchaId: expect.stringMatching(/^captcha-/) });

        await block.getByLabel('短信验证码', { exact: true }).fill('123456');
        await block.getByRole('button', { name: '立即预约' }).click();
        await waitText(page, '[data-reserve-msg]', ReserveMessages.consentRequired);
        await block.getByText('查看隐私说明').click();
        await expect(block.locator('.rsv-notice').isVisible()).resolves.toBe(true);
        await block.getByLabel(/我已阅读并同意/).check();
        if (SHOTS) await block.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}-form.png`) });
        await block.getByRole('button', { name: '立即预约' }).click();

        await block.locator('[data-reserve-done]').waitFor({ state: 'visible' });
        await waitText(page, '[data-reserve-code]', 'LT-8KQ2-X7PA');
        await waitText(page, '[data-reserve-count]', '1,000');
        await expect(block.locator('.rsv-mark.is-reached').count()).resolves.toBe(1);
        expect(await block.locator('[data-reserve-form]').isVisible()).toBe(false);
        const submitted = api.sent.find((entry) => entry.path === '/api/reserve/submit' && entry.body?.smsCode === '123456');
        expect(submitted?.body).toEqual({ campaignId: CAMPAIGN_ID, phone: '13900000042', smsCode: '123456', platform: 'ios', consent: true, channel: 'wechat' });
        expect(new URL(page.url()).hash).toBe('#reserve=tk.signed-1');
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}-done.png`) });

        await page.reload({ waitUntil: 'load' });
        await block.locator('[data-reserve-done]').waitFor({ state: 'visible' });
        await waitText(page, '[data-reserve-code]', 'LT-8KQ2-X7PA');
        await waitText(page, '[data-reserve-done-title]', ReserveMessages.reserveDone);
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  });

  it('tells the player codes come later when they ran out, and shows the form again for a deleted record', async () => {
    const [, dir] = sites[0];
    const api = new FakeReserveApi();
    api.giftCode = null;
    const { page } = await open(dir, VIEWPORTS[0], api);
    const block = page.locator('#reserve');
    await block.getByText('安卓', { exact: true }).click();
    await block.getByLabel('手机号', { exact: true }).fill('13900000043');
    await block.locator('.rsv-captcha img').waitFor({ state: 'visible' });
    await block.getByLabel('图形验证码', { exact: true }).fill('AB12');
    await block.getByRole('button', { name: '获取验证码' }).click();
    await block.getByLabel('短信验证码', { exact: true }).fill('123456');
    await block.getByLabel(/我已阅读并同意/).check();
    await block.getByRole('button', { name: '立即预约' }).click();
    await block.locator('[data-reserve-later]').waitFor({ state: 'visible' });
    expect(await block.locator('[data-reserve-gift]').isVisible()).toBe(false);
    await page.close();

    const { page: again } = await open(dir, VIEWPORTS[0], new FakeReserveApi(), '#reserve=tk.deleted');
    await waitText(again, '[data-reserve-msg]', ReserveMessages.ticketUnknown);
    expect(await again.locator('[data-reserve-form]').isVisible()).toBe(true);
    await again.close();
  });

  it('sends a hostile channel as data and draws nothing from it', async () => {
    const [, dir] = sites[0];
    const api = new FakeReserveApi();
    const { page, errors } = await open(dir, VIEWPORTS[1], api, `?utm_source=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    await waitText(page, '[data-reserve-count]', '999');
    expect(await page.locator('img[onerror]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
