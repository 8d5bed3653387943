import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { ApiError } from '../../../src/client/api/ApiError';
import { call, callForBlob, configureHttp, GO_BACK_DELAY_MS, http, postOnUnload, type HttpDependencies } from '../../../src/client/api/http';
import { AnswerCode } from '../../../src/contract/envelope';
import { Limits } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';

interface Deps extends HttpDependencies {
  navigate: jest.Mock;
  back: jest.Mock;
  onSessionEnded: jest.Mock;
  notify: { success: jest.Mock; info: jest.Mock; warning: jest.Mock; error: jest.Mock };
}

let deps: Deps;
let token: string | null;
let seen: InternalAxiosRequestConfig[];

function setUp(location = { pathname: '/backend/personal', search: '?tab=1' }) {
  token = null;
  seen = [];
  deps = {
    getToken: () => token,
    notify: { success: jest.fn(), info: jest.fn(), warning: jest.fn(), error: jest.fn() },
    navigate: jest.fn(),
    back: jest.fn(),
    currentLocation: () => location,
    onSessionEnded: jest.fn(),
  };
  configureHttp(deps);
}

/** An adapter that answers with `status` and `body`, and rejects non-2xx the way axios's own adapters do. */
function answer(status: number, body: unknown): AxiosAdapter {
  return (config) => {
    seen.push(config);
    const response: AxiosResponse = { data: body, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return Promise.resolve(response);
    return Promise.reject(new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response));
  };
}

/** An adapter whose request left but got no answer (offline, refused, timeout). */
function noAnswer(code: string, message: string): AxiosAdapter {
  return (config) => Promise.reject(new AxiosError(message, code, config, {}));
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('The call did not fail');
}

beforeEach(() => setUp());

describe('http: what every request carries', () => {
  it('uses the same origin and the spec timeout', () => {
    expect(http.defaults.baseURL).toBe('');
    expect(http.defaults.timeout).toBe(Limits.requestTimeoutMs);
  });

  it('sends the screen size, and the bearer token only when there is one', async () => {
    await call({ url: '/a', adapter: answer(200, { code: 200, msg: '', data: 1 }) });
    token = 'tok';
    await call({ url: '/b', adapter: answer(200, { code: 200, msg: '', data: 1 }) });
    const [anonymous, loggedIn] = seen.map((config) => AxiosHeaders.from(config.headers));
    expect(anonymous.get('Authorization')).toBeUndefined();
    expect(anonymous.get('X-Screen-Size')).toBe(`${window.screen.width}x${window.screen.height}`);
    expect(loggedIn.get('Authorization')).toBe('Bearer tok');
  });
});

