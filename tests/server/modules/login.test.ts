import { AnswerCode } from '../../../src/contract/envelope';
import { Security } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';
import { bearer, buildTestApp, get, passedCaptcha, register, type TestApp } from '../helpers';

const PHONE = '13800138000';
const PASSWORD = 'Secret#2026';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
  await register(t, PHONE, PASSWORD);
});

afterEach(async () => {
  await t.close();
});

interface Attempt {
  username?: string;
  password?: string;
  captchaId?: string;
  ip?: string;
}

async function attempt({ username = PHONE, password = PASSWORD, captchaId, ip = '127.0.0.1' }: Attempt = {}) {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, captchaId }, remoteAddress: ip });
  return response.json<{ code: number; msg: string; data: { token: string; userInfo: unknown } | null }>();
}

async function failTimes(count: number, options: Attempt = {}): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const captchaId = i >= Security.loginCaptchaAfterFailures ? await passedCaptcha(t) : undefined;
    const answer = await attempt({ password: 'Wrong#pass', captchaId, ...options });
    expect([AnswerCode.invalid, AnswerCode.locked]).toContain(answer.code);
  }
}

describe('POST /api/auth/login', () => {
  it('answers a token and the user info', async () => {
    const answer = await attempt();
    expect(answer).toMatchObject({ code: 200, msg: Messages.loginSucceeded, data: { userInfo: { id: 1, name: '用户8000', mobile: PHONE, openid: '' } } });
    expect((await get(t, '/user/info', bearer(answer.data?.token ?? ''))).code).toBe(200);
  });

  it('answers the same message for an unknown phone and a wrong password, verifying a hash either way', async () => {
    // The module object the server's code calls into (an `import * as` copy would not see the spy).
    const verify = jest.spyOn(jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2'), 'verify');
    try {
      const unknown = await attempt({ username: '13900139000' });
      const wrong = await attempt({ password: 'Wrong#pass' });
      expect(unknown).toEqual({ code: AnswerCode.invalid, msg: Messages.loginFailed, data: null });
      expect(wrong).toEqual(unknown);
      expect(verify).toHaveBeenCalledTimes(2);
    } finally {
      verify.mockRestore();
    }
  });

  it.each([
    [{ username: '' }, Messages.phoneRequired],
    [{ username: '23800138000' }, Messages.phoneInvalid],
    [{ username: '138001380000' }, Messages.phoneInvalid],
    [{ password: '' }, Messages.passwordRequired],
    [{ password: '12345' }, Messages.passwordTooShort],
  ])('checks %j with the contract rules', async (change, message) => {
    expect(await attempt(change)).toMatchObject({ code: AnswerCode.invalid, msg: message });
  });

  it('needs a passed captcha after 3 failures of the phone from one address, and spends it', async () => {
    await failTimes(Security.loginCaptchaAfterFailures);
    expect(await attempt()).toEqual({ code: AnswerCode.captchaRequired, msg: Messages.loginNeedsCaptcha, data: null });
    // Another address is not held back by this one's failures.
    expect(await attempt({ ip: '10.0.0.44' })).toMatchObject({ code: 200 });
    const fetched = await get<{ captchaId: string }>(t, '/api/auth/getCaptcha');
    expect(await attempt({ captchaId: fetched.data.captchaId })).toMatchObject({ code: AnswerCode.captchaRequired });
    const captchaId = await passedCaptcha(t);
    expect(await attempt({ captchaId })).toMatchObject({ code: 200 });
    // The owner got in from here: the earlier typos no longer count.
    expect(await attempt()).toMatchObject({ code: 200 });
  });

  it(`needs a captcha after ${Security.loginCaptchaAfterAddressFailures} failures from one address, whatever the phones`, async () => {
    for (let i = 0; i < Security.loginCaptchaAfterAddressFailures; i += 1) {
      expect(await attempt({ username: `1390013${String(i).padStart(4, '0')}`, password: 'Wrong#pass', ip: '10.0.0.9' })).toMatchObject({ code: AnswerCode.invalid });
    }
    expect(await attempt({ ip: '10.0.0.9' })).toMatchObject({ code: AnswerCode.captchaRequired });
    expect(await attempt({ ip: '10.0.0.10' })).toMatchObject({ code: 200 });
  });

  it('locks the address out of the phone for 15 minutes after 10 failures, even for the right password', async () => {
    await failTimes(Security.loginLockAfterFailures - 1);
    const tenth = await attempt({ password: 'Wrong#pass', captchaId: await passedCaptcha(t) });
    expect(tenth).toEqual({ code: AnswerCode.locked, msg: Messages.loginLocked, data: null });
    expect(await attempt({ captchaId: await passedCaptcha(t) })).toMatchObject({ code: AnswerCode.locked });
    // The owner, elsewhere, is not locked out.
    expect(await attempt({ ip: '10.9.9.9' })).toMatchObject({ code: 200 });
    t.clock.advanceSeconds(Security.loginLockSeconds - 1);
    expect(await attempt()).toMatchObject({ code: AnswerCode.locked });
    t.clock.advanceSeconds(1);
    expect(await attempt()).toMatchObject({ code: 200 });
  });

  it(`allows ${Security.loginPerIpPerMinute} attempts a minute per IP`, async () => {
    // A locked phone answers without hashing, which keeps this test fast.
    await failTimes(Security.loginLockAfterFailures, { ip: '10.0.0.5' });
    t.clock.advanceSeconds(60);
    for (let i = 0; i < Security.loginPerIpPerMinute; i += 1) expect((await attempt({ ip: '10.0.0.5' })).code).toBe(AnswerCode.locked);
    expect(await attempt({ ip: '10.0.0.5' })).toEqual({ code: AnswerCode.tooMany, msg: Messages.tooManyRequests, data: null });
  });
});
