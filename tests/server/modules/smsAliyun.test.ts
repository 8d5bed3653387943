import type { SmsPurpose } from '../../../src/contract/auth';
import { AnswerCode } from '../../../src/contract/envelope';
import { Messages } from '../../../src/contract/messages';
import { AliyunSmsProvider } from '../../../src/server/modules/auth/aliyunSms';
import { readSmsConfig, type AliyunSmsConfig } from '../../../src/server/modules/auth/smsConfig';
import { AliyunSmsFake, aliyunCodeOf } from '../../fakes/aliyunSms';
import { replay } from '../../fakes/loopbackServer';
import { buildTestApp, outboxCount, type TestApp } from '../helpers';
import { PHONE, linesWith, phoneForms, requestCode, spendCode, waitOutSendInterval } from './smsProviderKit';

const ACCOUNT = {
  accessKeyId: 'LTAI5tFakeAccessKey01',
  accessKeySecret: 'aliyun-test-secret-Zq8mW2xK9pL4',
  signNames: ['网页生成系统'],
  templates: { SMS_100000001: ['code'], SMS_100000002: ['code'], SMS_100000003: ['code'], SMS_100000009: ['name', 'code'] },
};
const TEMPLATES: Record<SmsPurpose, string> = { register: 'SMS_100000001', resetPassword: 'SMS_100000002', login: 'SMS_100000003' };

let fake: AliyunSmsFake;
let t: TestApp;

function aliyunEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: ACCOUNT.accessKeyId,
    ALIYUN_SMS_ACCESS_KEY_SECRET: ACCOUNT.accessKeySecret,
    ALIYUN_SMS_SIGN_NAME: '网页生成系统',
    ALIYUN_SMS_TEMPLATE_REGISTER: TEMPLATES.register,
    ALIYUN_SMS_TEMPLATE_RESET: TEMPLATES.resetPassword,
    ALIYUN_SMS_TEMPLATE_LOGIN: TEMPLATES.login,
    ALIYUN_SMS_ENDPOINT: fake.endpoint,
    ...overrides,
  };
}

async function start(overrides: Record<string, string> = {}): Promise<void> {
  t = await buildTestApp({ env: aliyunEnv(overrides) });
}

const lastReceived = () => fake.received[fake.received.length - 1];

/** No log line may carry the secret or the number in full. */
function expectCleanLogs(): void {
  expect(linesWith(t, [ACCOUNT.accessKeySecret, ...phoneForms(PHONE)])).toEqual([]);
}

beforeAll(async () => {
  fake = await new AliyunSmsFake(ACCOUNT).start();
});

afterAll(async () => {
  await fake.close();
});

afterEach(async () => {
  fake.hang = false;
  await t?.close();
});

