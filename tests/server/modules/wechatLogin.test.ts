/**
 * QR_LOGIN_PROVIDER=wechat-mp against a fake WeChat (tests/fakes/wechat) speaking the documented
 * protocol: the parametric QR code, the pushed scan events in plaintext, compatible and safe mode,
 * what is refused, the access_token's life, WeChat being down, and 微信一键登录 in WeChat's browser.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { LoginAnswer, QrcodeAnswer, QrLoginInfoAnswer } from '../../../src/contract/auth';
import { AnswerCode } from '../../../src/contract/envelope';
import { Limits } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { qrPngDataUrl } from '../../../src/server/render/qrImage';
import { QR_IMAGE_MARGIN, QR_IMAGE_WIDTH } from '../../../src/server/modules/wxAuth/service';
import { FAKE_TOKEN, startFakeWechat, wechatEnv, type FakeWechat } from '../../fakes/wechat/server';
import { eventXml, FakePhone, type PushTransport } from '../../fakes/wechat/phone';
import { bearer, buildTestApp, get, post, registerAndLogin, type TestApp } from '../helpers';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let fake: FakeWechat;
let t: TestApp;
let phone: FakePhone;

const OPENID = 'oWx1Ab2Cd3Ef4Gh5Ij6Kl7Mn8Op9';

function injectTransport(app: TestApp): PushTransport {
  return async (url, body) => {
    const response = await app.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'text/xml' } });
    return { status: response.statusCode, body: response.body };
  };
}

async function start(env: Record<string, string> = {}): Promise<void> {
  t = await buildTestApp({ env: { ...wechatEnv(fake), ...env } });
  phone = new FakePhone(injectTransport(t), t.clock.now);
}

beforeEach(async () => {
  fake = await startFakeWechat();
});

afterEach(async () => {
  await t?.close();
  await fake.close();
});

async function newCode(previous?: string): Promise<QrcodeAnswer> {
  const answer = await post<QrcodeAnswer>(t, '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080', ...(previous ? { qrcode: previous } : {}) });
  expect(answer).toMatchObject({ code: 200 });
  return answer.data;
}

const poll = async (ticket: string): Promise<QrLoginInfoAnswer> => (await get<QrLoginInfoAnswer>(t, `/api/wxAuth/wxLoginInfo?qrcode=${encodeURIComponent(ticket)}`)).data;
const ticketRows = (): number => (t.readDb().prepare('SELECT COUNT(*) AS n FROM qr_tickets').get() as { n: number }).n;
const userRows = (): Array<{ id: number; openid: string | null; unionid: string | null }> => t.readDb().prepare('SELECT id, openid, unionid FROM users ORDER BY id').all() as Array<{ id: number; openid: string | null; unionid: string | null }>;
/** A stand-in for the SPA's build: an index.html for the server to put its settings in. */
function builtClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-wechat-spa-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  return dir;
}

const sha1 = (parts: string[]): string => crypto.createHash('sha1').update([...parts].sort().join('')).digest('hex');

describe('settings', () => {
  const base = { DATA_DIR: '/tmp/wpg-wechat-config', JWT_SECRET: 'x'.repeat(40) };

  it('keeps the local provider, and no WeChat, with nothing set', () => {
    expect(loadConfig(base)).toMatchObject({ qrLoginProvider: 'local', wechat: null });
  });

  it('reads every WECHAT_* setting, with the real API by default', () => {
    const env = { ...base, ...wechatEnv(fake) };
    delete (env as Record<string, string>).WECHAT_API_BASE;
    delete (env as Record<string, string>).WECHAT_OPEN_BASE;
    expect(loadConfig(env).wechat).toEqual({
      appId: 'wx0123456789abcdef',
      appSecret: '0123456789abcdef0123456789abcdef',
      token: FAKE_TOKEN,
      encodingAesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      apiBase: 'https://api.weixin.qq.com',
      openBase: 'https://open.weixin.qq.com',
    });
  });

  it.each([
    ['WECHAT_APP_ID', '', /^QR_LOGIN_PROVIDER=wechat-mp needs WECHAT_APP_ID/],
    ['WECHAT_APP_ID', 'wx123', /^WECHAT_APP_ID is malformed/],
    ['WECHAT_APP_SECRET', '', /needs WECHAT_APP_SECRET/],
    ['WECHAT_APP_SECRET', 'short', /^WECHAT_APP_SECRET is malformed/],
    ['WECHAT_TOKEN', '', /needs WECHAT_TOKEN/],
    ['WECHAT_TOKEN', 'has space', /^WECHAT_TOKEN is malformed/],
    ['WECHAT_ENCODING_AES_KEY', 'tooshort', /^WECHAT_ENCODING_AES_KEY is malformed/],
    ['WECHAT_API_BASE', 'ftp://x', /^WECHAT_API_BASE must be an http\(s\) URL/],
    ['WECHAT_OPEN_BASE', 'not a url', /^WECHAT_OPEN_BASE must be an http\(s\) URL/],
  ])('stops the start on %s=%j with one line naming it', (name, value, message) => {
    const run = () => loadConfig({ ...base, ...wechatEnv(fake), [name]: value });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
    // The secret never reaches the message.
    try {
      run();
    } catch (error) {
      expect(String(error)).not.toContain('0123456789abcdef0123456789abcdef');
      expect(String((error as Error).message)).not.toContain('\n');
    }
  });
});

