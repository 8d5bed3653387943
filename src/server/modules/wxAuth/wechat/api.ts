/**
 * A small client of the WeChat Official Account API (there is no official Node SDK): the calls
 * scan login needs, with the access_token every call carries. The token comes from
 * /cgi-bin/stable_token and is kept in the shared state (Redis with several API servers) until
 * shortly before it lapses; one caller at a time refreshes it, under a shared lock, and the others
 * read what it stored. A call answered 40001/42001/40014 (the token is invalid or expired) refreshes
 * it once and is tried once more. The JS-SDK's jsapi_ticket (the share card of published pages)
 * is kept the same way: WeChat allows few fetches of it a day.
 */
import type { Clock } from '../../../clock';
import { withLock, type SharedState } from '../../../sharedState/types';
import type { WechatConfig } from './config';

/** invalid credential, access_token expired, invalid access_token. */
export const TOKEN_ERRCODES: ReadonlySet<number> = new Set([40001, 42001, 40014]);
/** What one call may take unless the caller says less. */
export const WECHAT_TIMEOUT_MS = 5000;
/** Refreshed this long before expires_in runs out (WeChat itself renews 5 minutes early). */
const EARLY_REFRESH_S = 300;
const REFRESH_LOCK_TTL_MS = 15_000;
/**
 * After a failed refresh, callers queued on the lock fail at once for this long instead of each
 * waiting out its own timeout in turn (20 logins while WeChat hangs would take 20 x 5 s).
 */
const FAILED_REFRESH_MEMORY_MS = 10_000;

/** WeChat unreachable or refusing: `errcode` is WeChat's, or null for a network or HTTP failure. */
export class WechatApiError extends Error {
  override name = 'WechatApiError';
  constructor(
    readonly errcode: number | null,
    message: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

export interface WechatApiDeps {
  config: WechatConfig;
  state: SharedState;
  now: Clock;
}

export interface LoginQrcode {
  /** What the QR image encodes (weixin.qq.com/q/...). */
  url: string;
  ticket: string;
  expireSeconds: number;
}

/** Who a user is to this account: the openid, and the unionid when the account has one. */
export interface WechatIdentity {
  openid: string;
  unionid?: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 512 ? value : null);

export class WechatApi {
  private readonly tokenKey: string;
  private readonly failureKey: string;
  private readonly ticketKey: string;

  constructor(private readonly deps: WechatApiDeps) {
    this.tokenKey = `wechat:access-token:${deps.config.appId}`;
    this.failureKey = `wechat:access-token-failed:${deps.config.appId}`;
    this.ticketKey = `wechat:jsapi-ticket:${deps.config.appId}`;
  }

  /**
   * The JS-SDK's jsapi_ticket: the shared one, or a new one from /cgi-bin/ticket/getticket, fetched
   * by one caller of every server at a time and kept until shortly before it lapses.
   */
  async jsapiTicket(): Promise<string> {
    return (
      (await this.stored(this.ticketKey)) ??
      withLock(this.deps.state, this.ticketKey, REFRESH_LOCK_TTL_MS, async () => {
        const stored = await this.stored(this.ticketKey);
        if (stored) return stored;
        const answer = await this.authorized('GET', '/cgi-bin/ticket/getticket', { type: 'jsapi' });
        const ticket = text(answer.ticket);
        if (!ticket || typeof answer.expires_in !== 'number' || answer.expires_in <= 0) throw new WechatApiError(null, 'ticket/getticket answered no ticket');
        await this.store(this.ticketKey, ticket, answer.expires_in);
        return ticket;
      })
    );
  }

  /** A temporary QR_STR_SCENE code whose scan pushes `scene` back to the callback. */
  async createLoginQrcode(scene: string, expireSeconds: number): Promise<LoginQrcode> {
    // WeChat's limit on scene_str: a longer one would be refused, or cut and never match a ticket.
    if (scene.length < 1 || scene.length > 64) throw new Error(`scene_str must be 1 to 64 characters (got ${scene.length})`);
    const answer = await this.authorized('POST', '/cgi-bin/qrcode/create', {}, { expire_seconds: expireSeconds, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: scene } } });
    const url = text(answer.url);
    const ticket = text(answer.ticket);
    if (!url || !ticket) throw new WechatApiError(null, 'qrcode/create answered no url or ticket');
    return { url, ticket, expireSeconds: typeof answer.expire_seconds === 'number' ? answer.expire_seconds : expireSeconds };
  }

  /** /cgi-bin/user/info: the user's unionid, when the account is bound to an open platform. */
  async unionidOf(openid: string, timeoutMs: number): Promise<string | undefined> {
    const answer = await this.authorized('GET', '/cgi-bin/user/info', { openid, lang: 'zh_CN' }, undefined, timeoutMs);
    return text(answer.unionid) ?? undefined;
  }

