/**
 * The whole server on SQLite and on PostgreSQL (TEST_DATABASE_URL), with a connection of the
 * test's own to its database, and the accounts the binding tests need: a WeChat-only account made
 * through the local QR provider (our scan page plays the phone), and a phone account registered
 * with an SMS code.
 */
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { LoginAnswer, QrcodeAnswer, QrLoginInfoAnswer, SmsCodePurpose } from '../../../src/contract/auth';
import { Security } from '../../../src/contract/limits';
import { connectPostgres, connectSqlite, type DialectName } from '../../../src/server/db/connection';
import type { Sql } from '../../../src/server/db/connection';
import { postgresUrl, testDatabases } from '../db/testDatabases';
import type { TestBackend } from '../describeEach';
import { buildTestApp, get, post, type TestApp } from '../helpers';

export interface Backend {
  t: TestApp;
  /** The test's own connection to the server's database. */
  db: Sql;
  close(): Promise<void>;
}

/** The server on SQLite with `env` (a real SMS provider's settings, say). */
export async function openSqlite(env: Record<string, string> = {}): Promise<Backend> {
  const t = await buildTestApp({ env });
  const connection = connectSqlite(t.dataDir);
  return {
    t,
    db: connection.sql,
    close: async () => {
      await connection.close();
      await t.close();
    },
  };
}

