import { Messages } from '../../../src/contract/messages';
import { RETRY_AFTER_SECONDS } from '../../../src/server/plugins/overload';
import { buildTestApp, type TestApp } from '../helpers';
import { waitUntil } from '../waitUntil';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('under overload', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('the API answers 503 with Retry-After and the busy envelope at once; /healthz and /metrics keep answering, /readyz says not to send traffic', async () => {
    // A heap limit of 1 MB: under pressure from the first measurement on.
    t = await buildTestApp({ env: { OVERLOAD_MAX_HEAP_MB: '1', METRICS_TOKEN: TOKEN } });
    const api = () => t.app.inject({ method: 'POST', url: '/index/index/getVideoTutorialUrl', payload: {} });
    await waitUntil(async () => (await api()).statusCode === 503);

    const refused = await api();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.json()).toEqual({ code: 503, msg: Messages.serverBusy, data: null });
    // A logged-in call is refused before its token is even looked at, and so is a page or a file.
    expect((await t.app.inject({ method: 'GET', url: '/user/info', headers: { authorization: 'Bearer x.y.z' } })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/generated/x/logo.png' })).statusCode).toBe(503);

    // A busy server is alive: a balancer must not kill it for being busy.
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    // ...but should send the next requests elsewhere.
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    // The figures are read most when the server is in trouble.
    const scraped = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('status_code="503"');
    // Whoever may not read it is answered as at any unknown address.
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    const stranger = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect({ status: stranger.statusCode, body: stranger.body }).toEqual({ status: unknown.statusCode, body: unknown.body });
  });

  it('is not measured at all with every limit off (the test default)', async () => {
    t = await buildTestApp();
    expect(t.app.hasDecorator('isUnderPressure')).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/index/index/getVideoTutorialUrl', payload: {} })).statusCode).toBe(200);
  });
});
