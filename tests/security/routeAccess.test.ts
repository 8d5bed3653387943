/**
 * Every route says who may call it (src/server/plugins/access.ts). The public ones are listed here
 * by method and path: a new public route is a change to this list, seen in review.
 */
import type { RouteOptions } from 'fastify';
import { Messages } from '../../src/contract/messages';
import { UNAUTHORIZED_BODY } from '../../src/server/http/envelope';
import { FORBIDDEN_BODY } from '../../src/server/plugins/access';
import { startFakeWechat, wechatEnv, type FakeWechat } from '../fakes/wechat/server';
import { quickLogin } from '../server/queue/kit';
import { testToken } from '../server/testTokens';
import { buildTestApp, type TestApp } from '../server/helpers';

/**
 * Every route anyone may call, with the local QR provider or with WeChat's (whose routes replace
 * the local scan page). HEAD routes are left out: each answers as its GET does (checked below).
 */
const PUBLIC_ROUTES = [
  'GET /',
  'GET /api/auth/getCaptcha',
  'GET /api/reserve/campaign/:campaignId',
  'GET /api/reserve/captcha',
  'GET /api/reserve/ticket/:ticket',
  'GET /api/wechat/jsConfig',
  'GET /api/wxAuth/scan',
  'GET /api/wxAuth/wechat/authorize',
  'GET /api/wxAuth/wechat/authorized',
  'GET /api/wxAuth/wechat/callback',
  'GET /api/wxAuth/wxLoginInfo',
  'GET /builder-assets/*',
  'GET /generated/*',
  'GET /generated/catalog/*',
  'GET /generated/catalog/music/*',
  'GET /healthz',
  'GET /index/index/getSiteConfig',
  'GET /m/:token',
  'GET /m/:token/*',
  'GET /metrics',
  'GET /pub/*',
  'GET /readyz',
  'GET /report',
  'GET /site-templates/*',
  'GET /sites/*',
  'GET /static/brand/*',
  'GET /static/brand/uploads/*',
  'GET /static/tutorials/*',
  'GET /uploads/*',
  'GET /user',
  'GET /user/*',
  'GET /zips/:key/*',
  'OPTIONS /api/reserve/*',
  'POST /api/Auth/recordOperateLog',
  'POST /api/Auth/sendSmsCode',
  'POST /api/auth/editPassword',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/smsLogin',
  'POST /api/auth/verifyCaptcha',
  'POST /api/report',
  'POST /api/reserve/captcha/verify',
  'POST /api/reserve/sms',
  'POST /api/reserve/submit',
  'POST /api/wxAuth/getWechatQrcode',
  'POST /api/wxAuth/scan/confirm',
  'POST /api/wxAuth/wechat/callback',
  'POST /api/wxAuth/wechat/session',
  'POST /index/common/banner',
  'POST /index/common/bannerCuts',
  'POST /index/common/checkLogin',
  'POST /index/common/checkOnline',
  'POST /index/common/createZipUrlByFile',
  'POST /index/common/getKeyArtProvider',
  'POST /index/common/getLogoCreationDuration',
  'POST /index/common/logo',
  'POST /index/index/getVideoTutorialUrl',
  'POST /index/minisite/getMusicList',
  'POST /index/minisite/getTemplateCategory',
  'POST /index/minisite/getTemplateConfig',
  'POST /index/minisite/getTemplateList',
  'POST /index/minisite/upload',
];

interface DeclaredRoute {
  method: string;
  url: string;
  access: string | undefined;
}

/** One entry per method, read once the app is built (the access plugin fills in what a scope declares). */
function declared(routes: RouteOptions[]): DeclaredRoute[] {
  return routes.flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url ?? '', access: route.config?.access })));
}

async function appWithRoutes(env: Record<string, string> = {}): Promise<{ t: TestApp; routes: DeclaredRoute[] }> {
  const seen: RouteOptions[] = [];
  const t = await buildTestApp({ env, onRoute: (route) => void seen.push(route) });
  return { t, routes: declared(seen) };
}

let local: { t: TestApp; routes: DeclaredRoute[] };
let wechat: { t: TestApp; routes: DeclaredRoute[] };
let fake: FakeWechat;

beforeAll(async () => {
  fake = await startFakeWechat();
  local = await appWithRoutes();
  wechat = await appWithRoutes(wechatEnv(fake));
});

afterAll(async () => {
  await local?.t.close();
  await wechat?.t.close();
  await fake?.close();
});

