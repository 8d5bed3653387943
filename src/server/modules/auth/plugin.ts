import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { durableRateLimits } from '../../sharedState/rateLimits/durable';
import { PasswordHasher } from '../../security/passwords';
import { deriveKey } from '../../security/secrets';
import { CaptchaService } from './captcha';
import { LoginGuard } from './loginGuard';
import { NewAccountLimit } from './newAccounts';
import { OperateLog } from './operateLog';
import { PhoneBindingService } from './phoneBinding';
import { registerAuthRoutes } from './routes';
import { AuthService } from './service';
import { SmsCodeStore } from './smsCodes';
import { SmsOutbox, createSmsProvider, type SmsProvider } from './smsProviders';
import { SmsService } from './smsService';

declare module 'fastify' {
  interface FastifyInstance {
    /** The day's bound on accounts made from one address (QR logins count too). */
    newAccounts: NewAccountLimit;
    /** Captchas, SMS codes and the provider, for other areas that prove a phone (预约). */
    phoneCodes: PhoneCodes;
  }
}

export interface PhoneCodes {
  captchas: CaptchaService;
  sms: SmsService;
  codes: SmsCodeStore;
  provider: SmsProvider;
}

export interface AccountsOptions {
  /** Replaces the configured SMS provider (tests). */
  smsProvider?: SmsProvider;
}

/** Registration, login, SMS codes, captchas, passwords and the phone a user binds. */
export default fp(
  async (app: FastifyInstance, { smsProvider }: AccountsOptions) => {
    const { config, clock: now, database, sharedState, users, tokens, housekeeping } = app;
    const { sql } = database;
    // Login locks and the day's SMS codes outlast a restart.
    const durableLimits = durableRateLimits(sharedState, sql, now);
    const captchas = new CaptchaService(sql, now);
    const codes = new SmsCodeStore(sql, now, deriveKey(config.jwtSecret, 'sms-code'));
    // The outbox exists for tests: production never keeps a readable copy of a code.
    const outbox = config.mode === 'production' ? null : new SmsOutbox(sql, now);
    const provider = smsProvider ?? createSmsProvider(config.sms, app.log, outbox);
    const guard = new LoginGuard(durableLimits, captchas);
    const newAccounts = new NewAccountLimit(durableLimits);
    app.decorate('newAccounts', newAccounts);
    const sms = new SmsService({ captchas, codes, limits: durableLimits, provider, log: app.log, metrics: app.metrics });
    app.decorate('phoneCodes', { captchas, sms, codes, provider });
    housekeeping.addSweep('captchas', () => captchas.prune());
    housekeeping.addSweep('sms codes', () => codes.prune());
    housekeeping.addSweep('rate events', () => durableLimits.prune());
    registerAuthRoutes(app, {
      auth: new AuthService({ db: sql, users, passwords: new PasswordHasher(), tokens, codes, guard, newAccounts }),
      captchas,
      sms,
      phoneBinding: new PhoneBindingService({ db: sql, users, codes, tokens, now }),
      operateLog: new OperateLog(sql, now, sharedState.rateLimits),
    });
  },
  { name: 'accounts', dependencies: ['config', 'database', 'shared-state', 'housekeeping', 'http', 'auth', 'metrics'] },
);
