/**
 * The signature of WeChat's share card (GET /api/wechat/jsConfig), against the fake WeChat API:
 * WeChat's documented example, a published page's URL signed with the jsapi_ticket fetched once and
 * kept, every other URL refused, any origin allowed on this route only, and a clear answer when no
 * account is configured.
 */
import crypto from 'node:crypto';
import Database from 'better-sqlite3';
import path from 'node:path';
import { AnswerCode } from '../../../src/contract/envelope';
import { WECHAT_JS_CONFIG_PATH, WechatShareMessages, type WechatJsConfig } from '../../../src/contract/wechatShare';
import { DATABASE_FILE } from '../../../src/server/db/database';
import { jsSdkSignature } from '../../../src/server/modules/wechatShare/jsSdkSignature';
import { FAKE_APP_ID, startFakeWechat, wechatEnv, type FakeWechat } from '../../fakes/wechat/server';
import { buildTestApp, envelopeOf, type TestApp } from '../helpers';
import { quickLogin } from '../queue/kit';

const PUBLISH_ORIGIN = 'https://pages.example.com';
let fake: FakeWechat;
let t: TestApp;
let slug: string;

/** A published page's row, as 发布 leaves it (its files do not matter to the signature). */
function publishedRow(app: TestApp): string {
  const { userId } = quickLogin(app);
  const db = new Database(path.join(app.dataDir, DATABASE_FILE));
  try {
    const name = crypto.randomBytes(16).toString('hex');
    const at = app.clock.now();
    const site = db.prepare('INSERT INTO mini_sites (dir, user_id, template_id, name, created_at) VALUES (?, ?, 5, ?, ?)').run(name, userId, '云海仙途', at).lastInsertRowid;
    db.prepare('INSERT INTO published_sites (slug, site_id, mini_site_id, user_id, created_at, updated_at) VALUES (?, NULL, ?, ?, ?, ?)').run(name, site, userId, at, at);
    return name;
  } finally {
    db.close();
  }
}

const ask = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `${WECHAT_JS_CONFIG_PATH}?${new URLSearchParams({ url }).toString()}`, headers });

beforeEach(async () => {
  fake = await startFakeWechat();
  t = await buildTestApp({ env: { ...wechatEnv(fake), PUBLISH_ORIGIN, PUBLIC_ORIGIN: 'https://app.example.com' } });
  slug = publishedRow(t);
});

afterEach(async () => {
  await t.close();
  await fake.close();
});

it('signs as WeChat\'s documented example does', () => {
  expect(
    jsSdkSignature({
      ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      nonceStr: 'Wm3WZYTPz0wzccnW',
      timestamp: 1414587457,
      url: 'http://mp.weixin.qq.com?params=value',
    }),
  ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
});

it('signs a published page\'s URL without its fragment, with the ticket fetched once and kept', async () => {
  const page = `${PUBLISH_ORIGIN}/pub/${slug}/?from=wechat`;
  const answers: WechatJsConfig[] = [];
  for (const url of [page, `${page}#reserve=abc`, page]) {
    const response = await ask(url, { origin: 'null' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const answer = envelopeOf<WechatJsConfig>(response);
    expect(answer.code).toBe(200);
    answers.push(answer.data);
  }
  for (const answer of answers) {
    expect(answer.appId).toBe(FAKE_APP_ID);
    expect(answer.timestamp).toBe(Math.floor(t.clock.now() / 1000));
    expect(answer.nonceStr).toMatch(/^[0-9a-f]{16}$/);
    expect(answer.signature).toBe(jsSdkSignature({ ticket: fake.jsapiTicket, nonceStr: answer.nonceStr, timestamp: answer.timestamp, url: page }));
  }
  expect(new Set(answers.map((answer) => answer.nonceStr)).size).toBe(3);
  expect(fake.ticketCalls).toBe(1);

  // Kept until shortly before its 7200 s lapse, then fetched again.
  t.clock.advanceSeconds(7200);
  expect(envelopeOf(await ask(page)).code).toBe(200);
  expect(fake.ticketCalls).toBe(2);
});

it('refuses every URL but a published page\'s on the origin pages are served at', async () => {
  const refused = [
    'https://evil.example.com/pub/' + slug + '/',
    `https://app.example.com/pub/${slug}/`,
    `http://pages.example.com/pub/${slug}/`,
    `${PUBLISH_ORIGIN}/pub/${'0'.repeat(32)}/`,
    `${PUBLISH_ORIGIN}/pub/${slug}`,
    `${PUBLISH_ORIGIN}/pub/${slug}/../../admin`,
    `${PUBLISH_ORIGIN}/pub/${slug}/..%2f..%2fx`.replace('%2f', '/'),
    `${PUBLISH_ORIGIN}\\pub\\${slug}\\`,
    `https://user@pages.example.com/pub/${slug}/`,
    `${PUBLISH_ORIGIN}/user/`,
    ` ${PUBLISH_ORIGIN}/pub/${slug}/`,
    'javascript:alert(1)',
    'not a url',
  ];
  for (const url of refused) {
    const answer = envelopeOf(await ask(url));
    expect({ url, code: answer.code, msg: answer.msg }).toEqual({ url, code: AnswerCode.invalid, msg: WechatShareMessages.badUrl });
  }
  const tooLong = await ask(`${PUBLISH_ORIGIN}/pub/${slug}/?${'a'.repeat(3000)}`);
  expect(envelopeOf(tooLong).code).toBe(AnswerCode.invalid);
  expect(fake.ticketCalls).toBe(0);
  // The CORS header is this route's only: another route keeps the same-origin rule.
  expect((await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'null' } })).headers['access-control-allow-origin']).toBeUndefined();
});

it('answers that WeChat is away, and that no account is configured', async () => {
  fake.refusePath.set('/cgi-bin/ticket/getticket', 45009);
  const away = envelopeOf(await ask(`${PUBLISH_ORIGIN}/pub/${slug}/`));
  expect(away).toMatchObject({ code: AnswerCode.unavailable, msg: WechatShareMessages.unavailable });

  await t.close();
  t = await buildTestApp({ env: { PUBLISH_ORIGIN } });
  slug = publishedRow(t);
  const none = envelopeOf(await ask(`${PUBLISH_ORIGIN}/pub/${slug}/`));
  expect(none).toMatchObject({ code: AnswerCode.unavailable, msg: WechatShareMessages.notConfigured });
});

it('limits the calls of one address', async () => {
  const page = `${PUBLISH_ORIGIN}/pub/${slug}/`;
  const codes: number[] = [];
  for (let i = 0; i < 70; i++) codes.push(envelopeOf(await ask(page)).code);
  expect(codes.slice(0, 60).every((code) => code === 200)).toBe(true);
  expect(codes.slice(60).every((code) => code === AnswerCode.tooMany)).toBe(true);
  expect(fake.ticketCalls).toBe(1);
});