describe('SMS_PROVIDER=aliyun', () => {
  it('sends each purpose with its own template through the SDK, signed, and each code does what it is for', async () => {
    await start();
    for (const purpose of ['register', 'resetPassword', 'login'] as const) {
      const sent = await requestCode(t, PHONE, purpose);
      expect(sent).toMatchObject({ code: 200, msg: Messages.smsSent });
      expect(lastReceived()).toMatchObject({
        action: 'SendSms',
        version: '2017-05-25',
        accessKeyId: ACCOUNT.accessKeyId,
        phoneNumbers: PHONE,
        signName: '网页生成系统',
        templateCode: TEMPLATES[purpose],
        answered: 'OK',
      });
      const code = aliyunCodeOf(lastReceived());
      expect(JSON.parse(lastReceived().templateParam ?? '')).toEqual({ code: expect.stringMatching(/^\d{6}$/) });
      expect(await spendCode(t, PHONE, purpose, code)).toMatchObject({ code: 200 });
      waitOutSendInterval(t);
    }
    // Nothing readable is kept: a real provider never writes the outbox or logs the code.
    expect(outboxCount(t)).toBe(0);
    expect(t.logs.some((line) => line.includes('SMS to'))).toBe(false);
    expectCleanLogs();
  });

  it.each([
    ['isv.BUSINESS_LIMIT_CONTROL', AnswerCode.tooMany, Messages.smsTooFrequent, /isv\.BUSINESS_LIMIT_CONTROL/],
    ['Throttling.User', AnswerCode.tooMany, Messages.smsTooFrequent, /Throttling\.User/],
    ['isv.MOBILE_NUMBER_ILLEGAL', AnswerCode.invalid, Messages.smsPhoneRejected, /isv\.MOBILE_NUMBER_ILLEGAL/],
    ['isv.SMS_SIGNATURE_ILLEGAL', AnswerCode.serverError, Messages.smsSendFailed, /sign name \(ALIYUN_SMS_SIGN_NAME\) is unknown or not approved/],
    ['isv.SMS_TEMPLATE_ILLEGAL', AnswerCode.serverError, Messages.smsSendFailed, /template code is unknown to this account or not approved/],
    ['isv.AMOUNT_NOT_ENOUGH', AnswerCode.serverError, Messages.smsSendFailed, /balance is too low/],
    ['isp.RAM_PERMISSION_DENY', AnswerCode.serverError, Messages.smsSendFailed, /lacks the permission to send SMS/],
    ['Forbidden.RAM', AnswerCode.serverError, Messages.smsSendFailed, /lacks the permission to send SMS/],
    ['ServiceUnavailable', AnswerCode.serverError, Messages.smsSendFailed, /Aliyun SMS refused \(ServiceUnavailable\)/],
  ])('answers %s with a Chinese message, and the code it carried is not valid', async (providerCode, answerCode, message, logged) => {
    await start();
    fake.failNext(providerCode);
    expect(await requestCode(t, PHONE, 'register')).toMatchObject({ code: answerCode, msg: message });
    expect(lastReceived().answered).toBe(providerCode);
    expect(await spendCode(t, PHONE, 'register', aliyunCodeOf(lastReceived()))).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired });
    // The operator's line names the provider's code and what it means, with the number masked.
    const line = t.logs.find((entry) => entry.includes('SMS not sent'));
    expect(line).toMatch(logged);
    expect(line).toContain(`"providerCode":"${providerCode}"`);
    expect(line).toContain('138****8000');
    expectCleanLogs();
  });

  it('keeps the code the user did receive when a later send is refused', async () => {
    await start();
    await requestCode(t, PHONE, 'register');
    const received = aliyunCodeOf(lastReceived());
    waitOutSendInterval(t);
    fake.failNext('isv.AMOUNT_NOT_ENOUGH');
    expect(await requestCode(t, PHONE, 'register')).toMatchObject({ msg: Messages.smsSendFailed });
    expect(await spendCode(t, PHONE, 'register', received)).toMatchObject({ code: 200 });
  });

  it('is refused by the fake when signed with another secret, and says so to the operator only', async () => {
    await start({ ALIYUN_SMS_ACCESS_KEY_SECRET: 'not-the-account-secret-000000' });
    expect(await requestCode(t, PHONE, 'login')).toMatchObject({ code: AnswerCode.serverError, msg: Messages.smsSendFailed });
    expect(lastReceived().answered).toBe('SignatureDoesNotMatch');
    expect(t.logs.find((line) => line.includes('SMS not sent'))).toMatch(/signature was refused: check ALIYUN_SMS_ACCESS_KEY_SECRET/);
    expect(linesWith(t, ['not-the-account-secret-000000', ...phoneForms(PHONE)])).toEqual([]);
  });

  it('is checked by the fake: a replayed request, or one changed after signing, is refused', async () => {
    await start();
    const before = fake.received.length;
    await requestCode(t, PHONE, 'register');
    const signed = fake.lastRequest;
    if (!signed) throw new Error('The fake saw no request');
    expect(await replay(fake.endpoint, signed)).toMatchObject({ status: 400, body: { Code: 'SignatureNonceUsed' } });
    const otherNumber = { ...signed, url: signed.url.replace(`PhoneNumbers=${PHONE}`, 'PhoneNumbers=13900139000') };
    expect(otherNumber.url).not.toBe(signed.url);
    expect(await replay(fake.endpoint, otherNumber)).toMatchObject({ status: 400, body: { Code: 'SignatureDoesNotMatch' } });
    const otherAction = { ...signed, headers: { ...signed.headers, 'x-acs-action': 'SendBatchSms' } };
    expect(await replay(fake.endpoint, otherAction)).toMatchObject({ status: 400, body: { Code: 'SignatureDoesNotMatch' } });
    const unsigned = { ...signed, headers: { ...signed.headers, authorization: undefined } };
    expect(await replay(fake.endpoint, unsigned)).toMatchObject({ status: 400, body: { Code: 'IncompleteSignature' } });
    // Only the SDK's own request was sent.
    expect(fake.received.slice(before).filter((entry) => entry.answered === 'OK')).toHaveLength(1);
  });

  it('is refused by the fake for an unknown AccessKey ID, a sign name or a template the account does not have', async () => {
    await start({ ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tSomeoneElse' });
    expect(await requestCode(t, PHONE, 'login')).toMatchObject({ msg: Messages.smsSendFailed });
    expect(lastReceived().answered).toBe('InvalidAccessKeyId.NotFound');
    await t.close();
    await start({ ALIYUN_SMS_SIGN_NAME: '别人的签名' });
    expect(await requestCode(t, PHONE, 'login')).toMatchObject({ msg: Messages.smsSendFailed });
    expect(lastReceived().answered).toBe('isv.SMS_SIGNATURE_ILLEGAL');
    await t.close();
    // A template whose text takes more than the code.
    await start({ ALIYUN_SMS_TEMPLATE_LOGIN: 'SMS_100000009' });
    expect(await requestCode(t, PHONE, 'login')).toMatchObject({ msg: Messages.smsSendFailed });
    expect(lastReceived().answered).toBe('isv.TEMPLATE_MISSING_PARAMETERS');
  });

  it('answers "send failed" when Aliyun cannot be reached, without the number the SDK puts in its URL', async () => {
    const closed = await new AliyunSmsFake(ACCOUNT).start();
    const endpoint = closed.endpoint;
    await closed.close();
    await start({ ALIYUN_SMS_ENDPOINT: endpoint });
    expect(await requestCode(t, PHONE, 'register')).toMatchObject({ code: AnswerCode.serverError, msg: Messages.smsSendFailed });
    expect(t.logs.find((line) => line.includes('SMS not sent'))).toMatch(/did not answer/);
    expectCleanLogs();
  });

  it('gives up on an Aliyun that does not answer, and no code is valid', async () => {
    const config = readSmsConfig(aliyunEnv()) as AliyunSmsConfig;
    t = await buildTestApp({ env: aliyunEnv(), smsProvider: new AliyunSmsProvider(config, 300) });
    fake.hang = true;
    const before = fake.received.length;
    expect(await requestCode(t, PHONE, 'register')).toMatchObject({ code: AnswerCode.serverError, msg: Messages.smsSendFailed });
    expect(fake.received.length).toBe(before);
    expect((t.readDb().prepare('SELECT COUNT(*) AS n FROM sms_codes').get() as { n: number }).n).toBe(0);
    expectCleanLogs();
  });
});
