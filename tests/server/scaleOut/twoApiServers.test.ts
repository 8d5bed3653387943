/**
 * Two API servers on one PostgreSQL and one Redis (issue 14, test 4): what a user does on one is
 * known to the other, and every limit counts both servers' requests together.
 */
import type { LoginAnswer, QrLoginInfoAnswer, QrcodeAnswer } from '../../../src/contract/auth';
import { DEFAULT_LOGO_TEXTS } from '../../../src/contract/generation';
import { Security } from '../../../src/contract/limits';
import { GENERATION_RATE_LIMITS } from '../../../src/server/modules/generation/rateLimits';
import { MINI_SITE_RATE_LIMITS } from '../../../src/server/modules/miniSite/rateLimits';
import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../../../src/contract/common';
import { parseSettingArgs, writeSettings } from '../../../src/server/modules/common/siteSettings';
import type { SiteStats } from '../../../src/contract/analytics';
import { publishedRoot } from '../../../src/server/modules/publishing/publishedPaths';
import { bearer, get, post, type TestApp } from '../helpers';
import { canvasImage, multipart } from '../modules/miniSiteKit';
import { FakeRunner } from '../queue/kit';
import { passedCaptchaAcross, registerAcross, scaleOutServersAvailable, startCluster, type Cluster } from './kit';

jest.setTimeout(120_000);

