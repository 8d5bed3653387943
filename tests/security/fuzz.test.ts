/**
 * A fuzz pass over every JSON route: random and hostile bodies (wrong types for each declared
 * field, huge strings, deep nesting, prototype keys, control characters, junk JSON), anonymous and
 * logged in. No answer may be a 500 or carry a stack trace or a path of the server, every refusal
 * is an envelope with a Chinese message, and a refused request writes nothing.
 */
import type { RouteOptions } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { RENDER_TIMEOUT_MS } from '../../src/server/queue/jobRules';
import { TEST_SECRET, buildTestApp, type TestApp } from '../server/helpers';
import { quickLogin } from '../server/queue/kit';
import { testToken } from '../server/testTokens';

jest.setTimeout(300_000);

interface JsonRoute {
  method: 'GET' | 'POST';
  url: string;
  /** The declared body or query properties and their JSON types. */
  fields: Record<string, string>;
}

/** Routes that do not speak JSON (multipart uploads, the scan page and its form) are tested elsewhere. */
const NOT_JSON = new Set(['/api/Upload/siteFileUpload', '/index/minisite/upload', '/api/wxAuth/scan', '/api/wxAuth/scan/confirm']);

let t: TestApp;
const routes: JsonRoute[] = [];
let userId: number;

/** A fresh token for the fuzzing user: a fuzzed logout or password change ends the older ones. */
function loggedIn(): Record<string, string> {
  const { token_version: version } = t.readDb().prepare('SELECT token_version FROM users WHERE id = ?').get(userId) as { token_version: number };
  return { authorization: `Bearer ${testToken(TEST_SECRET, userId, version, t.clock.now())}` };
}

function fieldsOf(schema: unknown): Record<string, string> {
  const properties = (schema as { properties?: Record<string, { type?: string | string[] }> } | undefined)?.properties ?? {};
  return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, String([property.type ?? 'any'].flat()[0])]));
}

beforeAll(async () => {
  t = await buildTestApp({
    // Queued renders never finish (nor time out, however long the pass) and site renders finish at
    // once, so no background write lands during a later refusal.
    generation: {
      runner: { run: (_spec, _outDir, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')))), close: async () => {} },
      queue: { timeoutsMs: Object.fromEntries(Object.keys(RENDER_TIMEOUT_MS).map((kind) => [kind, 3_600_000])) },
    },
    builder: { render: async (_input, outDir) => writeIndex(outDir) },
    miniSite: { render: async (_input, outDir) => writeIndex(outDir) },
    onRoute: (route: RouteOptions) => {
      const methods = [route.method].flat();
      const url = route.url ?? '';
      if (NOT_JSON.has(url) || url.includes('*') || !(url.startsWith('/api/') || url.startsWith('/index/') || url === '/user/info')) return;
      const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
      if (methods.includes('POST')) routes.push({ method: 'POST', url, fields: fieldsOf(schema?.body) });
      else if (methods.includes('GET')) routes.push({ method: 'GET', url, fields: fieldsOf(schema?.querystring) });
    },
  });
  // The one-off upgrade tasks an empty install runs at start write their progress in the background: done first.
  await t.app.upgrades.settled();
  userId = quickLogin(t).userId;
});

afterAll(async () => {
  await t.close();
});

function writeIndex(outDir: string): { files: string[] } {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>站点</title>');
  return { files: ['index.html'] };
}

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function deep(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
}

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  -0.5,
  '',
  ' ',
  'x'.repeat(200_000),
  '\u0000\u0001\u001f\u007f',
  '\ud800',
  '<script>alert(1)</script>',
  '"; DROP TABLE users; --',
  '../../../../etc/passwd',
  'javascript:alert(1)',
  '${7*7}{{7*7}}',
  [],
  ['a', 1, null],
  {},
  { nested: { deeper: [1, 2, 3] } },
  Array.from({ length: 10_000 }, (_, i) => i),
];

/** Bodies of every shape for one route: whole junk, and each field given each hostile value. */
function hostileBodies(route: JsonRoute, next: () => number): unknown[] {
  const bodies: unknown[] = [[], 'text', 42, null, true, deep(400), JSON.parse('{"__proto__": {"admin": true}}'), { constructor: { prototype: { admin: true } } }];
  const names = Object.keys(route.fields);
  for (const value of HOSTILE_VALUES) {
    const body: Record<string, unknown> = {};
    for (const name of names) body[name] = next() < 0.5 ? value : HOSTILE_VALUES[Math.floor(next() * HOSTILE_VALUES.length)];
    bodies.push(body);
  }
  for (const name of names) for (const value of HOSTILE_VALUES.slice(0, 12)) bodies.push({ [name]: value });
  return bodies;
}

/** What a refused request must not change: every table but the rate counters and the visit log, and every file a user made. */
function snapshot(): string {
  const db = t.readDb();
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('rate_events', 'operate_logs')").all() as { name: string }[]).map(
    (row) => row.name,
  );
  const counts = tables.map((table) => `${table}:${JSON.stringify(db.prepare(`SELECT * FROM "${table}"`).all())}`);
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      // The public catalogue (background music, template pictures) is made in the background after start, whatever is asked.
      if (entry.isDirectory() && entry.name !== 'catalog') walk(full);
      else if (!entry.name.startsWith('app.db')) files.push(path.relative(t.dataDir, full));
    }
  };
  walk(t.dataDir);
  return `${counts.join('\n')}\n${files.sort().join('\n')}`;
}