describe('scan login', () => {
  beforeEach(async () => {
    await start();
  });

  it('creates a temporary QR_STR_SCENE code naming the ticket and shows the url WeChat answered', async () => {
    const answer = await newCode();
    expect(fake.codes).toHaveLength(1);
    const [code] = fake.codes;
    expect(code.scene).toBe(answer.ticket);
    expect(code.scene.length).toBeLessThanOrEqual(64);
    expect(code.expireSeconds).toBeGreaterThanOrEqual(Limits.qrLifetimeSeconds);
    expect(answer.qrcode).toBe(await qrPngDataUrl(code.url, QR_IMAGE_WIDTH, QR_IMAGE_MARGIN));
    // WeChat's url opens nothing in a browser: no link beside the code.
    expect(answer.scanUrl).toBeUndefined();
    expect(await poll(answer.ticket)).toEqual({ status: 'waiting' });
  });

  it('logs the polling page in on a subscribe pushed in plaintext, and greets the user in Chinese', async () => {
    const answer = await newCode();
    const pushed = await phone.scan(fake.sceneOf(fake.codes[0].url), OPENID, { mode: 'plain' });
    expect(pushed.status).toBe(200);
    expect(pushed.reply).toMatchObject({ ToUserName: OPENID, FromUserName: 'gh_0a1b2c3d4e5f', MsgType: 'text' });
    expect(pushed.replyText).toBe(Messages.wechatScanWelcome);
    const info = await poll(answer.ticket);
    expect(info).toMatchObject({ status: 'confirmed', userInfo: { openid: OPENID, name: `微信用户${OPENID.slice(-4)}`, mobile: '' } });
    expect((await get(t, '/user/info', bearer(info.token ?? ''))).data).toMatchObject({ openid: OPENID });
    // Used up: a second poll gets nothing.
    expect(await poll(answer.ticket)).toEqual({ status: 'expired' });
  });

  it.each(['safe', 'compatible'] as const)('logs in on a SCAN pushed in %s mode, with an encrypted, signed reply, as the same account', async (mode) => {
    const first = await newCode();
    await phone.scan(first.ticket, OPENID);
    const firstInfo = await poll(first.ticket);
    const second = await newCode();
    const pushed = await phone.scan(fake.sceneOf(fake.codes[1].url), OPENID, { mode, follower: true });
    expect(pushed.status).toBe(200);
    // FakePhone checked the reply's MsgSignature and decrypted it.
    expect(pushed.body).toContain('<Encrypt>');
    expect(pushed.body).not.toContain(Messages.wechatScanWelcome);
    expect(pushed.replyText).toBe(Messages.wechatScanWelcome);
    const info = await poll(second.ticket);
    expect(info.status).toBe('confirmed');
    expect(info.userInfo?.id).toBe(firstInfo.userInfo?.id);
    expect(userRows()).toHaveLength(1);
  });

  it('replaces the old ticket on refresh: a scan of the old code logs nobody in', async () => {
    const first = await newCode();
    const second = await newCode(first.ticket);
    const pushed = await phone.scan(first.ticket, OPENID);
    expect(pushed.replyText).toBe(Messages.wechatScanExpired);
    expect(await poll(first.ticket)).toEqual({ status: 'expired' });
    expect(await poll(second.ticket)).toEqual({ status: 'waiting' });
    expect(userRows()).toHaveLength(0);
  });

  it('keys the account by the unionid when WeChat gives one: another openid of the same person is the same account', async () => {
    fake.unionids.set(OPENID, 'uUnion000000000000000000001');
    const first = await newCode();
    await phone.scan(first.ticket, OPENID);
    const a = await poll(first.ticket);
    expect(userRows()).toEqual([{ id: a.userInfo?.id, openid: OPENID, unionid: 'uUnion000000000000000000001' }]);
    const otherOpenid = 'oOtherApp0000000000000000001';
    fake.unionids.set(otherOpenid, 'uUnion000000000000000000001');
    const second = await newCode();
    await phone.scan(second.ticket, otherOpenid);
    const b = await poll(second.ticket);
    expect(b.userInfo?.id).toBe(a.userInfo?.id);
    expect(userRows()).toHaveLength(1);
  });

  it('answers WeChat in time when its user-info call hangs: the login goes on by the openid', async () => {
    const answer = await newCode();
    fake.slowPath.set('/cgi-bin/user/info', 3_000);
    const pushed = await phone.scan(answer.ticket, OPENID, { mode: 'safe' });
    expect(pushed.replyText).toBe(Messages.wechatScanWelcome);
    expect(await poll(answer.ticket)).toMatchObject({ status: 'confirmed', userInfo: { openid: OPENID } });
    expect(userRows()).toEqual([expect.objectContaining({ openid: OPENID, unionid: null })]);
  });

  it('answers the console\u2019s URL check with echostr, and refuses a wrong signature or an old timestamp', async () => {
    const timestamp = String(Math.floor(t.clock.now() / 1000));
    const check = (ts: string, signature: string) => t.app.inject({ method: 'GET', url: `/api/wxAuth/wechat/callback?${new URLSearchParams({ signature, timestamp: ts, nonce: '12345', echostr: '6789012345678' }).toString()}` });
    const good = await check(timestamp, sha1([FAKE_TOKEN, timestamp, '12345']));
    expect([good.statusCode, good.body]).toEqual([200, '6789012345678']);
    expect((await check(timestamp, sha1(['wrongToken', timestamp, '12345']))).statusCode).toBe(403);
    const old = String(Number(timestamp) - 301);
    expect((await check(old, sha1([FAKE_TOKEN, old, '12345']))).statusCode).toBe(403);
    const bare = await t.app.inject({ method: 'GET', url: '/api/wxAuth/wechat/callback' });
    expect(bare.json()).toMatchObject({ code: AnswerCode.invalid });
  });
});

