/**
 * Attack 6, "anyone can lock anyone out": ten wrong passwords from any address locked a phone for
 * 15 minutes. Failures now count per (phone, address): the attacker's address needs a captcha and
 * then gets locked, the owner's does not; only clear abuse from many addresses stops password
 * logins for the phone, and the owner can still sign in with an SMS code.
 */
import type { LoginAnswer } from '../../src/contract/auth';
import { AnswerCode } from '../../src/contract/envelope';
import { Security } from '../../src/contract/limits';
import { Messages } from '../../src/contract/messages';
import { buildTestApp, passedCaptcha, register, sendSms, type TestApp } from '../server/helpers';

const VICTIM = '13800138000';
const PASSWORD = 'Secret#2026';
const HOME = '192.168.7.7';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
  await register(t, VICTIM, PASSWORD);
  // Past the minute between two codes to one phone.
  t.clock.advanceSeconds(60);
});

afterEach(async () => {
  await t.close();
});

async function attempt(ip: string, password = PASSWORD, captchaId?: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: VICTIM, password, captchaId }, remoteAddress: ip });
  return response.json<{ code: number; msg: string; data: LoginAnswer | null }>();
}

/** Wrong passwords from `ip`, passing a captcha whenever one is asked for. */
async function fail(ip: string, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    let answer = await attempt(ip, 'Wrong#pass');
    if (answer.code === AnswerCode.captchaRequired) answer = await attempt(ip, 'Wrong#pass', await passedCaptcha(t));
    expect([AnswerCode.invalid, AnswerCode.locked]).toContain(answer.code);
  }
}

describe('an attacker guessing from one address', () => {
  it('needs a captcha after 3 failures, is locked after 10, and the owner signs in all the while', async () => {
    await fail('10.6.6.6', Security.loginCaptchaAfterFailures);
    expect(await attempt('10.6.6.6', 'Wrong#pass')).toMatchObject({ code: AnswerCode.captchaRequired });
    expect(await attempt(HOME)).toMatchObject({ code: 200 });

    await fail('10.6.6.6', Security.loginLockAfterFailures);
    expect(await attempt('10.6.6.6', PASSWORD, await passedCaptcha(t))).toMatchObject({ code: AnswerCode.locked });
    const owner = await attempt(HOME);
    expect(owner).toMatchObject({ code: 200 });
    expect(owner.data?.token).toBeTruthy();
  });

  it('counts every address of one IPv6 /64 as one address, so taking a new address per guess gains nothing', async () => {
    for (let i = 1; i <= Security.loginCaptchaAfterFailures; i += 1) expect(await attempt(`2001:db8:5:6::${i.toString(16)}`, 'Wrong#pass')).toMatchObject({ code: AnswerCode.invalid });
    expect(await attempt('2001:db8:5:6:ffff::1', 'Wrong#pass')).toMatchObject({ code: AnswerCode.captchaRequired });
    expect(await attempt('2001:db8:5:7::1')).toMatchObject({ code: 200 });
  });
});

describe('abuse from many addresses', () => {
  async function distributedAttack(): Promise<void> {
    for (let i = 0; i < Security.loginPhoneLockMinAddresses; i += 1) {
      await fail(`10.8.${i}.1`, Math.ceil(Security.loginPhoneLockAfterFailures / Security.loginPhoneLockMinAddresses));
    }
  }

  it('stops password logins for the phone, and tells the owner to use an SMS code', async () => {
    await distributedAttack();
    expect(await attempt(HOME, PASSWORD, await passedCaptcha(t))).toEqual({ code: AnswerCode.locked, msg: Messages.loginLockedUseSms, data: null });
    t.clock.advanceSeconds(Security.loginLockSeconds);
    expect(await attempt(HOME, PASSWORD, await passedCaptcha(t))).toMatchObject({ code: 200 });
  });

  it('lets the owner sign in with an SMS code while password logins are stopped', async () => {
    await distributedAttack();
    const verifyCode = await sendSms(t, VICTIM, 'login');
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/smsLogin', payload: { mobile: VICTIM, verifyCode }, remoteAddress: HOME });
    const answer = response.json<{ code: number; data: LoginAnswer }>();
    expect(answer).toMatchObject({ code: 200, data: { userInfo: { mobile: VICTIM } } });
    const info = await t.app.inject({ method: 'GET', url: '/user/info', headers: { authorization: `Bearer ${answer.data.token}` } });
    expect(info.json()).toMatchObject({ code: 200 });
  });

  it('a few addresses failing many times lock only themselves', async () => {
    for (let i = 0; i < 3; i += 1) await fail(`10.9.${i}.1`, Security.loginLockAfterFailures);
    expect(await attempt(HOME)).toMatchObject({ code: 200 });
  });
});

describe('POST /api/auth/smsLogin', () => {
  const smsLogin = (mobile: string, verifyCode: string) => t.app.inject({ method: 'POST', url: '/api/auth/smsLogin', payload: { mobile, verifyCode } }).then((r) => r.json<{ code: number; msg: string }>());

  it('checks the code before it says anything of the phone', async () => {
    expect(await smsLogin(VICTIM, '123456')).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired });
    expect(await smsLogin('13900139000', '123456')).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired });
    const code = await sendSms(t, '13900139000', 'login');
    expect(await smsLogin('13900139000', code)).toMatchObject({ code: AnswerCode.invalid, msg: Messages.accountNotFound });
  });

  it('takes a code once, and only a login code', async () => {
    const registerCode = await sendSms(t, VICTIM, 'register');
    expect(await smsLogin(VICTIM, registerCode)).toMatchObject({ code: AnswerCode.invalid });
    t.clock.advanceSeconds(Security.smsMinIntervalSeconds);
    const code = await sendSms(t, VICTIM, 'login');
    expect(await smsLogin(VICTIM, code)).toMatchObject({ code: 200 });
    expect(await smsLogin(VICTIM, code)).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired });
  });
});
