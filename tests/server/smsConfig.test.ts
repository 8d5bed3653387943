import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/server/config';
import { smsSendsGiftCodes } from '../../src/server/modules/auth/smsConfig';

/** SMS_PROVIDER=aliyun and tencent as loadConfig reads them (the rest of the settings: config.test.ts). */

let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-sms-config-test-'));
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tExampleKeyId',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'aliyun-secret-value-1234',
  ALIYUN_SMS_SIGN_NAME: '示例科技',
  ALIYUN_SMS_TEMPLATE_REGISTER: 'SMS_154950901',
  ALIYUN_SMS_TEMPLATE_RESET: 'SMS_154950902',
  ALIYUN_SMS_TEMPLATE_LOGIN: 'SMS_154950903',
};

const TENCENT = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'AKIDExampleSecretId',
  TENCENT_SMS_SECRET_KEY: 'tencent-secret-value-1234',
  TENCENT_SMS_APP_ID: '1400006666',
  TENCENT_SMS_SIGN_NAME: '示例科技',
  TENCENT_SMS_TEMPLATE_REGISTER: '1110',
  TENCENT_SMS_TEMPLATE_RESET: '1111',
  TENCENT_SMS_TEMPLATE_LOGIN: '1112',
};

const without = (env: Record<string, string>, name: string): Record<string, string> => Object.fromEntries(Object.entries(env).filter(([key]) => key !== name));

