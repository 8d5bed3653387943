/**
 * A fake of the WeChat Official Account API on 127.0.0.1 (port 0), speaking the documented
 * protocol of the calls scan login makes, and checking what the real service checks:
 * - POST /cgi-bin/stable_token {grant_type: client_credential, appid, secret, force_refresh?}:
 *   40002 for another grant type, 40013 for an unknown appid, 40125 for a wrong secret; normal
 *   mode answers the live token again, force_refresh replaces it. Calls are counted.
 * - POST /cgi-bin/qrcode/create?access_token: 41001 without a token, 40001 for an unknown one,
 *   42001 for an expired one; the body must be a temporary QR_STR_SCENE code with a scene_str of
 *   1 to 64 characters and expire_seconds of 60 to 2592000. Answers {ticket, expire_seconds, url}.
 * - GET /cgi-bin/user/info?access_token&openid: {subscribe, openid, unionid?}.
 * - GET /cgi-bin/ticket/getticket?access_token&type=jsapi: {errcode: 0, ticket, expires_in: 7200}
 *   (JS-SDK); 40097 for another type. Calls are counted.
 * - GET /connect/oauth2/authorize (on the same origin, as WECHAT_OPEN_BASE): checks appid,
 *   response_type=code, scope and that state is there, then sends the browser back to redirect_uri
 *   with a code for `oauthUser` and the state.
 * - GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code: a code is good
 *   once, for 5 minutes; 40029 otherwise.
 * The test can make it expire or invalidate tokens, refuse everything with an errcode, or stop.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_APP_ID = 'wx0123456789abcdef';
export const FAKE_APP_SECRET = '0123456789abcdef0123456789abcdef';
export const FAKE_TOKEN = 'wpgTestToken2026';
export const FAKE_AES_KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
/** The account's own id, the ToUserName of every push. */
export const FAKE_ACCOUNT = 'gh_0a1b2c3d4e5f';

type Json = Record<string, unknown>;

interface Token {
  value: string;
  state: 'live' | 'expired' | 'invalid';
}

export interface CreatedCode {
  ticket: string;
  url: string;
  scene: string;
  expireSeconds: number;
}

export class FakeWechat {
  /** Base URL: WECHAT_API_BASE and WECHAT_OPEN_BASE. */
  url = '';
  stableTokenCalls = 0;
  ticketCalls = 0;
  /** The jsapi_ticket getticket answers. */
  jsapiTicket = `JT_${crypto.randomBytes(24).toString('base64url')}`;
  forcedRefreshes = 0;
  /** Every API call, by path (no query). */
  readonly calls: string[] = [];
  readonly codes: CreatedCode[] = [];
  /** unionid by openid, for user/info and web authorization. */
  readonly unionids = new Map<string, string>();
  /** Who is logged in to WeChat in the browser that opens the authorize page. */
  oauthUser = 'oFakeBrowserUser0000000000000';
  /** When set, every API call answers this errcode (WeChat refusing). */
  refuseWith: number | null = null;
  /** Errcodes that one path answers whatever it is sent, by path. */
  readonly refusePath = new Map<string, number>();
  /** Milliseconds one path takes before it answers (WeChat slow), by path. */
  readonly slowPath = new Map<string, number>();
  private tokens: Token[] = [];
  private readonly oauthCodes = new Map<string, { openid: string; until: number }>();
  private readonly server: http.Server;