describe('who may call each route', () => {
  it('every route declares its access', () => {
    for (const { routes } of [local, wechat]) {
      expect(routes.length).toBeGreaterThan(80);
      expect(routes.filter((route) => !['public', 'user', 'operator'].includes(route.access ?? ''))).toEqual([]);
    }
  });

  it('the public routes are exactly the listed ones', () => {
    const found = [...local.routes, ...wechat.routes].filter((route) => route.access === 'public' && route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`);
    expect([...new Set(found)].sort()).toEqual(PUBLIC_ROUTES);
    // The list itself stays sorted, so that an addition lands in its place.
    expect([...PUBLIC_ROUTES].sort()).toEqual(PUBLIC_ROUTES);
  });

  it('a HEAD route has the access of its GET', () => {
    for (const { routes } of [local, wechat]) {
      const getAccess = new Map(routes.filter((route) => route.method === 'GET').map((route) => [route.url, route.access]));
      for (const head of routes.filter((route) => route.method === 'HEAD')) expect({ url: head.url, access: head.access }).toEqual({ url: head.url, access: getAccess.get(head.url) });
    }
  });

  it('every operator route is under /api/admin/ (the console)', () => {
    const operatorRoutes = local.routes.filter((route) => route.access === 'operator');
    expect(operatorRoutes.length).toBeGreaterThan(5);
    expect(operatorRoutes.filter((route) => !route.url.startsWith('/api/admin/'))).toEqual([]);
  });
});

describe('the operator routes', () => {
  const operatorRoutes = () => local.routes.filter((route) => route.access === 'operator');
  // Any id will do: the guard answers before the route looks at it.
  const callable = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

  async function answers(headers: Record<string, string>): Promise<string[]> {
    const found: string[] = [];
    for (const route of operatorRoutes()) {
      const response = await local.t.app.inject({ method: route.method as 'GET' | 'HEAD' | 'POST', url: callable(route.url), headers, ...(['POST', 'PUT', 'DELETE'].includes(route.method) ? { payload: {} } : {}) });
      found.push(`${route.method} ${route.url} ${response.statusCode} ${route.method === 'HEAD' ? '' : response.body}`);
    }
    return found;
  }

  it('answer HTTP 401 without a login', async () => {
    expect(await answers({})).toEqual(operatorRoutes().map((route) => `${route.method} ${route.url} 401 ${route.method === 'HEAD' ? '' : JSON.stringify(UNAUTHORIZED_BODY)}`));
  });

  it('answer HTTP 403 to a user who is not an operator, and show nothing of the console', async () => {
    const { headers } = quickLogin(local.t, '13700137000');
    expect(await answers(headers)).toEqual(operatorRoutes().map((route) => `${route.method} ${route.url} 403 ${route.method === 'HEAD' ? '' : JSON.stringify(FORBIDDEN_BODY)}`));
    expect(FORBIDDEN_BODY.msg).toBe(Messages.operatorOnly);
  });
});

describe('the user routes', () => {
  const noLogin: Record<string, Record<string, string>> = {
    'no token': {},
    'a malformed token': { authorization: 'Bearer not-a-token' },
    'a token signed with another secret': { authorization: `Bearer ${testToken('another-secret-that-is-long-enough-0123', 1, 0, Date.UTC(2026, 0, 1))}` },
  };

  it.each(Object.keys(noLogin))('answer HTTP 401 with %s', async (what) => {
    const userRoutes = local.routes.filter((route) => route.access === 'user');
    expect(userRoutes.length).toBeGreaterThan(30);
    const answers: string[] = [];
    for (const route of userRoutes) {
      const response = await local.t.app.inject({ method: route.method as 'GET' | 'HEAD' | 'POST', url: route.url, headers: noLogin[what], ...(route.method === 'POST' ? { payload: {} } : {}) });
      const body = route.method === 'HEAD' ? '' : response.body;
      answers.push(`${route.method} ${route.url} ${response.statusCode} ${body}`);
    }
    expect(answers).toEqual(userRoutes.map((route) => `${route.method} ${route.url} 401 ${route.method === 'HEAD' ? '' : JSON.stringify(UNAUTHORIZED_BODY)}`));
  });
});

describe('an app with a route that declares no access', () => {
  it('refuses to start, naming the route', async () => {
    await expect(
      buildTestApp({
        beforeReady: (app) =>
          app.register(async (scope) => {
            scope.get('/undeclared/route', async () => 'answered');
          }),
      }),
    ).rejects.toThrow(/GET \/undeclared\/route declares no access/);
  });
});
