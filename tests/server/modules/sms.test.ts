import { AnswerCode } from '../../../src/contract/envelope';
import { Security } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';
import type { SmsProvider } from '../../../src/server/modules/auth/smsProviders';
import { bearer, buildTestApp, captchaText, get, lastSmsCode, outboxCount, passedCaptcha, post, register, type TestApp } from '../helpers';

const PHONE = '13800138000';

let t: TestApp;

afterEach(async () => {
  await t?.close();
});

async function send(phone = PHONE, purpose = 'register', ip = '127.0.0.1') {
  const captchaId = await passedCaptcha(t);
  const response = await t.app.inject({ method: 'POST', url: '/api/Auth/sendSmsCode', payload: { iphone: phone, captchaId, purpose }, remoteAddress: ip });
  return response.json<{ code: number; msg: string }>();
}

const storedCodes = (phone: string): number => (t.readDb().prepare('SELECT COUNT(*) AS n FROM sms_codes WHERE phone = ?').get(phone) as { n: number }).n;

describe('POST /api/Auth/sendSmsCode', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  it('sends 6 random digits, stores only their hash, logs them masked and keeps them in the outbox', async () => {
    expect(await send()).toEqual({ code: 200, msg: Messages.smsSent, data: null });
    const code = lastSmsCode(t, PHONE, 'register');
    expect(code).toMatch(/^\d{6}$/);
    const row = t.readDb().prepare('SELECT code_hash, purpose FROM sms_codes WHERE phone = ?').get(PHONE) as { code_hash: string; purpose: string };
    expect(row.purpose).toBe('register');
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
    expect(t.logs.some((line) => line.includes(`SMS to 138****8000: ${code}`))).toBe(true);
  });

  it('needs a captcha that passed, and spends it', async () => {
    expect(await post(t, '/api/Auth/sendSmsCode', { iphone: PHONE, purpose: 'register' })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.captchaNotPassed });
    const fetched = await get<{ captchaId: string }>(t, '/api/auth/getCaptcha');
    const unverified = await post(t, '/api/Auth/sendSmsCode', { iphone: PHONE, captchaId: fetched.data.captchaId, purpose: 'register' });
    expect(unverified).toMatchObject({ code: AnswerCode.invalid, msg: Messages.captchaNotPassed });
    // Wrongly verified: void.
    const wrong = await get<{ captchaId: string }>(t, '/api/auth/getCaptcha');
    await post(t, '/api/auth/verifyCaptcha', { captchaId: wrong.data.captchaId, code: captchaText(t, wrong.data.captchaId) === 'aaaa' ? 'bbbb' : 'aaaa' });
    expect(await post(t, '/api/Auth/sendSmsCode', { iphone: PHONE, captchaId: wrong.data.captchaId, purpose: 'register' })).toMatchObject({ msg: Messages.captchaNotPassed });

    const captchaId = await passedCaptcha(t);
    expect(await post(t, '/api/Auth/sendSmsCode', { iphone: PHONE, captchaId, purpose: 'register' })).toMatchObject({ code: 200 });
    t.clock.advanceSeconds(Security.smsMinIntervalSeconds);
    expect(await post(t, '/api/Auth/sendSmsCode', { iphone: PHONE, captchaId, purpose: 'register' })).toMatchObject({ msg: Messages.captchaNotPassed });
    expect(outboxCount(t)).toBe(1);
  });

  it('refuses a passed captcha after its 2-minute window', async () => {
    const captchaId = await passedCaptcha(t);
    t.clock.advanceSeconds(Security.captchaPassWindowSeconds);
    expect(await post(t, '/api/Auth/sendSmsCode', { iphone: PHONE, captchaId, purpose: 'register' })).toMatchObject({ msg: Messages.captchaNotPassed });
  });

  it('checks the phone before spending the captcha', async () => {
    const captchaId = await passedCaptcha(t);
    for (const iphone of ['', '12800138000', '1380013800', '138001380001', '+8613800138000', '1380013800a']) {
      const answer = await post(t, '/api/Auth/sendSmsCode', { iphone, captchaId, purpose: 'register' });
      expect(answer).toMatchObject({ code: AnswerCode.invalid, msg: iphone ? Messages.phoneInvalid : Messages.phoneRequired });
    }
    expect(await post(t, '/api/Auth/sendSmsCode', { iphone: PHONE, captchaId, purpose: 'register' })).toMatchObject({ code: 200 });
  });

  it('needs a known purpose', async () => {
    const captchaId = await passedCaptcha(t);
    expect(await post(t, '/api/Auth/sendSmsCode', { iphone: PHONE, captchaId })).toMatchObject({ code: AnswerCode.invalid, msg: '参数错误：缺少 purpose' });
    expect(await post(t, '/api/Auth/sendSmsCode', { iphone: PHONE, captchaId, purpose: 'sneak' })).toMatchObject({ code: AnswerCode.invalid, msg: '参数错误：purpose 取值不正确' });
  });

  it('sends every purpose whether or not the phone has an account: the answer tells nothing of it', async () => {
    await register(t, PHONE, 'Secret#2026');
    t.clock.advanceSeconds(60);
    expect(await send(PHONE, 'register')).toMatchObject({ code: 200 });
    expect(await send('13900139000', 'resetPassword')).toMatchObject({ code: 200 });
    expect(await send('13700137000', 'login')).toMatchObject({ code: 200 });
    expect(lastSmsCode(t, '13900139000', 'resetPassword')).toMatch(/^\d{6}$/);
  });

  it('waits 60 s between sends to a phone, and allows 5 an hour and 10 a day', async () => {
    expect(await send()).toMatchObject({ code: 200 });
    expect(await send()).toEqual({ code: AnswerCode.tooMany, msg: Messages.smsTooFrequent, data: null });
    t.clock.advanceSeconds(59);
    expect(await send()).toMatchObject({ code: AnswerCode.tooMany });
    t.clock.advanceSeconds(1);
    expect(await send()).toMatchObject({ code: 200 });
    for (let i = 0; i < 3; i += 1) {
      t.clock.advanceSeconds(60);
      expect(await send()).toMatchObject({ code: 200 });
    }
    t.clock.advanceSeconds(60);
    expect(await send()).toMatchObject({ code: AnswerCode.tooMany, msg: Messages.smsTooFrequent });
    // Five more in the next hour, then the day is full.
    t.clock.advanceSeconds(3600);
    for (let i = 0; i < 5; i += 1) {
      expect(await send()).toMatchObject({ code: 200 });
      t.clock.advanceSeconds(60);
    }
    t.clock.advanceSeconds(3600);
    expect(await send()).toMatchObject({ code: AnswerCode.tooMany });
    expect(outboxCount(t)).toBe(Security.smsPerPhonePerDay);
    t.clock.advanceSeconds(24 * 3600);
    expect(await send()).toMatchObject({ code: 200 });
  });

  it(`allows ${Security.smsPerIpPerDay} sends a day per IP`, async () => {
    for (let i = 0; i < Security.smsPerIpPerDay; i += 1) {
      expect(await send(`1380013${String(i).padStart(4, '0')}`, 'register', '10.1.1.1')).toMatchObject({ code: 200 });
    }
    expect(await send('13900000000', 'register', '10.1.1.1')).toMatchObject({ code: AnswerCode.tooMany, msg: Messages.smsTooFrequent });
    expect(await send('13900000000', 'register', '10.1.1.2')).toMatchObject({ code: 200 });
  });

  it('lets an account without a phone (QR login) get a reset code for the phone it binds', async () => {
    const { ticket } = (await post<{ ticket: string }>(t, '/api/wxAuth/getWechatQrcode', { host: 'localhost' })).data;
    await t.app.inject({ method: 'GET', url: `/api/wxAuth/scan?ticket=${ticket}` });
    await t.app.inject({ method: 'POST', url: '/api/wxAuth/scan/confirm', payload: `ticket=${ticket}&action=confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const { token } = (await get<{ token: string }>(t, `/api/wxAuth/wxLoginInfo?qrcode=${ticket}`)).data;
    const captchaId = await passedCaptcha(t);
    expect(await post(t, '/api/Auth/sendSmsCode', { iphone: PHONE, captchaId, purpose: 'resetPassword' }, bearer(token))).toMatchObject({ code: 200 });
  });
});

describe('SMS providers', () => {
  it('keeps no outbox in production mode, only the log line', async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production' } });
    expect(await send()).toMatchObject({ code: 200 });
    expect(outboxCount(t)).toBe(0);
    expect(t.logs.some((line) => /SMS to 138\*\*\*\*8000: \d{6}/.test(line))).toBe(true);
  });

  it('removes the stored code when the provider fails, and says the send failed', async () => {
    const failing: SmsProvider = { send: async () => Promise.reject(new Error('gateway down')) };
    t = await buildTestApp({ smsProvider: failing });
    expect(await send()).toEqual({ code: AnswerCode.serverError, msg: Messages.smsSendFailed, data: null });
    expect(storedCodes(PHONE)).toBe(0);
    expect(t.logs.some((line) => line.includes('gateway down'))).toBe(true);
  });

  it('hands the code, phone and purpose to the provider', async () => {
    const sent: string[][] = [];
    t = await buildTestApp({ smsProvider: { send: async (...args) => void sent.push(args) } });
    expect(await send(PHONE, 'register')).toMatchObject({ code: 200 });
    expect(sent).toEqual([[PHONE, expect.stringMatching(/^\d{6}$/), 'register']]);
    expect(storedCodes(PHONE)).toBe(1);
  });
});