  /** Web authorization: the `code` WeChat handed back -> the openid (snsapi_base). */
  async oauthIdentity(code: string): Promise<WechatIdentity> {
    const { appId, appSecret } = this.deps.config;
    const answer = await this.request('GET', '/sns/oauth2/access_token', { appid: appId, secret: appSecret, code, grant_type: 'authorization_code' });
    const openid = text(answer.openid);
    if (!openid) throw new WechatApiError(null, 'sns/oauth2/access_token answered no openid');
    const unionid = text(answer.unionid);
    return unionid ? { openid, unionid } : { openid };
  }

  /** The current access_token: the shared one, or a new one when none is left. */
  async accessToken(): Promise<string> {
    return (await this.storedToken()) ?? this.refreshToken(null);
  }

  /**
   * A new token unless another caller already replaced `stale` meanwhile. The lock is shared by
   * every server: of many callers at once, one asks WeChat and the others read its answer.
   */
  async refreshToken(stale: string | null): Promise<string> {
    return withLock(this.deps.state, this.tokenKey, REFRESH_LOCK_TTL_MS, async () => {
      const stored = await this.storedToken();
      if (stored && stored !== stale) return stored;
      const failed = await this.deps.state.getValue(this.failureKey);
      if (failed) throw new WechatApiError(null, `stable_token failed a moment ago: ${failed}`);
      let answer: { token: string; expiresIn: number };
      try {
        answer = await this.stableToken(false);
        // In normal mode WeChat answers the same token while it thinks it valid; one it refused is not.
        if (stale && answer.token === stale) answer = await this.stableToken(true);
      } catch (error) {
        await this.deps.state.setValue(this.failureKey, error instanceof Error ? error.message.slice(0, 200) : 'failed', FAILED_REFRESH_MEMORY_MS);
        throw error;
      }
      await this.store(this.tokenKey, answer.token, answer.expiresIn);
      return answer.token;
    });
  }

  private storedToken(): Promise<string | null> {
    return this.stored(this.tokenKey);
  }

  /** Keeps `token` under `key` in the shared state until shortly before its `expiresIn` seconds run out. */
  private async store(key: string, token: string, expiresIn: number): Promise<void> {
    const lifetimeS = Math.max(1, expiresIn - Math.min(EARLY_REFRESH_S, Math.floor(expiresIn / 2)));
    await this.deps.state.setValue(key, JSON.stringify({ token, until: this.deps.now() + lifetimeS * 1000 }), lifetimeS * 1000);
  }

  private async stored(key: string): Promise<string | null> {
    const raw = await this.deps.state.getValue(key);
    if (!raw) return null;
    try {
      const { token, until } = JSON.parse(raw) as { token?: unknown; until?: unknown };
      return typeof token === 'string' && typeof until === 'number' && until > this.deps.now() ? token : null;
    } catch {
      return null;
    }
  }

  private async stableToken(forceRefresh: boolean): Promise<{ token: string; expiresIn: number }> {
    const { appId, appSecret } = this.deps.config;
    const answer = await this.request('POST', '/cgi-bin/stable_token', {}, { grant_type: 'client_credential', appid: appId, secret: appSecret, force_refresh: forceRefresh });
    const token = text(answer.access_token);
    const expiresIn = answer.expires_in;
    if (!token || typeof expiresIn !== 'number' || expiresIn <= 0) throw new WechatApiError(null, 'stable_token answered no access_token');
    return { token, expiresIn };
  }

  /** A call that carries the access_token, tried once more with a new token when WeChat refuses it. */
  private async authorized(method: 'GET' | 'POST', path: string, query: Record<string, string>, body?: Json, timeoutMs = WECHAT_TIMEOUT_MS): Promise<Json> {
    const token = await this.accessToken();
    try {
      return await this.request(method, path, { ...query, access_token: token }, body, timeoutMs);
    } catch (error) {
      if (!(error instanceof WechatApiError) || error.errcode === null || !TOKEN_ERRCODES.has(error.errcode)) throw error;
      const fresh = await this.refreshToken(token);
      return this.request(method, path, { ...query, access_token: fresh }, body, timeoutMs);
    }
  }

  /** One HTTP call; WeChat answers errors as HTTP 200 with a non-zero errcode. Messages never hold the URL (it carries secrets). */
  private async request(method: 'GET' | 'POST', path: string, query: Record<string, string>, body?: Json, timeoutMs = WECHAT_TIMEOUT_MS): Promise<Json> {
    const url = `${this.deps.config.apiBase}${path}?${new URLSearchParams(query).toString()}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new WechatApiError(null, `${path} unreachable: ${error instanceof Error ? error.name : 'error'}`);
    }
    if (!response.ok) throw new WechatApiError(null, `${path} answered HTTP ${response.status}`);
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw new WechatApiError(null, `${path} answered something other than JSON`);
    }
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw new WechatApiError(null, `${path} answered something other than an object`);
    const json = answer as Json;
    if (typeof json.errcode === 'number' && json.errcode !== 0) {
      throw new WechatApiError(json.errcode, `${path} refused: errcode ${json.errcode} ${typeof json.errmsg === 'string' ? json.errmsg.slice(0, 200) : ''}`.trim());
    }
    return json;
  }
}