async function openPostgres(): Promise<Backend> {
  const url = postgresUrl() ?? '';
  const schema = `t_bind_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  // Connecting with a schema makes it; the server then finds it through the URL, as an operator's would.
  const connection = await connectPostgres(url, { schema, poolSize: 2 });
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  const t = await buildTestApp({ env: { DATABASE_URL: withSchema.toString() } });
  return {
    t,
    db: connection.sql,
    close: async () => {
      await t.close();
      await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(connection.sql);
      await connection.close();
    },
  };
}

/** Both engines, for describeEach: PostgreSQL only where TEST_DATABASE_URL is set (or required). */
export const BACKENDS: Array<TestBackend<Backend, DialectName>> = testDatabases().map((database) => ({
  name: database.name,
  available: database.available,
  open: database.name === 'sqlite' ? () => openSqlite() : openPostgres,
}));

export async function passedCaptcha(b: Backend): Promise<string> {
  const { data } = await get<{ captchaId: string }>(b.t, '/api/auth/getCaptcha');
  const { answer } = await b.db.selectFrom('captchas').select('answer').where('id', '=', data.captchaId).executeTakeFirstOrThrow();
  const verified = await post(b.t, '/api/auth/verifyCaptcha', { captchaId: data.captchaId, code: answer });
  if (verified.code !== 200) throw new Error(`Captcha not passed: ${verified.msg}`);
  return data.captchaId;
}

/** Sends a code to `phone` for `purpose` (a captcha passed first); answers the code from the outbox. */
export async function sendCode(b: Backend, phone: string, purpose: SmsCodePurpose): Promise<string> {
  // One code a minute per phone: the test's clock moves past it, as a user would wait.
  b.t.clock.advanceSeconds(Security.smsMinIntervalSeconds + 1);
  const captchaId = await passedCaptcha(b);
  const sent = await post(b.t, '/api/Auth/sendSmsCode', { iphone: phone, captchaId, purpose });
  if (sent.code !== 200) throw new Error(`SMS not sent: ${sent.msg}`);
  const row = await b.db.selectFrom('sms_outbox').select('code').where('phone', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return row.code;
}

/** A phone account with a password, logged in. */
export async function phoneAccount(b: Backend, phone: string, password = 'Secret#2026'): Promise<LoginAnswer> {
  const verifyCode = await sendCode(b, phone, 'register');
  const registered = await post(b.t, '/api/auth/register', { mobile: phone, password, verifyCode });
  if (registered.code !== 200) throw new Error(`Register failed: ${registered.msg}`);
  return passwordLogin(b, phone, password);
}

export async function passwordLogin(b: Backend, phone: string, password = 'Secret#2026'): Promise<LoginAnswer> {
  const answer = await post<LoginAnswer>(b.t, '/api/auth/login', { username: phone, password });
  if (answer.code !== 200) throw new Error(`Login failed: ${answer.msg}`);
  return answer.data;
}

function deviceCookie(response: LightMyRequestResponse): string {
  const match = /^(wx_device=[^;]+)/.exec(String(response.headers['set-cookie'] ?? ''));
  if (!match) throw new Error('No wx_device cookie');
  return match[1];
}

/** A QR login with the local provider; the same `device` cookie logs in to the same WeChat account. */
export async function wechatLogin(b: Backend, device?: string): Promise<LoginAnswer & { device: string }> {
  const { data: qr } = await post<QrcodeAnswer>(b.t, '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080' });
  const scanned = await b.t.app.inject({ method: 'GET', url: `/api/wxAuth/scan?ticket=${qr.ticket}`, headers: device ? { cookie: device } : {} });
  const cookie = device ?? deviceCookie(scanned);
  await b.t.app.inject({
    method: 'POST',
    url: '/api/wxAuth/scan/confirm',
    payload: new URLSearchParams({ ticket: qr.ticket, action: 'confirm' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  });
  const { data } = await get<QrLoginInfoAnswer>(b.t, `/api/wxAuth/wxLoginInfo?qrcode=${qr.ticket}`);
  if (data.status !== 'confirmed' || !data.token || !data.userInfo) throw new Error(`QR login not confirmed: ${data.status}`);
  return { token: data.token, userInfo: data.userInfo, device: cookie };
}

let rows = 0;

/**
 * What an account owns, written straight into the tables (rendering real sites would only slow the
 * test): a builder site and a mini site, each published, a work (its render job) and a visit log.
 */
export async function ownSomething(b: Backend, userId: number, label: string, sharedJob?: string): Promise<{ builderSite: number; miniSite: number; slugs: string[]; job: string }> {
  rows += 1;
  const at = b.t.clock.now();
  const builder = await b.db
    .insertInto('builder_sites')
    .values({ user_id: userId, web_name: '同名网站', selected: '{}', form_data: '{}', dir: `b-${label}-${rows}`, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const mini = await b.db.insertInto('mini_sites').values({ dir: `m-${label}-${rows}`, user_id: userId, template_id: 1, name: `小站${label}`, created_at: at }).returning('id').executeTakeFirstOrThrow();
  const slugs = [`${label}builder${rows}`.padEnd(32, '0'), `${label}mini${rows}`.padEnd(32, '0')];
  await b.db
    .insertInto('published_sites')
    .values([
      { slug: slugs[0], site_id: builder.id, mini_site_id: null, user_id: userId, created_at: at, updated_at: at },
      { slug: slugs[1], site_id: null, mini_site_id: mini.id, user_id: userId, created_at: at, updated_at: at },
    ])
    .execute();
  const job = sharedJob ?? `job-${label}-${rows}`;
  const exists = await b.db.selectFrom('render_jobs').select('id').where('id', '=', job).executeTakeFirst();
  if (!exists) {
    await b.db
      .insertInto('render_jobs')
      .values({ id: job, seq: 1000 + rows, kind: 'tl', input: '{}', status: 'done', user_id: userId, queued_at: at, touched_at: at, started_at: at, finished_at: at, lease_until: null, render_ms: 1, wait_ms: 0, ip: null })
      .execute();
  }
  await b.db.insertInto('user_works').values({ user_id: userId, job_id: job, title: `作品${label}`, created_at: at }).execute();
  await b.db.insertInto('operate_logs').values({ user_id: userId, path: '/', query: '', remark: label, ip: '127.0.0.1', screen_size: '', created_at: at }).execute();
  return { builderSite: builder.id, miniSite: mini.id, slugs, job };
}

/** How many rows of each owned table name `userId`. */
export async function ownedCounts(b: Backend, userId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['builder_sites', 'mini_sites', 'published_sites', 'user_works', 'render_jobs', 'operate_logs'] as const) {
    const row = await b.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
