/**
 * `npm run bench:latency` (LATENCY_LOGOS=10, LATENCY_KINDS=tl,al,fsa,ab): a server started here
 * with the real renderers in their worker threads and an idle queue, called over real HTTP the way
 * the SPA calls it. Prints:
 * - for N transparent logos, the time from the create call to the result, and from the click
 *   (the online check, then the create) to the success message;
 * - for each kind, the seconds the server expected before the create (the progress bar's first
 *   figure: getLogoCreationDuration, or generateBanner's durationTime) beside the real time.
 * Figures only, read by people (DESIGN.md section 10): nothing here passes or fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nextPoll, type PollStep } from '../../src/client/features/jobs/pollSchedule';
import type { BannerStatusAnswer, BuilderSite, GenerateBannerAnswer } from '../../src/contract/builder';
import {
  DEFAULT_BANNER_TEXTS,
  DEFAULT_LOGO_TEXTS,
  type GenerationModule,
  type LogoCreateAnswer,
  type LogoCreationDurationAnswer,
  type LogoPollingAnswer,
} from '../../src/contract/generation';
import { buildApp } from '../../src/server/app';
import { systemClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { runMigrations } from '../../src/server/db/migrate';
import { TokenService } from '../../src/server/security/tokens';

type Row = [label: string, measured: string, budget: string];

/** The JWT secret the benchmarks' servers run with, so that seedUser's token is theirs. */
export const SECRET = 'bench-secret-that-is-long-enough-0123456789';
/** Characters that make each job's texts new, so that no answer comes from an earlier identical job. */
const FRESH = '甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥';

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number): string => (ms / 1000).toFixed(2);

/** A user in a fresh bench database, and a token of theirs for a server started with SECRET. */
export function seedUser(dataDir: string): Promise<string> {
  const db = openDatabase(dataDir);
  try {
    runMigrations(db);
    const at = Date.now();
    const userId = Number(db.prepare("INSERT INTO users (name, mobile, created_at, updated_at) VALUES ('bench', '13800000001', ?, ?)").run(at, at).lastInsertRowid);
    return new TokenService(SECRET, systemClock).sign({ userId, version: 0 });
  } finally {
    db.close();
  }
}

/** The API over HTTP, as the SPA uses it. */
export interface Api {
  post<T>(route: string, body: unknown): Promise<T>;
  get<T>(route: string): Promise<T>;
}

/** Polls a created job as the SPA's generation saga does (nextPoll) until it is made. */
export async function followJob(api: Api, created: LogoCreateAnswer): Promise<LogoPollingAnswer | LogoCreateAnswer> {
  if (created.exist) return created;
  let remaining = created.expectedSeconds;
  let step: PollStep | null = null;
  for (;;) {
    step = nextPoll(remaining, step);
    await sleep(step.delayMs);
    const answer = await api.post<LogoPollingAnswer>('/index/common/logoPolling', { uniqueId: created.uniqueId });
    if (answer.isCreate) return answer;
    if (answer.expired) throw new Error(`the job failed: ${answer.errorMsg}`);
    remaining = answer.expectedSeconds;
  }
}

/**
 * A server on a new data folder with one user; `close` removes it all. With `env` and `token`, a
 * server on other backends (the distributed mode) whose user the caller made.
 */
