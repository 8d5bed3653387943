/**
 * Plays WeChat's side of a scan: builds the event WeChat pushes to the account's server URL
 * (subscribe with EventKey qrscene_<scene> for a new follower, SCAN with EventKey <scene> for a
 * follower), signs it as WeChat does and posts it, in plaintext, compatible or safe mode. The
 * encryption is written here from WeChat's description, apart from the server's own, so that a
 * mistake on one side is not mirrored on the other.
 */
import crypto from 'node:crypto';
import { FAKE_ACCOUNT, FAKE_AES_KEY, FAKE_APP_ID, FAKE_TOKEN } from './server';

export type PushMode = 'plain' | 'compatible' | 'safe';

/** Posts to the app: by HTTP to a listening server, or by inject. */
export type PushTransport = (pathAndQuery: string, body: string) => Promise<{ status: number; body: string }>;

export interface PushOptions {
  mode?: PushMode;
  /** Seconds since 1970 to sign with; the app's clock by default. */
  timestamp?: number;
  nonce?: string;
  /** Signs with this token instead of the account's (a forger's). */
  token?: string;
  /** Changes the body after signing (a forger's). */
  tamper?: (body: string) => string;
}

export interface PushResult {
  status: number;
  body: string;
  /** The reply's text message (decrypted in compatible and safe mode), or null. */
  replyText: string | null;
  /** The reply's fields after decryption. */
  reply: Record<string, string> | null;
}

const sha1 = (parts: string[]): string => crypto.createHash('sha1').update([...parts].sort().join('')).digest('hex');
const aesKey = (): Buffer => Buffer.from(`${FAKE_AES_KEY}=`, 'base64');

export function wechatEncrypt(xml: string): string {
  const key = aesKey();
  const message = Buffer.from(xml);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(message.length);
  const plain = Buffer.concat([crypto.randomBytes(16), size, message, Buffer.from(FAKE_APP_ID)]);
  const pad = 32 - (plain.length % 32);
  const cipher = crypto.createCipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
  return Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])), cipher.final()]).toString('base64');
}

export function wechatDecrypt(encrypted: string): string {
  const key = aesKey();
  const decipher = crypto.createDecipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
  const unpadded = plain.subarray(0, plain.length - plain[plain.length - 1]);
  const size = unpadded.readUInt32BE(16);
  if (unpadded.subarray(20 + size).toString() !== FAKE_APP_ID) throw new Error('The reply is not for this AppID');
  return unpadded.subarray(20, 20 + size).toString();
}

/** The leaf fields of a flat WeChat XML (the test's own reading, not the server's). */
export function fieldsOf(xml: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of xml.matchAll(/<([A-Za-z]+)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)) fields[match[1]] = match[2] ?? match[3] ?? '';
  return fields;
}

export function eventXml(fields: { openid: string; event: 'subscribe' | 'SCAN'; eventKey: string; createTime: number; ticket?: string }): string {
  return (
    `<xml><ToUserName><![CDATA[${FAKE_ACCOUNT}]]></ToUserName><FromUserName><![CDATA[${fields.openid}]]></FromUserName>` +
    `<CreateTime>${fields.createTime}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${fields.event}]]></Event>` +
    `<EventKey><![CDATA[${fields.eventKey}]]></EventKey><Ticket><![CDATA[${fields.ticket ?? 'gQFAKE'}]]></Ticket></xml>`
  );
}

export class FakePhone {
  constructor(
    private readonly send: PushTransport,
    /** The app's clock: WeChat signs with the time, and the app refuses one 5 minutes off. */
    private readonly now: () => number,
  ) {}

  /**
   * The user `openid` scans the code of `scene`: a follower pushes SCAN, anyone else subscribes.
   * `createTime` is the event's own time; a retry of WeChat's repeats it.
   */
  async scan(scene: string, openid: string, options: PushOptions & { follower?: boolean; createTime?: number } = {}): Promise<PushResult> {
    const createTime = options.createTime ?? Math.floor(this.now() / 1000);
    const xml = options.follower ? eventXml({ openid, event: 'SCAN', eventKey: scene, createTime }) : eventXml({ openid, event: 'subscribe', eventKey: `qrscene_${scene}`, createTime });
    return this.push(xml, openid, options);
  }

  /** Pushes `xml` as WeChat would, signed for `mode`. */
  async push(xml: string, openid: string, options: PushOptions = {}): Promise<PushResult> {
    const mode = options.mode ?? 'plain';
    const timestamp = String(options.timestamp ?? Math.floor(this.now() / 1000));
    const nonce = options.nonce ?? String(crypto.randomInt(100_000_000, 999_999_999));
    const token = options.token ?? FAKE_TOKEN;
    const query = new URLSearchParams({ signature: sha1([token, timestamp, nonce]), timestamp, nonce, openid });
    let body = xml;
    if (mode !== 'plain') {
      const encrypt = wechatEncrypt(xml);
      // Compatible mode sends the plaintext fields beside the ciphertext; safe mode only the latter.
      body = mode === 'compatible' ? xml.replace('</xml>', `<Encrypt><![CDATA[${encrypt}]]></Encrypt></xml>`) : `<xml><ToUserName><![CDATA[${FAKE_ACCOUNT}]]></ToUserName><Encrypt><![CDATA[${encrypt}]]></Encrypt></xml>`;
      query.set('encrypt_type', 'aes');
      query.set('msg_signature', sha1([token, timestamp, nonce, encrypt]));
    }
    if (options.tamper) body = options.tamper(body);
    const answer = await this.send(`/api/wxAuth/wechat/callback?${query.toString()}`, body);
    return { ...answer, ...this.readReply(answer.body, mode) };
  }

  private readReply(body: string, mode: PushMode): { reply: Record<string, string> | null; replyText: string | null } {
    if (!body.startsWith('<xml>')) return { reply: null, replyText: null };
    let fields = fieldsOf(body);
    if (mode !== 'plain') {
      // The reply must be sealed and signed like a push; a wrong signature is a failed reply.
      if (sha1([FAKE_TOKEN, fields.TimeStamp, fields.Nonce, fields.Encrypt]) !== fields.MsgSignature) throw new Error('The reply\u2019s MsgSignature does not match');
      fields = fieldsOf(wechatDecrypt(fields.Encrypt));
    }
    return { reply: fields, replyText: fields.MsgType === 'text' ? fields.Content : null };
  }
}

/** Pushes over HTTP to a listening app at `origin`. */
export function httpTransport(origin: string): PushTransport {
  return async (pathAndQuery, body) => {
    const response = await fetch(`${origin}${pathAndQuery}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body });
    return { status: response.status, body: await response.text() };
  };
}
