/**
 * The studio's side of 预约: settings checked, its own sites only, the list with masked phones, the
 * CSV with full phones that a spreadsheet cannot run, one deletion, gift codes added and counted,
 * and a campaign that goes with its site. And the player's hostile input on the public routes.
 */
import { Messages } from '../../../../src/contract/messages';
import {
  ReserveLimits,
  ReserveMessages,
  ReserveOwnerRoutes,
  ReserveRoutes,
  type GiftCodeAddAnswer,
  type ReservationListAnswer,
  type ReserveOwnerState,
  type ReserveSuccess,
} from '../../../../src/contract/reservations';
import { buildTestApp, get, post, type TestApp } from '../../helpers';
import { OPEN_SETTINGS, freshAddress, openCampaign, ownerWithSite, reserve, reserveCode, saveSettings } from './kit';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
});

afterEach(async () => {
  await t.close();
});

const query = (site: { builderId?: number; miniSiteDir?: string }): string => (site.builderId ? `builderId=${site.builderId}` : `miniSiteDir=${site.miniSiteDir}`);

describe('the owner', () => {
  it('saves checked settings and keeps the campaign id', async () => {
    const { headers, site } = await ownerWithSite(t);
    const initial = await get<ReserveOwnerState>(t, `${ReserveOwnerRoutes.settings}?${query(site)}`, headers);
    expect(initial.data).toMatchObject({ campaignId: null, count: 0, settings: { enabled: false } });

    const refusals: [object, string][] = [
      [{ enabled: true, privacyNotice: '' }, ReserveMessages.privacyNoticeRequired],
      [{ privacyNotice: '太短了' }, ReserveMessages.privacyNoticeTooShort],
      [{ platforms: [] }, ReserveMessages.platformsRequired],
      [{ platforms: ['ios', 'ios'] }, ReserveMessages.platformsRepeated],
      [{ tiers: [{ count: 5, reward: 'a' }, { count: 5, reward: 'b' }] }, ReserveMessages.tiersNotAscending],
      [{ tiers: [{ count: 0, reward: 'a' }] }, ReserveMessages.tierCountInvalid],
      [{ tiers: [{ count: 1, reward: '  ' }] }, ReserveMessages.rewardRequired],
      [{ tiers: Array.from({ length: 7 }, (_, i) => ({ count: i + 1, reward: 'r' })) }, ReserveMessages.tiersTooMany],
    ];
    for (const [change, message] of refusals) {
      expect(await saveSettings(t, headers, site, { ...OPEN_SETTINGS, ...change })).toMatchObject({ code: 422, msg: message });
    }
    expect((await saveSettings(t, headers, site, { ...OPEN_SETTINGS, platforms: ['windows' as 'pc'] })).code).toBe(422);

    const saved = await saveSettings(t, headers, site, { ...OPEN_SETTINGS, platforms: ['pc', 'ios'] });
    expect(saved.data.campaignId).toMatch(ReserveLimits.campaignIdPattern);
    expect(saved.data.settings.platforms).toEqual(['ios', 'pc']);
    const again = await saveSettings(t, headers, site, { ...OPEN_SETTINGS, enabled: false });
    expect(again.data.campaignId).toBe(saved.data.campaignId);
  });

  it("answers another user's site like a missing one, on every owner route", async () => {
    const mine = await openCampaign(t);
    const stranger = await ownerWithSite(t, '13900000099');
    const site = mine.site;
    const calls = [
      () => get(t, `${ReserveOwnerRoutes.settings}?${query(site)}`, stranger.headers),
      () => saveSettings(t, stranger.headers, site),
      () => get(t, `${ReserveOwnerRoutes.list}?${query(site)}`, stranger.headers),
      () => post(t, ReserveOwnerRoutes.remove, { ...site, id: 1 }, stranger.headers),
      () => post(t, ReserveOwnerRoutes.uploadCodes, { ...site, text: 'ABCD-1234' }, stranger.headers),
      () => post(t, ReserveOwnerRoutes.generateCodes, { ...site, count: 3 }, stranger.headers),
    ];
    for (const call of calls) expect(await call()).toMatchObject({ code: 404, msg: ReserveMessages.siteUnknown });
    const csv = await t.app.inject({ method: 'GET', url: `${ReserveOwnerRoutes.exportCsv}?${query(site)}`, headers: stranger.headers });
    expect(csv.json()).toMatchObject({ code: 404, msg: ReserveMessages.siteUnknown });
    // A site that does not exist answers the same.
    expect(await get(t, `${ReserveOwnerRoutes.settings}?builderId=999999`, mine.headers)).toMatchObject({ code: 404, msg: ReserveMessages.siteUnknown });
    expect(await get(t, ReserveOwnerRoutes.settings, mine.headers)).toMatchObject({ code: 422, msg: ReserveMessages.siteRequired });
    // And nothing of the owner's changed.
    const state = await get<ReserveOwnerState>(t, `${ReserveOwnerRoutes.settings}?${query(site)}`, mine.headers);
    expect(state.data).toMatchObject({ settings: { enabled: true }, codes: { total: 0 } });
  });

  it('lists masked phones, exports full ones as CSV a spreadsheet cannot run, and deletes one record for good', async () => {
    const { campaignId, headers, site } = await openCampaign(t);
    await post(t, ReserveOwnerRoutes.uploadCodes, { ...site, text: 'code,note\n"=HYPERLINK(1)",x\n' }, headers).then((answer) => expect(answer.code).toBe(422));
    await post(t, ReserveOwnerRoutes.uploadCodes, { ...site, text: 'AAAA-1111\nBBBB-2222\nCCCC-3333' }, headers);
    const first = await reserve(t, campaignId, '13700000031', { channel: '=cmd|calc!A1', platform: 'android' }, freshAddress());
    expect(first.code).toBe(200);
    await reserve(t, campaignId, '13700000032', { channel: '-2+3' }, freshAddress());

    const list = await get<ReservationListAnswer>(t, `${ReserveOwnerRoutes.list}?${query(site)}&page=1&pageSize=1`, headers);
    expect(list.data.total).toBe(2);
    expect(list.data.records).toEqual([expect.objectContaining({ maskedPhone: '137****0032', channel: '-23', giftCode: 'BBBB-2222', platform: 'ios' })]);
    expect(JSON.stringify(list.data)).not.toContain('13700000032');

    const csv = await t.app.inject({ method: 'GET', url: `${ReserveOwnerRoutes.exportCsv}?${query(site)}`, headers });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.headers['access-control-allow-origin']).toBeUndefined();
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"预约时间","手机号","平台","渠道","礼包码"');
    // The channel was cleaned on the way in ('=cmd|calc!A1' -> 'cmdcalcA1'); a cell starting with - is quoted as text.
    expect(lines[1]).toMatch(/^"2026-01-01 08:00:\d\d","13700000031","安卓","cmdcalcA1","AAAA-1111"$/);
    expect(lines[2]).toMatch(/,"13700000032","iOS","'-23","BBBB-2222"$/);

    const removed = await post<ReserveOwnerState>(t, ReserveOwnerRoutes.remove, { ...site, id: list.data.records[0].id }, headers);
    expect(removed).toMatchObject({ code: 200, data: { count: 1, codes: { total: 3, given: 2, left: 1 } } });
    expect(await post(t, ReserveOwnerRoutes.remove, { ...site, id: list.data.records[0].id }, headers)).toMatchObject({ code: 404, msg: ReserveMessages.recordUnknown });
    // Its ticket no longer shows anything, and the phone may reserve again: it gets the next code, never the deleted one's.
    t.clock.advanceSeconds(61);
    const back = await reserve(t, campaignId, '13700000032', {}, freshAddress());
    expect(back.data).toMatchObject({ count: 2, giftCode: 'CCCC-3333', again: false });
  });

  it('adds gift codes checked, deduplicated against the campaign, and bounded', async () => {
    const { headers, site } = await openCampaign(t);
    const upload = (text: string) => post<GiftCodeAddAnswer>(t, ReserveOwnerRoutes.uploadCodes, { ...site, text }, headers);
    expect(await upload('')).toMatchObject({ code: 422, msg: ReserveMessages.codesEmpty });
    expect(await upload('GOOD-0001\n<script>\n')).toMatchObject({ code: 422, msg: ReserveMessages.codeInvalid(2) });
    expect(await upload('abc')).toMatchObject({ code: 422, msg: ReserveMessages.codeInvalid(1) });
    expect((await upload(Array.from({ length: ReserveLimits.giftCodesPerAdd + 1 }, (_, i) => `CODE-${i}`).join('\n'))).msg).toBe(ReserveMessages.codesTooManyPerAdd);
    expect((await upload('\uFEFF"GOOD-0001",first\r\n GOOD-0002 \r\nGOOD-0001\r\n')).data).toMatchObject({ added: 2, duplicates: 1 });
    expect((await upload('GOOD-0002\nGOOD-0003')).data).toMatchObject({ added: 1, duplicates: 1, codes: { total: 3, left: 3 } });
    for (const count of [0, -1, ReserveLimits.giftCodesPerAdd + 1]) {
      expect(await post(t, ReserveOwnerRoutes.generateCodes, { ...site, count }, headers)).toMatchObject({ code: 422, msg: ReserveMessages.generateCountInvalid });
    }
    const generated = await post<GiftCodeAddAnswer>(t, ReserveOwnerRoutes.generateCodes, { ...site, count: 200 }, headers);
    expect(generated.data).toMatchObject({ added: 200, codes: { total: 203, left: 203 } });
    // Codes need a campaign first.
    const fresh = await ownerWithSite(t, '13900000077');
    expect(await post(t, ReserveOwnerRoutes.generateCodes, { ...fresh.site, count: 1 }, fresh.headers)).toMatchObject({ code: 422, msg: ReserveMessages.settingsFirst });
  });

  it('works for a mini site by its folder, and a deleted builder site takes its campaign, records and codes with it', async () => {
    const { userId, headers } = await ownerWithSite(t, '13900000055');
    const dir = 'ab'.repeat(16);
    await t.app.database.sql.insertInto('mini_sites').values({ dir, user_id: userId, template_id: 1, name: '小站', created_at: t.clock.now() }).execute();
    const mini = await saveSettings(t, headers, { miniSiteDir: dir });
    expect(mini.code).toBe(200);
    expect((await reserve(t, mini.data.campaignId ?? '', '13700000041', {}, freshAddress())).data.count).toBe(1);

    const builder = await openCampaign(t);
    const { campaignId, site } = builder;
    await post(t, ReserveOwnerRoutes.generateCodes, { ...site, count: 2 }, builder.headers);
    const done = await reserve(t, campaignId, '13700000042', {}, freshAddress());
    expect(await post(t, '/api/webSiteLog/deleteSite', { id: site.builderId }, builder.headers)).toMatchObject({ code: 200 });

    expect(await get(t, ReserveRoutes.campaign(campaignId))).toMatchObject({ code: 404 });
    expect(await get<ReserveSuccess>(t, ReserveRoutes.ticket(done.data.ticket))).toMatchObject({ code: 404 });
    const left = t.readDb().prepare('SELECT (SELECT COUNT(*) FROM reserve_campaigns) AS campaigns, (SELECT COUNT(*) FROM reservations) AS records, (SELECT COUNT(*) FROM reserve_gift_codes) AS codes').get();
    // The mini site's campaign and its one record remain.
    expect(left).toEqual({ campaigns: 1, records: 1, codes: 0 });
  });
});