export async function startServer(options: { env?: Record<string, string>; token?: string } = {}): Promise<{ api: Api; port: number; token: string; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bench-latency-'));
  const token = options.token ?? (await seedUser(dataDir));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', JWT_SECRET: SECRET, CATALOG_PRERENDER: '0', ...options.env });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const read = async <T>(response: Response): Promise<T> => {
    const envelope = (await response.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 200) throw new Error(`${response.url}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  };
  const api: Api = {
    post: async (route, body) => read(await fetch(`${base}${route}`, { method: 'POST', headers, body: JSON.stringify(body) })),
    get: async (route) => read(await fetch(`${base}${route}`, { headers: { authorization: headers.authorization } })),
  };
  return {
    api,
    port,
    token,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Measured {
  kind: string;
  style: string;
  expected: number;
  realMs: number;
}

/** One logo or banner: the expected seconds asked first (as the SPA does), then create to result. */
async function measureModule(api: Api, module: GenerationModule, logobg: number, banner: number, n: number): Promise<Measured> {
  const { logoCreationDuration } = await api.post<LogoCreationDurationAnswer>('/index/common/getLogoCreationDuration', { module, logobg, banner });
  const started = performance.now();
  const created = await api.post<LogoCreateAnswer>('/index/common/logoCreate', {
    ...DEFAULT_LOGO_TEXTS,
    ...DEFAULT_BANNER_TEXTS,
    logotext: `山海${FRESH[n % FRESH.length]}`,
    logobg,
    banner,
    module,
    isFirst: false,
  });
  await followJob(api, created);
  return { kind: module, style: module === 'fsa' ? `banner ${banner}` : `logo ${logobg}`, expected: logoCreationDuration, realMs: performance.now() - started };
}

/** One builder banner: generateBanner's durationTime, then the call to the finished banner (the builder saga's polls). */
async function measureBuilderBanner(api: Api, site: BuilderSite, n: number): Promise<Measured> {
  const started = performance.now();
  const answer = await api.post<GenerateBannerAnswer>('/api/createWeb/generateBanner', {
    id: site.id,
    isFirst: false,
    formData: { prompt: `${FRESH[n % FRESH.length]}色的群山与古城，黄昏`, logotext: `山海${FRESH[n % FRESH.length]}` },
  });
  let step: PollStep | null = answer.completed ? null : nextPoll(answer.durationTime, null);
  if (step) await sleep(step.delayMs);
  for (;;) {
    const status = await api.get<BannerStatusAnswer>(answer.callbackUrl);
    if (status.status === 1) break;
    step = nextPoll(answer.durationTime - (performance.now() - started) / 1000, step);
    await sleep(step.delayMs);
  }
  return { kind: 'ab', style: 'generative art', expected: answer.durationTime, realMs: performance.now() - started };
}

export async function benchLatency(): Promise<Row[]> {
  const logos = Number(process.env.LATENCY_LOGOS ?? 10);
  const kinds = new Set((process.env.LATENCY_KINDS ?? 'tl,al,fsa,ab').split(',').map((kind) => kind.trim()));
  const server = await startServer();
  const { api } = server;
  const rows: Row[] = [];
  try {
    // The server warms its render threads as it starts: a user comes a moment later.
    await sleep(5_000);

    if (kinds.has('tl')) {
      const createToResult: number[] = [];
      const clickToSuccess: number[] = [];
      const firstAnswers: string[] = [];
      const measured: Measured[] = [];
      for (let n = 0; n < logos; n += 1) {
        const logobg = 1 + ((n * 7) % 26);
        // What the SPA does on 生成LOGO: the online check, then the create (the duration call runs beside it).
        const clicked = performance.now();
        await api.post('/index/common/checkOnline', {});
        const result = await measureModule(api, 'tl', logobg, 0, n);
        clickToSuccess.push(performance.now() - clicked);
        createToResult.push(result.realMs);
        measured.push(result);
        firstAnswers.push(result.realMs < 1_000 ? 'exist' : 'polled');
      }
      const inOneCall = firstAnswers.filter((answer) => answer === 'exist').length;
      rows.push([
        `transparent logo, create -> result (${logos} logos, idle queue, HTTP)`,
        `${seconds(median(createToResult))} s median, ${seconds(Math.max(...createToResult))} s worst (${createToResult.map((ms) => seconds(ms)).join(', ')}); ${inOneCall} of ${logos} answered by the create call itself`,
        'the render (about 0.2 s) plus the HTTP call',
      ]);
      rows.push([
        'transparent logo, 生成LOGO -> success message (checkOnline + create)',
        `${seconds(median(clickToSuccess))} s median, ${seconds(Math.max(...clickToSuccess))} s worst`,
        '<= 0.5 s (issue: "Their game, not ours", 3); DESIGN.md 10: <= 3 s',
      ]);
      rows.push(...estimateRows('tl', measured));
    }
    if (kinds.has('al')) rows.push(...estimateRows('al', await sequentially([4, 8, 14], (logobg, n) => measureModule(api, 'al', logobg, 0, 100 + n))));
    if (kinds.has('fsa')) rows.push(...estimateRows('fsa', await sequentially([1, 9], (banner, n) => measureModule(api, 'fsa', 1, banner, 200 + n))));
    if (kinds.has('ab')) {
      const site = await api.post<BuilderSite>('/api/createWeb/getWebUrl', { type: 'main', id: 0, selectedComponents: {} });
      rows.push(...estimateRows('ab', await sequentially([0, 1, 2], (_unused, n) => measureBuilderBanner(api, site, 300 + n))));
    }
  } finally {
    await server.close();
  }
  return rows;
}

async function sequentially<T>(items: number[], run: (item: number, index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (const [index, item] of items.entries()) results.push(await run(item, index));
  return results;
}

/** One row per job: what the bar was told beside what it took; the error as a share of the real time. */
function estimateRows(kind: string, measured: Measured[]): Row[] {
  const detail = measured.map(({ style, expected, realMs }) => `${style}: ${expected} s vs ${seconds(realMs)} s (${((expected * 1000) / realMs - 1 >= 0 ? '+' : '')}${(((expected * 1000) / realMs - 1) * 100).toFixed(0)} %)`);
  const worst = Math.max(...measured.map(({ expected, realMs }) => Math.abs((expected * 1000) / realMs - 1)));
  return [[`${kind}: expected before the create vs real create -> result`, `${detail.join('; ')}; worst ${(worst * 100).toFixed(0)} %`, 'within 30 % on an idle server']];
}

if (require.main === module) {
  benchLatency().then(
    (rows) => {
      for (const [label, measured, budget] of rows) console.info(`${label}\n  ${measured}\n  budget: ${budget}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