describe('pushes that are refused or ignored', () => {
  let ticket: string;

  beforeEach(async () => {
    await start();
    ticket = (await newCode()).ticket;
  });

  const stillWaiting = async (): Promise<void> => {
    expect(await poll(ticket)).toEqual({ status: 'waiting' });
    expect(userRows()).toHaveLength(0);
  };

  it.each(['plain', 'safe'] as const)('refuses a push signed with another token (%s mode)', async (mode) => {
    expect((await phone.scan(ticket, OPENID, { mode, token: 'forgedToken' })).status).toBe(403);
    await stillWaiting();
  });

  it('refuses a safe-mode push whose ciphertext was changed after signing', async () => {
    const other = (await import('../../fakes/wechat/phone')).wechatEncrypt(eventXml({ openid: 'oAttacker000000000000000000', event: 'SCAN', eventKey: ticket, createTime: 1 }));
    const pushed = await phone.scan(ticket, OPENID, { mode: 'safe', tamper: (body) => body.replace(/<Encrypt><!\[CDATA\[[^\]]+\]\]>/, `<Encrypt><![CDATA[${other}]]>`) });
    expect(pushed.status).toBe(403);
    await stillWaiting();
  });

  it.each([-301, 301])('refuses a push whose timestamp is %i seconds off', async (offset) => {
    expect((await phone.scan(ticket, OPENID, { timestamp: Math.floor(t.clock.now() / 1000) + offset })).status).toBe(403);
    await stillWaiting();
  });

  it('ignores a replay of a captured push, even with another body under the same signature', async () => {
    const nonce = '555666777';
    const first = await phone.scan(ticket, OPENID, { nonce });
    expect(first.replyText).toBe(Messages.wechatScanWelcome);
    const second = await newCode();
    const replay = await phone.scan(second.ticket, 'oAttacker000000000000000000', { nonce });
    expect([replay.status, replay.body]).toEqual([200, 'success']);
    expect(await poll(second.ticket)).toEqual({ status: 'waiting' });
  });

  it('logs in once when WeChat retries the same event (same user and CreateTime, new nonce)', async () => {
    const createTime = Math.floor(t.clock.now() / 1000);
    const first = await phone.scan(ticket, OPENID, { createTime, mode: 'safe' });
    const retry = await phone.scan(ticket, OPENID, { createTime, mode: 'safe' });
    expect(first.replyText).toBe(Messages.wechatScanWelcome);
    expect([retry.status, retry.body]).toEqual([200, 'success']);
    expect((await poll(ticket)).status).toBe('confirmed');
    expect(await poll(ticket)).toEqual({ status: 'expired' });
    expect(userRows()).toHaveLength(1);
  });

  it.each([
    ['a DOCTYPE with an entity (XXE)', `<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY x SYSTEM "file:///etc/passwd">]><xml><FromUserName>&x;</FromUserName></xml>`],
    ['an unknown entity', `<xml><ToUserName>&x;</ToUserName></xml>`],
    ['another root', `<root><a>1</a></root>`],
    ['an unclosed element', `<xml><MsgType><![CDATA[event]]></MsgType>`],
    ['not XML at all', `{"MsgType":"event"}`],
  ])('refuses %s', async (_what, body) => {
    const pushed = await phone.push(body, OPENID);
    expect(pushed.status).toBe(403);
    await stillWaiting();
  });

  it('refuses a body over 64 KB before reading it', async () => {
    const pushed = await phone.push(`<xml><Content><![CDATA[${'x'.repeat(70 * 1024)}]]></Content></xml>`, OPENID);
    expect(pushed.status).toBe(413);
  });

  it('answers success and logs nobody in for events other than a login code\u2019s scan', async () => {
    const createTime = Math.floor(t.clock.now() / 1000);
    const plainSubscribe = `<xml><ToUserName><![CDATA[gh_0a1b2c3d4e5f]]></ToUserName><FromUserName><![CDATA[${OPENID}]]></FromUserName><CreateTime>${createTime}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event><EventKey><![CDATA[]]></EventKey></xml>`;
    expect(await phone.push(plainSubscribe, OPENID)).toMatchObject({ status: 200, body: 'success' });
    const text = `<xml><ToUserName><![CDATA[gh_0a1b2c3d4e5f]]></ToUserName><FromUserName><![CDATA[${OPENID}]]></FromUserName><CreateTime>${createTime}</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[${ticket}]]></Content><MsgId>1234567890123456</MsgId></xml>`;
    expect(await phone.push(text, OPENID)).toMatchObject({ status: 200, body: 'success' });
    await stillWaiting();
  });
});

