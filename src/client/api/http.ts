import axios, { AxiosHeaders, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { AnswerCode, SCREEN_SIZE_HEADER, type ApiEnvelope } from '../../contract/envelope';
import { Limits } from '../../contract/limits';
import { Messages, serverBusyMessage } from '../../contract/messages';
import { loginPath } from '../app/access';
import type { Notify, Services } from '../app/services';
import { ApiError } from './ApiError';

/** What the answer handling needs from the app; given once at start by configureHttp. */
export interface HttpDependencies {
  getToken(): string | null;
  notify: Notify;
  navigate: Services['navigate'];
  back(): void;
  currentLocation: Services['currentLocation'];
  /** Forget the token (spec section 8: answer 400 and HTTP 401 end the session). */
  onSessionEnded(): void;
}

export type CallConfig = AxiosRequestConfig & {
  /** The caller handles failures itself: no toast, no navigation (an HTTP 401 still ends the session it speaks of); the ApiError is still thrown. */
  skipErrorHandler?: boolean;
};

/** How long after an answer 303 the page goes back (spec section 8). */
export const GO_BACK_DELAY_MS = 1_500;

const silent: Notify = { success: () => {}, info: () => {}, warning: () => {}, error: () => {} };
let deps: HttpDependencies = {
  getToken: () => null,
  notify: silent,
  navigate: () => {},
  back: () => {},
  currentLocation: () => ({ pathname: '/', search: '' }),
  onSessionEnded: () => {},
};

export function configureHttp(dependencies: HttpDependencies): void {
  deps = dependencies;
}

/** The one axios instance: same origin, the spec's 10 s timeout. */
export const http = axios.create({ baseURL: '', timeout: Limits.requestTimeoutMs });

http.interceptors.request.use((config) => {
  const token = deps.getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set(SCREEN_SIZE_HEADER, `${window.screen.width}x${window.screen.height}`);
  return config;
});

/**
 * A POST that outlives the page (fetch with keepalive; XMLHttpRequest is cancelled when the page
 * goes): for the last save of edits when the tab is closed or reloaded. Nobody reads its answer.
 * False when it could not be sent (no fetch, or a body past the browser's 64 KB keepalive cap).
 */
export function postOnUnload(url: string, body: unknown): boolean {
  if (typeof fetch !== 'function') return false;
  const token = deps.getToken();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    void fetch(url, { method: 'POST', keepalive: true, headers, body: JSON.stringify(body) }).catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/** The codes whose answer is a result (the others make the call fail). */
const resultCodes = new Set<number>([AnswerCode.ok, AnswerCode.warning, AnswerCode.redirected]);

function isEnvelope(body: unknown): body is ApiEnvelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** The envelope's text; the spec allows `message` in place of `msg`. */
function textOf(body: ApiEnvelope): string {
  const { msg, message } = body as ApiEnvelope & { message?: unknown };
  if (typeof msg === 'string' && msg) return msg;
  return typeof message === 'string' ? message : '';
}

function redirectUrlOf(data: unknown): string | null {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return typeof url === 'string' && url ? url : null;
}

function currentPath(): string {
  const { pathname, search } = deps.currentLocation();
  return `${pathname}${search}`;
}

/** Answer codes of spec section 8: returns the result, or throws after the toast/navigation. */
function handleEnvelope<T>(body: ApiEnvelope, httpStatus: number, quiet: boolean): T {
  const msg = textOf(body);
  const fail = (fallback: string) => new ApiError({ code: body.code, msg: msg || fallback, httpStatus, data: body.data, serverMsg: msg });
  switch (body.code) {
    case AnswerCode.ok:
      return body.data as T;
    case AnswerCode.warning:
      if (!quiet && msg) deps.notify.warning(msg);
      return body.data as T;
    case AnswerCode.redirected:
      if (!quiet) deps.notify.warning(msg || Messages.requestRedirected);
      return body.data as T;
    case AnswerCode.goBack:
      if (!quiet) {
        deps.notify.error(msg || Messages.requestFailed);
        setTimeout(() => deps.back(), GO_BACK_DELAY_MS);
      }
      throw fail(Messages.requestFailed);
    case AnswerCode.phoneRequired:
      // No toast: the caller (发布) opens the bind dialog, which says why in its place.
      throw fail(Messages.requestFailed);
    case AnswerCode.relogin:
      if (!quiet) {
        deps.onSessionEnded();
        deps.notify.error(msg || Messages.loginExpired, 'account');
        deps.navigate(loginPath(redirectUrlOf(body.data)));
      }
      throw fail(Messages.loginExpired);
    default:
      if (!quiet) deps.notify.error(msg || Messages.requestFailed);
      throw fail(Messages.requestFailed);
  }
}

/** The token a request was sent with (the request interceptor sets it), or null. */
function sentToken(config: AxiosRequestConfig | undefined): string | null {
  const header = config?.headers && typeof config.headers === 'object' ? (config.headers as Record<string, unknown>).Authorization : undefined;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/**
 * The seconds an HTTP 503's Retry-After asks for (a number, or a date), null when it names none.
 * Such an answer is the server shedding load: it came at once, and a retry soon will likely pass.
 */
export function retryAfterOf(response: AxiosResponse<unknown>): number | null | undefined {
  if (response.status !== 503) return undefined;
  const value = AxiosHeaders.from(response.headers as Record<string, string>).get('retry-after');
  if (typeof value !== 'string' || !value.trim()) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - Date.now()) / 1000);
}

/** HTTP statuses and network failures of spec section 8. */
function handleFailure(error: unknown, quiet: boolean): ApiError {
  if (!axios.isAxiosError(error)) {
    if (!quiet) deps.notify.error(Messages.requestNotSent);
    return new ApiError({ code: 0, msg: Messages.requestNotSent });
  }
  const response = error.response as AxiosResponse<unknown> | undefined;
  if (!response) {
    // error.request is set when the request left (timeout, refused, offline); otherwise it never did.
    const msg = error.request ? Messages.networkFailed : Messages.requestNotSent;
    if (!quiet) deps.notify.error(msg);
    return new ApiError({ code: 0, msg });
  }
  const status = response.status;
  const body = response.data;
  const retryAfter = retryAfterOf(response);
  if (retryAfter !== undefined) {
    // Overloaded: say so and when to try again, whatever the body (ours, or a proxy's page).
    const msg = serverBusyMessage(retryAfter);
    if (!quiet) deps.notify.error(msg);
    return new ApiError({ code: AnswerCode.unavailable, msg, httpStatus: status, data: { retryAfterSeconds: retryAfter }, serverMsg: msg });
  }
  const fixed: Record<number, string> = {
    401: Messages.loginExpired,
    403: Messages.accessDenied,
    404: Messages.notFound,
    500: Messages.serverError,
  };
  if (fixed[status]) {
    // A 401 answering a request sent with an earlier token, or with none before a login, says
    // nothing of the session there is now: a call sent as a visitor must not end the login made
    // while it was out.
    const aboutThisSession = status === 401 && sentToken(error.config) === deps.getToken();
    // The one place where an HTTP 401 ends the session, whoever tells the user: a quiet caller
    // says why in its own words, but the token is forgotten all the same.
    if (aboutThisSession && deps.getToken()) deps.onSessionEnded();
    if (!quiet) {
      // The session's news: one notice however many calls met the ended session.
      if (status === 401) deps.notify.error(fixed[status], 'account');
      else deps.notify.error(fixed[status]);
      if (aboutThisSession) deps.navigate(loginPath(currentPath()));
    }
    const envelope = isEnvelope(body) ? body : null;
    return new ApiError({ code: envelope ? envelope.code : status, msg: fixed[status], httpStatus: status, data: envelope ? envelope.data : body, serverMsg: envelope ? textOf(envelope) : '' });
  }
  // Other statuses (413, 422, 429...) carry an envelope with a Chinese msg: handle it as an answer.
  if (isEnvelope(body) && !resultCodes.has(body.code)) {
    try {
      handleEnvelope(body, status, quiet);
    } catch (failure) {
      if (failure instanceof ApiError) return failure;
      throw failure;
    }
  }
  if (!quiet) deps.notify.error(Messages.requestFailed);
  return new ApiError({ code: status, msg: Messages.requestFailed, httpStatus: status, data: body });
}

/**
 * Sends one request and applies the answer handling of spec section 8 in one place: returns
 * `envelope.data` for codes 200/202/302, throws ApiError otherwise.
 */
export async function call<T>({ skipErrorHandler = false, ...config }: CallConfig): Promise<T> {
  let response: AxiosResponse<unknown>;
  try {
    response = await http.request<unknown>(config);
  } catch (error) {
    throw handleFailure(error, skipErrorHandler);
  }
  const body = response.data;
  if (!isEnvelope(body)) {
    if (!skipErrorHandler) deps.notify.error(Messages.requestFailed);
    throw new ApiError({ code: response.status, msg: Messages.requestFailed, httpStatus: response.status, data: body });
  }
  return handleEnvelope<T>(body, response.status, skipErrorHandler);
}

/** A blob's text, read the way every browser (and the tests' DOM) can. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

/**
 * A file the API sends only to the logged-in user (an export): fetched with the login token, which a
 * plain link cannot carry. A refusal comes as a blob too: its envelope is read from it, so the user
 * sees the API's own message.
 */
export async function callForBlob({ skipErrorHandler = false, ...config }: CallConfig): Promise<Blob> {
  try {
    const response = await http.request<Blob>({ ...config, responseType: 'blob' });
    return response.data;
  } catch (error) {
    const response = axios.isAxiosError(error) ? error.response : undefined;
    if (response && response.data instanceof Blob) {
      try {
        response.data = JSON.parse(await blobText(response.data)) as unknown;
      } catch {
        // Not JSON (a proxy's page): the status says what went wrong.
      }
    }
    throw handleFailure(error, skipErrorHandler);
  }
}
