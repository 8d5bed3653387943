/**
 * The service account's server URL (GET/POST /api/wxAuth/wechat/callback), called by WeChat only:
 * its signature, made with WECHAT_TOKEN, is what admits a call; nobody else can make one. GET
 * answers the console's URL check; POST takes pushed messages in plaintext, compatible or safe mode.
 * A scan of a login code pushes `subscribe` (EventKey qrscene_<ticket>, for a new follower) or
 * `SCAN` (EventKey <ticket>): that confirms the ticket for the openid in FromUserName.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { Messages } from '../../../../contract/messages';
import type { Clock } from '../../../clock';
import type { SharedState } from '../../../sharedState/types';
import type { QrLoginService } from '../service';
import type { WechatApi } from './api';
import type { WechatConfig } from './config';
import { MessageCipher, sha1OfSorted, signatureMatches } from './messageCrypto';
import { buildWechatXml, MAX_XML_BYTES, parseWechatXml } from './xml';

export const CALLBACK_PATH = '/api/wxAuth/wechat/callback';
/** A push signed further from our clock than this is refused (a replay of an old capture). */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** WeChat waits 5 s, then retries: we answer before that, and finish the work anyway. */
export const ANSWER_WITHIN_MS = 4000;
/** The user-info call inside a push: its share of those 5 seconds. */
const UNIONID_TIMEOUT_MS = 1500;
/** How long a push and an event are remembered: longer than the skew, so that no replay gets in. */
const REMEMBER_MS = 2 * MAX_CLOCK_SKEW_MS;
const OPENID = /^[A-Za-z0-9_-]{1,64}$/;

interface CallbackQuery {
  signature?: string;
  timestamp: string;
  nonce: string;
  echostr?: string;
  encrypt_type?: string;
  msg_signature?: string;
}

export interface CallbackDeps {
  config: WechatConfig;
  api: WechatApi;
  service: QrLoginService;
  state: SharedState;
  now: Clock;
  log: FastifyBaseLogger;
}

const sig = { type: 'string', maxLength: 64, pattern: '^[0-9a-fA-F]{40}$' } as const;
const querySchema = {
  type: 'object',
  properties: {
    signature: sig,
    msg_signature: sig,
    timestamp: { type: 'string', pattern: '^[0-9]{1,12}$' },
    nonce: { type: 'string', minLength: 1, maxLength: 64 },
    echostr: { type: 'string', maxLength: 256 },
    encrypt_type: { type: 'string', maxLength: 16 },
    openid: { type: 'string', maxLength: 64 },
  },
  required: ['timestamp', 'nonce'],
} as const;

/** Refused without saying why: the caller is not WeChat, or not now. */
const refuse = (reply: FastifyReply): FastifyReply => reply.code(403).type('text/plain; charset=utf-8').send('forbidden');
/** What WeChat takes as "received, nothing to say". */
const nothing = (reply: FastifyReply): FastifyReply => reply.type('text/plain; charset=utf-8').send('success');

