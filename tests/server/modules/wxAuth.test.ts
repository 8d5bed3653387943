import type { LightMyRequestResponse } from 'fastify';
import type { QrcodeAnswer, QrLoginInfoAnswer } from '../../../src/contract/auth';
import { AnswerCode } from '../../../src/contract/envelope';
import { Limits, Security } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';
import { qrPngDataUrl } from '../../../src/server/render/qrImage';
import { QR_IMAGE_MARGIN, QR_IMAGE_WIDTH } from '../../../src/server/modules/wxAuth/service';
import { bearer, buildTestApp, get, post, type TestApp } from '../helpers';

let t: TestApp;

afterEach(async () => {
  await t.close();
});

async function newTicket(body: object = { host: 'localhost:8080' }): Promise<QrcodeAnswer> {
  const answer = await post<QrcodeAnswer>(t, '/api/wxAuth/getWechatQrcode', body);
  expect(answer.code).toBe(200);
  return answer.data;
}

const poll = async (ticket: string): Promise<QrLoginInfoAnswer> => (await get<QrLoginInfoAnswer>(t, `/api/wxAuth/wxLoginInfo?qrcode=${encodeURIComponent(ticket)}`)).data;
const scan = (ticket: string, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/wxAuth/scan?ticket=${encodeURIComponent(ticket)}`, headers: cookie ? { cookie } : {} });
const submit = (ticket: string, action: 'confirm' | 'cancel', cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wxAuth/scan/confirm',
    payload: new URLSearchParams({ ticket, action }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  });

/** The `name=value` part of the device cookie (wx_device) a response set. */
function deviceCookie(response: LightMyRequestResponse): string {
  const header = String(response.headers['set-cookie'] ?? '');
  const match = /^(wx_device=[^;]+)/.exec(header);
  if (!match) throw new Error(`No wx_device cookie in "${header}"`);
  return match[1];
}

describe('POST /api/wxAuth/getWechatQrcode', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  it('answers a PNG QR of the scan page on the host the SPA reports, and a 120-second ticket', async () => {
    const answer = await newTicket({ host: 'localhost:8080' });
    expect(answer.expiresIn).toBe(Limits.qrLifetimeSeconds);
    expect(answer.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.qrcode.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
    // The same text gives the same image: this is what the code encodes.
    const expected = await qrPngDataUrl(`http://localhost:8080/api/wxAuth/scan?ticket=${answer.ticket}`, QR_IMAGE_WIDTH, QR_IMAGE_MARGIN);
    expect(answer.qrcode).toBe(expected);
    expect(await poll(answer.ticket)).toEqual({ status: 'waiting' });
  });

  it('answers the scan link beside the code with the local provider, for the login pane to show: a phone cannot open localhost', async () => {
    const answer = await newTicket({ host: 'localhost:8080' });
    expect(answer.scanUrl).toBe(`http://localhost:8080/api/wxAuth/scan?ticket=${answer.ticket}`);
    expect(answer.qrcode).toBe(await qrPngDataUrl(answer.scanUrl ?? '', QR_IMAGE_WIDTH, QR_IMAGE_MARGIN));
  });

  it.each(['evil.com/path', 'evil.com?x=1', 'http://evil.com', 'a b', '', 'evil.com:8080/x', 'user@evil.com'])('refuses the host %j', async (host) => {
    expect(await post(t, '/api/wxAuth/getWechatQrcode', { host })).toMatchObject({ code: AnswerCode.invalid, msg: '参数错误：host 格式不正确' });
  });

  it('needs a host', async () => {
    expect(await post(t, '/api/wxAuth/getWechatQrcode', {})).toMatchObject({ code: AnswerCode.invalid, msg: '参数错误：缺少 host' });
  });

  it('accepts IPv4 and IPv6 hosts', async () => {
    await newTicket({ host: '192.168.1.20:8080' });
    await newTicket({ host: '[::1]:8080' });
  });

  it('voids the previous ticket it replaces', async () => {
    const first = await newTicket();
    const second = await newTicket({ host: 'localhost', qrcode: first.ticket });
    expect(await poll(first.ticket)).toEqual({ status: 'expired' });
    expect(await poll(second.ticket)).toEqual({ status: 'waiting' });
    expect((await scan(first.ticket)).body).toContain(Messages.qrScanExpired);
  });

  it(`allows ${Security.qrPerIpPerMinute} codes a minute per IP`, async () => {
    for (let i = 0; i < Security.qrPerIpPerMinute; i += 1) await newTicket();
    expect(await post(t, '/api/wxAuth/getWechatQrcode', { host: 'localhost' })).toMatchObject({ code: AnswerCode.tooMany });
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('is what the QR encodes when set', async () => {
    t = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://www.example.com' } });
    const answer = await newTicket({ host: 'internal:8080' });
    expect(answer.qrcode).toBe(await qrPngDataUrl(`https://www.example.com/api/wxAuth/scan?ticket=${answer.ticket}`, QR_IMAGE_WIDTH, QR_IMAGE_MARGIN));
    expect(answer.scanUrl).toBe(`https://www.example.com/api/wxAuth/scan?ticket=${answer.ticket}`);
  });
});

