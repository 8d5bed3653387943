import crypto from 'node:crypto';
import { AnswerCode } from '../../../src/contract/envelope';
import { Security } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';
import { RECENT_USER_MS } from '../../../src/server/modules/auth/recentUsers';
import { BANNER_STATUS_PATH } from '../../../src/server/modules/builder/banner';
import { TEST_SECRET, bearer, buildTestApp, get, login, post, registerAndLogin, type TestApp } from '../helpers';

const PHONE = '13800138000';
const PASSWORD = 'Secret#2026';
const UNAUTHORIZED = { code: 401, msg: Messages.loginExpired, data: null, status: 401 };

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await buildTestApp();
  ({ token } = await registerAndLogin(t, PHONE, PASSWORD));
});

afterEach(async () => {
  await t.close();
});

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const hs256 = (input: string, secret = TEST_SECRET): string => crypto.createHmac('sha256', secret).update(input).digest('base64url');

describe('GET /user/info', () => {
  it('answers the user of a valid token', async () => {
    expect(await get(t, '/user/info', bearer(token))).toEqual({ code: 200, msg: 'success', data: { id: 1, name: '用户8000', mobile: PHONE, openid: '' }, status: 200 });
  });

  it('answers HTTP 401 without a token, or with a malformed one', async () => {
    expect(await get(t, '/user/info')).toEqual(UNAUTHORIZED);
    expect(await get(t, '/user/info', { authorization: token })).toEqual(UNAUTHORIZED);
    expect(await get(t, '/user/info', { authorization: 'Bearer ' })).toEqual(UNAUTHORIZED);
    expect(await get(t, '/user/info', bearer('not.a.token'))).toEqual(UNAUTHORIZED);
  });

  it('answers HTTP 401 for a tampered token', async () => {
    const [header, , signature] = token.split('.');
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${b64({ ...payload, sub: '2' })}.${signature}`;
    expect(await get(t, '/user/info', bearer(tampered))).toEqual(UNAUTHORIZED);
    const flipped = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await get(t, '/user/info', bearer(flipped))).toEqual(UNAUTHORIZED);
  });

  it('answers HTTP 401 for an alg none token and for one signed with another secret', async () => {
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    expect(await get(t, '/user/info', bearer(none))).toEqual(UNAUTHORIZED);
    const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
    expect(await get(t, '/user/info', bearer(`${body}.${hs256(body, 'some-other-secret-some-other-secret-01')}`))).toEqual(UNAUTHORIZED);
    // The same claims signed with the server's secret do pass: the refusals above are about alg and key.
    expect((await get(t, '/user/info', bearer(`${body}.${hs256(body)}`))).code).toBe(200);
  });

  it('answers HTTP 401 once the token expires', async () => {
    t.clock.advanceSeconds(Security.tokenLifetimeSeconds - 1);
    expect((await get(t, '/user/info', bearer(token))).code).toBe(200);
    t.clock.advanceSeconds(1);
    expect(await get(t, '/user/info', bearer(token))).toEqual(UNAUTHORIZED);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes every token of the user at once', async () => {
    const second = (await login(t, PHONE, PASSWORD)).token;
    expect(await post(t, '/api/auth/logout', {}, bearer(token))).toEqual({ code: 200, msg: Messages.logoutSucceeded, data: null, status: 200 });
    expect(await get(t, '/user/info', bearer(token))).toEqual(UNAUTHORIZED);
    expect(await get(t, '/user/info', bearer(second))).toEqual(UNAUTHORIZED);
    expect(await post(t, '/api/auth/logout', {}, bearer(token))).toEqual(UNAUTHORIZED);
    const fresh = (await login(t, PHONE, PASSWORD)).token;
    expect((await get(t, '/user/info', bearer(fresh))).code).toBe(200);
  });

  it('needs a token', async () => {
    expect(await post(t, '/api/auth/logout')).toEqual(UNAUTHORIZED);
  });
});

describe('POST /api/auth/updateUserInfo', () => {
  it('renames the user and answers the new user info', async () => {
    const answer = await post(t, '/api/auth/updateUserInfo', { name: '  小明工作室 ', mobile: PHONE, token }, bearer(token));
    expect(answer).toEqual({ code: 200, msg: Messages.updateUserSucceeded, data: { id: 1, name: '小明工作室', mobile: PHONE, openid: '' }, status: 200 });
    expect((await get(t, '/user/info', bearer(token))).data).toMatchObject({ name: '小明工作室' });
  });

  it('counts characters, not UTF-16 units: 12 emoji fit, 13 characters do not', async () => {
    expect((await post(t, '/api/auth/updateUserInfo', { name: '🎮'.repeat(12) }, bearer(token))).code).toBe(200);
    expect(await post(t, '/api/auth/updateUserInfo', { name: '一二三四五六七八九十一二三' }, bearer(token))).toMatchObject({ code: AnswerCode.invalid, msg: Messages.userNameTooLong });
  });

  it('refuses an empty name', async () => {
    expect(await post(t, '/api/auth/updateUserInfo', { name: '   ' }, bearer(token))).toMatchObject({ code: AnswerCode.invalid, msg: Messages.userNameRequired });
    expect(await post(t, '/api/auth/updateUserInfo', {}, bearer(token))).toMatchObject({ code: AnswerCode.invalid, msg: Messages.userNameRequired });
  });

  it('needs a token in the header (a token in the body does not count)', async () => {
    expect(await post(t, '/api/auth/updateUserInfo', { name: '新名字', token })).toEqual(UNAUTHORIZED);
  });
});

describe('the job polls, which may see an account as read up to a second ago', () => {
  const poll = (bearerToken: string) => post(t, '/index/common/logoPolling', { uniqueId: 'f'.repeat(32) }, bearer(bearerToken));

  it('let a logged-out or stopped account poll for at most RECENT_USER_MS, while every other route refuses it at once', async () => {
    expect((await poll(token)).status).toBe(200);
    await post(t, '/api/auth/logout', {}, bearer(token));
    expect(await get(t, '/user/info', bearer(token))).toEqual(UNAUTHORIZED);
    expect((await poll(token)).status).toBe(200);
    t.clock.advance(RECENT_USER_MS);
    expect(await poll(token)).toEqual(UNAUTHORIZED);

    const again = (await login(t, PHONE, PASSWORD)).token;
    expect((await poll(again)).status).toBe(200);
    const { id } = (await get<{ id: number }>(t, '/user/info', bearer(again))).data;
    await t.app.users.disable(id, '违规');
    t.clock.advance(RECENT_USER_MS);
    expect(await poll(again)).toEqual(UNAUTHORIZED);
    expect(await get(t, `${BANNER_STATUS_PATH}?taskId=x`, bearer(again))).toMatchObject({ status: 401 });
  });

  it('never let a token without a valid signature in, read recently or not', async () => {
    expect((await poll(token)).status).toBe(200);
    expect(await poll(`${token.slice(0, -2)}xx`)).toEqual(UNAUTHORIZED);
  });
});
