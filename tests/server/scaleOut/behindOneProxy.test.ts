/**
 * The whole distributed setup as a user meets it (issue 14, test 4 through one port): two API
 * servers on QUEUE_BACKEND=bullmq and the bucket, one render worker process, and a proxy that hands
 * each request to the next server. A user registers, logs in, generates a logo and downloads it,
 * logs out, each step landing on whichever server; the login throttle counts both; a confirmed QR
 * login polled many times at once gives its token to one poll.
 */
import type { LoginAnswer, QrLoginInfoAnswer, QrcodeAnswer } from '../../../src/contract/auth';
import { DEFAULT_LOGO_TEXTS, type LogoCreateAnswer, type LogoPollingAnswer } from '../../../src/contract/generation';
import { Security } from '../../../src/contract/limits';
import { registerAcross, scaleOutServersAvailable, startCluster, startWorkerProcess, type Cluster, type WorkerProcess } from './kit';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../../config/scripts/roundRobinProxy';

jest.setTimeout(180_000);

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

(scaleOutServersAvailable() ? describe : describe.skip)('two API servers and a render worker behind one port', () => {
  let cluster: Cluster;
  let proxy: RoundRobinProxy;
  let worker: WorkerProcess;

  beforeAll(async () => {
    cluster = await startCluster(2, { s3: true, env: { QUEUE_BACKEND: 'bullmq', TRUST_PROXY: '1' } });
    const urls: string[] = [];
    for (const server of cluster.servers) urls.push(await server.app.listen({ port: 0, host: '127.0.0.1' }));
    proxy = await startRoundRobinProxy(urls);
    worker = startWorkerProcess(cluster);
  });

  afterAll(async () => {
    worker?.dispose();
    await proxy?.close();
    await cluster?.close();
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, body?: object, headers: Record<string, string> = {}): Promise<{ status: number; envelope: Envelope<T> }> => {
    const response = await fetch(`${proxy.url}${url}`, {
      method,
      headers: body ? { 'content-type': 'application/json', ...headers } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, envelope: (await response.json()) as Envelope<T> };
  };

  it('serves a user\u2019s whole visit, whichever server each request reaches', async () => {
    const before = [...proxy.served];
    const { envelope: captcha } = await call<{ captchaId: string }>('GET', '/api/auth/getCaptcha');
    const { answer } = await cluster.db.sql.selectFrom('captchas').select('answer').where('id', '=', captcha.data.captchaId).executeTakeFirstOrThrow();
    expect((await call('POST', '/api/auth/verifyCaptcha', { captchaId: captcha.data.captchaId, code: answer })).envelope.code).toBe(200);
    expect((await call('POST', '/api/Auth/sendSmsCode', { iphone: '13800000041', captchaId: captcha.data.captchaId, purpose: 'register' })).envelope.code).toBe(200);
    const { code } = await cluster.db.sql.selectFrom('sms_outbox').select('code').where('phone', '=', '13800000041').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await call('POST', '/api/auth/register', { mobile: '13800000041', password: 'Secret#2026', verifyCode: code })).envelope.code).toBe(200);
    const login = await call<LoginAnswer>('POST', '/api/auth/login', { username: '13800000041', password: 'Secret#2026' });
    expect(login.envelope.code).toBe(200);
    const auth = { authorization: `Bearer ${login.envelope.data.token}` };
    // Twice: once on each server.
    for (let i = 0; i < 2; i += 1) expect((await call('GET', '/user/info', undefined, auth)).envelope).toMatchObject({ code: 200, data: expect.objectContaining({ mobile: '13800000041' }) });

    const created = await call<LogoCreateAnswer>('POST', '/index/common/logoCreate', { isFirst: false, ...DEFAULT_LOGO_TEXTS, logotext: '长风破浪', logobg: 2, module: 'tl' }, auth);
    expect(created.envelope.code).toBe(200);
    let logoUrl = created.envelope.data.exist ? created.envelope.data.logoUrl : '';
    for (const deadline = Date.now() + 60_000; !logoUrl; ) {
      if (Date.now() > deadline) throw new Error(`no logo in time; worker log:\n${worker.log.join('')}`);
      const polled = await call<LogoPollingAnswer>('POST', '/index/common/logoPolling', { uniqueId: created.envelope.data.uniqueId }, auth);
      expect(polled.envelope.data).toMatchObject({ expired: false, errorMsg: '' });
      if (polled.envelope.data.isCreate) logoUrl = polled.envelope.data.logoUrl;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Rendered by the worker, served from the bucket by each server alike.
    const pictures = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${proxy.url}${logoUrl}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      pictures.push(Buffer.from(await response.arrayBuffer()));
    }
    expect(pictures[0].subarray(1, 4).toString()).toBe('PNG');
    expect(pictures[1].equals(pictures[0])).toBe(true);

    expect((await call('POST', '/api/auth/logout', {}, auth)).envelope.code).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await call('GET', '/user/info', undefined, auth)).status).toBe(401);
    // Both servers answered part of it.
    expect(proxy.served.map((count, i) => count - before[i]).every((count) => count >= 5)).toBe(true);
  });

  it('throttles one address\u2019s logins across both servers, whatever address the client claims', async () => {
    await registerAcross(cluster, '13800000042', 'Secret#2026');
    // A minute on: the logins of the test before are out of the window.
    cluster.clock.advanceSeconds(61);
    const codes: number[] = [];
    for (let i = 0; i <= Security.loginPerIpPerMinute; i += 1) {
      // The proxy is the one hop trusted (TRUST_PROXY=1): an address the client made up is not its address.
      const forged = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      codes.push((await call('POST', '/api/auth/login', { username: '13800000042', password: 'Secret#2026' }, forged)).envelope.code);
    }
    expect(codes.slice(0, -1).filter((code) => code !== 200)).toEqual([]);
    expect(codes.at(-1)).toBe(429);
  });

  it('gives a confirmed QR login to exactly one of many polls at once', async () => {
    const { envelope } = await call<QrcodeAnswer>('POST', '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080' });
    const ticket = encodeURIComponent(envelope.data.ticket);
    const scanned = await fetch(`${proxy.url}/api/wxAuth/scan?ticket=${ticket}`);
    expect(scanned.status).toBe(200);
    const confirmed = await fetch(`${proxy.url}/api/wxAuth/scan/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: String(scanned.headers.get('set-cookie')).split(';')[0] },
      body: new URLSearchParams({ ticket: envelope.data.ticket, action: 'confirm' }).toString(),
    });
    expect(confirmed.status).toBe(200);
    const polls = await Promise.all(Array.from({ length: 8 }, () => call<QrLoginInfoAnswer>('GET', `/api/wxAuth/wxLoginInfo?qrcode=${ticket}`)));
    const statuses = polls.map((poll) => poll.envelope.data.status);
    expect(statuses.filter((status) => status === 'confirmed')).toHaveLength(1);
    expect(statuses.filter((status) => status !== 'confirmed')).toEqual(Array(7).fill('expired'));
  });
});