export function registerWechatCallback(app: FastifyInstance, deps: CallbackDeps): void {
  const { config, now } = deps;
  const cipher = config.encodingAesKey ? new MessageCipher(config.encodingAesKey, config.appId) : null;
  const fresh = (timestamp: string): boolean => Math.abs(now() - Number(timestamp) * 1000) <= MAX_CLOCK_SKEW_MS;

  app.get<{ Querystring: CallbackQuery }>(CALLBACK_PATH, { config: { access: 'public' }, schema: { querystring: querySchema } }, async (request, reply) => {
    const { signature, timestamp, nonce, echostr } = request.query;
    if (!signature || echostr === undefined || !fresh(timestamp) || !signatureMatches(signature, [config.token, timestamp, nonce])) return refuse(reply);
    return reply.type('text/plain; charset=utf-8').send(echostr);
  });

  void app.register(async (scope) => {
    // WeChat posts XML; this scope alone parses it, a bounded string for the strict reader.
    for (const type of ['text/xml', 'application/xml']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: MAX_XML_BYTES }, (_request, body, done) => done(null, String(body)));
    }
    scope.post<{ Querystring: CallbackQuery; Body: string }>(CALLBACK_PATH, { config: { access: 'public' }, schema: { querystring: querySchema } }, async (request, reply) => {
      const { signature, msg_signature: msgSignature, timestamp, nonce, encrypt_type: encryptType } = request.query;
      if (!fresh(timestamp) || typeof request.body !== 'string') return refuse(reply);
      const encrypted = encryptType === 'aes';
      let fields: Record<string, string>;
      try {
        const outer = parseWechatXml(request.body);
        if (encrypted) {
          const ciphertext = outer.Encrypt;
          if (!cipher || !msgSignature || !ciphertext || !signatureMatches(msgSignature, [config.token, timestamp, nonce, ciphertext])) return refuse(reply);
          fields = parseWechatXml(cipher.decrypt(ciphertext));
        } else {
          // Plaintext mode: only the URL is signed, so a body changed under a captured signature
          // would pass; the push's nonce is remembered below, and such a replay finds it used.
          if (!signature || !signatureMatches(signature, [config.token, timestamp, nonce])) return refuse(reply);
          fields = outer;
        }
      } catch {
        return refuse(reply);
      }
      if (!(await deps.state.claimPeriod(`wechat-push:${timestamp}:${nonce}`, REMEMBER_MS))) return nothing(reply);
      const answer = await answerWithin(handleMessage(deps, fields), ANSWER_WITHIN_MS, deps.log);
      if (!answer) return nothing(reply);
      return reply.type('application/xml; charset=utf-8').send(encrypted && cipher ? sealReply(config.token, cipher, answer, now) : answer);
    });
  });
}

/** The reply XML, or null for none; past `ms`, null while the work goes on. */
async function answerWithin(work: Promise<string | null>, ms: number, log: FastifyBaseLogger): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  const done = work.catch((error: unknown) => {
    log.error({ err: error }, 'WeChat push not handled');
    return null;
  });
  try {
    return await Promise.race([done, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The ticket a login code's scan names: `qrscene_<ticket>` on a subscribe, `<ticket>` on SCAN. */
export function ticketOf(fields: Record<string, string>): string | null {
  if (fields.MsgType !== 'event') return null;
  const key = fields.EventKey ?? '';
  if (fields.Event === 'subscribe') return key.startsWith('qrscene_') ? key.slice('qrscene_'.length) : null;
  if (fields.Event === 'SCAN') return key || null;
  return null;
}

async function handleMessage(deps: CallbackDeps, fields: Record<string, string>): Promise<string | null> {
  const ticket = ticketOf(fields);
  const openid = fields.FromUserName ?? '';
  if (!ticket || !OPENID.test(openid)) return null;
  // WeChat retries a push it got no answer to: the same event again confirms nothing twice.
  const eventKey = fields.MsgId || `${openid}:${fields.CreateTime ?? ''}:${fields.Event}:${ticket}`;
  if (!(await deps.state.claimPeriod(`wechat-event:${eventKey}`, REMEMBER_MS))) return null;
  const unionid = await deps.api.unionidOf(openid, UNIONID_TIMEOUT_MS).catch((error: unknown) => {
    // The login goes on by the openid: the unionid only links other apps of the open platform.
    deps.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'WeChat user info not read');
    return undefined;
  });
  const confirmed = await deps.service.confirm(ticket, unionid ? { openid, unionid } : { openid });
  return textReply(fields, confirmed ? Messages.wechatScanWelcome : Messages.wechatScanExpired, deps.now);
}

/** A passive text reply to the user who pushed `fields`. */
function textReply(fields: Record<string, string>, content: string, now: Clock): string {
  return buildWechatXml([
    ['ToUserName', fields.FromUserName ?? ''],
    ['FromUserName', fields.ToUserName ?? ''],
    ['CreateTime', Math.floor(now() / 1000)],
    ['MsgType', 'text'],
    ['Content', content],
  ]);
}

/** The reply of compatible and safe mode: encrypted and signed like a push. */
function sealReply(token: string, cipher: MessageCipher, xml: string, now: Clock): string {
  const encrypt = cipher.encrypt(xml);
  const timestamp = String(Math.floor(now() / 1000));
  const nonce = String(crypto.randomInt(1_000_000_000, 9_999_999_999));
  return buildWechatXml([
    ['Encrypt', encrypt],
    ['MsgSignature', sha1OfSorted([token, timestamp, nonce, encrypt])],
    ['TimeStamp', Number(timestamp)],
    ['Nonce', nonce],
  ]);
}