describe('SMS provider settings', () => {
  it('reads Aliyun with its real endpoint by default, and takes another one as a URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir, ...ALIYUN }).sms).toEqual({
      provider: 'aliyun',
      accessKeyId: 'LTAI5tExampleKeyId',
      accessKeySecret: 'aliyun-secret-value-1234',
      signName: '示例科技',
      templates: { register: 'SMS_154950901', resetPassword: 'SMS_154950902', login: 'SMS_154950903' },
      endpoint: 'https://dysmsapi.aliyuncs.com',
    });
    expect(loadConfig({ DATA_DIR: dataDir, ...ALIYUN, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9000/' }).sms).toMatchObject({ endpoint: 'http://127.0.0.1:9000' });
  });

  it('reads Tencent Cloud with its real endpoint by default, and takes another one as a URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir, ...TENCENT }).sms).toEqual({
      provider: 'tencent',
      secretId: 'AKIDExampleSecretId',
      secretKey: 'tencent-secret-value-1234',
      appId: '1400006666',
      signName: '示例科技',
      templates: { register: '1110', resetPassword: '1111', login: '1112' },
      endpoint: 'https://sms.tencentcloudapi.com',
    });
    expect(loadConfig({ DATA_DIR: dataDir, ...TENCENT, TENCENT_SMS_ENDPOINT: 'https://sms.ap-guangzhou.tencentcloudapi.com' }).sms).toMatchObject({
      endpoint: 'https://sms.ap-guangzhou.tencentcloudapi.com',
    });
  });

  it('sends 预约 gift codes only with their optional template, or through a gateway that takes any message', () => {
    const aliyun = loadConfig({ DATA_DIR: dataDir, ...ALIYUN }).sms;
    expect(smsSendsGiftCodes(aliyun)).toBe(false);
    const withGift = loadConfig({ DATA_DIR: dataDir, ...ALIYUN, ALIYUN_SMS_TEMPLATE_GIFT_CODE: 'SMS_154950904' }).sms;
    expect(withGift).toMatchObject({ templates: { giftCode: 'SMS_154950904' } });
    expect(smsSendsGiftCodes(withGift)).toBe(true);
    expect(smsSendsGiftCodes(loadConfig({ DATA_DIR: dataDir, ...TENCENT, TENCENT_SMS_TEMPLATE_GIFT_CODE: '1113' }).sms)).toBe(true);
    expect(smsSendsGiftCodes(loadConfig({ DATA_DIR: dataDir, ...TENCENT }).sms)).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...TENCENT, TENCENT_SMS_TEMPLATE_GIFT_CODE: 'gift' })).toThrow(/^TENCENT_SMS_TEMPLATE_GIFT_CODE must be a template ID/);
    expect(smsSendsGiftCodes(loadConfig({ DATA_DIR: dataDir }).sms)).toBe(true);
  });

  it('ignores the providers it was not told to use', () => {
    expect(loadConfig({ DATA_DIR: dataDir, ...without(ALIYUN, 'SMS_PROVIDER'), ...without(TENCENT, 'SMS_PROVIDER') }).sms).toEqual({ provider: 'local' });
  });

  const refusals: [Record<string, string>, RegExp][] = [
    ...Object.keys(ALIYUN)
      .filter((name) => name !== 'SMS_PROVIDER')
      .map((name): [Record<string, string>, RegExp] => [without(ALIYUN, name), new RegExp(`^SMS_PROVIDER=aliyun needs ${name}, `)]),
    ...Object.keys(TENCENT)
      .filter((name) => name !== 'SMS_PROVIDER')
      .map((name): [Record<string, string>, RegExp] => [without(TENCENT, name), new RegExp(`^SMS_PROVIDER=tencent needs ${name}, `)]),
    [{ ...ALIYUN, ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI 5t' }, /^ALIYUN_SMS_ACCESS_KEY_ID must be an AccessKey ID/],
    [{ ...ALIYUN, ALIYUN_SMS_ACCESS_KEY_SECRET: 'pasted secret\n' }, /^ALIYUN_SMS_ACCESS_KEY_SECRET must be printable characters without spaces\.$/],
    [{ ...ALIYUN, ALIYUN_SMS_SIGN_NAME: '【示例科技】' }, /^ALIYUN_SMS_SIGN_NAME must be the approved sign name/],
    [{ ...ALIYUN, ALIYUN_SMS_TEMPLATE_REGISTER: '154950901' }, /^ALIYUN_SMS_TEMPLATE_REGISTER must be a template code such as SMS_154950909\.$/],
    [{ ...ALIYUN, ALIYUN_SMS_TEMPLATE_RESET: 'SMS_abc' }, /^ALIYUN_SMS_TEMPLATE_RESET must be a template code/],
    [{ ...ALIYUN, ALIYUN_SMS_TEMPLATE_LOGIN: 'login' }, /^ALIYUN_SMS_TEMPLATE_LOGIN must be a template code/],
    [{ ...ALIYUN, ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com' }, /^ALIYUN_SMS_ENDPOINT must be an http\(s\) URL with no path/],
    [{ ...ALIYUN, ALIYUN_SMS_ENDPOINT: 'https://dysmsapi.aliyuncs.com/api' }, /^ALIYUN_SMS_ENDPOINT must be an http\(s\) URL with no path/],
    [{ ...TENCENT, TENCENT_SMS_SECRET_ID: 'AKID-with-dash' }, /^TENCENT_SMS_SECRET_ID must be a SecretId/],
    [{ ...TENCENT, TENCENT_SMS_SECRET_KEY: 'has space' }, /^TENCENT_SMS_SECRET_KEY must be printable characters without spaces\.$/],
    [{ ...TENCENT, TENCENT_SMS_APP_ID: 'app-1400006666' }, /^TENCENT_SMS_APP_ID must be an SmsSdkAppId/],
    [{ ...TENCENT, TENCENT_SMS_SIGN_NAME: '示例 科技' }, /^TENCENT_SMS_SIGN_NAME must be the approved sign name/],
    [{ ...TENCENT, TENCENT_SMS_TEMPLATE_REGISTER: 'SMS_1110' }, /^TENCENT_SMS_TEMPLATE_REGISTER must be a template ID: digits/],
    [{ ...TENCENT, TENCENT_SMS_TEMPLATE_RESET: '11 11' }, /^TENCENT_SMS_TEMPLATE_RESET must be a template ID/],
    [{ ...TENCENT, TENCENT_SMS_TEMPLATE_LOGIN: 'x' }, /^TENCENT_SMS_TEMPLATE_LOGIN must be a template ID/],
    [{ ...TENCENT, TENCENT_SMS_ENDPOINT: 'ftp://sms.tencentcloudapi.com' }, /^TENCENT_SMS_ENDPOINT must be an http\(s\) URL with no path/],
    [{ ...TENCENT, TENCENT_SMS_ENDPOINT: 'https://user:pw@sms.tencentcloudapi.com' }, /^TENCENT_SMS_ENDPOINT must be an http\(s\) URL with no path/],
    [{ SMS_PROVIDER: 'alibaba' }, /^SMS_PROVIDER must be one of local, http, aliyun, tencent \(got "alibaba"\)\.$/],
  ];

  it.each(refusals)('stops the start with one line naming the setting: %j', (env, message) => {
    const load = () => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  it('never repeats a secret in its message', () => {
    for (const env of [
      { ...ALIYUN, ALIYUN_SMS_ACCESS_KEY_SECRET: 'leaky secret' },
      { ...TENCENT, TENCENT_SMS_SECRET_KEY: 'leaky secret' },
      { ...TENCENT, TENCENT_SMS_SECRET_ID: 'leaky secret' },
    ]) {
      let message = '';
      try {
        loadConfig({ DATA_DIR: dataDir, ...env });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/must be/);
      expect(message).not.toContain('leaky');
      expect(message.split('\n')).toHaveLength(1);
    }
  });
});
