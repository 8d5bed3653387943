import type { FastifyBaseLogger } from 'fastify';
import type { SmsPurpose } from '../../../contract/auth';
import type { Sql } from '../../db/connection';
import type { Clock } from '../../clock';
import type { SmsConfig } from './smsConfig';
import { AliyunSmsProvider } from './aliyunSms';
import { TencentSmsProvider } from './tencentSms';

/**
 * Where SMS codes go. `send` resolves once the provider has accepted the message; it throws
 * SmsSendError (smsFailure.ts) when the provider refused, anything else when it failed otherwise.
 */
export interface SmsProvider {
  send(phone: string, code: string, purpose: SmsTemplateKind): Promise<void>;
}

/**
 * The messages the providers have a template for: the codes' purposes, and a 预约's gift code
 * (礼包码), whose template is optional (smsSendsGiftCodes): without one the code is only shown.
 */
export type SmsTemplateKind = SmsPurpose | 'giftCode';

/** 13800138000 -> 138****8000: enough to tell messages apart in a log, not enough to identify. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** Records sent codes for tests (development and test mode only: never a place visitors can read). */
export class SmsOutbox {
  constructor(
    private readonly db: Sql,
    private readonly now: Clock,
  ) {}

  async add(phone: string, code: string, purpose: SmsTemplateKind): Promise<void> {
    await this.db.insertInto('sms_outbox').values({ phone, code, purpose, created_at: this.now() }).execute();
  }
}

/** No gateway: the code goes to the server log (and, outside production, to the outbox). */
export class LocalSmsProvider implements SmsProvider {
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly outbox: SmsOutbox | null,
  ) {}

  async send(phone: string, code: string, purpose: SmsTemplateKind): Promise<void> {
    this.log.info({ purpose }, `SMS to ${maskPhone(phone)}: ${code}`);
    await this.outbox?.add(phone, code, purpose);
  }
}

const GATEWAY_TIMEOUT_MS = 10_000;

/** POSTs {phone, code, purpose} as JSON to the configured gateway with a bearer token. */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  async send(phone: string, code: string, purpose: SmsTemplateKind): Promise<void> {
    const answer = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify({ phone, code, purpose }),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    // Drain the body so the connection can be reused; its content is not ours to interpret.
    await answer.arrayBuffer().catch(() => undefined);
    if (!answer.ok) throw new Error(`The SMS gateway answered HTTP ${answer.status}`);
  }
}

export function createSmsProvider(config: SmsConfig, log: FastifyBaseLogger, outbox: SmsOutbox | null): SmsProvider {
  switch (config.provider) {
    case 'http':
      return new HttpSmsProvider(config.url, config.token);
    case 'aliyun':
      return new AliyunSmsProvider(config);
    case 'tencent':
      return new TencentSmsProvider(config);
    case 'local':
      return new LocalSmsProvider(log, outbox);
  }
}