(scaleOutServersAvailable() ? describe : describe.skip)('two API servers', () => {
  let cluster: Cluster;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // Behind a proxy, as several servers are: each test is its own client address.
    cluster = await startCluster(2, { env: { TRUST_PROXY: '1' }, generation: { runner: new FakeRunner('auto') } });
    [a, b] = cluster.servers;
  });

  afterAll(async () => {
    await cluster?.close();
  });

  it('accepts a token made on A on B, and a logout on B ends it on A', async () => {
    await registerAcross(cluster, '13800000001', 'Secret#2026');
    const login = await post<LoginAnswer>(a, '/api/auth/login', { username: '13800000001', password: 'Secret#2026' });
    expect(login.code).toBe(200);
    const headers = bearer(login.data.token);
    expect(await get(b, '/user/info', headers)).toMatchObject({ code: 200, data: expect.objectContaining({ mobile: '13800000001' }) });
    expect(await post(b, '/api/auth/logout', {}, headers)).toMatchObject({ code: 200 });
    expect((await get(a, '/user/info', headers)).status).toBe(401);
  });

  it('puts an account an operator stopped on A out on B at once, and B tells it why at login', async () => {
    await registerAcross(cluster, '13800000011', 'Secret#2026');
    await registerAcross(cluster, '13800000012', 'Secret#2026');
    await cluster.db.sql.updateTable('users').set({ role: 'operator' }).where('mobile', '=', '13800000011').execute();
    const operator = await post<LoginAnswer>(a, '/api/auth/login', { username: '13800000011', password: 'Secret#2026' });
    const player = await post<LoginAnswer>(b, '/api/auth/login', { username: '13800000012', password: 'Secret#2026' });
    expect((await get(b, '/user/info', bearer(player.data.token))).status).toBe(200);

    const stopped = await post(a, `/api/admin/users/${player.data.userInfo.id}/disable`, { reason: '违规发布' }, bearer(operator.data.token));
    expect(stopped.code).toBe(200);
    // The very next request on the other server: no cache stands between the stop and the refusal.
    expect((await get(b, '/user/info', bearer(player.data.token))).status).toBe(401);
    expect((await post(b, '/api/auth/login', { username: '13800000012', password: 'Secret#2026' })).msg).toBe('账号已被停用：违规发布');
  });

  it('checks on B a captcha made on A, once', async () => {
    const captchaId = await passedCaptchaAcross(cluster, a, b);
    const sent = await post(b, '/api/Auth/sendSmsCode', { iphone: '13800000002', captchaId, purpose: 'register' });
    expect(sent.code).toBe(200);
    // Spent on B: A refuses it for a second message.
    const again = await post(a, '/api/Auth/sendSmsCode', { iphone: '13800000003', captchaId, purpose: 'register' });
    expect(again.code).not.toBe(200);
  });

  it('adds up a published page\'s views served by both servers, and counts a visitor both saw once', async () => {
    await registerAcross(cluster, '13800000021', 'Secret#2026');
    const login = await post<LoginAnswer>(a, '/api/auth/login', { username: '13800000021', password: 'Secret#2026' });
    const owner = login.data.userInfo.id;
    const slug = 'd'.repeat(32);
    const now = a.clock.now();
    const site = await cluster.db.sql.insertInto('mini_sites').values({ dir: slug, user_id: owner, template_id: 1, name: '两台', created_at: now }).returning('id').executeTakeFirstOrThrow();
    await cluster.db.sql.insertInto('published_sites').values({ slug, site_id: null, mini_site_id: site.id, user_id: owner, created_at: now, updated_at: now }).execute();
    for (const server of [a, b]) {
      fs.mkdirSync(path.join(publishedRoot(server.dataDir), slug), { recursive: true });
      fs.writeFileSync(path.join(publishedRoot(server.dataDir), slug, 'index.html'), '<p>两台</p>');
    }
    const visit = (server: TestApp, address: string, from: string) =>
      server.app.inject({ method: 'GET', url: `/pub/${slug}/?from=${from}`, headers: { 'x-forwarded-for': address, 'user-agent': 'Mozilla/5.0 (iPhone) MicroMessenger/8.0' } });
    for (const server of [a, b, a, b]) expect((await visit(server, '198.51.100.61', 'wechat')).statusCode).toBe(200);
    await visit(b, '198.51.100.62', 'qq');
    await b.app.siteViews.flush();
    const stats = await get<SiteStats>(a, `/api/siteStats?slug=${slug}&days=7`, bearer(login.data.token));
    expect(stats.data.totals).toEqual({ views: 5, visitors: 2, reservations: null });
    expect(stats.data.channels.find((row) => row.channel === 'wechat')).toMatchObject({ views: 4, visitors: 1 });
    expect(stats.data.wechat).toEqual({ views: 5, visitors: 2 });
  });

  it('throttles logins from one address on both servers together', async () => {
    await registerAcross(cluster, '13800000004', 'Secret#2026');
    const headers = { 'x-forwarded-for': '203.0.113.40' };
    const codes: number[] = [];
    for (let i = 0; i <= Security.loginPerIpPerMinute; i += 1) {
      codes.push((await post(i % 2 ? a : b, '/api/auth/login', { username: '13800000004', password: 'Secret#2026' }, headers)).code);
    }
    expect(codes.slice(0, -1).filter((code) => code !== 200)).toEqual([]);
    expect(codes.at(-1)).toBe(429);
  });

  it('counts one user\u2019s generations on both servers against one limit', async () => {
    await registerAcross(cluster, '13800000005', 'Secret#2026');
    const login = await post<LoginAnswer>(b, '/api/auth/login', { username: '13800000005', password: 'Secret#2026' }, { 'x-forwarded-for': '203.0.113.42' });
    const headers = { ...bearer(login.data.token), 'x-forwarded-for': '203.0.113.42' };
    const body = { ...DEFAULT_LOGO_TEXTS, logotext: '星海远征', logobg: 3, module: 'tl', isFirst: false };
    const codes: number[] = [];
    for (let i = 0; i <= GENERATION_RATE_LIMITS.createPerUser.limit; i += 1) codes.push((await post(i % 2 ? a : b, '/index/common/logoCreate', body, headers)).code);
    expect(codes.slice(0, -1).filter((code) => code !== 200)).toEqual([]);
    expect(codes.at(-1)).toBe(429);
  });

  it('counts one address\u2019s uploads on both servers against one limit', async () => {
    const upload = async (server: TestApp): Promise<number> => {
      const body = multipart([{ name: 'image', filename: 'art.png', contentType: 'image/png', data: canvasImage('png') }]);
      const response = await server.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: body.payload, headers: { ...body.headers, 'x-forwarded-for': '203.0.113.41' } });
      return response.json<{ code: number }>().code;
    };
    const codes: number[] = [];
    for (let i = 0; i <= MINI_SITE_RATE_LIMITS.uploadPerIp.limit; i += 1) codes.push(await upload(i % 2 ? a : b));
    expect(codes.slice(0, -1).filter((code) => code !== 200)).toEqual([]);
    expect(codes.at(-1)).toBe(429);
  });

  it('gives a confirmed QR login to exactly one of the polls made on both servers at once', async () => {
    const { data } = await post<QrcodeAnswer>(a, '/api/wxAuth/getWechatQrcode', { host: 'localhost:8080' });
    const scanned = await b.app.inject({ method: 'GET', url: `/api/wxAuth/scan?ticket=${encodeURIComponent(data.ticket)}` });
    expect(scanned.statusCode).toBe(200);
    const confirmed = await a.app.inject({
      method: 'POST',
      url: '/api/wxAuth/scan/confirm',
      payload: new URLSearchParams({ ticket: data.ticket, action: 'confirm' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: String(scanned.headers['set-cookie']).split(';')[0] },
    });
    expect(confirmed.statusCode).toBe(200);
    const url = `/api/wxAuth/wxLoginInfo?qrcode=${encodeURIComponent(data.ticket)}`;
    const polls = await Promise.all([a, b, a, b, a, b].map((server) => get<QrLoginInfoAnswer>(server, url)));
    expect(polls.map((poll) => poll.data.status).sort()).toEqual(['confirmed', 'expired', 'expired', 'expired', 'expired', 'expired']);
  });

  it('draws on A and on B the join QR of a feedback-group link an operator set, on their next read', async () => {
    const link = 'https://qm.qq.com/q/800100200';
    await writeSettings(cluster.db.sql, parseSettingArgs(['qq1=800100200', `qq1_link=${link}`]));
    expect((await get<SiteConfig>(a, '/index/index/getSiteConfig')).data.qq1_link).toBe(link);
    const made = fs.readFileSync(path.join(a.dataDir, 'brand', 'qq1-qrcode.png'));
    expect((await get<SiteConfig>(b, '/index/index/getSiteConfig')).data).toMatchObject({ qq1_link: link, qq1_url: '/static/brand/qq1-qrcode.png' });
    const picture = await b.app.inject({ method: 'GET', url: '/static/brand/qq1-qrcode.png' });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(made)).toBe(true);
  });
});
