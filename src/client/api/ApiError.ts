/**
 * A call that did not give a result: an answer code other than 200/202/302, an HTTP error, or no
 * answer at all. `code` is the envelope's code when the server answered one, otherwise the HTTP
 * status, or 0 when nothing came back.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly httpStatus?: number;
  readonly data: unknown;

  constructor({ code, msg, httpStatus, data }: { code: number; msg: string; httpStatus?: number; data?: unknown }) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.httpStatus = httpStatus;
    this.data = data ?? null;
  }
}
