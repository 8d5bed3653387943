/**
 * The 预约 block as the published copy and the zip carry it: on every layout family's page and on
 * a builder page, in the first screen's wake (after the hero, before the first content section);
 * its tiers labelled 1万 / 5万 with the reached ones marked and the bar filled to match; nothing of
 * the studio's texts able to add markup; and a page rendered for a site never carries it by itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ReserveMessages, type ReserveCampaignInfo } from '../../../../src/contract/reservations';
import { renderBuiltBody } from '../../../../src/server/render/builder/page';
import { planBuiltSite } from '../../../../src/server/render/builder/plan';
import { defaultRenderInput } from '../../../../src/server/render/builder/renderBuiltSite';
import { documentHtml } from '../../../../src/server/render/site/blocks/DocumentHead';
import { milestoneFill, type ReserveBlockInput } from '../../../../src/server/render/site/blocks/ReserveBlock';
import { findSiteDesign, findSiteTemplate, siteTemplates } from '../../../../src/server/render/site/catalog';
import { planSite } from '../../../../src/server/render/site/content';
import type { LayoutFamily } from '../../../../src/server/render/site/design';
import { sampleRenderInput } from '../../../../src/server/render/site/fingerprint';
import { renderSiteBody } from '../../../../src/server/render/site/page';
import { RESERVE_SCRIPT } from '../../../../src/server/render/site/reserveScript';
import { hasReserveBlock, RESERVE_SCRIPT_FILE, reserveBlockHtml, stampReserveBlock, withReserveBlock } from '../../../../src/server/render/site/reserveStamp';
import { structureProblems, tags } from './siteHtml';

const CAMPAIGN_ID = 'Abc123_-Abc123_-Abc123_-';

function campaign(overrides: Partial<ReserveCampaignInfo> = {}): ReserveCampaignInfo {
  return {
    campaignId: CAMPAIGN_ID,
    count: 23_456,
    tiers: [
      { count: 10_000, reward: '限定头像框', reached: true },
      { count: 50_000, reward: '500钻石', reached: false },
      { count: 100_000, reward: '限定皮肤', reached: false },
    ],
    platforms: ['ios', 'android'],
    privacyNotice: '本活动由龙腾工作室收集手机号，仅用于发放预约礼包，活动结束后30天内删除。',
    codesLeft: true,
    ...overrides,
  };
}

const input = (overrides: Partial<ReserveCampaignInfo> = {}): ReserveBlockInput => ({ apiOrigin: 'https://app.example.com', campaign: campaign(overrides) });

const HEAD = { title: '龙腾天下', description: '', themeColor: '#000000', favicon: 'assets/favicon.png', share: 'assets/share.jpg', css: '', js: 'assets/site.js' };

/** One template of each layout family, rendered with its defaults. */
function familyPages(): Array<[LayoutFamily, string]> {
  const seen = new Map<LayoutFamily, string>();
  for (const { id } of siteTemplates) {
    const design = findSiteDesign(id);
    const template = findSiteTemplate(id);
    if (!design || !template || seen.has(design.family)) continue;
    const plan = planSite(template, sampleRenderInput(id, { logo: 'logo.png', video: 'banner.mp4', poster: 'poster.jpg' }));
    seen.set(design.family, documentHtml(HEAD, renderSiteBody(plan.content, design).body));
  }
  return [...seen];
}

function builderPage(): string {
  return documentHtml(HEAD, renderBuiltBody(planBuiltSite(defaultRenderInput('main', 1))).body);
}

