/**
 * Without Redis, the limits that must outlast a restart live in the database: a login lock and
 * the SMS codes already sent still hold when the server starts again on the same DATA_DIR.
 */
import { AnswerCode } from '../../../src/contract/envelope';
import { Security } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';
import { buildTestApp, passedCaptcha, register, type TestApp } from '../helpers';

const PHONE = '13800138000';
const PASSWORD = 'Secret#2026';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp({ keepDataDir: true });
  await register(t, PHONE, PASSWORD);
});

afterEach(async () => {
  await t.close();
});

async function restart(): Promise<void> {
  await t.close();
  t = await buildTestApp({ dataDir: t.dataDir, clock: t.clock });
}

async function attempt(password: string, captchaId?: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: PHONE, password, captchaId }, remoteAddress: '10.0.0.7' });
  return response.json<{ code: number; msg: string }>();
}

describe('a restart without Redis', () => {
  it('keeps a login lock', async () => {
    for (let i = 0; i < Security.loginLockAfterFailures; i += 1) {
      const captchaId = i >= Security.loginCaptchaAfterFailures ? await passedCaptcha(t) : undefined;
      await attempt('Wrong#pass', captchaId);
    }
    expect(await attempt(PASSWORD, await passedCaptcha(t))).toMatchObject({ code: AnswerCode.locked, msg: Messages.loginLocked });
    await restart();
    expect(await attempt(PASSWORD, await passedCaptcha(t))).toMatchObject({ code: AnswerCode.locked, msg: Messages.loginLocked });
    t.clock.advanceSeconds(Security.loginLockSeconds);
    expect(await attempt(PASSWORD)).toMatchObject({ code: 200 });
  });

  it('keeps the SMS codes sent', async () => {
    const send = async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/Auth/sendSmsCode', payload: { iphone: '13900139000', captchaId: await passedCaptcha(t), purpose: 'register' } });
      return response.json<{ code: number; msg: string }>();
    };
    expect((await send()).code).toBe(200);
    await restart();
    expect(await send()).toMatchObject({ code: AnswerCode.tooMany, msg: Messages.smsTooFrequent });
  });
});