describe('access_token', () => {
  beforeEach(async () => {
    await start();
  });

  it('is fetched once for 20 logins at once, and kept', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => newCode()));
    expect(new Set(answers.map((a) => a.ticket)).size).toBe(20);
    expect(fake.stableTokenCalls).toBe(1);
    await newCode();
    expect(fake.stableTokenCalls).toBe(1);
  });

  it('is fetched again shortly before expires_in runs out', async () => {
    await newCode();
    t.clock.advanceSeconds(7200 - 400);
    await newCode();
    expect(fake.stableTokenCalls).toBe(1);
    t.clock.advanceSeconds(200);
    await newCode();
    expect(fake.stableTokenCalls).toBe(2);
  });

  it.each([
    ['40001 (invalid)', () => fake.invalidateTokens()],
    ['42001 (expired)', () => fake.expireTokens()],
  ])('is refreshed once and the call tried once more on %s', async (_what, spoil) => {
    await newCode();
    spoil();
    const creates = fake.calls.filter((p) => p === '/cgi-bin/qrcode/create').length;
    await newCode();
    expect(fake.stableTokenCalls).toBe(2);
    expect(fake.calls.filter((p) => p === '/cgi-bin/qrcode/create').length).toBe(creates + 2);
  });

  it('is refreshed only once when WeChat keeps refusing it, and the user reads that WeChat login is unavailable', async () => {
    await newCode();
    fake.refusePath.set('/cgi-bin/qrcode/create', 40014);
    const answer = await post(t, '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080' });
    expect(answer).toMatchObject({ code: AnswerCode.unavailable, msg: Messages.wechatUnavailable });
    // One refresh: normal mode answered the same token WeChat had just refused, so it was forced.
    expect(fake.stableTokenCalls).toBe(3);
    expect(fake.forcedRefreshes).toBe(1);
    expect(fake.calls.filter((p) => p === '/cgi-bin/qrcode/create')).toHaveLength(3);
  });
});

