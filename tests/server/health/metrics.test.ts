import { DEFAULT_LOGO_TEXTS, type LogoCreateAnswer } from '../../../src/contract/generation';
import { Messages } from '../../../src/contract/messages';
import { buildTestApp, post, registerAndLogin, type TestApp } from '../helpers';
import { FakeRunner, buildGenerationApp, quickLogin, settle, type GenerationTestApp } from '../queue/kit';
import { waitUntil } from '../waitUntil';

const TOKEN = 'metrics-token-for-tests-0123456789';
const scraper = { authorization: `Bearer ${TOKEN}` };
const NOT_FOUND = { code: 404, msg: Messages.notFound, data: null };

async function scrape(t: TestApp): Promise<string> {
  const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: scraper });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

/** The value of one series (`name{labels}`) in the exposition, or null when it is not there. */
function valueOf(text: string, series: string): number | null {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('who may read GET /metrics', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('nobody without METRICS_TOKEN or METRICS_ALLOW, not even this machine: it answers as an unknown address does', async () => {
    t = await buildTestApp();
    const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: scraper });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual(NOT_FOUND);
  });

  it('with the token only: a missing, wrong, longer or query-string token is refused', async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const refused = [
      {},
      { authorization: 'Bearer wrong-token-of-the-same-length-xxxxx' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    ];
    for (const headers of refused) {
      const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect({ headers, status: answer.statusCode, body: answer.json() }).toEqual({ headers, status: 404, body: NOT_FOUND });
    }
    expect((await t.app.inject({ method: 'GET', url: `/metrics?token=${TOKEN}` })).statusCode).toBe(404);
    const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: scraper });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain('# TYPE http_request_duration_seconds histogram');
    // The process's own figures come with it.
    expect(answer.body).toContain('process_resident_memory_bytes');
    expect(answer.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('from a listed address or network, as the server reads the client address (a forged X-Forwarded-For without TRUST_PROXY is not it)', async () => {
    t = await buildTestApp({ env: { METRICS_ALLOW: '10.0.0.0/8, 192.168.1.20' } });
    const from = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await from('10.1.2.3')).statusCode).toBe(200);
    expect((await from('::ffff:10.9.9.9')).statusCode).toBe(200);
    expect((await from('192.168.1.20')).statusCode).toBe(200);
    expect((await from('192.168.1.21')).statusCode).toBe(404);
    expect((await from('127.0.0.1')).statusCode).toBe(404);
    expect((await from('203.0.113.9', { 'x-forwarded-for': '10.0.0.1' })).statusCode).toBe(404);
  });

  it('behind the proxy TRUST_PROXY names, by the client address the proxy reports', async () => {
    t = await buildTestApp({ env: { METRICS_ALLOW: '10.0.0.0/8', TRUST_PROXY: '127.0.0.1' } });
    const via = (client: string) => t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
    expect((await via('10.0.0.7')).statusCode).toBe(200);
    expect((await via('203.0.113.9')).statusCode).toBe(404);
  });
});

describe('what /metrics counts', () => {
  let t: GenerationTestApp;
  afterEach(() => t.close());

  it('HTTP requests by route pattern and status: no path, query string, phone or token becomes a label', async () => {
    t = await buildGenerationApp({ env: { METRICS_TOKEN: TOKEN } });
    const secret = 'eyJhbGciOiJIUzI1NiJ9.secret-looking-token';
    await t.app.inject({ method: 'GET', url: `/m/${secret}?mobile=13912345678&token=${secret}` });
    await t.app.inject({ method: 'GET', url: `/no/such/route/13912345678?token=${secret}` });
    await t.app.inject({ method: 'GET', url: '/generated/abc/13912345678.png' });
    await t.app.inject({ method: 'PROPFIND', url: '/healthz' });
    const { headers } = quickLogin(t, '13912345678');
    await t.app.inject({ method: 'GET', url: '/user/info', headers });
    const text = await scrape(t);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/m/:token",status_code="410"}')).toBe(1);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="OTHER",route="(unmatched)",status_code="404"}')).toBe(1);
    // A missing file is answered by the not-found handler, as an unknown route is.
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="(unmatched)",status_code="404"}')).toBe(2);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/user/info",status_code="200"}')).toBe(1);
    for (const leak of ['13912345678', secret, TOKEN, 'secret-looking', '?', 'abc']) expect(text).not.toContain(leak);
  });

  it('a logo render through the queue: its duration by kind and style, the queue waiting and running by kind, and a failed render', async () => {
    const runner = new FakeRunner('manual');
    t = await buildGenerationApp({ runner, env: { METRICS_TOKEN: TOKEN } });
    const { headers } = quickLogin(t);
    const before = await scrape(t);
    expect(valueOf(before, 'wpg_render_duration_seconds_count{kind="tl",style="3"}')).toBeNull();
    for (const kind of ['tl', 'al', 'fsa', 'ab']) expect(valueOf(before, `wpg_render_queue_jobs{kind="${kind}",state="waiting"}`)).toBe(0);

    const create = (logobg: number) => post<LogoCreateAnswer>(t, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logobg, module: 'tl', isFirst: true }, headers);
    void create(3);
    await runner.started(1);
    const during = await scrape(t);
    expect(valueOf(during, 'wpg_render_queue_jobs{kind="tl",state="running"}')).toBe(1);
    t.clock.advance(250);
    runner.userRenders()[0].finish();
    await waitUntil(async () => valueOf(await scrape(t), 'wpg_render_duration_seconds_count{kind="tl",style="3"}') === 1);
    const after = await scrape(t);
    expect(valueOf(after, 'wpg_render_duration_seconds_sum{kind="tl",style="3"}')).toBe(0.25);
    expect(valueOf(after, 'wpg_render_duration_seconds_bucket{le="0.1",kind="tl",style="3"}')).toBe(0);
    expect(valueOf(after, 'wpg_render_duration_seconds_bucket{le="0.25",kind="tl",style="3"}')).toBe(1);
    expect(valueOf(after, 'wpg_render_queue_jobs{kind="tl",state="running"}')).toBe(0);

    void create(5);
    await waitUntil(() => runner.userRenders().length === 2);
    runner.userRenders()[1].fail(new Error('renderer crashed'));
    await waitUntil(async () => valueOf(await scrape(t), 'wpg_render_failures_total{kind="tl",reason="error"}') === 1);
    await settle();
  });
});

describe('SMS sends and logins', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('count by result and by method, naming no phone', async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const phone = '13912345678';
    const { token } = await registerAndLogin(t, phone, 'Secret#2026');
    const text = await scrape(t);
    expect(valueOf(text, 'wpg_sms_sends_total{result="sent"}')).toBe(1);
    expect(valueOf(text, 'wpg_logins_total{method="password"}')).toBe(1);
    expect(text).not.toContain(phone);
    expect(text).not.toContain(token);
  });
});
