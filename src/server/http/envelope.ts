import { AnswerCode, type ApiEnvelope } from '../../contract/envelope';
import { Messages } from '../../contract/messages';

export function ok<T>(data: T, msg = 'success'): ApiEnvelope<T> {
  return { code: AnswerCode.ok, msg, data };
}

export function fail(code: number, msg: string, data: null = null): ApiEnvelope<null> {
  return { code, msg, data };
}

/**
 * A refusal the user should read (bad input, rate limit, captcha needed...): services throw it and
 * the error handler answers HTTP 200 with this envelope code, so the SPA shows `msg`.
 */
export class BusinessError extends Error {
  override name = 'BusinessError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const invalid = (msg: string): BusinessError => new BusinessError(AnswerCode.invalid, msg);
export const tooMany = (msg: string = Messages.tooManyRequests): BusinessError => new BusinessError(AnswerCode.tooMany, msg);

/** Throws the 422 refusal when a contract check (src/contract/validation.ts) found a problem. */
export function assertValid(message: string | null): void {
  if (message) throw invalid(message);
}

/** The body of every HTTP 401: a missing, invalid, expired or revoked token. */
export const UNAUTHORIZED_BODY: ApiEnvelope<null> = fail(AnswerCode.unauthorized, Messages.loginExpired);