describe('the QR login lifecycle (local provider)', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  it('waiting -> scanned -> confirmed, hands out a token once, then reads as expired', async () => {
    const { ticket } = await newTicket();
    const page = await scan(ticket);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(Messages.qrScanTitle);
    expect(page.body).toContain('<form method="post" action="/api/wxAuth/scan/confirm">');
    expect(page.body).toContain(`<input type="hidden" name="ticket" value="${ticket}">`);
    expect(page.body).toContain(Messages.qrScanConfirm);
    expect(page.body).toContain(Messages.qrScanCancel);
    expect(page.body).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const setCookie = String(page.headers['set-cookie']);
    // A random secret the server signed, for the scan page only, out of scripts' reach.
    expect(setCookie).toMatch(/^wx_device=[A-Za-z0-9_-]{43}\.[A-Za-z0-9%_+/=-]+; Max-Age=31536000; Path=\/api\/wxAuth\/scan; HttpOnly; SameSite=Lax$/);
    expect(await poll(ticket)).toEqual({ status: 'scanned' });

    const cookie = deviceCookie(page);
    const confirmed = await submit(ticket, 'confirm', cookie);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(Messages.qrScanConfirmed);
    expect(confirmed.headers['set-cookie']).toBeUndefined();

    const answer = await poll(ticket);
    const { openid } = t.readDb().prepare('SELECT openid FROM qr_devices').get() as { openid: string };
    expect(openid).toMatch(/^o[A-Za-z0-9_-]{27}$/);
    expect(answer).toMatchObject({ status: 'confirmed', userInfo: { id: 1, name: `微信用户${openid.slice(-4)}`, mobile: '', openid } });
    expect((await get(t, '/user/info', bearer(answer.token ?? ''))).data).toEqual(answer.userInfo);
    expect(await poll(ticket)).toEqual({ status: 'expired' });
  });

  it('logs the same messaging-app user (cookie) into the same account again', async () => {
    const first = await newTicket();
    const page = await scan(first.ticket);
    const cookie = deviceCookie(page);
    await submit(first.ticket, 'confirm', cookie);
    const firstUser = (await poll(first.ticket)).userInfo;
    const second = await newTicket();
    const again = await scan(second.ticket, cookie);
    expect(again.headers['set-cookie']).toBeUndefined();
    await submit(second.ticket, 'confirm', cookie);
    expect((await poll(second.ticket)).userInfo).toEqual(firstUser);
    // Another browser is another user.
    const third = await newTicket();
    await submit(third.ticket, 'confirm', deviceCookie(await scan(third.ticket)));
    expect((await poll(third.ticket)).userInfo?.id).toBe(2);
  });

  it('makes a user for a confirm that arrives without the cookie, and sets it', async () => {
    const { ticket } = await newTicket();
    const confirmed = await submit(ticket, 'confirm');
    expect(confirmed.body).toContain(Messages.qrScanConfirmed);
    expect(deviceCookie(confirmed)).toMatch(/^wx_device=/);
    expect((await poll(ticket)).status).toBe('confirmed');
  });

  it('cancel voids the ticket', async () => {
    const { ticket } = await newTicket();
    const cookie = deviceCookie(await scan(ticket));
    const cancelled = await submit(ticket, 'cancel', cookie);
    expect(cancelled.body).toContain(Messages.qrScanCancelled);
    expect(await poll(ticket)).toEqual({ status: 'expired' });
    expect((await submit(ticket, 'confirm', cookie)).body).toContain(Messages.qrScanExpired);
  });

  it('expires at 120 s', async () => {
    const { ticket } = await newTicket();
    t.clock.advance(Limits.qrLifetimeSeconds * 1000 - 1);
    expect(await poll(ticket)).toEqual({ status: 'waiting' });
    t.clock.advance(1);
    expect(await poll(ticket)).toEqual({ status: 'expired' });
    const page = await scan(ticket);
    expect(page.body).toContain(Messages.qrScanExpired);
    expect(page.body).not.toContain('<form');
    expect((await submit(ticket, 'confirm', deviceCookie(page))).body).toContain(Messages.qrScanExpired);
  });

  it('a confirmed ticket cannot be confirmed, cancelled or scanned again', async () => {
    const { ticket } = await newTicket();
    const cookie = deviceCookie(await scan(ticket));
    await submit(ticket, 'confirm', cookie);
    expect((await submit(ticket, 'confirm', cookie)).body).toContain(Messages.qrScanExpired);
    expect((await submit(ticket, 'cancel', cookie)).body).toContain(Messages.qrScanExpired);
    expect((await scan(ticket, cookie)).body).toContain(Messages.qrScanExpired);
    expect((await poll(ticket)).status).toBe('confirmed');
  });

  it('reads an unknown ticket as expired, and escapes what it echoes', async () => {
    expect(await poll('nope')).toEqual({ status: 'expired' });
    expect(await poll('')).toEqual({ status: 'expired' });
    const page = await scan('"><script>alert(1)</script>');
    expect(page.body).toContain(Messages.qrScanExpired);
    expect(page.body).not.toContain('<script>');
  });

  it('ignores a malformed device cookie and issues a fresh device', async () => {
    const { ticket } = await newTicket();
    const page = await scan(ticket, 'wx_device=<bad>; other=1');
    expect(deviceCookie(page)).toMatch(/^wx_device=[A-Za-z0-9_-]{43}\./);
  });
});