/** The block's place: after the first screen (the section #top), before the first content section. */
function placeProblems(html: string): string[] {
  const problems: string[] = [];
  const block = html.indexOf('<section id="reserve"');
  const heroEnd = html.indexOf('</section>', html.indexOf('id="top"'));
  const firstContent = html.slice(block + 1).search(/<section\b[^>]*\sclass="sec /);
  if (block < 0) return ['no block'];
  if (heroEnd < 0 || block < heroEnd) problems.push('before the hero ends');
  if (firstContent < 0) problems.push('no content section after it');
  if (html.slice(0, block).match(/<section\b[^>]*\sclass="sec /)) problems.push('after a content section');
  return problems;
}

describe('the 预约 block on a page', () => {
  it('is not on a page by itself: only the copy that goes out carries it', () => {
    for (const [, html] of familyPages()) expect(hasReserveBlock(html)).toBe(false);
    expect(hasReserveBlock(builderPage())).toBe(false);
  });

  it('sits after the first screen of every layout family and of a builder page, in a valid page', () => {
    const pages = [...familyPages(), ['builder', builderPage()] as const];
    expect(pages.length).toBe(7);
    for (const [family, html] of pages) {
      const stamped = withReserveBlock(html, input());
      expect([family, placeProblems(stamped), structureProblems(stamped)]).toEqual([family, [], []]);
      expect(stamped.match(/data-reserve=""/g)).toHaveLength(1);
      // Once is enough: a page stamped again keeps one block.
      expect(withReserveBlock(stamped, input())).toBe(stamped);
    }
  });

  it('names the API origin and the campaign for its script, which it loads from the folder', () => {
    const html = reserveBlockHtml(input());
    const section = tags(html).find((tag) => tag.name === 'section');
    expect(section?.attributes).toMatchObject({ 'data-reserve-api': 'https://app.example.com', 'data-reserve-campaign': CAMPAIGN_ID });
    const scripts = tags(html).filter((tag) => tag.name === 'script' && !tag.closing);
    expect(scripts.map((tag) => tag.attributes.src)).toEqual([RESERVE_SCRIPT_FILE]);
  });

  it('shows the real count, the tiers as 1万 / 5万 / 10万, which are reached, and the bar to match', () => {
    const html = reserveBlockHtml(input());
    expect(html).toContain('<b data-reserve-count="">23,456</b>');
    const marks = [...html.matchAll(/<li class="([^"]+)"><b>([^<]+)<\/b><span>([^<]+)<\/span><em>([^<]+)<\/em><\/li>/g)].map((match) => match.slice(1));
    expect(marks).toEqual([
      ['rsv-mark is-reached', '1万', '限定头像框', '已达成'],
      ['rsv-mark', '5万', '500钻石', '未达成'],
      ['rsv-mark', '10万', '限定皮肤', '未达成'],
    ]);
    // Three equal steps: 23,456 is a third of the way from 1万 to 5万 into the second step.
    expect(milestoneFill(23_456, campaign().tiers)).toBeCloseTo(44.5, 0);
    expect(html).toContain('aria-valuenow="44.5"');
    expect(milestoneFill(0, campaign().tiers)).toBe(0);
    expect(milestoneFill(100_000, campaign().tiers)).toBe(100);
    expect(milestoneFill(5, [])).toBe(0);
  });

  it('hides the tiers when the studio set none, and offers only the platforms the studio chose', () => {
    const html = reserveBlockHtml(input({ tiers: [], platforms: ['pc'] }));
    expect(html).toMatch(/<div class="rsv-tiers" data-reserve-tiers="" hidden="">/);
    const radios = tags(html).filter((tag) => tag.name === 'input' && tag.attributes.type === 'radio');
    expect(radios.map((tag) => tag.attributes.value)).toEqual(['pc']);
    // The only choice is chosen already.
    expect(radios[0].attributes.checked).toBe('');
  });

  it('labels every field and keeps the consent box and privacy notice beside the submit', () => {
    const html = reserveBlockHtml(input());
    for (const id of ['rsv-phone', 'rsv-captcha', 'rsv-sms']) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toMatch(/<details class="rsv-privacy"><summary>查看隐私说明<\/summary><p class="rsv-notice">本活动由龙腾工作室收集手机号/);
    expect(html).toContain('data-reserve-consent=""');
    expect(html).toContain(ReserveMessages.codesLater);
    // Sandboxed pages may not submit forms: no <form>, only buttons the script listens to.
    expect(tags(html).some((tag) => tag.name === 'form')).toBe(false);
  });

  it('escapes the privacy notice and the rewards: no markup of the studio gets into the page', () => {
    const hostile = '</p><script>alert(1)</script><img src=x onerror=alert(2)>';
    const html = withReserveBlock(familyPages()[0][1], input({ privacyNotice: hostile, tiers: [{ count: 10_000, reward: hostile, reached: false }] }));
    expect(structureProblems(html)).toEqual([]);
    expect(tags(html).filter((tag) => tag.name === 'script' && !tag.closing).map((tag) => tag.attributes.src)).toEqual(['assets/site.js', RESERVE_SCRIPT_FILE]);
    expect(tags(html).some((tag) => tag.name === 'img' && tag.attributes.onerror !== undefined)).toBe(false);
    expect(html).toContain('&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('refuses an API origin or a campaign id that could carry markup or lead elsewhere', () => {
    for (const apiOrigin of ['javascript:alert(1)', 'https://app.example.com/path', '"><script>alert(1)</script>', '', 'https://app.example.com/']) {
      expect(() => reserveBlockHtml({ apiOrigin, campaign: campaign() })).toThrow();
    }
    expect(() => reserveBlockHtml(input({ campaignId: '"><b>x</b>' }))).toThrow();
    // A default port is no part of an origin as the browser sends it.
    expect(reserveBlockHtml({ apiOrigin: 'http://localhost:80', campaign: campaign() })).toContain('data-reserve-api="http://localhost"');
  });

  it('has a script that writes text only, never markup, and reads the channel from the page address', () => {
    expect(RESERVE_SCRIPT).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
    expect(RESERVE_SCRIPT).toContain("params.get('from') || params.get('utm_source')");
    expect(RESERVE_SCRIPT).toContain("credentials: 'omit'");
    // Plain ES2017 that parses as written.
    expect(() => new Function(RESERVE_SCRIPT)).not.toThrow();
  });

  it('writes the block and its script into a copy, with fresh compressed copies of the page', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserve-stamp-'));
    try {
      fs.writeFileSync(path.join(dir, 'index.html'), familyPages()[0][1]);
      fs.writeFileSync(path.join(dir, 'index.html.gz'), 'stale');
      const written = await stampReserveBlock(dir, input());
      expect(written).toEqual(expect.arrayContaining(['index.html', RESERVE_SCRIPT_FILE, 'index.html.br', 'index.html.gz']));
      expect(hasReserveBlock(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'))).toBe(true);
      expect(fs.readFileSync(path.join(dir, RESERVE_SCRIPT_FILE), 'utf8')).toBe(RESERVE_SCRIPT);
      expect(fs.readFileSync(path.join(dir, 'index.html.gz')).toString()).not.toBe('stale');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
