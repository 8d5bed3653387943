/**
 * The HTTP banner-art provider against a local image service (node:http in this test): each form
 * of answer it accepts, and each way the service can fail, ending in the Chinese message the
 * user reads.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { USER_FACING_ERROR_NAME, userFacingMessage } from '../../../src/server/render/jobSpec';
import { bannerArtProviderFor, bannerArtProviderFromEnv } from '../../../src/server/render/aiBanner';
import { bannerArtDescriptorFromEnv, readBannerArtConfig, type BannerArtConfig } from '../../../src/server/render/aiBanner/config';
import { HttpArtMessages, httpProvider } from '../../../src/server/render/aiBanner/http';
import { gifBytes } from '../modules/pictureBytes';

jest.setTimeout(30_000);

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Handler = (request: Seen, response: http.ServerResponse) => void;

let server: http.Server;
let base: string;
let seen: Seen[];
let handler: Handler;

beforeEach(async () => {
  seen = [];
  handler = (_request, response) => response.end();
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(entry);
      handler(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A square picture, as a service answers: the provider must crop it to the banner. */
const squarePng = (): Buffer => {
  const canvas = createCanvas(512, 512);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#1a2b6d';
  ctx.fillRect(0, 0, 512, 512);
  ctx.fillStyle = '#f0c040';
  ctx.fillRect(0, 0, 512, 64);
  return canvas.encodeSync('png');
};

function config(overrides: Partial<Extract<BannerArtConfig, { provider: 'http' }>> = {}): Extract<BannerArtConfig, { provider: 'http' }> {
  return { provider: 'http', url: `${base}/v1/images/generations`, token: 'secret-token', model: 'art-2', timeoutMs: 5_000, ...overrides };
}

const paint = (provider = httpProvider(config()), signal = new AbortController().signal): Promise<Buffer> =>
  provider.paint({ prompt: '火焰中的城堡', title: '龙腾天下', width: 1920, height: 1080, signal });

async function expectBanner(bytes: Buffer): Promise<void> {
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  const picture = await loadImage(bytes);
  expect([picture.width, picture.height]).toEqual([1920, 1080]);
  // Cover, not stretch: the square's yellow top band (an eighth of it) is cropped away.
  const probe = createCanvas(1, 1).getContext('2d');
  probe.drawImage(picture, 960, 5, 1, 1, 0, 0, 1, 1);
  const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
  expect(b).toBeGreaterThan(r);
  expect(b).toBeGreaterThan(g);
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).name).toBe(USER_FACING_ERROR_NAME);
  return userFacingMessage(error) ?? '';
}

describe('the HTTP banner-art provider', () => {
  it('posts the prompt OpenAI-images style with the token, and takes a raw image answer', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(squarePng());
    };
    await expectBanner(await paint());
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('/v1/images/generations');
    expect(seen[0].headers.authorization).toBe('Bearer secret-token');
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ prompt: '火焰中的城堡', width: 1920, height: 1080, n: 1, size: '1920x1080', response_format: 'b64_json', model: 'art-2' });
  });

  it('sends no Authorization header and no model when none is configured', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(squarePng());
    };
    await paint(httpProvider(config({ token: '', model: '' })));
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(JSON.parse(seen[0].body)).not.toHaveProperty('model');
  });

  it('takes a JSON answer with the picture in base64', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ created: 1, data: [{ b64_json: squarePng().toString('base64') }] }));
    };
    await expectBanner(await paint());
  });

  it('takes a JSON answer with the picture\'s URL, and fetches it without the token', async () => {
    handler = (request, response) => {
      if (request.url === '/files/picture.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(squarePng());
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: [{ url: `${base}/files/picture.png` }] }));
    };
    await expectBanner(await paint());
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /v1/images/generations', 'GET /files/picture.png']);
    expect(seen[1].headers.authorization).toBeUndefined();
  });

  it('an error status: the status in Chinese, not the service\'s words', async () => {
    handler = (_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"internal failure at /srv/app"}}');
    };
    expect(await failure(paint())).toBe(HttpArtMessages.httpError(500));
    handler = (_request, response) => {
      response.writeHead(401);
      response.end();
    };
    expect(await failure(paint())).toBe('图像生成服务返回错误（HTTP 401），请稍后重试');
  });

  it('a service that does not answer in time', async () => {
    handler = () => {
      // Never answers.
    };
    expect(await failure(paint(httpProvider(config({ timeoutMs: 300 }))))).toBe('图像生成服务超时（1秒内未返回图片），请稍后重试');
  });

  it('an answer that is not a picture', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>维护中</html>');
    };
    expect(await failure(paint())).toBe(HttpArtMessages.notAnImage);
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data":[]}');
    };
    expect(await failure(paint())).toBe(HttpArtMessages.notAnImage);
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('not json');
    };
    expect(await failure(paint())).toBe(HttpArtMessages.notAnImage);
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end('these bytes are no PNG');
    };
    expect(await failure(paint())).toBe(HttpArtMessages.imageUnreadable);
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: [{ b64_json: Buffer.from('no picture').toString('base64') }] }));
    };
    expect(await failure(paint())).toBe(HttpArtMessages.imageUnreadable);
  });

  it('a decoding bomb: a 35-byte GIF whose frame is 23000x23000 is refused before it is decoded', async () => {
    const before = process.memoryUsage().rss;
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/gif' });
      response.end(gifBytes({ width: 1, height: 1 }, [{ width: 23_000, height: 23_000 }]));
    };
    expect(await failure(paint())).toBe(HttpArtMessages.tooLarge);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  });

  it('a service that cannot be reached', async () => {
    const provider = httpProvider(config());
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(await failure(paint(provider))).toBe(HttpArtMessages.unreachable);
    // afterEach closes it again: give it a listening server.
    server = http.createServer().listen(0, '127.0.0.1');
  });

  it('the job\'s own abort wins: its reason, not a user message', async () => {
    handler = () => {};
    const controller = new AbortController();
    const painting = paint(httpProvider(config()), controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reason = new Error('render aborted (timeout)');
    controller.abort(reason);
    await expect(painting).rejects.toBe(reason);
  });
});

