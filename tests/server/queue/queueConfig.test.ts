import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../src/server/config';

let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-queue-config-test-'));
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...env });

describe('the render queue settings', () => {
  it('default to 2 renders at once, a question past 5 ahead, 300 s without a poll, results per user, and gallery pictures made at start', () => {
    expect(load().generation).toEqual({
      queueBackend: 'embedded',
      concurrency: 2,
      inquiryThreshold: 5,
      unpolledExpirySeconds: 300,
      cacheScope: 'user',
      maxActivePerUser: 3,
      maxActivePerIp: 3,
      catalogPrerender: true,
    });
    // Tests render what they check, not the whole gallery.
    expect(load({ NODE_ENV: 'test' }).generation.catalogPrerender).toBe(false);
  });

  it('read every variable', () => {
    expect(
      load({
        RENDER_CONCURRENCY: '4',
        QUEUE_INQUIRY_THRESHOLD: '0',
        QUEUE_UNPOLLED_EXPIRY_SECONDS: '600',
        QUEUE_CACHE_SCOPE: 'shared',
        QUEUE_MAX_ACTIVE_PER_USER: '1',
        QUEUE_MAX_ACTIVE_PER_IP: '50',
        CATALOG_PRERENDER: '0',
      }).generation,
    ).toEqual({
      queueBackend: 'embedded',
      concurrency: 4,
      inquiryThreshold: 0,
      unpolledExpirySeconds: 600,
      cacheScope: 'shared',
      maxActivePerUser: 1,
      maxActivePerIp: 50,
      catalogPrerender: false,
    });
    expect(load({ NODE_ENV: 'test', CATALOG_PRERENDER: '1' }).generation.catalogPrerender).toBe(true);
  });

  it.each([
    ['RENDER_CONCURRENCY', '0'],
    ['RENDER_CONCURRENCY', 'two'],
    ['RENDER_CONCURRENCY', '1.5'],
    ['RENDER_CONCURRENCY', '33'],
    ['QUEUE_INQUIRY_THRESHOLD', '-1'],
    ['QUEUE_UNPOLLED_EXPIRY_SECONDS', '5'],
    ['QUEUE_CACHE_SCOPE', 'everyone'],
    ['QUEUE_MAX_ACTIVE_PER_USER', '0'],
    ['QUEUE_MAX_ACTIVE_PER_USER', '3.5'],
    ['QUEUE_MAX_ACTIVE_PER_USER', '1001'],
    ['QUEUE_MAX_ACTIVE_PER_IP', '0'],
    ['QUEUE_MAX_ACTIVE_PER_IP', 'many'],
    ['CATALOG_PRERENDER', 'yes'],
    ['QUEUE_BACKEND', 'redis'],
  ])('refuse %s=%s with a message naming it', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(name);
  });

  it('take BullMQ only with what its workers on other machines need: Redis, PostgreSQL and the bucket', () => {
    const s3 = { STORAGE_BACKEND: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'us-east-1', S3_BUCKET: 'wpg', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    const all = { QUEUE_BACKEND: 'bullmq', REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://wpg@127.0.0.1/wpg', ...s3 };
    expect(load(all).generation.queueBackend).toBe('bullmq');
    expect(() => load({ QUEUE_BACKEND: 'bullmq' })).toThrow('QUEUE_BACKEND=bullmq renders on workers on other machines and needs REDIS_URL (BullMQ and the waiting line live there), DATABASE_URL (PostgreSQL: the workers write the jobs\' rows), STORAGE_BACKEND=s3 (the workers put the results in the bucket).');
    const { REDIS_URL: _redis, ...noRedis } = all;
    expect(() => load(noRedis)).toThrow(/needs REDIS_URL[^,]*\.$/);
    const { DATABASE_URL: _database, ...noDatabase } = all;
    expect(() => load(noDatabase)).toThrow(/needs DATABASE_URL[^,]*\.$/);
    expect(() => load({ ...all, STORAGE_BACKEND: 'local' })).toThrow(/needs STORAGE_BACKEND=s3/);
    // Several servers sign with one secret.
    expect(() => loadConfig({ DATA_DIR: dataDir, ...all })).toThrow('JWT_SECRET');
  });
});
