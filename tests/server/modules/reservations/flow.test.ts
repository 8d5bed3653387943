/**
 * 预约 from a launch page: the SMS code from the local provider's outbox, one count per phone, one
 * gift code per 预约, codes running out, the success state again from the ticket, and the CORS the
 * sandboxed page needs on these routes only.
 */
import { Messages } from '../../../../src/contract/messages';
import { ReserveMessages, ReserveOwnerRoutes, ReserveRoutes, type GiftCodeAddAnswer, type ReserveCampaignInfo, type ReserveOwnerState, type ReserveSuccess } from '../../../../src/contract/reservations';
import { buildTestApp, get, post, type TestApp } from '../../helpers';
import { OPEN_SETTINGS, freshAddress, lastSms, openCampaign, reserve, reserveCode } from './kit';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
});

afterEach(async () => {
  await t.close();
});

describe('预约 from a page', () => {
  it('counts a phone once, gives it one code shown and sent by SMS, and shows the success state again from its ticket', async () => {
    const { campaignId, headers, site } = await openCampaign(t);
    const added = await post<GiftCodeAddAnswer>(t, ReserveOwnerRoutes.uploadCodes, { ...site, text: '礼包码\nGIFT-0001\nGIFT-0002\nGIFT-0002\n' }, headers);
    expect(added.data).toEqual({ added: 2, duplicates: 1, codes: { total: 2, given: 0, left: 2 } });

    const before = await get<ReserveCampaignInfo>(t, ReserveRoutes.campaign(campaignId));
    expect(before.data).toMatchObject({ count: 0, platforms: ['ios', 'android'], codesLeft: true, tiers: [{ count: 2, reached: false }, { count: 5, reached: false }] });

    const first = await reserve(t, campaignId, '13700000001', { platform: 'android' }, freshAddress());
    expect(first).toMatchObject({ code: 200, msg: ReserveMessages.reserveDone, data: { count: 1, giftCode: 'GIFT-0001', maskedPhone: '137****0001', platform: 'android', again: false } });
    expect(lastSms(t, '13700000001', 'giftCode')).toBe('GIFT-0001');

    // The same phone again (past the minute between two codes): its first answer, no new count, no second code.
    t.clock.advanceSeconds(61);
    const again = await reserve(t, campaignId, '13700000001', {}, freshAddress());
    expect(again).toMatchObject({ code: 200, msg: ReserveMessages.reserveAgain, data: { count: 1, giftCode: 'GIFT-0001', platform: 'android', again: true } });

    const second = await reserve(t, campaignId, '13700000002', {}, freshAddress());
    expect(second.data).toMatchObject({ count: 2, giftCode: 'GIFT-0002', tiers: [{ count: 2, reached: true }, { count: 5, reached: false }] });

    // A reload: the ticket from the fragment shows the success state again.
    const shown = await get<ReserveSuccess>(t, ReserveRoutes.ticket(first.data.ticket));
    expect(shown.data).toMatchObject({ count: 2, giftCode: 'GIFT-0001', maskedPhone: '137****0001' });
    // A ticket cannot be made for another record.
    const forged = first.data.ticket.replace(/\.[0-9a-z]+\./, `.${(2).toString(36)}.`);
    expect((await get(t, ReserveRoutes.ticket(forged))).code).toBe(404);

    const state = await get<ReserveOwnerState>(t, `${ReserveOwnerRoutes.settings}?builderId=${site.builderId}`, headers);
    expect(state.data).toMatchObject({ campaignId, count: 2, codes: { total: 2, given: 2, left: 0 } });
  });

  it('tells players codes come later once they run out, and still counts them', async () => {
    const { campaignId, headers, site } = await openCampaign(t);
    await post(t, ReserveOwnerRoutes.generateCodes, { ...site, count: 1 }, headers);
    const first = await reserve(t, campaignId, '13700000011', {}, freshAddress());
    expect(first.data.giftCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$/);
    expect((await get<ReserveCampaignInfo>(t, ReserveRoutes.campaign(campaignId))).data.codesLeft).toBe(false);
    const late = await reserve(t, campaignId, '13700000012', {}, freshAddress());
    expect(late.data).toMatchObject({ count: 2, giftCode: null });
    expect(lastSms(t, '13700000012', 'giftCode')).toBeNull();
    const state = await get<ReserveOwnerState>(t, `${ReserveOwnerRoutes.settings}?builderId=${site.builderId}`, headers);
    expect(state.data).toMatchObject({ count: 2, codes: { total: 1, given: 1, left: 0 } });
  });

  it('refuses a code sent for another campaign, a wrong code, and a code used once', async () => {
    const one = await openCampaign(t);
    const other = await openCampaign(t);
    const smsCode = await reserveCode(t, one.campaignId, '13700000021', freshAddress());
    const elsewhere = await post(t, ReserveRoutes.submit, { campaignId: other.campaignId, phone: '13700000021', smsCode, platform: 'ios', consent: true }, freshAddress());
    expect(elsewhere).toMatchObject({ code: 422, msg: Messages.smsCodeExpired });
    const wrong = await post(t, ReserveRoutes.submit, { campaignId: one.campaignId, phone: '13700000021', smsCode: smsCode === '000000' ? '111111' : '000000', platform: 'ios', consent: true }, freshAddress());
    expect(wrong).toMatchObject({ code: 422, msg: Messages.smsCodeInvalid });
    const right = await post(t, ReserveRoutes.submit, { campaignId: one.campaignId, phone: '13700000021', smsCode, platform: 'ios', consent: true }, freshAddress());
    expect(right.code).toBe(200);
    const reused = await post(t, ReserveRoutes.submit, { campaignId: one.campaignId, phone: '13700000021', smsCode, platform: 'ios', consent: true }, freshAddress());
    expect(reused).toMatchObject({ code: 422, msg: Messages.smsCodeExpired });
  });

  it('answers a closed campaign as closed and an unknown one as missing', async () => {
    const { campaignId } = await openCampaign(t, { ...OPEN_SETTINGS, enabled: false });
    expect(await get(t, ReserveRoutes.campaign(campaignId))).toMatchObject({ code: 422, msg: ReserveMessages.campaignClosed });
    expect(await get(t, ReserveRoutes.campaign('A'.repeat(24)))).toMatchObject({ code: 404, msg: ReserveMessages.campaignUnknown });
    expect(await get(t, ReserveRoutes.campaign('../../etc'))).toMatchObject({ code: 404 });
  });
});