function firstDifference(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const at = a.findIndex((line, i) => line !== b[i]);
  const [was, now] = [a[at] ?? '', b[at] ?? ''];
  // Long rows differ deep inside: show where, not their shared start.
  let from = 0;
  while (from < was.length && was[from] === now[from]) from += 1;
  const start = Math.max(0, from - 120);
  return `${was.slice(0, was.indexOf(':') + 1)} …${was.slice(start, from + 180)} -> …${now.slice(start, from + 180)}`;
}

const CHINESE = /[\u4e00-\u9fff]/;
const LEAKS = /\n\s+at |node_modules|\/work\/|[A-Za-z]+Error\b|SQLITE_|stack/;

async function send(route: JsonRoute, body: unknown, auth: boolean) {
  const auths = auth ? loggedIn() : {};
  if (route.method === 'GET') {
    const query = body && typeof body === 'object' && !Array.isArray(body) ? new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? ''])).toString() : `q=${encodeURIComponent(JSON.stringify(body) ?? '')}`;
    return t.app.inject({ method: 'GET', url: `${route.url}?${query}`, headers: auths });
  }
  return t.app.inject({ method: 'POST', url: route.url, payload: JSON.stringify(body), headers: { ...auths, 'content-type': 'application/json' } });
}

describe('every JSON route under hostile bodies', () => {
  it('found the routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('never answers 500, never leaks a stack trace, refuses in Chinese, and a refusal writes nothing', async () => {
    const next = random(20261124);
    const problems: string[] = [];
    for (const route of routes) {
      for (const body of hostileBodies(route, next)) {
        for (const auth of [false, true]) {
          const before = snapshot();
          const response = await send(route, body, auth);
          const where = `${route.method} ${route.url} ${auth ? '(logged in)' : ''} ${JSON.stringify(body)?.slice(0, 80)}`;
          if (response.statusCode >= 500) problems.push(`${where}: HTTP ${response.statusCode}`);
          if (LEAKS.test(response.body)) problems.push(`${where}: leaks ${response.body.slice(0, 200)}`);
          let answer: { code?: number; msg?: string } = {};
          try {
            answer = response.json();
          } catch {
            problems.push(`${where}: not JSON`);
            continue;
          }
          const refused = response.statusCode !== 200 || answer.code !== 200;
          if (refused && !CHINESE.test(answer.msg ?? '')) problems.push(`${where}: refusal without a Chinese message: ${answer.msg}`);
          const after = refused ? snapshot() : before;
          if (after !== before) problems.push(`${where}: a refusal wrote ${firstDifference(before, after)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The logged-in half really was logged in.
    expect((await t.app.inject({ method: 'GET', url: '/user/info', headers: loggedIn() })).json<{ code: number }>().code).toBe(200);
  });

});

/** On a fresh server, so that the fuzz pass's login failures cannot rate-limit these away. */
describe('bodies the JSON parser must refuse', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await buildTestApp();
  });
  afterAll(async () => {
    await fresh.close();
  });

  it.each([
    ['cut short', '{"username": "13800138000", "password": '],
    ['a prototype key', '{"__proto__": {"admin": true}}'],
    ['a constructor key', '{"a": 1, "a": 2, "constructor": {"prototype": {}}}'],
    ['nested a hundred thousand deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['a NUL byte', '\u0000'],
  ])('a body with %s is refused cleanly', async (_what, payload) => {
    const response = await fresh.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toMatch(LEAKS);
    expect(response.json<{ msg: string }>().msg).toMatch(CHINESE);
  });

  it('a body past the size limit is refused with 413 before it is read whole', async () => {
    const response = await fresh.app.inject({ method: 'POST', url: '/api/auth/login', payload: `{"username":"${'1'.repeat(2 * 1024 * 1024)}"}`, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ msg: string }>().msg).toMatch(CHINESE);
  });
});
