import type { QrcodeAnswer, QrLoginInfoAnswer } from '../../../src/contract/auth';
import { AnswerCode } from '../../../src/contract/envelope';
import { Security } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';
import { buildTestApp, get, login, post, register, sendSms, type TestApp } from '../helpers';

/**
 * One address makes at most Security.newAccountsPerIpPerDay accounts a day, by registering or by
 * QR logins of phones the server has never seen; logins of existing accounts are never bound.
 */
describe('new accounts per address', () => {
  let t: TestApp;
  beforeEach(async () => {
    // Behind a proxy, so that each test names the address it comes from.
    t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterEach(() => t.close());

  it('refuses a registration past the bound of a day from one address, and takes it again the next day', async () => {
    for (let i = 0; i < Security.newAccountsPerIpPerDay; i += 1) await register(t, `1380013${String(i).padStart(4, '0')}`, 'Secret#2026');
    const phone = '13900139999';
    const verifyCode = await sendSms(t, phone, 'register');
    const refused = await post(t, '/api/auth/register', { mobile: phone, password: 'Secret#2026', verifyCode });
    expect(refused).toMatchObject({ code: AnswerCode.tooMany, msg: Messages.tooManyNewAccounts });
    // The accounts already made still log in.
    expect((await login(t, '13800130000', 'Secret#2026')).token).toBeTruthy();
    // Another address is not bound by this one's day, and this one is free again a day later.
    const elsewhere = await post(t, '/api/auth/register', { mobile: phone, password: 'Secret#2026', verifyCode }, { 'x-forwarded-for': '203.0.113.9' });
    expect(elsewhere.code).toBe(200);
    t.clock.advanceSeconds(24 * 3600 + 1);
    await register(t, '13900139998', 'Secret#2026');
  }, 60_000);

  it('makes no QR account past the bound: the phone page says why, and a known phone still logs in', async () => {
    const from = { 'x-forwarded-for': '198.51.100.7' };
    const ticket = async () => (await post<QrcodeAnswer>(t, '/api/wxAuth/getWechatQrcode', { host: 'localhost' }, from)).data.ticket;
    const confirmAsNewPhone = async (id: string) => {
      const scanned = await t.app.inject({ method: 'GET', url: `/api/wxAuth/scan?ticket=${id}`, headers: from });
      const cookie = String(scanned.headers['set-cookie']).split(';')[0];
      const answer = await t.app.inject({ method: 'POST', url: '/api/wxAuth/scan/confirm', headers: { ...from, cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `ticket=${id}&action=confirm` });
      return { answer, cookie };
    };
    let firstPhone = '';
    for (let i = 0; i < Security.newAccountsPerIpPerDay; i += 1) {
      const id = await ticket();
      const { answer, cookie } = await confirmAsNewPhone(id);
      expect(answer.body).toContain(Messages.qrScanConfirmed);
      if (!firstPhone) firstPhone = cookie;
      t.clock.advanceSeconds(2);
    }
    const id = await ticket();
    const { answer } = await confirmAsNewPhone(id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain(Messages.tooManyNewAccounts);
    const count = t.readDb().prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number };
    expect(count.n).toBe(Security.newAccountsPerIpPerDay);
    expect((await get<QrLoginInfoAnswer>(t, `/api/wxAuth/wxLoginInfo?qrcode=${id}`)).data.status).not.toBe('confirmed');

    // A phone the server knows logs in again: no new account is made.
    const again = await ticket();
    await t.app.inject({ method: 'GET', url: `/api/wxAuth/scan?ticket=${again}`, headers: { ...from, cookie: firstPhone } });
    const known = await t.app.inject({ method: 'POST', url: '/api/wxAuth/scan/confirm', headers: { ...from, cookie: firstPhone, 'content-type': 'application/x-www-form-urlencoded' }, payload: `ticket=${again}&action=confirm` });
    expect(known.body).toContain(Messages.qrScanConfirmed);
  }, 60_000);
});