describe('BANNER_ART_* configuration', () => {
  it('names the service by its host, never by its token', () => {
    const env = { BANNER_ART_URL: 'https://images.example.com/v1/images/generations', BANNER_ART_TOKEN: 'sk-123', BANNER_ART_MODEL: 'art-2' };
    const descriptor = bannerArtDescriptorFromEnv(env);
    expect(descriptor.label).toBe('图像生成服务（images.example.com）');
    expect(descriptor.id).not.toContain('sk-123');
    expect(descriptor.id).not.toBe(bannerArtDescriptorFromEnv({ ...env, BANNER_ART_MODEL: 'art-3' }).id);
    expect(bannerArtProviderFromEnv(env).label).toBe(descriptor.label);
    expect(readBannerArtConfig(env)).toEqual({ provider: 'http', url: env.BANNER_ART_URL, token: 'sk-123', model: 'art-2', timeoutMs: 90_000 });
  });

  it('refuses a job queued for another service than the one configured now', async () => {
    const queuedFor = bannerArtDescriptorFromEnv({ BANNER_ART_URL: 'https://old.example.com/v1' }).id;
    let thrown: unknown = null;
    try {
      bannerArtProviderFor(queuedFor, { BANNER_ART_URL: 'https://new.example.com/v1' });
    } catch (error) {
      thrown = error;
    }
    expect(userFacingMessage(thrown)).toMatch(/重新生成/);
  });

  it.each([
    [{ BANNER_ART_URL: 'ftp://example.com/x' }, /BANNER_ART_URL/],
    [{ BANNER_ART_URL: 'not a url' }, /BANNER_ART_URL/],
    [{ BANNER_ART_URL: 'https://user:pw@example.com/x' }, /BANNER_ART_TOKEN/],
    [{ BANNER_ART_URL: 'https://example.com/x', BANNER_ART_TIMEOUT_MS: '500' }, /BANNER_ART_TIMEOUT_MS/],
    [{ BANNER_ART_URL: 'https://example.com/x', BANNER_ART_TIMEOUT_MS: '120000' }, /BANNER_ART_TIMEOUT_MS/],
  ])('the server refuses to start on %j', (env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), ...env })).toThrow(message);
  });

  it('the server reads the provider with the rest of its settings', () => {
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) }).bannerArt).toEqual({ provider: 'generative' });
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), BANNER_ART_URL: 'http://10.0.0.5:8000/gen', BANNER_ART_TIMEOUT_MS: '30000' }).bannerArt).toMatchObject({
      provider: 'http',
      url: 'http://10.0.0.5:8000/gen',
      timeoutMs: 30_000,
    });
  });
});
