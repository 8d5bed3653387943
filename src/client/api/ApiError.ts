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
  /**
   * The server's own text, '' when it gave none. `msg` falls back to a generic text ('请求失败');
   * callers whose spec names another fallback ('创建logo失败', '轮询失败') need to tell them apart.
   */
  readonly serverMsg: string;

  constructor({ code, msg, httpStatus, data, serverMsg }: { code: number; msg: string; httpStatus?: number; data?: unknown; serverMsg?: string }) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.httpStatus = httpStatus;
    this.data = data ?? null;
    this.serverMsg = serverMsg ?? '';
  }
}

/** The server's own explanation of a failed call, or `fallback` when it gave none. */
export function serverMessageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMsg ? error.serverMsg : fallback;
}

/** No answer came back (offline, timeout, refused), or the request never left: nothing the server said. */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || (error.code === 0 && error.httpStatus === undefined);
}
