/**
 * Attack 3, "phone enumeration": register answered '该手机号已注册…' and the password reset
 * 'account not found' before checking the SMS code, with no rate limit, so 1,001 probes told in two
 * seconds which phones have accounts. A caller without a valid code must learn nothing of a phone.
 */
import { AnswerCode } from '../../src/contract/envelope';
import { Security } from '../../src/contract/limits';
import { Messages } from '../../src/contract/messages';
import { buildTestApp, passedCaptcha, register, sendSms, type TestApp } from '../server/helpers';

const MEMBER = '13800138000';
const STRANGER = '13900139000';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
  await register(t, MEMBER, 'Secret#2026');
  t.clock.advanceSeconds(3600);
});

afterEach(async () => {
  await t.close();
});

async function call(url: string, payload: object, ip = '10.1.1.1') {
  const response = await t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  return response.json<{ code: number; msg: string; data: unknown }>();
}

const probeRegister = (mobile: string, ip?: string) => call('/api/auth/register', { mobile, password: 'Probe#2026', verifyCode: '123456' }, ip);
const probeReset = (mobile: string, ip?: string) => call('/api/auth/editPassword', { mobile, password: 'Probe#2026', verifyCode: '123456' }, ip);

describe('a caller without a valid code', () => {
  it('gets the same answer from register for a member and a stranger', async () => {
    const member = await probeRegister(MEMBER);
    const stranger = await probeRegister(STRANGER);
    expect(member).toEqual(stranger);
    expect(member).toEqual({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired, data: null });
  });

  it('gets the same answer from the password reset for a member and a stranger', async () => {
    const member = await probeReset(MEMBER);
    const stranger = await probeReset(STRANGER);
    expect(member).toEqual(stranger);
    expect(member).toEqual({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired, data: null });
  });

  it('gets the same answer for a wrong code whether or not the phone has an account', async () => {
    await sendSms(t, MEMBER, 'register');
    await sendSms(t, STRANGER, 'register');
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
    const member = await call('/api/auth/register', { mobile: MEMBER, password: 'Probe#2026', verifyCode: wrong('') });
    const stranger = await call('/api/auth/register', { mobile: STRANGER, password: 'Probe#2026', verifyCode: wrong('') });
    expect(member).toEqual(stranger);
  });

  it('learns whether the phone is taken only after proving it owns it', async () => {
    const verifyCode = await sendSms(t, MEMBER, 'register');
    expect(await call('/api/auth/register', { mobile: MEMBER, password: 'Probe#2026', verifyCode })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.phoneTaken });
    const resetCode = await sendSms(t, STRANGER, 'resetPassword');
    expect(await call('/api/auth/editPassword', { mobile: STRANGER, password: 'Probe#2026', verifyCode: resetCode })).toMatchObject({ msg: Messages.accountNotFound });
  });
});

describe('sending a code', () => {
  it.each(['register', 'resetPassword', 'login'])('answers the same for a member and a stranger (%s)', async (purpose) => {
    const send = async (iphone: string) => call('/api/Auth/sendSmsCode', { iphone, captchaId: await passedCaptcha(t), purpose });
    const member = await send(MEMBER);
    const stranger = await send(STRANGER);
    expect(member).toEqual(stranger);
    expect(member).toEqual({ code: 200, msg: Messages.smsSent, data: null });
  });
});

describe('probing many phones', () => {
  it.each([
    ['register', probeRegister],
    ['the password reset', probeReset],
  ])('%s is limited per IP', async (_name, probe) => {
    const answers: number[] = [];
    for (let i = 0; i < 1001 && answers.filter((code) => code === AnswerCode.tooMany).length < 3; i += 1) {
      answers.push((await probe(`1370000${String(i).padStart(4, '0')}`, '10.2.2.2')).code);
    }
    expect(answers.indexOf(AnswerCode.tooMany)).toBe(Security.accountProbesPerIpPerWindow);
    // Another address is not held back by this one.
    expect((await probe(STRANGER, '10.3.3.3')).code).toBe(AnswerCode.invalid);
    t.clock.advanceSeconds(Security.accountProbeWindowSeconds);
    expect((await probe(STRANGER, '10.2.2.2')).code).toBe(AnswerCode.invalid);
  });

  it('counts a whole IPv6 /64 as one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= Security.accountProbesPerIpPerWindow; i += 1) codes.push((await probeRegister(`1370000${String(i).padStart(4, '0')}`, `2001:db8:9:9::${(i + 1).toString(16)}`)).code);
    expect(codes.at(-1)).toBe(AnswerCode.tooMany);
    expect((await probeRegister(STRANGER, '2001:db8:9:a::1')).code).toBe(AnswerCode.invalid);
  });

  it.each([
    ['register', probeRegister],
    ['the password reset', probeReset],
  ])('%s is limited per phone, from any number of addresses', async (_name, probe) => {
    const answers: number[] = [];
    for (let i = 0; i < Security.accountProbesPerPhonePerWindow + 1; i += 1) answers.push((await probe(MEMBER, `10.4.${i}.1`)).code);
    expect(answers.slice(0, -1).every((code) => code === AnswerCode.invalid)).toBe(true);
    expect(answers.at(-1)).toBe(AnswerCode.tooMany);
  });
});
