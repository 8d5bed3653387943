/**
 * POST /index/minisite/upload: pictures of the five formats by their bytes, refusals with the
 * contract's messages, the 50 MB cap before buffering (HTTP 413), 40 megapixels (every frame of
 * an animation: tests/security/decodingBomb.test.ts), rate limits, and
 * the /uploads/ files with their headers and without their metadata.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { AnswerCode } from '../../../src/contract/envelope';
import { Messages } from '../../../src/contract/messages';
import { MiniSiteLimits, MiniSiteMessages, type UploadAnswer } from '../../../src/contract/miniSite';
import { UPLOAD_CONTENT_SECURITY_POLICY } from '../../../src/server/modules/uploads/routes';
import { MINI_SITE_RATE_LIMITS } from '../../../src/server/modules/miniSite/rateLimits';
import { buildTestApp, envelopeOf, type TestApp } from '../helpers';
import { quickLogin } from '../queue/kit';
import { bmpImage, canvasImage, listTree, multipart, pngHeaderOnly, type Part } from './miniSiteKit';
import { LOCATION_MARKS, gifWithLocation, jpegWithLocation, pngWithLocation, sharpAnimation, webpWithLocation } from './pictureBytes';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await t.close();
});

async function upload(parts: Part[], headers: Record<string, string> = {}) {
  const body = multipart(parts);
  const response = await t.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: body.payload, headers: { ...body.headers, ...headers } });
  return { status: response.statusCode, headers: response.headers, ...envelopeOf<UploadAnswer>(response) };
}

const image = (data: Buffer, filename = 'picture.png', contentType = 'image/png'): Part => ({ name: 'image', filename, contentType, data });

const uploadsDir = (): string => path.join(t.dataDir, 'uploads');
const nothingStored = (): void => {
  expect(listTree(uploadsDir())).toEqual([]);
  expect(listTree(path.join(t.dataDir, 'uploads-tmp'))).toEqual([]);
};

describe('POST /index/minisite/upload', () => {
  it.each([
    ['a PNG', canvasImage('png'), 'png', 'image/png'],
    ['a JPEG', canvasImage('jpeg'), 'jpg', 'image/jpeg'],
    ['a GIF', canvasImage('gif'), 'gif', 'image/gif'],
    ['a WebP', canvasImage('webp'), 'webp', 'image/webp'],
    ['a BMP', bmpImage(), 'bmp', 'image/bmp'],
  ])('stores %s under a server-made name, anonymously, and serves it as what it is', async (_label, bytes, extension, type) => {
    // The name and declared type say nothing true: only the bytes count.
    const answer = await upload([image(bytes, '../../evil.php', 'text/html')]);
    expect(answer).toMatchObject({ status: 200, code: 200 });
    expect(answer.data.shortUrl).toMatch(new RegExp(`^/uploads/[0-9a-f]{32}\\.${extension}$`));
    expect(answer.data.url).toBe(answer.data.shortUrl);
    expect(listTree(uploadsDir())).toEqual([path.basename(answer.data.shortUrl)]);

    const file = await t.app.inject({ method: 'GET', url: answer.data.shortUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(type);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe(UPLOAD_CONTENT_SECURITY_POLICY);
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('keeps no location: a GIF, WebP, JPEG or PNG with GPS in EXIF, XMP or comments is served without it, a GIF still animated', async () => {
    const gif = await sharpAnimation('gif', { width: 12, height: 8 }, 3);
    for (const [label, bytes] of [
      ['an animated GIF', gifWithLocation(gif)],
      ['a WebP', webpWithLocation()],
      ['a JPEG', jpegWithLocation(canvasImage('jpeg', 20, 10))],
      ['a PNG', pngWithLocation(canvasImage('png', 20, 10))],
    ] as const) {
      const answer = await upload([image(bytes)]);
      expect({ label, code: answer.code }).toEqual({ label, code: 200 });
      const served = (await t.app.inject({ method: 'GET', url: answer.data.shortUrl })).rawPayload;
      const found = LOCATION_MARKS.filter((mark) => served.includes(Buffer.from(mark, 'latin1')));
      expect({ label, found }).toEqual({ label, found: [] });
      expect((await sharp(served).metadata()).xmp).toBeUndefined();
    }
    const servedGif = listTree(uploadsDir()).find((name) => name.endsWith('.gif'))!;
    expect((await sharp(path.join(uploadsDir(), servedGif)).metadata()).pages).toBe(3);
  });

  it('answers an absolute url when the public origin is configured', async () => {
    await t.close();
    t = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://www.example.com' } });
    const answer = await upload([image(canvasImage('png'))]);
    expect(answer.data.url).toBe(`https://www.example.com${answer.data.shortUrl}`);
  });

  it.each([
    ['a text file named .png', Buffer.from('hello, I am not a picture\n'), MiniSiteMessages.uploadTypeRefused],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), MiniSiteMessages.uploadTypeRefused],
    ['an HTML page with a GIF name', Buffer.from('<!doctype html><script>alert(1)</script>'), MiniSiteMessages.uploadTypeRefused],
    ['a PNG header claiming 10000x10000 pixels', pngHeaderOnly(10_000, 10_000), MiniSiteMessages.uploadTooManyPixels],
    ['a PNG cut in half', canvasImage('png', 40, 30).subarray(0, 60), MiniSiteMessages.uploadUnreadable],
    ['a JPEG cut before its frame header', canvasImage('jpeg').subarray(0, 30), MiniSiteMessages.uploadUnreadable],
    ['a WebP cut short', canvasImage('webp').subarray(0, 40), MiniSiteMessages.uploadUnreadable],
    ['a BMP missing its pixels', bmpImage(40, 40).subarray(0, 200), MiniSiteMessages.uploadUnreadable],
    ['a GIF of 0x0 pixels', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(30)]), MiniSiteMessages.uploadUnreadable],
    ['an empty file', Buffer.alloc(0), MiniSiteMessages.uploadMissing],
  ])('refuses %s with code 422 and keeps nothing', async (_label, bytes, message) => {
    const answer = await upload([image(bytes)]);
    expect(answer).toEqual({ status: 200, headers: expect.anything(), code: AnswerCode.invalid, msg: message, data: null });
    nothingStored();
  });

  it('accepts a picture of exactly 40 megapixels (a header alone is no picture: the check decodes)', async () => {
    const real = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#2a6f97' } }).png().toBuffer();
    const answer = await upload([image(real)]);
    expect(answer.code).toBe(200);
    expect(8000 * 5000).toBe(MiniSiteLimits.uploadMaxPixels);
    expect(await upload([image(pngHeaderOnly(8000, 5000))])).toMatchObject({ code: AnswerCode.invalid, msg: MiniSiteMessages.uploadUnreadable });
  });

  it.each([
    ['no image field', [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: canvasImage('png') }]],
    ['only a text field', [{ name: 'image', data: 'not a file' }]],
    ['no parts at all', []],
  ])('asks for a picture when there is %s', async (_label, parts) => {
    const answer = await upload(parts);
    expect(answer).toMatchObject({ status: 200, code: AnswerCode.invalid, msg: MiniSiteMessages.uploadMissing });
    nothingStored();
  });

  it('asks for a picture when the body is JSON, and refuses a body that is not well-formed multipart', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: { image: 'x' } });
    expect(envelopeOf(json)).toMatchObject({ code: AnswerCode.invalid, msg: MiniSiteMessages.uploadMissing });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/index/minisite/upload',
      payload: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(envelopeOf(broken)).toMatchObject({ code: AnswerCode.invalid });
    nothingStored();
  });

  it('refuses a declared body past 50 MB with HTTP 413 before reading it', async () => {
    let pulled = 0;
    const body = new Readable({
      read() {
        pulled += 65_536;
        this.push(pulled > 1024 * 1024 ? null : Buffer.alloc(65_536));
      },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/index/minisite/upload',
      payload: body,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MiniSiteLimits.uploadMaxBytes + 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(envelopeOf(response)).toEqual({ code: 413, msg: MiniSiteMessages.uploadTooLarge, data: null });
    expect(response.headers.connection).toBe('close');
    // Not even the first megabyte was needed to refuse it.
    expect(pulled).toBeLessThan(1024 * 1024);
    nothingStored();
  });

  it('stops a file past 50 MB sent without a length at the limit: HTTP 413, nothing kept', async () => {
    const { payload, headers } = multipart([image(Buffer.alloc(0))]);
    // The multipart framing around a file of 50 MB + 1 byte (a PNG header, then zeros), streamed.
    const marker = payload.indexOf('\r\n\r\n') + 4;
    const head = payload.subarray(0, marker);
    const tail = payload.subarray(marker);
    let sent = 0;
    const size = MiniSiteLimits.uploadMaxBytes + 1;
    const chunk = Buffer.alloc(1024 * 1024);
    const stream = Readable.from(
      (function* () {
        yield head;
        const picture = pngHeaderOnly(10, 10);
        sent += picture.length;
        yield picture;
        while (sent < size) {
          const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
          sent += piece.length;
          yield piece;
        }
        yield tail;
      })(),
    );
    const response = await t.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: stream, headers });
    expect(response.statusCode).toBe(413);
    expect(envelopeOf(response)).toMatchObject({ code: 413, msg: MiniSiteMessages.uploadTooLarge });
    nothingStored();
  }, 60_000);

  it('limits uploads per IP (code 429), logged in or not', async () => {
    const png = canvasImage('png');
    for (let n = 0; n < MINI_SITE_RATE_LIMITS.uploadPerIp.limit; n += 1) expect((await upload([image(png)])).code).toBe(200);
    expect(await upload([image(png)], quickLogin(t).headers)).toMatchObject({ code: AnswerCode.tooMany, msg: Messages.tooManyRequests });
    // Another address is not affected; the window passes.
    expect((await t.app.inject({ method: 'POST', url: '/index/minisite/upload', remoteAddress: '10.0.0.9', ...multipartRequest(png) })).json()).toMatchObject({ code: 200 });
    t.clock.advance(MINI_SITE_RATE_LIMITS.uploadPerIp.windowMs);
    expect((await upload([image(png)])).code).toBe(200);
  });
});

function multipartRequest(png: Buffer): { payload: Buffer; headers: Record<string, string> } {
  return multipart([image(png)]);
}

describe('GET /uploads/', () => {
  it('serves nothing outside the folder and no directory listing', async () => {
    const answer = await upload([image(canvasImage('png'))]);
    expect(answer.code).toBe(200);
    for (const url of ['/uploads/', '/uploads/../app.db', '/uploads/%2e%2e/app.db', '/uploads/..%2fapp.db', `${answer.data.shortUrl}/x`]) {
      expect([403, 404]).toContain((await t.app.inject({ method: 'GET', url })).statusCode);
    }
    expect(fs.existsSync(path.join(t.dataDir, 'app.db'))).toBe(true);
  });
});
