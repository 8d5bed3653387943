import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { CaptchaService } from './modules/auth/captcha';
import { LoginGuard } from './modules/auth/loginGuard';
import { OperateLog } from './modules/auth/operateLog';
import { UserRepository } from './modules/auth/repository';
import { AuthService } from './modules/auth/service';
import { SmsCodeStore } from './modules/auth/smsCodes';
import { SmsOutbox, createSmsProvider, type SmsProvider } from './modules/auth/smsProviders';
import { SmsService } from './modules/auth/smsService';
import { CommonRepository } from './modules/common/repository';
import { createQrLoginProvider } from './modules/wxAuth/qrProviders';
import { QrTicketRepository } from './modules/wxAuth/repository';
import { QrLoginService } from './modules/wxAuth/service';
import { PasswordHasher } from './security/passwords';
import { RateLimiter } from './security/rateLimiter';
import { deriveKey } from './security/secrets';
import { TokenService } from './security/tokens';

export interface ServiceInputs {
  config: ServerConfig;
  db: Db;
  now: Clock;
  log: FastifyBaseLogger;
  smsProvider?: SmsProvider;
}

/** Wires the services once per app: one place shows what depends on what. */
export function createServices({ config, db, now, log, smsProvider }: ServiceInputs) {
  const limiter = new RateLimiter(db, now);
  const users = new UserRepository(db, now);
  const tokens = new TokenService(config.jwtSecret, now);
  const passwords = new PasswordHasher();
  const captchas = new CaptchaService(db, now, limiter);
  const codes = new SmsCodeStore(db, now, deriveKey(config.jwtSecret, 'sms-code'));
  // The outbox exists for tests: production never keeps a readable copy of a code.
  const outbox = config.mode === 'production' ? null : new SmsOutbox(db, now);
  const provider = smsProvider ?? createSmsProvider(config.sms, log, outbox);
  const guard = new LoginGuard(limiter, captchas);
  return {
    limiter,
    users,
    tokens,
    captchas,
    codes,
    auth: new AuthService({ db, users, passwords, tokens, codes, guard }),
    sms: new SmsService({ captchas, codes, limiter, users, provider, log }),
    operateLog: new OperateLog(db, now, limiter),
    qrLogin: new QrLoginService({ db, now, tickets: new QrTicketRepository(db), users, tokens, limiter }),
    qrProvider: createQrLoginProvider(config.qrLoginProvider),
    common: new CommonRepository(db, now),
  };
}

export type Services = ReturnType<typeof createServices>;

const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

/** Deletes expired captchas, codes, tickets and old rate events every 10 minutes. */
export function startHousekeeping(services: Services): NodeJS.Timeout {
  const sweep = (): void => {
    services.captchas.prune();
    services.codes.prune();
    services.qrLogin.prune();
    services.limiter.prune();
  };
  sweep();
  const timer = setInterval(sweep, HOUSEKEEPING_INTERVAL_MS);
  // Never the reason the process stays alive.
  timer.unref();
  return timer;
}
