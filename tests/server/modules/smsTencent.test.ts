import type { SmsPurpose } from '../../../src/contract/auth';
import { AnswerCode } from '../../../src/contract/envelope';
import { Messages } from '../../../src/contract/messages';
import { readSmsConfig, type TencentSmsConfig } from '../../../src/server/modules/auth/smsConfig';
import { TencentSmsProvider } from '../../../src/server/modules/auth/tencentSms';
import { replay } from '../../fakes/loopbackServer';
import { TencentSmsFake, type TencentSmsReceived } from '../../fakes/tencentSms';
import { buildTestApp, outboxCount, type TestApp } from '../helpers';
import { PHONE, linesWith, phoneForms, requestCode, spendCode, waitOutSendInterval } from './smsProviderKit';

const ACCOUNT = {
  secretId: 'AKIDfakeTencentSecretId0001',
  secretKey: 'tencent-test-key-Hq3vN7cR2yT6',
  appId: '1400123456',
  signNames: ['网页生成系统'],
  templates: { '2000001': 1, '2000002': 1, '2000003': 1, '2000009': 2 },
};
const TEMPLATES: Record<SmsPurpose, string> = { register: '2000001', resetPassword: '2000002', login: '2000003' };

let fake: TencentSmsFake;
let t: TestApp;

function tencentEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    SMS_PROVIDER: 'tencent',
    TENCENT_SMS_SECRET_ID: ACCOUNT.secretId,
    TENCENT_SMS_SECRET_KEY: ACCOUNT.secretKey,
    TENCENT_SMS_APP_ID: ACCOUNT.appId,
    TENCENT_SMS_SIGN_NAME: '网页生成系统',
    TENCENT_SMS_TEMPLATE_REGISTER: TEMPLATES.register,
    TENCENT_SMS_TEMPLATE_RESET: TEMPLATES.resetPassword,
    TENCENT_SMS_TEMPLATE_LOGIN: TEMPLATES.login,
    TENCENT_SMS_ENDPOINT: fake.endpoint,
    ...overrides,
  };
}

async function start(overrides: Record<string, string> = {}): Promise<void> {
  t = await buildTestApp({ env: tencentEnv(overrides) });
}

const lastReceived = (): TencentSmsReceived => fake.received[fake.received.length - 1];
const codeOf = (received: TencentSmsReceived): string => (received.templateParamSet as string[])[0];

/** No log line may carry the key or the number in full. */
function expectCleanLogs(): void {
  expect(linesWith(t, [ACCOUNT.secretKey, ...phoneForms(PHONE)])).toEqual([]);
}

beforeAll(async () => {
  fake = await new TencentSmsFake(ACCOUNT).start();
});

afterAll(async () => {
  await fake.close();
});

afterEach(async () => {
  fake.hang = false;
  await t?.close();
});

