import { AnswerCode } from '../../../src/contract/envelope';
import { Security } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';
import { buildTestApp, login, post, sendSms, type TestApp } from '../helpers';

const PHONE = '13800138000';
const PASSWORD = 'Secret#2026';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await t.close();
});

const userCount = (): number => (t.readDb().prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
const codeRows = (): number => (t.readDb().prepare('SELECT COUNT(*) AS n FROM sms_codes').get() as { n: number }).n;
const registerWith = (body: object) => post(t, '/api/auth/register', { mobile: PHONE, password: PASSWORD, ...body });

describe('POST /api/auth/register', () => {
  it('creates the account with an argon2id hash and a default name, and spends the code', async () => {
    const verifyCode = await sendSms(t, PHONE, 'register');
    expect(await registerWith({ verifyCode, invite: 'friend42' })).toEqual({ code: 200, msg: Messages.registerSucceeded, data: null, status: 200 });
    const row = t.readDb().prepare('SELECT name, mobile, openid, password_hash, invite, token_version FROM users').get() as Record<string, unknown>;
    expect(row).toMatchObject({ name: '用户8000', mobile: PHONE, openid: null, invite: 'friend42', token_version: 0 });
    expect(String(row.password_hash).startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(codeRows()).toBe(0);
    const { userInfo } = await login(t, PHONE, PASSWORD);
    expect(userInfo).toEqual({ id: 1, name: '用户8000', mobile: PHONE, openid: '' });
  });

  it.each([
    [{ mobile: '' }, Messages.phoneRequired],
    [{ mobile: '12345678901' }, Messages.phoneInvalid],
    [{ mobile: '1380013800' }, Messages.phoneInvalid],
    [{ password: '' }, Messages.passwordRequired],
    [{ password: '12345' }, Messages.passwordTooShort],
    [{ password: 'x'.repeat(65) }, Messages.passwordTooLong],
    [{ password: 'password1' }, Messages.passwordTooCommon],
    [{ password: 'QWERTY123' }, Messages.passwordTooCommon],
    [{ verifyCode: '' }, Messages.smsCodeRequired],
    [{ verifyCode: '12345' }, Messages.smsCodeInvalid],
    [{ verifyCode: 'abcdef' }, Messages.smsCodeInvalid],
  ])('refuses %j with the contract message and writes nothing', async (change, message) => {
    const verifyCode = await sendSms(t, PHONE, 'register');
    expect(await registerWith({ verifyCode, ...change })).toMatchObject({ code: AnswerCode.invalid, msg: message, status: 200 });
    expect(userCount()).toBe(0);
    // The code was not spent: it still registers.
    expect(await registerWith({ verifyCode })).toMatchObject({ code: 200 });
  });

  it('refuses a wrong code, counts it, and voids the code after 5 wrong tries', async () => {
    const verifyCode = await sendSms(t, PHONE, 'register');
    const wrong = verifyCode === '000000' ? '111111' : '000000';
    for (let i = 1; i < Security.smsCodeMaxWrongTries; i += 1) {
      expect(await registerWith({ verifyCode: wrong })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeInvalid });
    }
    expect(await registerWith({ verifyCode: wrong })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeTooManyTries });
    expect(await registerWith({ verifyCode })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired });
    expect(userCount()).toBe(0);
  });

  it('refuses a code after 5 minutes', async () => {
    const verifyCode = await sendSms(t, PHONE, 'register');
    t.clock.advanceSeconds(Security.smsCodeLifetimeSeconds);
    expect(await registerWith({ verifyCode })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired });
    expect(userCount()).toBe(0);
  });

  it('binds a code to its phone and purpose, and only the newest code counts', async () => {
    const resetCode = await sendSms(t, '13900139000', 'register');
    expect(await registerWith({ verifyCode: resetCode })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired });
    const first = await sendSms(t, PHONE, 'register');
    t.clock.advanceSeconds(Security.smsMinIntervalSeconds);
    const second = await sendSms(t, PHONE, 'register');
    if (first !== second) expect(await registerWith({ verifyCode: first })).toMatchObject({ msg: Messages.smsCodeInvalid });
    expect(await registerWith({ verifyCode: second })).toMatchObject({ code: 200 });
  });

  it('refuses a phone that already has an account, once the caller has proved the phone is theirs', async () => {
    const verifyCode = await sendSms(t, PHONE, 'register');
    expect(await registerWith({ verifyCode })).toMatchObject({ code: 200 });
    // The spent code proves nothing: the answer says nothing of the account.
    expect(await registerWith({ verifyCode })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired });
    t.clock.advanceSeconds(60);
    const again = await sendSms(t, PHONE, 'register');
    expect(await registerWith({ verifyCode: again })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.phoneTaken });
    expect(userCount()).toBe(1);
  });

  it('answers a field-naming message for a body of the wrong shape', async () => {
    expect(await post(t, '/api/auth/register', { mobile: { number: PHONE }, password: PASSWORD, verifyCode: '123456' })).toMatchObject({
      code: AnswerCode.invalid,
      msg: '参数错误：mobile 类型不正确',
    });
  });
});