  constructor() {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The live token lapses: calls with it answer 42001 until a new one is fetched. */
  expireTokens(): void {
    for (const token of this.tokens) if (token.state === 'live') token.state = 'expired';
  }

  /** The live token is revoked (someone force-refreshed elsewhere): calls answer 40001. */
  invalidateTokens(): void {
    for (const token of this.tokens) if (token.state === 'live') token.state = 'invalid';
  }

  /** The scene_str of the code whose QR encodes `url`, as WeChat's scanner reads it. */
  sceneOf(url: string): string {
    const code = this.codes.find((c) => c.url === url);
    if (!code) throw new Error(`No code of this fake encodes ${url}`);
    return code.scene;
  }

  private liveToken(forceRefresh: boolean): Token {
    const live = this.tokens.find((t) => t.state === 'live');
    if (live && !forceRefresh) return live;
    if (live) live.state = 'invalid';
    const token: Token = { value: `AT_${crypto.randomBytes(24).toString('base64url')}`, state: 'live' };
    this.tokens.push(token);
    return token;
  }

  /** null when the token is good, else WeChat's refusal. */
  private checkToken(value: string | null): Json | null {
    if (!value) return { errcode: 41001, errmsg: 'access_token missing' };
    const token = this.tokens.find((t) => t.value === value);
    if (!token || token.state === 'invalid') return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
    if (token.state === 'expired') return { errcode: 42001, errmsg: 'access_token expired' };
    return null;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const q = url.searchParams;
    const body = await readBody(req);
    this.calls.push(url.pathname);
    const slow = this.slowPath.get(url.pathname);
    if (slow) await new Promise((resolve) => setTimeout(resolve, slow));
    const json = (answer: Json): void => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer));
    };
    if (url.pathname === '/connect/oauth2/authorize' && req.method === 'GET') {
      this.authorize(q, res);
      return;
    }
    const refusal = this.refuseWith ?? this.refusePath.get(url.pathname);
    if (refusal !== undefined && refusal !== null) {
      json({ errcode: refusal, errmsg: 'refused by the test' });
      return;
    }
    if (url.pathname === '/cgi-bin/stable_token' && req.method === 'POST') {
      this.stableTokenCalls += 1;
      const request = parseJson(body);
      if (request.grant_type !== 'client_credential') return json({ errcode: 40002, errmsg: 'invalid grant_type' });
      if (request.appid !== FAKE_APP_ID) return json({ errcode: 40013, errmsg: 'invalid appid' });
      if (request.secret !== FAKE_APP_SECRET) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (request.force_refresh === true) this.forcedRefreshes += 1;
      return json({ access_token: this.liveToken(request.force_refresh === true).value, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/qrcode/create' && req.method === 'POST') {
      const refused = this.checkToken(q.get('access_token'));
      if (refused) return json(refused);
      const request = parseJson(body);
      const scene = ((request.action_info as Json | undefined)?.scene as Json | undefined)?.scene_str;
      const expire = request.expire_seconds;
      if (request.action_name !== 'QR_STR_SCENE' || typeof scene !== 'string' || scene.length < 1 || scene.length > 64) return json({ errcode: 40053, errmsg: 'invalid action info' });
      if (typeof expire !== 'number' || expire < 60 || expire > 2_592_000) return json({ errcode: 40009, errmsg: 'invalid expire_seconds' });
      const ticket = `gQ${crypto.randomBytes(30).toString('base64url')}`;
      const code = { ticket, url: `http://weixin.qq.com/q/02${crypto.randomBytes(12).toString('base64url')}`, scene, expireSeconds: expire };
      this.codes.push(code);
      return json({ ticket, expire_seconds: expire, url: code.url });
    }
    if (url.pathname === '/cgi-bin/ticket/getticket' && req.method === 'GET') {
      const refused = this.checkToken(q.get('access_token'));
      if (refused) return json(refused);
      if (q.get('type') !== 'jsapi') return json({ errcode: 40097, errmsg: 'invalid args' });
      this.ticketCalls += 1;
      return json({ errcode: 0, errmsg: 'ok', ticket: this.jsapiTicket, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/user/info' && req.method === 'GET') {
      const refused = this.checkToken(q.get('access_token'));
      if (refused) return json(refused);
      const openid = q.get('openid') ?? '';
      if (!openid) return json({ errcode: 40003, errmsg: 'invalid openid' });
      const unionid = this.unionids.get(openid);
      return json({ subscribe: 1, openid, ...(unionid ? { unionid } : {}) });
    }
    if (url.pathname === '/sns/oauth2/access_token' && req.method === 'GET') {
      if (q.get('appid') !== FAKE_APP_ID) return json({ errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== FAKE_APP_SECRET) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.get('grant_type') !== 'authorization_code') return json({ errcode: 40002, errmsg: 'invalid grant_type' });
      const code = this.oauthCodes.get(q.get('code') ?? '');
      this.oauthCodes.delete(q.get('code') ?? '');
      if (!code || code.until < Date.now()) return json({ errcode: 40029, errmsg: 'invalid code' });
      const unionid = this.unionids.get(code.openid);
      return json({ access_token: `WAT_${crypto.randomBytes(16).toString('hex')}`, expires_in: 7200, refresh_token: 'RT', openid: code.openid, scope: 'snsapi_base', ...(unionid ? { unionid } : {}) });
    }
    res.writeHead(404).end('not found');
  }

  private authorize(q: URLSearchParams, res: http.ServerResponse): void {
    const redirect = q.get('redirect_uri') ?? '';
    const state = q.get('state');
    // WeChat shows an error page of its own for these; it never goes back to the site.
    if (q.get('appid') !== FAKE_APP_ID || q.get('response_type') !== 'code' || q.get('scope') !== 'snsapi_base' || !redirect.startsWith('http') || state === null) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('10003 redirect_uri 域名与后台配置不一致');
      return;
    }
    const code = crypto.randomBytes(16).toString('hex');
    this.oauthCodes.set(code, { openid: this.oauthUser, until: Date.now() + 5 * 60 * 1000 });
    const back = new URL(redirect);
    back.searchParams.set('code', code);
    back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() }).end();
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(body: string): Json {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? (value as Json) : {};
  } catch {
    return {};
  }
}

export async function startFakeWechat(): Promise<FakeWechat> {
  return new FakeWechat().start();
}

/** The WECHAT_* settings of an app that talks to `fake`. */
export function wechatEnv(fake: FakeWechat, options: { aes?: boolean } = {}): Record<string, string> {
  return {
    QR_LOGIN_PROVIDER: 'wechat-mp',
    WECHAT_APP_ID: FAKE_APP_ID,
    WECHAT_APP_SECRET: FAKE_APP_SECRET,
    WECHAT_TOKEN: FAKE_TOKEN,
    ...(options.aes === false ? {} : { WECHAT_ENCODING_AES_KEY: FAKE_AES_KEY }),
    WECHAT_API_BASE: fake.url,
    WECHAT_OPEN_BASE: fake.url,
  };
}
