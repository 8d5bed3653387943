import Database from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { ApiEnvelope } from '../../src/contract/envelope';
import type { LoginAnswer, SmsPurpose } from '../../src/contract/auth';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { loadConfig, type Env } from '../../src/server/config';
import { DATABASE_FILE } from '../../src/server/db/database';
import { SiteRenderThread } from '../../src/server/modules/miniSite/siteRenderThread';

export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';
/** 2026-01-01T00:00:00Z: a fixed start so that windows and expiries are reproducible. */
export const START_TIME = Date.UTC(2026, 0, 1);

export interface TestClock {
  now: () => number;
  advance: (ms: number) => void;
  advanceSeconds: (s: number) => void;
}

export function createClock(start = START_TIME): TestClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    advanceSeconds: (s) => {
      current += s * 1000;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  clock: TestClock;
  /** Every line the server logged (JSON, pino format). */
  logs: string[];
  /** A second, read-only connection: what browser tests do with `${DATA_DIR}/app.db`. */
  readDb: () => Database.Database;
  close: () => Promise<void>;
}

export interface TestAppOptions extends Omit<BuildOptions, 'now' | 'logger'> {
  env?: Env;
  /** Reopen an existing data folder (a restart); a fresh temp folder otherwise. */
  dataDir?: string;
  clock?: TestClock;
  /** Leave the folder in place on close, for a restart. */
  keepDataDir?: boolean;
  /** Adds to the built app before it starts (a test's own routes). */
  beforeReady?: (app: FastifyInstance) => PromiseLike<unknown> | void;
}

/**
 * One site render thread for every app a test file builds, as a server keeps one for its life: a new
 * thread spends ~4 s loading the renderers before its first site (0.9 s after), which each test
 * that makes a site would pay again. Ended after the file's last test.
 */
let siteRenderThread: SiteRenderThread | null = null;
function sharedSiteRenderThread(): SiteRenderThread {
  // Its own log, to the test run's output: it outlives the app that first used it, whose log lines
  // a later test would never read.
  siteRenderThread ??= new SiteRenderThread({ error: (details: unknown, message?: string) => console.error(message, details) });
  return siteRenderThread;
}
// Scripts outside jest (the benches) import these helpers too.
if (typeof afterAll === 'function') {
  afterAll(async () => {
    await siteRenderThread?.close();
    siteRenderThread = null;
  });
}

/** The app on a fresh temp data folder, mode 'test', a fixed secret and a clock the test moves. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env, dataDir: reopened, clock: givenClock, keepDataDir = false, beforeReady, ...buildOptions } = options;
  const dataDir = reopened ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-server-test-'));
  const clock = givenClock ?? createClock();
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    JWT_SECRET: TEST_SECRET,
    CLIENT_DIR: path.join(dataDir, 'no-client-build'),
    // Off whatever the mode a test picks: a test run's event loop is busy by design, and a 503 for
    // being busy would fail an unrelated test. A test of the overload answer sets its own.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_MAX_HEAP_MB: '0',
    ...env,
  });
  const app = await buildApp(config, {
    ...buildOptions,
    miniSite: buildOptions.miniSite ?? { render: (input, outDir) => sharedSiteRenderThread().render(input, outDir) },
    builder: buildOptions.builder ?? { render: (input, outDir) => sharedSiteRenderThread().renderBuilt(input, outDir) },
    now: clock.now,
    logger: { level: 'info', stream },
  });
  try {
    await beforeReady?.(app);
    await app.ready();
  } catch (error) {
    // An app that refuses to start has still opened its database and files.
    await app.close();
    if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  let reader: Database.Database | null = null;
  return {
    app,
    dataDir,
    clock,
    logs,
    readDb: () => {
      reader ??= new Database(path.join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
      return reader;
    },
    close: async () => {
      reader?.close();
      await app.close();
      if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function envelopeOf<T = unknown>(response: LightMyRequestResponse): ApiEnvelope<T> {
  return response.json<ApiEnvelope<T>>();
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** POST with a JSON body; answers the envelope and the HTTP status. */
export async function post<T = unknown>(t: TestApp, url: string, body: object = {}, headers: Record<string, string> = {}): Promise<ApiEnvelope<T> & { status: number }> {
  const response = await t.app.inject({ method: 'POST', url, payload: body, headers });
  return { ...envelopeOf<T>(response), status: response.statusCode };
}

export async function get<T = unknown>(t: TestApp, url: string, headers: Record<string, string> = {}): Promise<ApiEnvelope<T> & { status: number }> {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { ...envelopeOf<T>(response), status: response.statusCode };
}

/** The text of a captcha, read from the database as a browser test would (captchas.answer). */
export function captchaText(t: TestApp, captchaId: string): string {
  const row = t.readDb().prepare('SELECT answer FROM captchas WHERE id = ?').get(captchaId) as { answer: string } | undefined;
  if (!row) throw new Error(`No captcha ${captchaId}`);
  return row.answer;
}

/** The newest SMS code sent to a phone, from the sms_outbox table. */
export function lastSmsCode(t: TestApp, phone: string, purpose?: SmsPurpose): string {
  const row = (
    purpose
      ? t.readDb().prepare('SELECT code FROM sms_outbox WHERE phone = ? AND purpose = ? ORDER BY id DESC LIMIT 1').get(phone, purpose)
      : t.readDb().prepare('SELECT code FROM sms_outbox WHERE phone = ? ORDER BY id DESC LIMIT 1').get(phone)
  ) as { code: string } | undefined;
  if (!row) throw new Error(`No SMS sent to ${phone}`);
  return row.code;
}

export function outboxCount(t: TestApp): number {
  return (t.readDb().prepare('SELECT COUNT(*) AS n FROM sms_outbox').get() as { n: number }).n;
}

/** Gets a captcha and passes it; answers the passed captchaId. */
export async function passedCaptcha(t: TestApp): Promise<string> {
  const { data } = await get<{ captchaId: string }>(t, '/api/auth/getCaptcha');
  const verified = await post(t, '/api/auth/verifyCaptcha', { captchaId: data.captchaId, code: captchaText(t, data.captchaId) });
  if (verified.code !== 200) throw new Error(`Captcha not passed: ${verified.msg}`);
  return data.captchaId;
}

/** Sends an SMS code (passing a captcha first) and answers the code from the outbox. */
export async function sendSms(t: TestApp, phone: string, purpose: SmsPurpose, headers: Record<string, string> = {}): Promise<string> {
  const captchaId = await passedCaptcha(t);
  const sent = await post(t, '/api/Auth/sendSmsCode', { iphone: phone, captchaId, purpose }, headers);
  if (sent.code !== 200) throw new Error(`SMS not sent: ${sent.msg}`);
  return lastSmsCode(t, phone, purpose);
}

export async function register(t: TestApp, phone: string, password: string): Promise<void> {
  const verifyCode = await sendSms(t, phone, 'register');
  const answer = await post(t, '/api/auth/register', { mobile: phone, password, verifyCode });
  if (answer.code !== 200) throw new Error(`Register failed: ${answer.msg}`);
}

export async function login(t: TestApp, phone: string, password: string): Promise<LoginAnswer> {
  const answer = await post<LoginAnswer>(t, '/api/auth/login', { username: phone, password });
  if (answer.code !== 200) throw new Error(`Login failed: ${answer.msg}`);
  return answer.data;
}

/** Registers and logs in: answers the token and user info. */
export async function registerAndLogin(t: TestApp, phone = '13800138000', password = 'Secret#2026'): Promise<LoginAnswer> {
  await register(t, phone, password);
  return login(t, phone, password);
}
