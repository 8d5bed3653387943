import { AnswerCode } from '../../../src/contract/envelope';
import { Messages } from '../../../src/contract/messages';
import { bearer, buildTestApp, get, login, post, registerAndLogin, sendSms, type TestApp } from '../helpers';

const PHONE = '13800138000';
const OTHER_PHONE = '13900139000';
const PASSWORD = 'Secret#2026';
const NEW_PASSWORD = 'N3w-Secret!';
const UNAUTHORIZED = { code: 401, msg: Messages.loginExpired, data: null, status: 401 };

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await t.close();
});

const loginAnswer = (password: string) => post(t, '/api/auth/login', { username: PHONE, password });

/** A QR-login account (no phone, no password), as the scan flow makes it. */
async function qrAccount(): Promise<string> {
  const { ticket } = (await post<{ ticket: string }>(t, '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080' })).data;
  await t.app.inject({ method: 'GET', url: `/api/wxAuth/scan?ticket=${ticket}` });
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/wxAuth/scan/confirm',
    payload: new URLSearchParams({ ticket, action: 'confirm' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(confirm.body).toContain(Messages.qrScanConfirmed);
  return (await get<{ token: string }>(t, `/api/wxAuth/wxLoginInfo?qrcode=${ticket}`)).data.token;
}

describe('POST /api/auth/editPassword without a login (forgot password)', () => {
  it('sets the new password, revokes old tokens, and spends the code', async () => {
    const { token } = await registerAndLogin(t, PHONE, PASSWORD);
    t.clock.advanceSeconds(60);
    const verifyCode = await sendSms(t, PHONE, 'resetPassword');
    expect(await post(t, '/api/auth/editPassword', { mobile: PHONE, password: NEW_PASSWORD, verifyCode })).toEqual({
      code: 200,
      msg: Messages.editPasswordSucceeded,
      data: null,
      status: 200,
    });
    expect(await get(t, '/user/info', bearer(token))).toEqual(UNAUTHORIZED);
    expect(await loginAnswer(PASSWORD)).toMatchObject({ code: AnswerCode.invalid, msg: Messages.loginFailed });
    expect((await loginAnswer(NEW_PASSWORD)).code).toBe(200);
    const reused = await post(t, '/api/auth/editPassword', { mobile: PHONE, password: 'Another#1', verifyCode });
    expect(reused).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired });
  });

  it('answers "not registered" for a phone without an account only to whoever holds its code', async () => {
    expect(await post(t, '/api/auth/editPassword', { mobile: PHONE, password: NEW_PASSWORD, verifyCode: '123456' })).toMatchObject({
      code: AnswerCode.invalid,
      msg: Messages.smsCodeExpired,
    });
    const verifyCode = await sendSms(t, PHONE, 'resetPassword');
    expect(await post(t, '/api/auth/editPassword', { mobile: PHONE, password: NEW_PASSWORD, verifyCode })).toMatchObject({
      code: AnswerCode.invalid,
      msg: Messages.accountNotFound,
    });
  });

  it('refuses a register code, a wrong code and a common password, changing nothing', async () => {
    await registerAndLogin(t, PHONE, PASSWORD);
    t.clock.advanceSeconds(60);
    const verifyCode = await sendSms(t, PHONE, 'resetPassword');
    expect(await post(t, '/api/auth/editPassword', { mobile: PHONE, password: 'qwerty123', verifyCode })).toMatchObject({ msg: Messages.passwordTooCommon });
    expect(await post(t, '/api/auth/editPassword', { mobile: PHONE, password: '12345', verifyCode })).toMatchObject({ msg: Messages.passwordTooShort });
    const wrong = verifyCode === '999999' ? '888888' : '999999';
    expect(await post(t, '/api/auth/editPassword', { mobile: PHONE, password: NEW_PASSWORD, verifyCode: wrong })).toMatchObject({ msg: Messages.smsCodeInvalid });
    expect((await loginAnswer(PASSWORD)).code).toBe(200);
  });
});

describe('POST /api/auth/editPassword with a login', () => {
  it("changes the user's password for their own phone, and refuses another phone", async () => {
    const { token } = await registerAndLogin(t, PHONE, PASSWORD);
    t.clock.advanceSeconds(60);
    const otherCode = await sendSmsForNewPhone(OTHER_PHONE);
    expect(await post(t, '/api/auth/editPassword', { mobile: OTHER_PHONE, password: NEW_PASSWORD, verifyCode: otherCode }, bearer(token))).toMatchObject({
      code: AnswerCode.invalid,
      msg: Messages.phoneMismatch,
    });
    const verifyCode = await sendSms(t, PHONE, 'resetPassword', bearer(token));
    expect((await post(t, '/api/auth/editPassword', { mobile: PHONE, password: NEW_PASSWORD, verifyCode, openid: '' }, bearer(token))).code).toBe(200);
    expect(await get(t, '/user/info', bearer(token))).toEqual(UNAUTHORIZED);
    expect((await loginAnswer(NEW_PASSWORD)).code).toBe(200);
  });

  it('binds the phone of an account made by QR login, which can then log in with it', async () => {
    const token = await qrAccount();
    const verifyCode = await sendSms(t, PHONE, 'resetPassword', bearer(token));
    expect((await post(t, '/api/auth/editPassword', { mobile: PHONE, password: NEW_PASSWORD, verifyCode }, bearer(token))).code).toBe(200);
    const { userInfo } = await login(t, PHONE, NEW_PASSWORD);
    expect(userInfo).toMatchObject({ id: 1, mobile: PHONE });
    expect(userInfo.openid).toMatch(/^o[A-Za-z0-9_-]{27}$/);
  });

  it('refuses to bind a phone that another account has', async () => {
    await registerAndLogin(t, PHONE, PASSWORD);
    t.clock.advanceSeconds(60);
    const token = await qrAccount();
    const verifyCode = await sendSms(t, PHONE, 'resetPassword', bearer(token));
    expect(await post(t, '/api/auth/editPassword', { mobile: PHONE, password: NEW_PASSWORD, verifyCode }, bearer(token))).toMatchObject({
      code: AnswerCode.invalid,
      msg: Messages.phoneBoundToOther,
    });
    expect((await loginAnswer(PASSWORD)).code).toBe(200);
  });
});

/** A reset code for a phone without an account, sent as a QR account (the only way to get one). */
async function sendSmsForNewPhone(phone: string): Promise<string> {
  const token = await qrAccount();
  return sendSms(t, phone, 'resetPassword', bearer(token));
}
