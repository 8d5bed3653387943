import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { AnswerCode } from '../../../src/contract/envelope';
import { Messages } from '../../../src/contract/messages';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { TEST_SECRET, buildTestApp, post, type TestApp } from '../helpers';

let t: TestApp;

afterEach(async () => {
  await t?.close();
});

describe('answers for failures', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  it('answers HTTP 404 with the envelope for an unknown route', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/index/common/nope'],
      ['GET', '/api/auth/login'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: AnswerCode.notFound, msg: Messages.notFound, data: null });
    }
  });

  it('answers malformed JSON with HTTP 400 and code 422 (never code 400, which logs the user out)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: AnswerCode.invalid, msg: '参数错误：请求格式不正确', data: null });
  });

  it('reads JSON with a charset parameter', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/index/index/getVideoTutorialUrl', headers: { 'content-type': 'application/json;charset=utf-8' }, payload: '{"type":"logo"}' });
    expect(response.json()).toEqual({ code: 200, msg: 'success', data: { videoUrl: '' } });
  });

  it('refuses prototype pollution in JSON bodies', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"admin":true},"username":"13800138000","password":"x"}' });
    expect(response.statusCode).toBe(400);
  });

  it('answers an oversized body with HTTP 413', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/Auth/recordOperateLog', payload: { path: 'x'.repeat(2 * 1024 * 1024) } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, msg: Messages.requestTooLarge, data: null });
  });

  it('names the field in schema errors', async () => {
    expect(await post(t, '/api/auth/verifyCaptcha', { captchaId: 'x', code: 'x'.repeat(65) })).toMatchObject({ code: AnswerCode.invalid, msg: '参数错误：code 长度不能超过 64', status: 200 });
    expect(await post(t, '/api/wxAuth/getWechatQrcode', { host: 'a/b' })).toMatchObject({ code: AnswerCode.invalid, msg: '参数错误：host 格式不正确', status: 200 });
    expect(await post(t, '/api/Auth/sendSmsCode', { iphone: '13800138000', captchaId: 'x', purpose: 'spam' })).toMatchObject({ msg: '参数错误：purpose 取值不正确' });
  });

  it('sends the security headers on every answer', async () => {
    for (const url of ['/index/index/getSiteConfig', '/api/nope', '/static/brand/logo.svg', '/user/']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "frame-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ]) {
        expect(csp.split(';')).toContain(directive);
      }
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});

describe('an unexpected fault', () => {
  it('answers HTTP 500 with the envelope, logs the error and leaks no stack', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-500-'));
    const logs: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logs.push(chunk.toString());
        callback();
      },
    });
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', JWT_SECRET: TEST_SECRET }), { logger: { level: 'info', stream } });
    app.get('/boom', { config: { access: 'public' } }, async () => {
      throw new Error('database on fire');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: AnswerCode.serverError, msg: Messages.serverError, data: null });
      expect(response.body).not.toContain('database on fire');
      expect(logs.join('\n')).toContain('database on fire');
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a service away for a moment', () => {
  beforeEach(async () => {
    t = await buildTestApp({
      beforeReady: (app) => {
        app.get('/restarting/:which', { config: { access: 'public' } }, async (request) => {
          const which = (request.params as { which: string }).which;
          if (which === 'postgres') throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
          if (which === 'redis') throw Object.assign(new Error('Reached the max retries per request limit (which is 3).'), { name: 'MaxRetriesPerRequestError' });
          if (which === 'bucket') throw Object.assign(new Error('Service is unable to handle request.'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } });
          if (which === 'refused') throw new Error('read failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) });
          // A wrong statement is our fault, not an outage.
          throw Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' });
        });
      },
    });
  });

  it('answers 503 with Retry-After and a message to try again, and a fault of ours 500', async () => {
    for (const which of ['postgres', 'redis', 'bucket', 'refused']) {
      const response = await t.app.inject({ method: 'GET', url: `/restarting/${which}` });
      expect({ which, status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.json() as unknown }).toEqual({
        which,
        status: 503,
        retryAfter: '5',
        body: { code: AnswerCode.unavailable, msg: Messages.serviceRecovering, data: null },
      });
    }
    const ours = await t.app.inject({ method: 'GET', url: '/restarting/syntax' });
    expect(ours.statusCode).toBe(500);
    expect(ours.json()).toEqual({ code: AnswerCode.serverError, msg: Messages.serverError, data: null });
  });
});
