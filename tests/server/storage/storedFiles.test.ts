/**
 * sendStored: a stored file answered as a static file server would, on either store: whole with
 * its validators, one byte range (206 / 416), 304 for a known ETag, If-Range, HEAD, pre-compressed
 * copies for browsers that take them, and 404 for what is not there.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import { parseRange, sendStored } from '../../../src/server/http/storedFiles';
import type { FileStore } from '../../../src/server/storage/types';
import { describeEachStore } from './testStores';

jest.setTimeout(30_000);

async function server(store: FileStore): Promise<FastifyInstance> {
  const app = Fastify();
  app.get<{ Params: { '*': string } }>('/files/*', async (request, reply) => {
    const sent = await sendStored(request, reply, store, `files/${request.params['*']}`, { cacheControl: 'public, max-age=60', preCompressed: true });
    if (!sent) return reply.code(404).send('missing');
    return reply;
  });
  await app.ready();
  return app;
}

describe('parseRange', () => {
  it.each([
    [undefined, { type: 'whole' }],
    ['bytes=0-99', { type: 'part', range: { start: 0, end: 99 } }],
    ['bytes=900-', { type: 'part', range: { start: 900, end: 999 } }],
    ['bytes=-100', { type: 'part', range: { start: 900, end: 999 } }],
    ['bytes=-5000', { type: 'part', range: { start: 0, end: 999 } }],
    ['bytes=990-5000', { type: 'part', range: { start: 990, end: 999 } }],
    ['bytes=1000-', { type: 'unsatisfiable' }],
    ['bytes=-0', { type: 'unsatisfiable' }],
    ['bytes=5-2', { type: 'whole' }],
    ['bytes=0-1,5-6', { type: 'whole' }],
    ['items=0-1', { type: 'whole' }],
    ['bytes=-', { type: 'whole' }],
  ])('reads %j of 1000 bytes', (header, answer) => {
    expect(parseRange(header, 1000)).toEqual(answer);
  });
});

describeEachStore('sendStored', (store) => {
  const video = crypto.randomBytes(20_000);

  it('sends a whole file with its type, validators and cache time, and HEAD without a body', async () => {
    await store().putBuffer('files/banner.mp4', video);
    const app = await server(store());
    const whole = await app.inject({ url: '/files/banner.mp4' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(video)).toBe(true);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'cache-control': 'public, max-age=60', 'content-length': '20000' });
    expect(whole.headers.etag).toMatch(/^".+"$/);
    expect(new Date(String(whole.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    const head = await app.inject({ method: 'HEAD', url: '/files/banner.mp4' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('20000');
    expect(head.rawPayload.length).toBe(0);
    await app.close();
  });

  it('answers a range with 206 (the video seeks), past the end with 416, and a changed If-Range with the whole file', async () => {
    await store().putBuffer('files/banner.mp4', video);
    const app = await server(store());
    const part = await app.inject({ url: '/files/banner.mp4', headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/20000');
    expect(part.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
    const tail = await app.inject({ url: '/files/banner.mp4', headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(video.subarray(19_990))).toBe(true);
    const past = await app.inject({ url: '/files/banner.mp4', headers: { range: 'bytes=20000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */20000');
    const stale = await app.inject({ url: '/files/banner.mp4', headers: { range: 'bytes=0-9', 'if-range': '"an-old-version"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(20_000);
    await app.close();
  });

  it('answers 304 to a browser that has the same version', async () => {
    await store().putBuffer('files/logo.png', Buffer.from('png bytes'));
    const app = await server(store());
    const first = await app.inject({ url: '/files/logo.png' });
    const again = await app.inject({ url: '/files/logo.png', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await app.inject({ url: '/files/logo.png', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    await app.close();
  });

  it('sends the brotli copy to a browser that takes it, and the page itself to one that does not', async () => {
    await store().putBuffer('files/index.html', Buffer.from('<p>page</p>'));
    await store().putBuffer('files/index.html.br', Buffer.from('brotli bytes'));
    const app = await server(store());
    const br = await app.inject({ url: '/files/index.html', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': 'text/html; charset=utf-8', vary: 'accept-encoding' });
    expect(br.payload).toBe('brotli bytes');
    const plain = await app.inject({ url: '/files/index.html', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe('<p>page</p>');
    await app.close();
  });

  it('answers 404 for a file that is not there', async () => {
    const app = await server(store());
    expect((await app.inject({ url: '/files/none.png' })).statusCode).toBe(404);
    await app.close();
  });
});
