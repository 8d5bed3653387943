/** Every JSON answer of the API (spec section 7): HTTP 200 with `code` 200 is success. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/**
 * Answer codes of the envelope. 200/202/302/303/400 are the spec's (section 8); the rest are ours
 * (DESIGN.md section 5) and fall under the client's "other" branch: an error toast of `msg`.
 */
export const AnswerCode = {
  ok: 200,
  warning: 202,
  redirected: 302,
  goBack: 303,
  relogin: 400,
  /** Only as the body of an HTTP 401 (missing, invalid or revoked token). */
  unauthorized: 401,
  /** Only as the body of an HTTP 403 (a logged-in user calling a route for operators). */
  forbidden: 403,
  notFound: 404,
  /** Login needs a passed graphic captcha first (after 3 failures). */
  captchaRequired: 428,
  /** Too many failures: the account is locked for a while. */
  locked: 423,
  invalid: 422,
  /** The account needs a bound phone first (发布): the SPA opens the bind dialog and tries again. */
  phoneRequired: 412,
  tooMany: 429,
  serverError: 500,
  /** An outside service the call needs (WeChat) is down or refusing; `msg` says what still works. */
  unavailable: 503,
} as const;

export type AnswerCodeValue = (typeof AnswerCode)[keyof typeof AnswerCode];

/** The header the SPA sends on every request (DESIGN.md section 4). */
export const SCREEN_SIZE_HEADER = 'X-Screen-Size';
