import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Messages } from '../../../src/contract/messages';
import { bearer, buildTestApp, registerAndLogin, type TestApp } from '../helpers';

const INDEX = '<!doctype html><html><head><title>网页生成系统</title><script defer src="/user/static/js/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>';

let clientDir: string;
let t: TestApp;

beforeEach(() => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-client-'));
  fs.mkdirSync(path.join(clientDir, 'static', 'js'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(clientDir, 'static', 'js', 'main.0123abcd.js'), 'console.log("app")');
  fs.writeFileSync(path.join(clientDir, 'favicon.ico'), 'icon');
  // Must never be reachable through /user/.
  fs.writeFileSync(path.join(path.dirname(clientDir), `${path.basename(clientDir)}-secret.txt`), 'secret');
});

afterEach(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
  fs.rmSync(path.join(path.dirname(clientDir), `${path.basename(clientDir)}-secret.txt`), { force: true });
});

const fetch = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the SPA under /user/', () => {
  it('redirects / and /user to /user/', async () => {
    t = await buildTestApp({ env: { CLIENT_DIR: clientDir } });
    for (const url of ['/', '/user']) {
      const response = await fetch(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/user/');
    }
  });

  it('answers index.html for any route, with the run-time settings injected, never cached', async () => {
    t = await buildTestApp({ env: { CLIENT_DIR: clientDir, PRODUCTION_HOST: 'www.example.com', REDUX_DEVTOOLS: '1' } });
    for (const url of ['/user/', '/user/index.html', '/user/logo/selectPage?module=tl', '/user/backend/siteList', '/user/auth/login']) {
      const response = await fetch(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(
        INDEX.replace('</head>', '<meta name="production-host" content="www.example.com"><meta name="redux-devtools" content="1"></head>'),
      );
    }
  });

  it('injects an empty production host and devtools off by default', async () => {
    t = await buildTestApp({ env: { CLIENT_DIR: clientDir } });
    expect((await fetch('/user/')).body).toContain('<meta name="production-host" content=""><meta name="redux-devtools" content="0"></head>');
  });

  it('serves a new build without a restart', async () => {
    t = await buildTestApp({ env: { CLIENT_DIR: clientDir } });
    expect((await fetch('/user/')).body).toContain('<title>网页生成系统</title>');
    const later = new Date(Date.now() + 5000);
    fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX.replace('网页生成系统', 'v2'));
    fs.utimesSync(path.join(clientDir, 'index.html'), later, later);
    expect((await fetch('/user/')).body).toContain('<title>v2</title>');
  });

  it('serves built files: hashed ones for a year, the others revalidated', async () => {
    t = await buildTestApp({ env: { CLIENT_DIR: clientDir } });
    const script = await fetch('/user/static/js/main.0123abcd.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe('console.log("app")');
    const icon = await fetch('/user/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends hashed scripts compressed with the best encoding the browser accepts', async () => {
    t = await buildTestApp({ env: { CLIENT_DIR: clientDir } });
    const url = '/user/static/js/main.0123abcd.js';
    const brotli = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log("app")');
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe('console.log("app")');
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    t = await buildTestApp({ env: { CLIENT_DIR: clientDir } });
    const missing = await fetch('/user/static/js/missing.11112222.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: Messages.notFound, data: null });
  });

  it('never serves a file outside the build', async () => {
    t = await buildTestApp({ env: { CLIENT_DIR: clientDir } });
    const name = `${path.basename(clientDir)}-secret.txt`;
    for (const url of [`/user/../${name}`, `/user/..%2f${name}`, `/user/%2e%2e/${name}`, `/user/static/..%2f..%2f${name}`]) {
      const response = await fetch(url);
      expect(response.body).not.toBe('secret');
    }
  });

  it('keeps GET /user/info the API, not the page', async () => {
    t = await buildTestApp({ env: { CLIENT_DIR: clientDir } });
    const anonymous = await fetch('/user/info');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 401, msg: Messages.loginExpired, data: null });
    const { token } = await registerAndLogin(t);
    const info = await fetch('/user/info', bearer(token));
    expect(info.headers['content-type']).toMatch(/^application\/json/);
    expect(info.json()).toMatchObject({ code: 200, data: { id: 1 } });
  });

  it('says the SPA is not built when there is no build', async () => {
    t = await buildTestApp({ env: { CLIENT_DIR: path.join(clientDir, 'missing') } });
    const response = await fetch('/user/logo/selectPage');
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('npm run build');
    expect((await fetch('/user/info')).statusCode).toBe(401);
  });
});