describe('when WeChat is down or refuses', () => {
  beforeEach(async () => {
    await start();
  });

  it.each([
    ['refuses with an errcode', async () => void (fake.refuseWith = -1)],
    ['cannot be reached', async () => fake.close()],
  ])('answers a Chinese message when WeChat %s, leaves no ticket, and phone login still works', async (_what, breakIt) => {
    await breakIt();
    const answer = await post(t, '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080' });
    expect(answer).toMatchObject({ code: AnswerCode.unavailable, msg: Messages.wechatUnavailable, data: null });
    expect(ticketRows()).toBe(0);
    // The operator's log names the cause, and holds no secret.
    const logged = t.logs.join('\n');
    expect(logged).toContain('WeChat login QR code not created');
    expect(logged).not.toContain('0123456789abcdef0123456789abcdef');
    const login = await registerAndLogin(t, '13800138001');
    expect(login.token).toBeTruthy();
    if (fake.refuseWith === null) fake = await startFakeWechat();
  });
});

describe('when WeChat hangs', () => {
  beforeEach(async () => {
    await start();
  });

  it('asks it for a token once for many logins at once, and tells each of them WeChat login is unavailable', async () => {
    fake.slowPath.set('/cgi-bin/stable_token', 6_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(t, '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080' })));
    expect(answers.map((answer) => [answer.code, answer.msg])).toEqual(Array(5).fill([AnswerCode.unavailable, Messages.wechatUnavailable]));
    // Counted as it arrived: the fake answers (too late) only after the server gave up.
    expect(fake.calls.filter((p) => p === '/cgi-bin/stable_token')).toHaveLength(1);
    expect(ticketRows()).toBe(0);
  });
});

