/**
 * Attack 8, "looser than it looks": JSON routes that also took form-encoded bodies, static routes
 * that followed symbolic links out of their folders, HSTS sent over plain HTTP, and password rules
 * that let `aaaaaaa`, six spaces, NUL characters and the account's own phone number through.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AnswerCode } from '../../src/contract/envelope';
import { Messages } from '../../src/contract/messages';
import { checkNewPassword } from '../../src/contract/validation';
import { buildTestApp, post, sendSms, type TestApp } from '../server/helpers';

const PHONE = '13800138000';

let t: TestApp;
const outside: string[] = [];

afterEach(async () => {
  await t?.close();
  for (const dir of outside.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const userCount = (): number => (t.readDb().prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;

describe('bodies of another type than the route takes', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  it.each([
    ['application/x-www-form-urlencoded', new URLSearchParams({ username: PHONE, password: 'whatever1' }).toString()],
    ['text/plain', JSON.stringify({ username: PHONE, password: 'whatever1' })],
    ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="username"\r\n\r\n${PHONE}\r\n--x--\r\n`],
  ])('a JSON route refuses %s with HTTP 415 and a Chinese message', async (type, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': type } });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: AnswerCode.invalid, msg: Messages.unsupportedBodyType, data: null });
    const events = t.readDb().prepare("SELECT COUNT(*) AS n FROM rate_events WHERE scope LIKE 'login%'").get() as { n: number };
    expect(events.n).toBe(0);
  });

  it('registration sent as a form creates no account', async () => {
    const verifyCode = await sendSms(t, PHONE, 'register');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: new URLSearchParams({ mobile: PHONE, password: 'Secret#2026', verifyCode }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(userCount()).toBe(0);
  });

  it('the QR scan page, an HTML form, still posts its form', async () => {
    const { data } = await post<{ ticket: string }>(t, '/api/wxAuth/getWechatQrcode', { host: 'localhost' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/wxAuth/scan/confirm',
      payload: new URLSearchParams({ ticket: data.ticket, action: 'cancel' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(Messages.qrScanCancelled);
  });
});

describe('static folders and symbolic links', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  function secretOutside(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-outside-'));
    outside.push(dir);
    const file = path.join(dir, 'secret.txt');
    fs.writeFileSync(file, 'the server secret');
    return file;
  }

  it.each([
    ['uploads', '/uploads/'],
    ['sites', '/sites/'],
    ['generated', '/generated/'],
  ])('a link in %s to a file outside is not served', async (folder, prefix) => {
    const target = secretOutside();
    fs.mkdirSync(path.join(t.dataDir, folder), { recursive: true });
    fs.symlinkSync(target, path.join(t.dataDir, folder, 'link.txt'));
    const response = await t.app.inject({ method: 'GET', url: `${prefix}link.txt` });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('the server secret');
  });

  it('a linked folder in sites is not served either', async () => {
    const target = path.dirname(secretOutside());
    fs.symlinkSync(target, path.join(t.dataDir, 'sites', '0123456789abcdef0123456789abcdef'));
    const response = await t.app.inject({ method: 'GET', url: '/sites/0123456789abcdef0123456789abcdef/secret.txt' });
    expect(response.statusCode).toBe(404);
  });

  it('a real file beside it is still served', async () => {
    fs.writeFileSync(path.join(t.dataDir, 'uploads', '0123456789abcdef0123456789abcdef.png'), 'png bytes');
    const response = await t.app.inject({ method: 'GET', url: '/uploads/0123456789abcdef0123456789abcdef.png' });
    expect(response.statusCode).toBe(200);
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/index/index/getSiteConfig', headers })).headers['strict-transport-security'];

  it('is never sent over plain HTTP, and a forged X-Forwarded-Proto is not believed without a proxy', async () => {
    t = await buildTestApp();
    expect(await hsts({})).toBeUndefined();
    expect(await hsts({ 'x-forwarded-proto': 'https' })).toBeUndefined();
  });

  it('is sent over HTTPS as a configured proxy reports it', async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    expect(await hsts({ 'x-forwarded-proto': 'https' })).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(await hsts({ 'x-forwarded-proto': 'http' })).toBeUndefined();
  });
});

describe('password rules', () => {
  it.each([
    ['aaaaaaa', Messages.passwordAllSame],
    ['888888888', Messages.passwordAllSame],
    ['      ', Messages.passwordBlank],
    [' \t    ', Messages.passwordBlank],
    ['abc\u0000defg', Messages.passwordControlCharacters],
    ['abcdef\u0007', Messages.passwordControlCharacters],
    [PHONE, Messages.passwordIsPhone],
    [`${PHONE}`.split('').reverse().join(''), null],
    ['Secret#2026', null],
    ['星辰战纪123', null],
  ])('a new password %j: %s', (password, message) => {
    expect(checkNewPassword(password, PHONE)).toBe(message);
  });

  it.each([
    ['aaaaaaa', Messages.passwordAllSame],
    ['      ', Messages.passwordBlank],
    ['abc\u0000defg', Messages.passwordControlCharacters],
    [PHONE, Messages.passwordIsPhone],
  ])('registration and the password reset refuse %j and write nothing', async (password, message) => {
    t = await buildTestApp();
    const verifyCode = await sendSms(t, PHONE, 'register');
    expect(await post(t, '/api/auth/register', { mobile: PHONE, password, verifyCode })).toMatchObject({ code: AnswerCode.invalid, msg: message });
    expect(userCount()).toBe(0);
    expect(await post(t, '/api/auth/register', { mobile: PHONE, password: 'Secret#2026', verifyCode })).toMatchObject({ code: 200 });
    t.clock.advanceSeconds(61);
    const resetCode = await sendSms(t, PHONE, 'resetPassword');
    expect(await post(t, '/api/auth/editPassword', { mobile: PHONE, password, verifyCode: resetCode })).toMatchObject({ code: AnswerCode.invalid, msg: message });
  });
});
