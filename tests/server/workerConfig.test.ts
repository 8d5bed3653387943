import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { workerConfigProblem } from '../../src/server/worker';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-worker-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const shared = {
  DATA_DIR: dataDir,
  JWT_SECRET: 'x'.repeat(40),
  DATABASE_URL: 'postgres://wpg@db.internal:5432/wpg',
  REDIS_URL: 'redis://cache.internal:6379',
  STORAGE_BACKEND: 's3',
  S3_REGION: 'us-east-1',
  S3_BUCKET: 'wpg-files',
  S3_ACCESS_KEY_ID: 'AK',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('npm run worker', () => {
  it('starts with the database, Redis and bucket of the API servers', () => {
    expect(workerConfigProblem(loadConfig(shared), shared)).toBeNull();
  });

  it('names everything it lacks, at once', () => {
    const env = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) };
    expect(workerConfigProblem(loadConfig(env), env)).toBe(
      'npm run worker renders for API servers on other machines and needs DATABASE_URL (the PostgreSQL the API servers use), REDIS_URL (the Redis the API servers use), STORAGE_BACKEND=s3 with the S3_* settings (the bucket the API servers serve from).',
    );
  });

  it.each(['1', '601', 'soon'])('refuses WORKER_LOCK_SECONDS=%s', (value) => {
    const env = { ...shared, WORKER_LOCK_SECONDS: value };
    expect(workerConfigProblem(loadConfig(env), env)).toMatch(/WORKER_LOCK_SECONDS must be an integer from 2 to 600/);
  });
});