describe('微信一键登录 (web authorization in WeChat\u2019s browser)', () => {
  beforeEach(async () => {
    await start();
  });

  const cookieOf = (response: LightMyRequestResponse, name: string): string => {
    const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));
    if (!header) throw new Error(`No ${name} cookie`);
    return header.split(';')[0];
  };

  /** Our authorize route -> the fake's authorize page -> the way back; answers the way back's query and the state cookie. */
  async function authorize(redirect = '/logo?x=1'): Promise<{ back: URL; stateCookie: string }> {
    const started = await t.app.inject({ method: 'GET', url: `/api/wxAuth/wechat/authorize?redirect=${encodeURIComponent(redirect)}` });
    expect(started.statusCode).toBe(302);
    const location = new URL(String(started.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.url}/connect/oauth2/authorize`);
    expect(location.hash).toBe('#wechat_redirect');
    expect([...location.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(location.searchParams.get('scope')).toBe('snsapi_base');
    expect(location.searchParams.get('redirect_uri')).toMatch(/\/api\/wxAuth\/wechat\/authorized$/);
    const wechat = await fetch(location.toString().replace(/#.*$/, ''), { redirect: 'manual' });
    expect(wechat.status).toBe(302);
    return { back: new URL(String(wechat.headers.get('location'))), stateCookie: cookieOf(started, 'wx_oauth_state') };
  }

  const comeBack = (back: URL, cookie?: string) => t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: cookie ? { cookie } : {} });
  const session = (cookie?: string) => t.app.inject({ method: 'POST', url: '/api/wxAuth/wechat/session', headers: cookie ? { cookie } : {} });

  it('logs in as the same account as a scan, and goes back to the page it came from', async () => {
    const code = await newCode();
    await phone.scan(code.ticket, fake.oauthUser);
    const scanned = await poll(code.ticket);

    const { back, stateCookie } = await authorize('/logo?x=1');
    const returned = await comeBack(back, stateCookie);
    expect(returned.statusCode).toBe(302);
    expect(returned.headers.location).toBe(`/user/auth/login?${new URLSearchParams({ wxLogin: '1', redirect: '/logo?x=1' }).toString()}`);
    const loginCookie = cookieOf(returned, 'wx_oauth_login');
    expect(String(returned.headers['set-cookie'])).toMatch(/HttpOnly/);

    const answer = await session(loginCookie);
    const login = answer.json<{ code: number; data: LoginAnswer }>();
    expect(login.code).toBe(200);
    expect(login.data.userInfo).toMatchObject({ id: scanned.userInfo?.id, openid: fake.oauthUser });
    expect((await get(t, '/user/info', bearer(login.data.token))).code).toBe(200);
    // Once: the same cookie again logs nobody in.
    expect((await session(loginCookie)).json()).toMatchObject({ code: AnswerCode.invalid, msg: Messages.wechatOauthInvalid });
  });

  it('refuses a way back without the state cookie, with another browser\u2019s state, or with a forged cookie', async () => {
    const { back, stateCookie } = await authorize();
    expect((await comeBack(back)).statusCode).toBe(403);
    const other = await authorize();
    const crossed = await comeBack(back, other.stateCookie);
    expect(crossed.statusCode).toBe(403);
    expect(crossed.body).toContain(Messages.wechatOauthInvalid);
    expect((await comeBack(back, `wx_oauth_state=${back.searchParams.get('state')}|/`)).statusCode).toBe(403);
    const noState = new URL(back);
    noState.searchParams.delete('state');
    expect((await comeBack(noState, stateCookie)).statusCode).toBe(403);
    expect(userRows()).toHaveLength(0);
  });

  it.each(['//evil.example/steal', '/\\evil.example', 'https://evil.example/'])('never sends the way back to another site (%s): the SPA\u2019s default instead', async (redirect) => {
    const { back, stateCookie } = await authorize(redirect);
    const returned = await comeBack(back, stateCookie);
    expect(returned.headers.location).toBe('/user/auth/login?wxLogin=1');
  });

  it('says WeChat login is unavailable when the code exchange fails, and logs nobody in', async () => {
    const { back, stateCookie } = await authorize();
    fake.refusePath.set('/sns/oauth2/access_token', 40029);
    const returned = await comeBack(back, stateCookie);
    expect(returned.statusCode).toBe(503);
    expect(returned.body).toContain(Messages.wechatUnavailable);
    expect(returned.headers['set-cookie']).not.toEqual(expect.stringContaining('wx_oauth_login='));
    expect(userRows()).toHaveLength(0);
  });

  it('gives another logged-in user nothing from the session call: only the cookie of the browser that authorized counts', async () => {
    const other = await registerAndLogin(t, '13800138002');
    const answer = await t.app.inject({ method: 'POST', url: '/api/wxAuth/wechat/session', headers: bearer(other.token) });
    expect(answer.json()).toMatchObject({ code: AnswerCode.invalid, msg: Messages.wechatOauthInvalid });
  });

  it.each(['redirect=' + 'a'.repeat(600), 'redirect=%00%0d%0aSet-Cookie:x=1'])('stays safe with a hostile start (%s)', async (query) => {
    const started = await t.app.inject({ method: 'GET', url: `/api/wxAuth/wechat/authorize?${query}` });
    expect(String(started.headers.location ?? '')).not.toMatch(/[\r\n]/);
    expect(String(started.headers['set-cookie'] ?? '')).not.toMatch(/x=1;/);
  });

  it('gives a session call without the login cookie, or with a forged one, nothing', async () => {
    expect((await session()).json()).toMatchObject({ code: AnswerCode.invalid, msg: Messages.wechatOauthInvalid });
    const code = await newCode();
    expect((await session(`wx_oauth_login=${code.ticket}`)).json()).toMatchObject({ code: AnswerCode.invalid });
  });

  it('puts the setting in the page: the SPA offers 微信一键登录', async () => {
    await t.close();
    await start({ CLIENT_DIR: builtClient() });
    const page = await t.app.inject({ method: 'GET', url: '/user/auth/login' });
    expect(page.body).toContain('<meta name="wechat-web-login" content="1"></head>');
  });
});

describe('with nothing set', () => {
  it('keeps the local provider: its scan page, no WeChat routes, no 微信一键登录', async () => {
    t = await buildTestApp();
    const code = (await post<QrcodeAnswer>(t, '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080' })).data;
    expect(code.scanUrl).toBe(`http://localhost:8080/api/wxAuth/scan?ticket=${code.ticket}`);
    for (const url of ['/api/wxAuth/wechat/callback?timestamp=1&nonce=1', '/api/wxAuth/wechat/authorize']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    await t.close();
    t = await buildTestApp({ env: { CLIENT_DIR: builtClient() } });
    const page = await t.app.inject({ method: 'GET', url: '/user/auth/login' });
    expect(page.body).toContain('<meta name="redux-devtools" content="0"></head>');
    expect(page.body).not.toContain('wechat-web-login');
  });
});
