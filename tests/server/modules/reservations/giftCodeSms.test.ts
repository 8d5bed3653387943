/**
 * The 礼包码 by SMS through a real provider's protocol (the Aliyun fake): with the gift code's own
 * template set, each 预约 with a code sends it once, with that template and the code as its
 * variable, and a 预约 again sends nothing; without that template no gift code SMS leaves at all,
 * and the 预约 still succeeds and shows the code on the page. A provider refusing the gift code's
 * message loses neither the 预约 nor the code.
 */
import type { GiftCodeAddAnswer, ReserveSuccess } from '../../../../src/contract/reservations';
import { ReserveOwnerRoutes, ReserveRoutes } from '../../../../src/contract/reservations';
import { AliyunSmsFake, aliyunCodeOf } from '../../../fakes/aliyunSms';
import { buildTestApp, captchaText, get, post, type TestApp } from '../../helpers';
import { waitOutSendInterval } from '../smsProviderKit';
import { openCampaign } from './kit';

const GIFT_TEMPLATE = 'SMS_100000020';
const ACCOUNT = {
  accessKeyId: 'LTAI5tFakeAccessKey02',
  accessKeySecret: 'aliyun-gift-secret-Yw3nB7xQ1',
  signNames: ['网页生成系统'],
  templates: { SMS_100000011: ['code'], SMS_100000012: ['code'], SMS_100000013: ['code'], [GIFT_TEMPLATE]: ['code'] },
};
const CODES = ['QIXING-GIFT-0001', 'QIXING-GIFT-0002'];

let fake: AliyunSmsFake;
let t: TestApp;

beforeAll(async () => {
  fake = await new AliyunSmsFake(ACCOUNT).start();
});

afterAll(async () => {
  await fake.close();
});

afterEach(async () => {
  await t?.close();
});

async function start(giftTemplate: string | null): Promise<{ campaignId: string }> {
  t = await buildTestApp({
    env: {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: ACCOUNT.accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: ACCOUNT.accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: '网页生成系统',
      ALIYUN_SMS_TEMPLATE_REGISTER: 'SMS_100000011',
      ALIYUN_SMS_TEMPLATE_RESET: 'SMS_100000012',
      ALIYUN_SMS_TEMPLATE_LOGIN: 'SMS_100000013',
      ...(giftTemplate ? { ALIYUN_SMS_TEMPLATE_GIFT_CODE: giftTemplate } : {}),
      ALIYUN_SMS_ENDPOINT: fake.endpoint,
    },
  });
  const { campaignId, headers, site } = await openCampaign(t);
  const added = await post<GiftCodeAddAnswer>(t, ReserveOwnerRoutes.uploadCodes, { ...site, text: CODES.join('\n') }, headers);
  expect(added).toMatchObject({ code: 200, data: { added: 2 } });
  return { campaignId };
}

/** The whole 预约 of `phone`, its SMS code read from what the fake received. */
async function reserveThroughAliyun(campaignId: string, phone: string, address: string) {
  const headers = { 'x-forwarded-for': address };
  const captcha = await get<{ captchaId: string }>(t, ReserveRoutes.captcha, headers);
  await post(t, ReserveRoutes.verifyCaptcha, { captchaId: captcha.data.captchaId, code: captchaText(t, captcha.data.captchaId) }, headers);
  const before = fake.received.length;
  expect(await post(t, ReserveRoutes.sendSms, { campaignId, phone, captchaId: captcha.data.captchaId }, headers)).toMatchObject({ code: 200 });
  const sent = fake.received.slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ templateCode: 'SMS_100000013', phoneNumbers: phone, answered: 'OK' });
  const submitted = fake.received.length;
  const answer = await post<ReserveSuccess>(t, ReserveRoutes.submit, { campaignId, phone, smsCode: aliyunCodeOf(sent[0]), platform: 'android', channel: 'wechat', consent: true }, headers);
  return { answer, smsAfter: fake.received.slice(submitted) };
}

it('sends each new 预约 its gift code once, through the gift code template', async () => {
  const { campaignId } = await start(GIFT_TEMPLATE);
  const first = await reserveThroughAliyun(campaignId, '13700001001', '10.20.0.1');
  expect(first.answer).toMatchObject({ code: 200, data: { giftCode: CODES[0], count: 1 } });
  expect(first.smsAfter).toHaveLength(1);
  expect(first.smsAfter[0]).toMatchObject({ templateCode: GIFT_TEMPLATE, phoneNumbers: '13700001001', signName: '网页生成系统', answered: 'OK' });
  expect(aliyunCodeOf(first.smsAfter[0])).toBe(CODES[0]);

  // The same phone again (a minute later, as codes go): the same code shown, no second message, no second count.
  waitOutSendInterval(t);
  const again = await reserveThroughAliyun(campaignId, '13700001001', '10.20.0.2');
  expect(again.answer).toMatchObject({ code: 200, data: { giftCode: CODES[0], count: 1, again: true } });
  expect(again.smsAfter).toEqual([]);
});

it('sends no gift code SMS without its template, and the page still gets the code', async () => {
  const { campaignId } = await start(null);
  const first = await reserveThroughAliyun(campaignId, '13700001002', '10.20.0.3');
  expect(first.answer).toMatchObject({ code: 200, data: { giftCode: CODES[0], count: 1 } });
  expect(first.smsAfter).toEqual([]);
});

it('keeps the 预约 and its code when the provider refuses the gift code\'s message', async () => {
  // A template the account does not have: Aliyun refuses the send.
  const { campaignId } = await start('SMS_100000099');
  const first = await reserveThroughAliyun(campaignId, '13700001003', '10.20.0.4');
  expect(first.answer).toMatchObject({ code: 200, data: { giftCode: CODES[0], count: 1 } });
  expect(first.smsAfter).toHaveLength(1);
  expect(first.smsAfter[0].answered).not.toBe('OK');
});
