/**
 * A bind code (绑定手机号) goes out through Aliyun and Tencent Cloud with the login template, the
 * one an operator already had approved, and the code that arrives binds the phone.
 */
import { AliyunSmsFake, aliyunCodeOf } from '../../fakes/aliyunSms';
import { TencentSmsFake } from '../../fakes/tencentSms';
import { bearer, post } from '../helpers';
import { openSqlite, passedCaptcha, wechatLogin, type Backend } from './bindPhoneKit';

const PHONE = '13800138000';
let b: Backend | null = null;

afterEach(async () => {
  await b?.close();
  b = null;
});

async function bindWith(backend: Backend, code: () => string): Promise<void> {
  const wechat = await wechatLogin(backend);
  const captchaId = await passedCaptcha(backend);
  expect(await post(backend.t, '/api/Auth/sendSmsCode', { iphone: PHONE, captchaId, purpose: 'bind' })).toMatchObject({ code: 200 });
  const bound = await post(backend.t, '/api/auth/bindPhone', { mobile: PHONE, verifyCode: code() }, bearer(wechat.token));
  expect(bound).toMatchObject({ code: 200, data: { status: 'bound', userInfo: { mobile: PHONE } } });
}

it('Aliyun: the login template carries the bind code', async () => {
  const account = { accessKeyId: 'LTAI5tFakeAccessKey01', accessKeySecret: 'aliyun-test-secret-Zq8mW2xK9pL4', signNames: ['网页生成系统'], templates: { SMS_100000001: ['code'], SMS_100000002: ['code'], SMS_100000003: ['code'] } };
  const fake = await new AliyunSmsFake(account).start();
  try {
    b = await openSqlite({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: account.accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: account.accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: '网页生成系统',
      ALIYUN_SMS_TEMPLATE_REGISTER: 'SMS_100000001',
      ALIYUN_SMS_TEMPLATE_RESET: 'SMS_100000002',
      ALIYUN_SMS_TEMPLATE_LOGIN: 'SMS_100000003',
      ALIYUN_SMS_ENDPOINT: fake.endpoint,
    });
    const last = () => fake.received[fake.received.length - 1];
    await bindWith(b, () => aliyunCodeOf(last()));
    expect(last()).toMatchObject({ phoneNumbers: PHONE, templateCode: 'SMS_100000003', answered: 'OK' });
  } finally {
    await fake.close();
  }
});

it('Tencent Cloud: the login template carries the bind code', async () => {
  const account = { secretId: 'AKIDfakeTencentSecretId0001', secretKey: 'tencent-test-key-Hq3vN7cR2yT6', appId: '1400123456', signNames: ['网页生成系统'], templates: { '2000001': 1, '2000002': 1, '2000003': 1 } };
  const fake = await new TencentSmsFake(account).start();
  try {
    b = await openSqlite({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: account.secretId,
      TENCENT_SMS_SECRET_KEY: account.secretKey,
      TENCENT_SMS_APP_ID: account.appId,
      TENCENT_SMS_SIGN_NAME: '网页生成系统',
      TENCENT_SMS_TEMPLATE_REGISTER: '2000001',
      TENCENT_SMS_TEMPLATE_RESET: '2000002',
      TENCENT_SMS_TEMPLATE_LOGIN: '2000003',
      TENCENT_SMS_ENDPOINT: fake.endpoint,
    });
    const last = () => fake.received[fake.received.length - 1];
    await bindWith(b, () => String((last().templateParamSet as string[])[0]));
    expect(last()).toMatchObject({ templateId: '2000003' });
  } finally {
    await fake.close();
  }
});
