/**
 * The whole server with DATABASE_URL on PostgreSQL (a schema of its own): an account made with a
 * captcha and an SMS code, a logo generated and listed among the user's works, and a QR login
 * whose token goes to exactly one of the polls that ask at once.
 */
import { sql } from 'kysely';
import type { LoginAnswer, QrLoginInfoAnswer, QrcodeAnswer } from '../../../src/contract/auth';
import { DEFAULT_LOGO_TEXTS } from '../../../src/contract/generation';
import type { WorkListAnswer } from '../../../src/contract/works';
import { connectPostgres, type DatabaseConnection } from '../../../src/server/db/connection';
import { bearer, buildTestApp, get, post, type TestApp } from '../helpers';
import { FakeRunner } from '../queue/kit';
import { generate } from '../modules/miniSiteKit';
import { postgresUrl, testDatabases } from './testDatabases';

const postgres = testDatabases().find((database) => database.name === 'postgres');

(postgres?.available ? describe : describe.skip)('the server on PostgreSQL', () => {
  let t: TestApp;
  let db: DatabaseConnection;
  const schema = `t_app_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    const url = postgresUrl() ?? '';
    db = await connectPostgres(url, { schema, poolSize: 2 });
    // The server's own connection finds the schema through the URL, as an operator's would.
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    t = await buildTestApp({ env: { DATABASE_URL: withSchema.toString() }, generation: { runner: new FakeRunner('auto') } });
  });

  afterAll(async () => {
    await t.close();
    await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db.sql);
    await db.close();
  });

  const passedCaptcha = async (): Promise<string> => {
    const { data } = await get<{ captchaId: string }>(t, '/api/auth/getCaptcha');
    const { answer } = await db.sql.selectFrom('captchas').select('answer').where('id', '=', data.captchaId).executeTakeFirstOrThrow();
    expect(await post(t, '/api/auth/verifyCaptcha', { captchaId: data.captchaId, code: answer })).toMatchObject({ code: 200 });
    return data.captchaId;
  };

  it('registers, logs in, generates a logo and lists it, all in PostgreSQL', async () => {
    const captchaId = await passedCaptcha();
    expect(await post(t, '/api/Auth/sendSmsCode', { iphone: '13800138000', captchaId, purpose: 'register' })).toMatchObject({ code: 200 });
    const { code } = await db.sql.selectFrom('sms_outbox').select('code').where('phone', '=', '13800138000').executeTakeFirstOrThrow();
    expect(await post(t, '/api/auth/register', { mobile: '13800138000', password: 'Secret#2026', verifyCode: code })).toMatchObject({ code: 200 });
    const login = await post<LoginAnswer>(t, '/api/auth/login', { username: '13800138000', password: 'Secret#2026' });
    expect(login.code).toBe(200);
    const headers = bearer(login.data.token);

    await generate(t, headers, { ...DEFAULT_LOGO_TEXTS, logotext: '星辰战纪', logobg: 3, module: 'tl' });
    const works = await get<WorkListAnswer>(t, '/api/works/getWorkList', headers);
    expect(works.data).toMatchObject({ total: 1, list: [expect.objectContaining({ title: '星辰战纪', type: 'logo' })] });
    const row = await db.sql.selectFrom('render_jobs').select(['status', 'kind']).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', kind: 'tl' });

    expect(await post(t, '/api/auth/logout', {}, headers)).toMatchObject({ code: 200 });
    expect((await get(t, '/api/works/getWorkList', headers)).status).toBe(401);
  });

  it('gives a confirmed QR login to exactly one of the polls that ask at once', async () => {
    const { data } = await post<QrcodeAnswer>(t, '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080' });
    const scanned = await t.app.inject({ method: 'GET', url: `/api/wxAuth/scan?ticket=${encodeURIComponent(data.ticket)}` });
    expect(scanned.statusCode).toBe(200);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/wxAuth/scan/confirm',
      payload: new URLSearchParams({ ticket: data.ticket, action: 'confirm' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: String(scanned.headers['set-cookie']).split(';')[0] },
    });
    expect(confirmed.statusCode).toBe(200);
    const polls = await Promise.all([1, 2, 3, 4, 5].map(() => get<QrLoginInfoAnswer>(t, `/api/wxAuth/wxLoginInfo?qrcode=${encodeURIComponent(data.ticket)}`)));
    const statuses = polls.map((poll) => poll.data.status).sort();
    expect(statuses).toEqual(['confirmed', 'expired', 'expired', 'expired', 'expired']);
    const winner = polls.find((poll) => poll.data.status === 'confirmed');
    expect(winner?.data.token).toEqual(expect.any(String));
  });
});