describe('http: answer codes (spec section 8)', () => {
  it('200 gives data, silently', async () => {
    await expect(call({ url: '/x', adapter: answer(200, { code: 200, msg: 'ok', data: { a: 1 } }) })).resolves.toEqual({ a: 1 });
    expect(deps.notify.warning).not.toHaveBeenCalled();
    expect(deps.notify.error).not.toHaveBeenCalled();
  });

  it('reads `message` when the answer has no `msg`', async () => {
    const error = await failure(call({ url: '/x', adapter: answer(200, { code: 422, message: '名称过长', data: null }) }));
    expect(error.msg).toBe('名称过长');
    expect(deps.notify.error).toHaveBeenCalledWith('名称过长');
  });

  it('202 warns and still gives the data', async () => {
    await expect(call({ url: '/x', adapter: answer(200, { code: 202, msg: '排队中', data: 5 }) })).resolves.toBe(5);
    expect(deps.notify.warning).toHaveBeenCalledWith('排队中');
  });

  it('302 warns with the message or "request redirected", and gives the data', async () => {
    await expect(call({ url: '/x', adapter: answer(200, { code: 302, msg: '已跳转', data: 'a' }) })).resolves.toBe('a');
    await expect(call({ url: '/x', adapter: answer(200, { code: 302, msg: '', data: 'b' }) })).resolves.toBe('b');
    expect(deps.notify.warning.mock.calls).toEqual([['已跳转'], [Messages.requestRedirected]]);
  });

  it('303 shows the error, fails, and goes back 1.5 s later', async () => {
    jest.useFakeTimers();
    try {
      const error = await failure(call({ url: '/x', adapter: answer(200, { code: 303, msg: '无权编辑', data: null }) }));
      expect(error).toMatchObject({ code: 303, msg: '无权编辑', httpStatus: 200 });
      expect(deps.notify.error).toHaveBeenCalledWith('无权编辑');
      jest.advanceTimersByTime(GO_BACK_DELAY_MS - 1);
      expect(deps.back).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(deps.back).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('400 ends the session, shows the message, and goes to login with the returned url', async () => {
    const error = await failure(call({ url: '/x', adapter: answer(200, { code: 400, msg: '请重新登录', data: { url: '/createWeb?id=3' } }) }));
    expect(error.code).toBe(400);
    expect(deps.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(deps.notify.error).toHaveBeenCalledWith('请重新登录', 'account');
    expect(deps.navigate).toHaveBeenCalledWith('/auth/login?redirect=%2FcreateWeb%3Fid%3D3');
  });

  it('400 without a url goes to login with no redirect', async () => {
    await failure(call({ url: '/x', adapter: answer(200, { code: 400, msg: '请重新登录', data: null }) }));
    expect(deps.navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('other codes show the message, or "request failed", and fail with the data', async () => {
    const named = await failure(call({ url: '/x', adapter: answer(200, { code: 429, msg: '操作过于频繁', data: { retry: 60 } }) }));
    expect(named).toMatchObject({ code: 429, msg: '操作过于频繁', data: { retry: 60 } });
    const unnamed = await failure(call({ url: '/x', adapter: answer(200, { code: 500, msg: '', data: null }) }));
    expect(unnamed.msg).toBe(Messages.requestFailed);
    expect(deps.notify.error.mock.calls).toEqual([['操作过于频繁'], [Messages.requestFailed]]);
  });

  it('412 (发布 needs a bound phone) fails with its code and shows nothing: the caller opens the bind dialog, which says why', async () => {
    const refused = await failure(call({ url: '/x', adapter: answer(200, { code: AnswerCode.phoneRequired, msg: Messages.publishNeedsPhone, data: null }) }));
    expect(refused).toMatchObject({ code: AnswerCode.phoneRequired, serverMsg: Messages.publishNeedsPhone });
    expect(deps.notify.error).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('an answer that is not an envelope fails as "request failed"', async () => {
    const error = await failure(call({ url: '/x', adapter: answer(200, '<html>') }));
    expect(error.msg).toBe(Messages.requestFailed);
    expect(deps.notify.error).toHaveBeenCalledWith(Messages.requestFailed);
  });
});

describe('http: HTTP statuses and the network', () => {
  it('401: login expired, session ended, login with the current page as redirect', async () => {
    token = 'tok-1';
    const error = await failure(call({ url: '/x', adapter: answer(401, { code: 401, msg: 'Unauthorized', data: null }) }));
    expect(error).toMatchObject({ httpStatus: 401, msg: Messages.loginExpired });
    expect(deps.notify.error).toHaveBeenCalledWith(Messages.loginExpired, 'account');
    expect(deps.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith('/auth/login?redirect=%2Fbackend%2Fpersonal%3Ftab%3D1');
  });

  it('401 to a visitor: login with the current page as redirect, no session to end', async () => {
    await failure(call({ url: '/x', adapter: answer(401, null) }));
    expect(deps.onSessionEnded).not.toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith('/auth/login?redirect=%2Fbackend%2Fpersonal%3Ftab%3D1');
  });

  it('401 to a quiet call: the session it was sent with ends all the same, without a toast or a page change', async () => {
    token = 'tok-1';
    await failure(call({ url: '/x', adapter: answer(401, null), skipErrorHandler: true }));
    expect(deps.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(deps.notify.error).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['sent as a visitor', null],
    ['sent with an earlier token', 'tok-0'],
  ])('401 to a call %s, answered after a login: the new session stays', async (_name, sentWith) => {
    token = sentWith;
    const loggedInMeanwhile: AxiosAdapter = (config) => {
      token = 'tok-1';
      return answer(401, null)(config);
    };
    for (const skipErrorHandler of [true, false]) {
      token = sentWith;
      await failure(call({ url: '/x', adapter: loggedInMeanwhile, skipErrorHandler }));
    }
    expect(deps.onSessionEnded).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it.each([
    [403, Messages.accessDenied],
    [404, Messages.notFound],
    [500, Messages.serverError],
  ])('%i shows its own message and fails', async (status, message) => {
    const error = await failure(call({ url: '/x', adapter: answer(status, 'nope') }));
    expect(error).toMatchObject({ httpStatus: status, msg: message, code: status });
    expect(deps.notify.error).toHaveBeenCalledWith(message);
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.onSessionEnded).not.toHaveBeenCalled();
  });

  it('another status with an envelope is handled as its answer code', async () => {
    const error = await failure(call({ url: '/x', adapter: answer(413, { code: 413, msg: '文件过大', data: null }) }));
    expect(error).toMatchObject({ code: 413, msg: '文件过大', httpStatus: 413 });
    expect(deps.notify.error).toHaveBeenCalledWith('文件过大');
  });

  it('another status without an envelope is "request failed"', async () => {
    const error = await failure(call({ url: '/x', adapter: answer(502, 'Bad Gateway') }));
    expect(error).toMatchObject({ code: 502, msg: Messages.requestFailed });
    expect(deps.notify.error).toHaveBeenCalledWith(Messages.requestFailed);
  });

  it('no answer: network connection failed', async () => {
    const error = await failure(call({ url: '/x', adapter: noAnswer(AxiosError.ERR_NETWORK, 'Network Error') }));
    expect(error).toMatchObject({ code: 0, msg: Messages.networkFailed });
    expect(deps.notify.error).toHaveBeenCalledWith(Messages.networkFailed);
  });

  it('a timeout is "no answer" too', async () => {
    const error = await failure(call({ url: '/x', adapter: noAnswer(AxiosError.ECONNABORTED, 'timeout of 10000ms exceeded') }));
    expect(error.msg).toBe(Messages.networkFailed);
  });

  it('a request that never left: request failed to send', async () => {
    const neverSent: AxiosAdapter = (config) => Promise.reject(new AxiosError('bad option', AxiosError.ERR_BAD_OPTION, config));
    const error = await failure(call({ url: '/x', adapter: neverSent }));
    expect(error.msg).toBe(Messages.requestNotSent);
    expect(deps.notify.error).toHaveBeenCalledWith(Messages.requestNotSent);
  });
});

describe('http: skipErrorHandler', () => {
  it.each([
    ['answer 303', answer(200, { code: 303, msg: 'x', data: null })],
    ['answer 400', answer(200, { code: 400, msg: 'x', data: { url: '/a' } })],
    ['answer 500', answer(200, { code: 500, msg: 'x', data: null })],
    ['HTTP 401', answer(401, null)],
    ['HTTP 500', answer(500, null)],
    ['no answer', noAnswer(AxiosError.ERR_NETWORK, 'Network Error')],
  ])('%s: no toast, no navigation, no session change, but still an ApiError', async (_name, adapter) => {
    jest.useFakeTimers();
    try {
      await failure(call({ url: '/x', adapter, skipErrorHandler: true }));
      jest.runAllTimers();
    } finally {
      jest.useRealTimers();
    }
    expect(deps.notify.error).not.toHaveBeenCalled();
    expect(deps.notify.warning).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.back).not.toHaveBeenCalled();
    expect(deps.onSessionEnded).not.toHaveBeenCalled();
  });

  it('does not send the flag to the server', async () => {
    await call({ url: '/x', adapter: answer(200, { code: 200, msg: '', data: null }), skipErrorHandler: true });
    expect(seen[0]).not.toHaveProperty('skipErrorHandler');
  });
});

describe('http: the server’s own text of a failure', () => {
  it.each([
    ['an answer code with a msg', answer(200, { code: 429, msg: '生成过于频繁', data: null }), '生成过于频繁'],
    ['an answer code without one', answer(200, { code: 500, msg: '', data: null }), ''],
    ['HTTP 401 with an envelope', answer(401, { code: 401, msg: '请先登录', data: null }), '请先登录'],
    ['HTTP 500 without an envelope', answer(500, 'oops'), ''],
    ['no answer', noAnswer(AxiosError.ERR_NETWORK, 'Network Error'), ''],
  ])('%s: serverMsg is %p, while msg keeps its fallback', async (_name, adapter, serverMsg) => {
    const error = await failure(call({ url: '/x', adapter, skipErrorHandler: true }));
    expect(error.serverMsg).toBe(serverMsg);
    expect(error.msg).not.toBe('');
  });
});

describe('postOnUnload', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('sends a JSON POST with the token that outlives the page (keepalive), its answer unread', () => {
    setUp();
    token = 'tok-1';
    const sent = jest.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{}')));
    globalThis.fetch = sent as unknown as typeof fetch;
    expect(postOnUnload('/api/CreateWeb/saveConfig', { id: 7 })).toBe(true);
    expect(sent).toHaveBeenCalledWith('/api/CreateWeb/saveConfig', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', Authorization: 'Bearer tok-1' },
      body: '{"id":7}',
    });
  });

  it('says it could not send when the browser refuses (a body past the keepalive cap) or has no fetch', () => {
    setUp();
    globalThis.fetch = (() => {
      throw new TypeError('keepalive body too large');
    }) as unknown as typeof fetch;
    expect(postOnUnload('/x', {})).toBe(false);
    globalThis.fetch = undefined as unknown as typeof fetch;
    expect(postOnUnload('/x', {})).toBe(false);
  });
});

describe('http: the server sheds load (HTTP 503 with Retry-After)', () => {
  /** An answer with headers, rejected as axios's own adapters reject a 503. */
  function busy(headers: Record<string, string>, body: unknown = { code: AnswerCode.unavailable, msg: Messages.serverBusy, data: null }): AxiosAdapter {
    return (config) => {
      const response: AxiosResponse = { data: body, status: 503, statusText: 'Service Unavailable', headers: AxiosHeaders.from(headers), config, request: {} };
      return Promise.reject(new AxiosError('Request failed with status code 503', AxiosError.ERR_BAD_RESPONSE, config, {}, response));
    };
  }

  it('tells the user the server is busy and when to try again, and fails the call with that message', async () => {
    const error = await failure(call({ url: '/x', adapter: busy({ 'Retry-After': '10' }) }));
    expect(deps.notify.error).toHaveBeenCalledTimes(1);
    expect(deps.notify.error).toHaveBeenCalledWith('服务器繁忙，请 10 秒后重试');
    expect(error).toMatchObject({ code: AnswerCode.unavailable, httpStatus: 503, msg: '服务器繁忙，请 10 秒后重试', serverMsg: '服务器繁忙，请 10 秒后重试', data: { retryAfterSeconds: 10 } });
    // Busy is not a lost session: nobody is logged out or moved.
    expect(deps.onSessionEnded).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('says the same of a proxy\u2019s 503 page, and "稍后" when the wait is past ten minutes or unreadable', async () => {
    await failure(call({ url: '/x', adapter: busy({ 'retry-after': '3' }, '<html>503</html>') }));
    expect(deps.notify.error).toHaveBeenLastCalledWith('服务器繁忙，请 3 秒后重试');
    await failure(call({ url: '/x', adapter: busy({ 'Retry-After': '3600' }) }));
    expect(deps.notify.error).toHaveBeenLastCalledWith(Messages.serverBusy);
    await failure(call({ url: '/x', adapter: busy({ 'Retry-After': 'soon' }) }));
    expect(deps.notify.error).toHaveBeenLastCalledWith(Messages.serverBusy);
  });

  it('a quiet caller hears it in the error alone', async () => {
    const error = await failure(call({ url: '/x', skipErrorHandler: true, adapter: busy({ 'Retry-After': '10' }) }));
    expect(deps.notify.error).not.toHaveBeenCalled();
    expect(error.serverMsg).toBe('服务器繁忙，请 10 秒后重试');
  });

  it('a 503 without Retry-After is handled as before: its envelope\u2019s message', async () => {
    const error = await failure(call({ url: '/x', adapter: answer(503, { code: AnswerCode.unavailable, msg: '微信服务暂不可用', data: null }) }));
    expect(deps.notify.error).toHaveBeenCalledWith('微信服务暂不可用');
    expect(error.code).toBe(AnswerCode.unavailable);
  });
});

describe('http: a file only the logged-in user may have (an export)', () => {
  it('is fetched with the login token and handed back whole', async () => {
    token = 'tok';
    const file = new Blob(['\ufeff手机号\n'], { type: 'text/csv' });
    await expect(callForBlob({ url: '/export', adapter: answer(200, file) })).resolves.toBe(file);
    expect(seen[0].headers.Authorization).toBe('Bearer tok');
    expect(seen[0].responseType).toBe('blob');
  });

  it('shows the API\'s own message when it is refused, read from the blob the refusal came as', async () => {
    const refusal = new Blob([JSON.stringify({ code: 422, msg: '请先保存预约设置', data: null })], { type: 'application/json' });
    const error = await failure(callForBlob({ url: '/export', adapter: answer(422, refusal) }));
    expect(error.msg).toBe('请先保存预约设置');
    expect(deps.notify.error).toHaveBeenCalledWith('请先保存预约设置');
  });
});