describe('hostile players', () => {
  it('refuses each bad field with its message, and counts nothing', async () => {
    const { campaignId } = await openCampaign(t);
    const smsCode = await reserveCode(t, campaignId, '13700000051', freshAddress());
    const good = { campaignId, phone: '13700000051', smsCode, platform: 'ios', consent: true };
    const refusals: [object, number, string][] = [
      [{ campaignId: 'x'.repeat(24) }, 404, ReserveMessages.campaignUnknown],
      [{ campaignId: "' OR 1=1 --" }, 404, ReserveMessages.campaignUnknown],
      [{ platform: 'pc' }, 422, ReserveMessages.platformUnknown],
      [{ platform: 'windows' }, 422, ReserveMessages.platformUnknown],
      [{ platform: '' }, 422, ReserveMessages.platformRequired],
      [{ consent: false }, 422, ReserveMessages.consentRequired],
      [{ phone: '12345' }, 422, Messages.phoneInvalid],
      [{ smsCode: '' }, 422, ReserveMessages.smsCodeRequired],
    ];
    for (const [change, code, msg] of refusals) {
      expect(await post(t, ReserveRoutes.submit, { ...good, ...change }, freshAddress())).toMatchObject({ code, msg });
    }
    const tooLong = await post(t, ReserveRoutes.submit, { ...good, channel: 'x'.repeat(ReserveLimits.channelInputMax + 1) }, freshAddress());
    expect(tooLong.code).toBe(422);
    expect(await post(t, ReserveRoutes.submit, { ...good, consent: 'yes' }, freshAddress())).toMatchObject({ code: 422 });

    // A script in the channel is stored without its markup; a long one is cut.
    const done = await post<ReserveSuccess>(t, ReserveRoutes.submit, { ...good, channel: '<script>alert(1)</script>微信' }, freshAddress());
    expect(done.code).toBe(200);
    const row = t.readDb().prepare('SELECT channel FROM reservations').get() as { channel: string };
    expect(row.channel).toBe('scriptalert1script微信');
    expect(row.channel.length).toBeLessThanOrEqual(ReserveLimits.channelMax);
  });

  it('sends no 预约 code without a passed captcha, and none for an unknown campaign', async () => {
    const { campaignId } = await openCampaign(t);
    expect(await post(t, ReserveRoutes.sendSms, { campaignId, phone: '13700000061', captchaId: 'nope' }, freshAddress())).toMatchObject({ code: 422, msg: Messages.captchaNotPassed });
    expect(await post(t, ReserveRoutes.sendSms, { campaignId: 'A'.repeat(24), phone: '13700000061', captchaId: 'nope' }, freshAddress())).toMatchObject({ code: 404 });
    expect(t.readDb().prepare('SELECT COUNT(*) AS n FROM sms_outbox').get()).toEqual({ n: 0 });
  });

  it('limits 预约 tries per phone, whatever the address', async () => {
    const { campaignId } = await openCampaign(t);
    const codes: number[] = [];
    for (let i = 0; i <= ReserveLimits.submitPerPhonePerHour; i += 1) {
      codes.push((await post(t, ReserveRoutes.submit, { campaignId, phone: '13700000081', smsCode: '123456', platform: 'ios', consent: true }, freshAddress())).code);
    }
    expect(codes.slice(0, -1).every((code) => code === 422)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('1,000 scripted 预约s from one address raise the count by nothing', async () => {
    const { campaignId, site, headers } = await openCampaign(t);
    const address = { 'x-forwarded-for': '198.51.100.7' };
    const codes = new Map<number, number>();
    for (let i = 0; i < 1000; i += 1) {
      const phone = `136${String(i).padStart(8, '0')}`;
      const answer = await post(t, ReserveRoutes.submit, { campaignId, phone, smsCode: String(100000 + i), platform: 'ios', consent: true }, address);
      codes.set(answer.code, (codes.get(answer.code) ?? 0) + 1);
    }
    // Wrong codes (no code was ever sent) until the address limit stops the script.
    expect(codes.get(200)).toBeUndefined();
    expect(codes.get(422)).toBe(ReserveLimits.submitPerIpPer10Minutes);
    expect(codes.get(429)).toBe(1000 - ReserveLimits.submitPerIpPer10Minutes);
    const state = await get<ReserveOwnerState>(t, `${ReserveOwnerRoutes.settings}?${query(site)}`, headers);
    expect(state.data.count).toBe(0);
  });
});