describe('CORS', () => {
  it('allows any origin on the 预约 routes, preflight included, and no other route', async () => {
    const { campaignId } = await openCampaign(t);
    const info = await t.app.inject({ method: 'GET', url: ReserveRoutes.campaign(campaignId), headers: { origin: 'null' } });
    expect(info.headers['access-control-allow-origin']).toBe('*');
    expect(info.headers['access-control-allow-credentials']).toBeUndefined();
    expect(info.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const preflight = await t.app.inject({ method: 'OPTIONS', url: ReserveRoutes.submit, headers: { origin: 'null', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('content-type');
    // A refusal carries them too, or the page could not read the message.
    const refused = await t.app.inject({ method: 'POST', url: ReserveRoutes.submit, payload: { campaignId }, headers: { origin: 'null' } });
    expect(refused.headers['access-control-allow-origin']).toBe('*');

    for (const url of ['/api/auth/getCaptcha', `${ReserveOwnerRoutes.settings}?builderId=1`, '/index/index/getSiteConfig']) {
      const other = await t.app.inject({ method: 'GET', url, headers: { origin: 'null' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    }
    const otherPreflight = await t.app.inject({ method: 'OPTIONS', url: '/api/auth/login', headers: { origin: 'null', 'access-control-request-method': 'POST' } });
    expect(otherPreflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
