/**
 * DataFiles: DATA_DIR over the store. With the local store nothing moves; with a shared one what a
 * server publishes another fetches (files and whole folders), removal reaches both, and each
 * server's cache of the store is swept by age.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataFiles } from '../../../src/server/storage/dataFiles';
import { LocalFileStore } from '../../../src/server/storage/localStore';
import { S3FileStore } from '../../../src/server/storage/s3Store';
import { downloadFile } from '../../../src/server/storage/types';
import { s3Endpoint, testS3Settings } from './testStores';

jest.setTimeout(30_000);

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-datafiles-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const write = (file: string, text: string): void => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

describe('with the local store', () => {
  it('is DATA_DIR itself: publishing copies nothing, fetching finds only what is there, and the cache is never swept', async () => {
    const dataDir = tempDir();
    const files = new DataFiles(dataDir, new LocalFileStore(dataDir));
    write(path.join(dataDir, 'generated', 'j1', 'logo.png'), 'png');
    await files.publish(path.join(dataDir, 'generated', 'j1'));
    expect(await files.fetch(path.join(dataDir, 'generated', 'j1', 'logo.png'))).toBe(true);
    expect(await files.fetch(path.join(dataDir, 'generated', 'j2', 'logo.png'))).toBe(false);
    fs.utimesSync(path.join(dataDir, 'generated', 'j1'), 0, 0);
    expect(await files.sweepCache(['generated'], 1000)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'generated', 'j1', 'logo.png'))).toBe(true);
    expect(() => files.keyOf(path.join(dataDir, '..', 'elsewhere'))).toThrow(/Not under DATA_DIR/);
  });

  it('writes a file over a stored one under its name', async () => {
    const dataDir = tempDir();
    const files = new DataFiles(dataDir, new LocalFileStore(dataDir));
    write(path.join(dataDir, 'uploads', 'a.gif'), 'with metadata');
    const clean = path.join(tempDir(), 'clean.gif');
    write(clean, 'clean');
    await files.replaceFile(path.join(dataDir, 'uploads', 'a.gif'), clean);
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'a.gif'), 'utf8')).toBe('clean');
    expect(fs.readFileSync(clean, 'utf8')).toBe('clean');
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual(['a.gif']);
  });
});

(s3Endpoint() || process.env.WPG_REQUIRE_TEST_SERVERS ? describe : describe.skip)('with a shared bucket', () => {
  let store: S3FileStore;
  let a: DataFiles;
  let b: DataFiles;

  beforeEach(() => {
    store = new S3FileStore(testS3Settings());
    a = new DataFiles(tempDir(), store);
    b = new DataFiles(tempDir(), store);
  });

  afterEach(async () => {
    await store.deletePrefix('');
    store.close();
  });

  it('lets one server fetch the files and folders another published, and removes them from both', async () => {
    write(path.join(a.dataDir, 'generated', 'j1', 'logo.png'), 'png');
    write(path.join(a.dataDir, 'sites', 's1', 'index.html'), '<p>site</p>');
    write(path.join(a.dataDir, 'sites', 's1', 'assets', 'app.js'), 'js');
    await a.publish(path.join(a.dataDir, 'generated', 'j1'));
    await a.publish(path.join(a.dataDir, 'sites', 's1'));

    expect(await b.exists(path.join(b.dataDir, 'generated', 'j1', 'logo.png'))).toBe(true);
    expect(await b.fetch(path.join(b.dataDir, 'generated', 'j1', 'logo.png'))).toBe(true);
    expect(fs.readFileSync(path.join(b.dataDir, 'generated', 'j1', 'logo.png'), 'utf8')).toBe('png');
    expect(await b.fetchFolder(path.join(b.dataDir, 'sites', 's1'))).toBe(true);
    expect(fs.readFileSync(path.join(b.dataDir, 'sites', 's1', 'assets', 'app.js'), 'utf8')).toBe('js');
    expect(await b.fetchFolder(path.join(b.dataDir, 'sites', 'none'))).toBe(false);
    expect(fs.existsSync(path.join(b.dataDir, 'sites', 'none'))).toBe(false);

    await b.remove(path.join(b.dataDir, 'generated', 'j1'));
    expect(await a.exists(path.join(a.dataDir, 'generated', 'j2', 'logo.png'))).toBe(false);
    expect(await store.list('generated/')).toEqual([]);
  });

  it('writes a file over a stored one in the bucket and over the copy this server keeps', async () => {
    write(path.join(a.dataDir, 'uploads', 'a.gif'), 'with metadata');
    await a.publish(path.join(a.dataDir, 'uploads', 'a.gif'));
    expect(await b.fetch(path.join(b.dataDir, 'uploads', 'a.gif'))).toBe(true);
    const clean = path.join(tempDir(), 'clean.gif');
    write(clean, 'clean');
    await b.replaceFile(path.join(b.dataDir, 'uploads', 'a.gif'), clean);
    expect(fs.readFileSync(path.join(b.dataDir, 'uploads', 'a.gif'), 'utf8')).toBe('clean');
    expect(fs.readdirSync(path.join(b.dataDir, 'uploads'))).toEqual(['a.gif']);
    const fetched = path.join(tempDir(), 'fetched.gif');
    expect(await downloadFile(store, 'uploads/a.gif', fetched)).toBe(true);
    expect(fs.readFileSync(fetched, 'utf8')).toBe('clean');
    // A server that keeps no copy gets none.
    const c = new DataFiles(tempDir(), store);
    await c.replaceFile(path.join(c.dataDir, 'uploads', 'a.gif'), clean);
    expect(fs.existsSync(path.join(c.dataDir, 'uploads', 'a.gif'))).toBe(false);
  });

  it('sweeps from a server\u2019s cache what it has not touched for the time given, and keeps the rest', async () => {
    write(path.join(a.dataDir, 'generated', 'old', 'logo.png'), 'old');
    write(path.join(a.dataDir, 'generated', 'new', 'logo.png'), 'new');
    const dayAgo = (Date.now() - 25 * 3600 * 1000) / 1000;
    fs.utimesSync(path.join(a.dataDir, 'generated', 'old'), dayAgo, dayAgo);
    expect(await a.sweepCache(['generated', 'zips'], 24 * 3600 * 1000)).toBe(1);
    expect(fs.readdirSync(path.join(a.dataDir, 'generated'))).toEqual(['new']);
  });
});
