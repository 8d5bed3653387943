import type { ApiEnvelope } from '../../../../src/contract/envelope';
import { ReserveOwnerRoutes, ReserveRoutes, type ReserveOwnerState, type ReserveSettings, type ReserveSiteRef, type ReserveSuccess } from '../../../../src/contract/reservations';
import { quickLogin } from '../../queue/kit';
import { captchaText, get, post, type TestApp } from '../../helpers';

export const PRIVACY = '本活动由示例游戏工作室收集您的手机号，仅用于发送预约提醒与礼包码，上线后30天内删除。';

export const OPEN_SETTINGS: ReserveSettings = {
  enabled: true,
  platforms: ['ios', 'android'],
  tiers: [
    { count: 2, reward: '金币x100' },
    { count: 5, reward: '限定头像框' },
  ],
  privacyNotice: PRIVACY,
  zipForm: true,
};

/** A user and one builder site of theirs, made straight in the database (in folder `dir` when given). */
export async function ownerWithSite(t: TestApp, phone = '13900000001', dir?: string): Promise<{ userId: number; headers: Record<string, string>; site: ReserveSiteRef }> {
  const { userId, headers } = quickLogin(t, phone);
  const at = t.clock.now();
  const row = await t.app.database.sql
    .insertInto('builder_sites')
    .values({ user_id: userId, web_name: '测试站', selected: '{}', form_data: '{}', dir: dir ?? `dir-${userId}-${at}-${Math.random()}`, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId, headers, site: { builderId: Number(row.id) } };
}

export async function saveSettings(t: TestApp, headers: Record<string, string>, site: ReserveSiteRef, settings: ReserveSettings = OPEN_SETTINGS): Promise<ApiEnvelope<ReserveOwnerState> & { status: number }> {
  return post<ReserveOwnerState>(t, ReserveOwnerRoutes.settings, { ...site, settings }, headers);
}

/** An owner, a site, and its campaign turned on: answers the public campaign id. */
export async function openCampaign(t: TestApp, settings: ReserveSettings = OPEN_SETTINGS): Promise<{ campaignId: string; headers: Record<string, string>; site: ReserveSiteRef }> {
  const { headers, site } = await ownerWithSite(t);
  const saved = await saveSettings(t, headers, site, settings);
  if (saved.code !== 200 || !saved.data.campaignId) throw new Error(`Settings not saved: ${saved.msg}`);
  return { campaignId: saved.data.campaignId, headers, site };
}

/** The newest message of `kind` sent to a phone (the local provider's outbox). */
export function lastSms(t: TestApp, phone: string, kind: 'login' | 'giftCode'): string | null {
  const row = t.readDb().prepare('SELECT code FROM sms_outbox WHERE phone = ? AND purpose = ? ORDER BY id DESC LIMIT 1').get(phone, kind) as { code: string } | undefined;
  return row?.code ?? null;
}

/** Passes the 预约 captcha and sends the code: answers the code from the outbox. */
export async function reserveCode(t: TestApp, campaignId: string, phone: string, headers: Record<string, string> = {}): Promise<string> {
  const captcha = await get<{ captchaId: string }>(t, ReserveRoutes.captcha, headers);
  const verified = await post(t, ReserveRoutes.verifyCaptcha, { captchaId: captcha.data.captchaId, code: captchaText(t, captcha.data.captchaId) }, headers);
  if (verified.code !== 200) throw new Error(`Captcha not passed: ${verified.msg}`);
  const sent = await post(t, ReserveRoutes.sendSms, { campaignId, phone, captchaId: captcha.data.captchaId }, headers);
  if (sent.code !== 200) throw new Error(`SMS not sent: ${sent.msg}`);
  const code = lastSms(t, phone, 'login');
  if (!code) throw new Error('No code in the outbox');
  return code;
}

/** The whole 预约 of one phone. */
export async function reserve(t: TestApp, campaignId: string, phone: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<ApiEnvelope<ReserveSuccess> & { status: number }> {
  const smsCode = await reserveCode(t, campaignId, phone, headers);
  return post<ReserveSuccess>(t, ReserveRoutes.submit, { campaignId, phone, smsCode, platform: 'ios', channel: 'bilibili', consent: true, ...extra }, headers);
}

/** A different address for each call, so that per-address limits do not end a long test. */
let address = 0;
export function freshAddress(): Record<string, string> {
  address += 1;
  return { 'x-forwarded-for': `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}` };
}