describe('SMS_PROVIDER=tencent', () => {
  it('sends each purpose with its own template through the SDK, signed, to the E.164 number, and each code does what it is for', async () => {
    await start();
    for (const purpose of ['register', 'resetPassword', 'login'] as const) {
      expect(await requestCode(t, PHONE, purpose)).toMatchObject({ code: 200, msg: Messages.smsSent });
      expect(lastReceived()).toMatchObject({
        action: 'SendSms',
        version: '2021-01-11',
        region: 'ap-guangzhou',
        secretId: ACCOUNT.secretId,
        smsSdkAppId: ACCOUNT.appId,
        signName: '网页生成系统',
        templateId: TEMPLATES[purpose],
        templateParamSet: [expect.stringMatching(/^\d{6}$/)],
        phoneNumberSet: [`+86${PHONE}`],
        answered: 'Ok',
      });
      expect(await spendCode(t, PHONE, purpose, codeOf(lastReceived()))).toMatchObject({ code: 200 });
      waitOutSendInterval(t);
    }
    expect(outboxCount(t)).toBe(0);
    expect(t.logs.some((line) => line.includes('SMS to'))).toBe(false);
    expectCleanLogs();
  });

  it.each([
    ['LimitExceeded.PhoneNumberThirtySecondLimit', AnswerCode.tooMany, Messages.smsTooFrequent, /LimitExceeded\.PhoneNumberThirtySecondLimit/],
    ['LimitExceeded.PhoneNumberDailyLimit', AnswerCode.tooMany, Messages.smsTooFrequent, /LimitExceeded\.PhoneNumberDailyLimit/],
    ['RequestLimitExceeded', AnswerCode.tooMany, Messages.smsTooFrequent, /RequestLimitExceeded/],
    ['InvalidParameterValue.IncorrectPhoneNumber', AnswerCode.invalid, Messages.smsPhoneRejected, /IncorrectPhoneNumber/],
    ['FailedOperation.PhoneNumberInBlacklist', AnswerCode.invalid, Messages.smsPhoneRejected, /PhoneNumberInBlacklist/],
    ['FailedOperation.SignatureIncorrectOrUnapproved', AnswerCode.serverError, Messages.smsSendFailed, /sign name \(TENCENT_SMS_SIGN_NAME\) is wrong or not approved/],
    ['FailedOperation.TemplateIncorrectOrUnapproved', AnswerCode.serverError, Messages.smsSendFailed, /template ID is wrong or not approved/],
    ['FailedOperation.InsufficientBalanceInSmsPackage', AnswerCode.serverError, Messages.smsSendFailed, /SMS package has no messages left/],
    ['UnauthorizedOperation.SmsSdkAppIdVerifyFail', AnswerCode.serverError, Messages.smsSendFailed, /TENCENT_SMS_APP_ID does not belong to this account/],
    ['AuthFailure.UnauthorizedOperation', AnswerCode.serverError, Messages.smsSendFailed, /not allowed to call SendSms/],
    ['InternalError.Timeout', AnswerCode.serverError, Messages.smsSendFailed, /Tencent Cloud SMS refused \(InternalError\.Timeout\)/],
  ])('answers %s with a Chinese message, and the code it carried is not valid', async (providerCode, answerCode, message, logged) => {
    await start();
    fake.failNext(providerCode);
    expect(await requestCode(t, PHONE, 'register')).toMatchObject({ code: answerCode, msg: message });
    expect(lastReceived().answered).toBe(providerCode);
    expect(await spendCode(t, PHONE, 'register', codeOf(lastReceived()))).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired });
    const line = t.logs.find((entry) => entry.includes('SMS not sent'));
    expect(line).toMatch(logged);
    expect(line).toContain(`"providerCode":"${providerCode}"`);
    expect(line).toContain('138****8000');
    expectCleanLogs();
  });

  it('is refused by the fake when signed with another key, and says so to the operator only', async () => {
    await start({ TENCENT_SMS_SECRET_KEY: 'not-the-account-key-0000000' });
    expect(await requestCode(t, PHONE, 'login')).toMatchObject({ code: AnswerCode.serverError, msg: Messages.smsSendFailed });
    expect(lastReceived().answered).toBe('AuthFailure.SignatureFailure');
    expect(t.logs.find((line) => line.includes('SMS not sent'))).toMatch(/signature was refused: check TENCENT_SMS_SECRET_KEY/);
    expect(linesWith(t, ['not-the-account-key-0000000', ...phoneForms(PHONE)])).toEqual([]);
  });

  it('is checked by the fake: a request changed after signing is refused', async () => {
    await start();
    const before = fake.received.length;
    await requestCode(t, PHONE, 'register');
    const signed = fake.lastRequest;
    if (!signed) throw new Error('The fake saw no request');
    const body = Buffer.from(signed.body.toString('utf8').replace(`+86${PHONE}`, '+8613900139000'));
    expect(body.equals(signed.body)).toBe(false);
    const answer = await replay(fake.endpoint, { ...signed, body });
    expect(answer).toMatchObject({ status: 200, body: { Response: { Error: { Code: 'AuthFailure.SignatureFailure' } } } });
    const otherAction = { ...signed, headers: { ...signed.headers, 'x-tc-action': 'SendSmsAgain' } };
    expect(await replay(fake.endpoint, otherAction)).toMatchObject({ body: { Response: { Error: { Code: 'InvalidAction' } } } });
    const stale = { ...signed, headers: { ...signed.headers, 'x-tc-timestamp': String(Math.floor(Date.parse('2020-01-01') / 1000)) } };
    expect(await replay(fake.endpoint, stale)).toMatchObject({ body: { Response: { Error: { Code: 'AuthFailure.SignatureExpire' } } } });
    // Only the SDK's own request was sent.
    expect(fake.received.slice(before).filter((entry) => entry.answered === 'Ok')).toHaveLength(1);
  });

  it('is refused by the fake for an unknown SecretId, app, sign name or a template that takes more than the code', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ TENCENT_SMS_SECRET_ID: 'AKIDsomeoneElse' }, 'AuthFailure.SecretIdNotFound'],
      [{ TENCENT_SMS_APP_ID: '1400999999' }, 'UnauthorizedOperation.SmsSdkAppIdVerifyFail'],
      [{ TENCENT_SMS_SIGN_NAME: '别人的签名' }, 'FailedOperation.SignatureIncorrectOrUnapproved'],
      [{ TENCENT_SMS_TEMPLATE_LOGIN: '2000009' }, 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate'],
    ];
    for (const [overrides, refusal] of cases) {
      await start(overrides);
      expect(await requestCode(t, PHONE, 'login')).toMatchObject({ msg: Messages.smsSendFailed });
      expect(lastReceived().answered).toBe(refusal);
      await t.close();
    }
    await start();
  });

  it('answers "send failed" when Tencent Cloud cannot be reached', async () => {
    const closed = await new TencentSmsFake(ACCOUNT).start();
    const endpoint = closed.endpoint;
    await closed.close();
    await start({ TENCENT_SMS_ENDPOINT: endpoint });
    expect(await requestCode(t, PHONE, 'register')).toMatchObject({ code: AnswerCode.serverError, msg: Messages.smsSendFailed });
    expect(t.logs.find((line) => line.includes('SMS not sent'))).toMatch(/did not answer/);
    expectCleanLogs();
  });

  it('gives up on a Tencent Cloud that does not answer, and no code is valid', async () => {
    const config = readSmsConfig(tencentEnv()) as TencentSmsConfig;
    t = await buildTestApp({ env: tencentEnv(), smsProvider: new TencentSmsProvider(config, 300) });
    fake.hang = true;
    expect(await requestCode(t, PHONE, 'register')).toMatchObject({ code: AnswerCode.serverError, msg: Messages.smsSendFailed });
    expect((t.readDb().prepare('SELECT COUNT(*) AS n FROM sms_codes').get() as { n: number }).n).toBe(0);
    expectCleanLogs();
  });
});
