/**
 * Attack 2, "QR login takeover": the local QR provider took the scanning phone's identity from a
 * `wx_openid` cookie, and a user's openid is public (/user/info, the login answer, local storage).
 * Setting the cookie to a victim's openid and confirming a fresh ticket logged in as the victim,
 * and kept working after the victim logged out or changed the password.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { LoginAnswer, QrcodeAnswer, QrLoginInfoAnswer, UserInfo } from '../../src/contract/auth';
import { buildTestApp, get, post, sendSms, type TestApp } from '../server/helpers';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await t.close();
});

const newTicket = async (): Promise<string> => (await post<QrcodeAnswer>(t, '/api/wxAuth/getWechatQrcode', { host: 'localhost' })).data.ticket;
const poll = async (ticket: string): Promise<QrLoginInfoAnswer> => (await get<QrLoginInfoAnswer>(t, `/api/wxAuth/wxLoginInfo?qrcode=${encodeURIComponent(ticket)}`)).data;
const scan = (ticket: string, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/wxAuth/scan?ticket=${encodeURIComponent(ticket)}`, headers: cookie ? { cookie } : {} });
const confirm = (ticket: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wxAuth/scan/confirm',
    payload: new URLSearchParams({ ticket, action: 'confirm' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  });

/** Every `name=value` a response set, joined as a Cookie header would carry them. */
function cookiesOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return lines.map((line) => line.split(';')[0]).join('; ');
}

/** A phone's QR login from scratch: scan, confirm, collect. Answers the login and the phone's cookies. */
async function qrLogin(cookie?: string): Promise<{ login: QrLoginInfoAnswer; cookie: string }> {
  const ticket = await newTicket();
  const page = await scan(ticket, cookie);
  const phoneCookie = cookie ?? cookiesOf(page);
  await confirm(ticket, phoneCookie);
  return { login: await poll(ticket), cookie: phoneCookie };
}

const userInfo = async (token: string) => get<UserInfo>(t, '/user/info', { authorization: `Bearer ${token}` });

describe('the scanning phone proves who it is', () => {
  it('a forged wx_openid cookie holding the victim\'s public openid logs into a new account, not the victim\'s', async () => {
    const victim = await qrLogin();
    const openid = victim.login.userInfo?.openid ?? '';
    expect(openid).toMatch(/^o/);
    // The openid is public: the victim's own user info shows it.
    expect((await userInfo(victim.login.token ?? '')).data.openid).toBe(openid);

    const attacker = await qrLogin(`wx_openid=${openid}`);
    expect(attacker.login.status).toBe('confirmed');
    expect(attacker.login.userInfo?.id).not.toBe(victim.login.userInfo?.id);
    expect(attacker.login.userInfo?.openid).not.toBe(openid);
  });

  it.each([
    ['the openid as the device cookie', (openid: string) => `wx_device=${openid}`],
    ['an unsigned random device cookie', () => 'wx_device=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a device cookie with a made-up signature', (openid: string) => `wx_device=${openid}.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2ln`],
  ])('%s gets nothing of the victim', async (_name, forge) => {
    const victim = await qrLogin();
    const attacker = await qrLogin(forge(victim.login.userInfo?.openid ?? ''));
    expect(attacker.login.userInfo?.id).not.toBe(victim.login.userInfo?.id);
  });

  it('a confirm with a device the server never issued binds a fresh device, not anyone\'s account', async () => {
    const ticket = await newTicket();
    const answer = await confirm(ticket, 'wx_device=forged');
    expect(answer.statusCode).toBe(200);
    // A fresh device was issued instead, and the login is a new account's.
    expect(cookiesOf(answer)).toMatch(/^wx_device=/);
    expect((await poll(ticket)).userInfo?.id).toBe(1);
  });

  it('the device secret is random, is not the openid, and only its hash is stored', async () => {
    const victim = await qrLogin();
    const secret = decodeURIComponent(victim.cookie.replace(/^wx_device=/, '')).split('.')[0];
    expect(secret.length).toBeGreaterThanOrEqual(43);
    expect(secret).not.toContain(victim.login.userInfo?.openid ?? '-');
    const rows = t.readDb().prepare('SELECT * FROM qr_devices').all() as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret);
    // The phone that holds the real device gets its own account back.
    const again = await qrLogin(victim.cookie);
    expect(again.login.userInfo?.id).toBe(victim.login.userInfo?.id);
  });
});

describe('logout and a password change end what the QR binding gave', () => {
  it('logout ends the QR login\'s token and a ticket confirmed before it', async () => {
    const victim = await qrLogin();
    const token = victim.login.token ?? '';
    // A second ticket confirmed by the phone, not yet collected by the computer.
    const pending = await newTicket();
    await scan(pending, victim.cookie);
    await confirm(pending, victim.cookie);
    expect((await post(t, '/api/auth/logout', {}, { authorization: `Bearer ${token}` })).code).toBe(200);
    expect((await userInfo(token)).status).toBe(401);
    expect(await poll(pending)).toEqual({ status: 'expired' });
  });

  it('a password change ends them too', async () => {
    const victim = await qrLogin();
    const token = victim.login.token ?? '';
    const pending = await newTicket();
    await scan(pending, victim.cookie);
    await confirm(pending, victim.cookie);
    const headers = { authorization: `Bearer ${token}` };
    const verifyCode = await sendSms(t, '13800138000', 'resetPassword', headers);
    expect((await post(t, '/api/auth/editPassword', { mobile: '13800138000', password: 'Secret#2026', verifyCode }, headers)).code).toBe(200);
    expect((await userInfo(token)).status).toBe(401);
    expect(await poll(pending)).toEqual({ status: 'expired' });
    // The account now has a phone and a password: they log in.
    const login = await post<LoginAnswer>(t, '/api/auth/login', { username: '13800138000', password: 'Secret#2026' });
    expect(login.data.userInfo.id).toBe(victim.login.userInfo?.id);
  });
});
