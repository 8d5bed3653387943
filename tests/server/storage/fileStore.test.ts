/**
 * One contract for both file stores: what the server writes it reads back whole, byte ranges,
 * folders swapped with what they no longer hold deleted, copies, lists, deletes, and keys that
 * could leave their folder refused.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { StorageUnavailable, connectDataFiles } from '../../../src/server/storage';
import { StorageKeyError, downloadFile } from '../../../src/server/storage/types';
import { S3FileStore } from '../../../src/server/storage/s3Store';
import { describeEachStore, s3Endpoint, testS3Settings } from './testStores';

jest.setTimeout(30_000);

let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-store-src-'));
});
afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A local file of `size` random bytes. */
function localFile(name: string, size: number): { file: string; data: Buffer } {
  const data = crypto.randomBytes(size);
  const file = path.join(scratch, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  return { file, data };
}

/** A local folder holding `files` (relative path -> text). */
function localFolder(name: string, files: Record<string, string>): string {
  const dir = path.join(scratch, `${name}-${crypto.randomBytes(4).toString('hex')}`);
  for (const [relative, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dir, relative), text);
  }
  return dir;
}

describeEachStore('file store', (store) => {
  it('stores a streamed file byte for byte (300,000 bytes: the size s3rver once stored wrong)', async () => {
    const { file, data } = localFile('video.mp4', 300_000);
    await store().putFile('generated/job-1/banner.mp4', file);
    const head = await store().head('generated/job-1/banner.mp4');
    expect(head).toMatchObject({ size: 300_000, etag: expect.stringMatching(/^".+"$/) });
    const read = await store().read('generated/job-1/banner.mp4');
    expect(read && (await bytesOf(read.body)).equals(data)).toBe(true);
    expect(read?.file.size).toBe(300_000);
  });

  it('reads a byte range and still knows the whole size', async () => {
    const { file, data } = localFile('range.bin', 10_000);
    await store().putFile('uploads/range.bin', file);
    const read = await store().read('uploads/range.bin', { start: 100, end: 1099 });
    expect(read?.file.size).toBe(10_000);
    expect(read && (await bytesOf(read.body)).equals(data.subarray(100, 1100))).toBe(true);
  });

  it('answers null for what it does not hold', async () => {
    expect(await store().head('generated/none/logo.png')).toBeNull();
    expect(await store().read('generated/none/logo.png')).toBeNull();
    expect(await downloadFile(store(), 'generated/none/logo.png', path.join(scratch, 'none.png'))).toBe(false);
    expect(await store().list('generated/none/')).toEqual([]);
    expect(await store().deletePrefix('generated/none')).toBe(0);
  });

  it('replaces a file with a new version, and a new ETag', async () => {
    await store().putBuffer('sites/abc/index.html', Buffer.from('<p>one</p>'));
    const first = await store().head('sites/abc/index.html');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store().putBuffer('sites/abc/index.html', Buffer.from('<p>two, longer</p>'));
    const second = await store().head('sites/abc/index.html');
    expect(second?.etag).not.toBe(first?.etag);
    const read = await store().read('sites/abc/index.html');
    expect(read && (await bytesOf(read.body)).toString()).toBe('<p>two, longer</p>');
  });

  it('puts a folder, and a second put leaves exactly the new folder', async () => {
    const first = localFolder('site', { 'index.html': 'v1', 'assets/app.1.js': 'one', 'assets/old.png': 'old' });
    expect((await store().putFolder('sites/s1', first)).sort()).toEqual(['assets/app.1.js', 'assets/old.png', 'index.html']);
    await store().putBuffer('sites/s10/index.html', Buffer.from('a neighbour with a longer name'));
    const second = localFolder('site', { 'index.html': 'v2', 'assets/app.2.js': 'two' });
    await store().putFolder('sites/s1', second);
    expect((await store().list('sites/s1/')).sort()).toEqual(['sites/s1/assets/app.2.js', 'sites/s1/index.html']);
    const page = await store().read('sites/s1/index.html');
    expect(page && (await bytesOf(page.body)).toString()).toBe('v2');
    // The folder next door, whose name starts alike, is untouched.
    expect(await store().list('sites/s10/')).toEqual(['sites/s10/index.html']);
  });

  it('copies, downloads, lists and deletes a prefix', async () => {
    const { file, data } = localFile('banner.mp4', 5000);
    await store().putFile('generated/j1/banner.mp4', file);
    await store().putBuffer('generated/j1/logo.png', Buffer.from('png'));
    await store().putBuffer('generated/j10/logo.png', Buffer.from('other job'));
    await store().copy('generated/j1/banner.mp4', 'sites/s2/banner.mp4');
    const copied = path.join(scratch, 'copied.mp4');
    expect(await downloadFile(store(), 'sites/s2/banner.mp4', copied)).toBe(true);
    expect(fs.readFileSync(copied).equals(data)).toBe(true);
    expect((await store().list('generated/')).sort()).toEqual(['generated/j1/banner.mp4', 'generated/j1/logo.png', 'generated/j10/logo.png']);
    expect(await store().deletePrefix('generated/j1')).toBe(2);
    expect(await store().list('generated/')).toEqual(['generated/j10/logo.png']);
    expect(await store().head('sites/s2/banner.mp4')).toMatchObject({ size: 5000 });
  });

  it('lists with each file\u2019s time of storing and size, as its head tells them', async () => {
    await store().putBuffer('uploads/a.png', Buffer.from('a'));
    await store().putBuffer('uploads/b.png', Buffer.from('bb'));
    const listed = (await store().listWithTimes('uploads/')).sort((x, y) => x.key.localeCompare(y.key));
    expect(listed.map(({ key, size }) => [key, size])).toEqual([
      ['uploads/a.png', 1],
      ['uploads/b.png', 2],
    ]);
    for (const { key, modifiedAt } of listed) expect(Math.abs(modifiedAt.getTime() - ((await store().head(key))?.modifiedAt.getTime() ?? 0))).toBeLessThan(1000);
  });

  it('adds up the bytes it holds, for the console’s 概览', async () => {
    const before = await store().usedBytes();
    await store().putBuffer('usage/a.bin', Buffer.alloc(1_234));
    await store().putBuffer('usage/deeper/b.bin', Buffer.alloc(766));
    expect(await store().usedBytes()).toBe(before + 2_000);
    await store().deletePrefix('usage');
    expect(await store().usedBytes()).toBe(before);
  });

  it('keeps a file under a Chinese name (zips are named after the game)', async () => {
    await store().putBuffer('zips/0123456789abcdef0123456789abcdef/龙腾天下 官网.zip', Buffer.from('zip'));
    expect(await store().list('zips/')).toEqual(['zips/0123456789abcdef0123456789abcdef/龙腾天下 官网.zip']);
    expect(await store().head('zips/0123456789abcdef0123456789abcdef/龙腾天下 官网.zip')).toMatchObject({ size: 3 });
  });

  it.each(['../secret.key', 'generated/..', 'generated/./x', 'a\u0000b', 'generated/../../etc/passwd', '/etc/passwd', 'generated//logo.png', 'generated/.hidden', 'generated\\..\\x', ''])('refuses the key %j', async (key) => {
    await expect(store().head(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(store().putBuffer(key, Buffer.from('x'))).rejects.toBeInstanceOf(StorageKeyError);
  });
});

/**
 * A TCP proxy to `target` that resets the connection of the first `drops` PUT requests as their
 * headers arrive: a connection lost in the middle of an upload.
 */
async function droppingProxy(target: URL, drops: number): Promise<{ url: string; resets: () => number; close: () => void }> {
  let resets = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    client.on('data', (chunk: Buffer) => {
      if (resets < drops && chunk.subarray(0, 4).toString('latin1') === 'PUT ') {
        resets += 1;
        upstream.destroy();
        client.resetAndDestroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, resets: () => resets, close: () => server.close() };
}

(s3Endpoint() || process.env.WPG_REQUIRE_TEST_SERVERS ? describe : describe.skip)('an upload to S3 whose connection drops', () => {
  it('is sent again, whole: a site published over a flaky network keeps every file', async () => {
    const settings = testS3Settings();
    const proxy = await droppingProxy(new URL(settings.endpoint), 1);
    const store = new S3FileStore({ ...settings, endpoint: proxy.url });
    try {
      const { file, data } = localFile('site/index.html', 300_000);
      await store.putFile('generated/site-1/index.html', file);
      expect(proxy.resets()).toBe(1);
      const read = await store.read('generated/site-1/index.html');
      expect(read && (await bytesOf(read.body)).equals(data)).toBe(true);
    } finally {
      await store.deletePrefix('');
      store.close();
      proxy.close();
    }
  });
});

describe('a bucket that cannot be used', () => {
  it('stops the start with one line that names it, the secret left out', async () => {
    // Nothing listens on port 1: the first request fails as a wrong endpoint would.
    const failed = connectDataFiles(scratch, { backend: 's3', endpoint: 'http://127.0.0.1:1', region: 'us-east-1', bucket: 'wpg-files', accessKeyId: 'AKEXAMPLE', secretAccessKey: 'hunter2-secret', forcePathStyle: true, prefix: '' });
    await expect(failed).rejects.toBeInstanceOf(StorageUnavailable);
    const error = (await failed.catch((reason: unknown) => reason)) as Error;
    expect(error.message).toMatch(/^Could not use the bucket wpg-files at http:\/\/127\.0\.0\.1:1 \(S3_\*\): /);
    expect(error.message).not.toContain('hunter2');
  });
});
