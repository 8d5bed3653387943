/**
 * QR_LOGIN_PROVIDER=wechat-mp on two API servers sharing one PostgreSQL and one Redis: the
 * access_token is fetched by one of them and used by both, and a scan pushed to one server logs in
 * the page that polls the other.
 */
import type { QrcodeAnswer, QrLoginInfoAnswer } from '../../../src/contract/auth';
import { get, post, type TestApp } from '../helpers';
import { FakePhone, type PushTransport } from '../../fakes/wechat/phone';
import { startFakeWechat, wechatEnv, type FakeWechat } from '../../fakes/wechat/server';
import { scaleOutServersAvailable, startCluster, type Cluster } from './kit';

jest.setTimeout(120_000);

const transport =
  (server: TestApp): PushTransport =>
  async (url, body) => {
    const response = await server.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'text/xml' } });
    return { status: response.statusCode, body: response.body };
  };

(scaleOutServersAvailable() ? describe : describe.skip)('WeChat scan login on two API servers', () => {
  let fake: FakeWechat;
  let cluster: Cluster;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    fake = await startFakeWechat();
    cluster = await startCluster(2, { env: wechatEnv(fake) });
    [a, b] = cluster.servers;
  });

  afterAll(async () => {
    await cluster?.close();
    await fake?.close();
  });

  it('fetches the access_token once for 20 logins at once on both servers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post<QrcodeAnswer>(i % 2 ? a : b, '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080' })),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill(200));
    expect(fake.stableTokenCalls).toBe(1);
    expect(fake.codes).toHaveLength(20);
  });

  it('refreshes it once for both servers when WeChat says it expired', async () => {
    const before = fake.stableTokenCalls;
    fake.expireTokens();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post(i % 2 ? a : b, '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080' })));
    expect(answers.map((answer) => answer.code)).toEqual(Array(6).fill(200));
    expect(fake.stableTokenCalls).toBe(before + 1);
  });

  it('logs in the page polling A when the scan is pushed to B', async () => {
    const { data } = await post<QrcodeAnswer>(a, '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080' });
    const createTime = Math.floor(cluster.clock.now() / 1000);
    const pushed = await new FakePhone(transport(b), cluster.clock.now).scan(data.ticket, 'oTwoServers00000000000000001', { mode: 'safe', createTime });
    expect(pushed.status).toBe(200);
    // WeChat's retry of the same event reaches the other server: it is known there too.
    const retry = await new FakePhone(transport(a), cluster.clock.now).scan(data.ticket, 'oTwoServers00000000000000001', { mode: 'safe', createTime });
    expect([retry.status, retry.body]).toEqual([200, 'success']);
    const info = await get<QrLoginInfoAnswer>(a, `/api/wxAuth/wxLoginInfo?qrcode=${encodeURIComponent(data.ticket)}`);
    expect(info.data).toMatchObject({ status: 'confirmed', userInfo: { openid: 'oTwoServers00000000000000001' } });
  });
});
