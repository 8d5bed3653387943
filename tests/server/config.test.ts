import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientDistDir, repoRoot } from '../../config/paths';
import { ConfigError, loadConfig } from '../../src/server/config';

let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-config-test-'));
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has working defaults and keeps a generated secret in the data folder', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: '',
      mode: 'production',
      productionHost: '',
      clientDir: clientDistDir,
      reduxDevtools: false,
      trustProxy: false,
      sms: { provider: 'local' },
      qrLoginProvider: 'local',
      publicOrigin: '',
      http: { headersTimeoutMs: 15_000, requestTimeoutMs: 300_000, keepAliveTimeoutMs: 5_000, idleTimeoutMs: 120_000 },
    });
    const file = path.join(dataDir, 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // A restart reads the same secret, so tokens stay valid.
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('resolves DATA_DIR from the working directory and CLIENT_DIR from the repository', () => {
    const relative = path.relative(process.cwd(), dataDir);
    const config = loadConfig({ DATA_DIR: relative, CLIENT_DIR: 'some/build', JWT_SECRET: 'x'.repeat(32) });
    expect(config.dataDir).toBe(dataDir);
    expect(config.clientDir).toBe(path.join(repoRoot, 'some/build'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '3001',
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      JWT_SECRET: 's'.repeat(40),
      PRODUCTION_HOST: 'www.Example.com',
      REDUX_DEVTOOLS: '1',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.com/send',
      SMS_HTTP_TOKEN: 'tok',
      PUBLIC_ORIGIN: 'https://www.example.com/',
      TRUST_PROXY: '1',
      DATABASE_URL: 'postgres://wpg:secret@db.internal:5432/wpg',
      REDIS_URL: 'redis://:secret@cache.internal:6379/2',
      STORAGE_BACKEND: 's3',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_REGION: 'cn-east-1',
      S3_BUCKET: 'wpg-files',
      S3_ACCESS_KEY_ID: 'AKEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'not-a-real-secret',
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: 'wpg/',
    });
    expect(config).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      mode: 'development',
      jwtSecret: 's'.repeat(40),
      productionHost: 'www.example.com',
      reduxDevtools: true,
      sms: { provider: 'http', url: 'https://sms.example.com/send', token: 'tok' },
      publicOrigin: 'https://www.example.com',
      trustProxy: 1,
      databaseUrl: 'postgres://wpg:secret@db.internal:5432/wpg',
      redisUrl: 'redis://:secret@cache.internal:6379/2',
      storage: { backend: 's3', endpoint: 'https://s3.example.com', region: 'cn-east-1', bucket: 'wpg-files', accessKeyId: 'AKEXAMPLE', secretAccessKey: 'not-a-real-secret', forcePathStyle: true, prefix: 'wpg/' },
    });
    // An explicit secret writes no file.
    expect(fs.existsSync(path.join(dataDir, 'secret.key'))).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ PRODUCTION_HOST: 'https://www.example.com' }, /PRODUCTION_HOST/],
    [{ REDUX_DEVTOOLS: 'yes' }, /REDUX_DEVTOOLS/],
    [{ SMS_PROVIDER: 'carrier-pigeon' }, /SMS_PROVIDER/],
    [{ SMS_PROVIDER: 'http' }, /SMS_HTTP_URL/],
    [{ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com' }, /SMS_HTTP_TOKEN/],
    [{ QR_LOGIN_PROVIDER: 'wechat' }, /QR_LOGIN_PROVIDER/],
    [{ PUBLIC_ORIGIN: 'https://www.example.com/login' }, /PUBLIC_ORIGIN/],
    [{ PUBLIC_ORIGIN: 'not a url' }, /PUBLIC_ORIGIN/],
    [{ HTTP_HEADERS_TIMEOUT_SECONDS: '0' }, /HTTP_HEADERS_TIMEOUT_SECONDS/],
    [{ HTTP_REQUEST_TIMEOUT_SECONDS: 'never' }, /HTTP_REQUEST_TIMEOUT_SECONDS/],
    [{ HTTP_HEADERS_TIMEOUT_SECONDS: '60', HTTP_REQUEST_TIMEOUT_SECONDS: '30' }, /must not exceed/],
    [{ DATABASE_URL: 'mysql://root@localhost/wpg' }, /DATABASE_URL must start with postgres:\/\//],
    [{ DATABASE_URL: 'postgres://' }, /DATABASE_URL must/],
    [{ DATABASE_URL: 'postgres://db.internal' }, /must name a host and a database/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://wpg@db.internal:5432/wpg' }, /DATABASE_URL needs JWT_SECRET/],
    [{ REDIS_URL: 'http://cache.internal:6379' }, /REDIS_URL must start with redis:\/\//],
    [{ REDIS_URL: 'not a url' }, /REDIS_URL must be a Redis URL/],
    [{ REDIS_KEY_PREFIX: 'has space' }, /REDIS_KEY_PREFIX/],
    [{ STORAGE_BACKEND: 'ftp' }, /STORAGE_BACKEND must be one of local, s3/],
    [{ STORAGE_BACKEND: 's3' }, /STORAGE_BACKEND=s3 needs S3_BUCKET/],
    [{ STORAGE_BACKEND: 's3', S3_BUCKET: 'Bad_Bucket' }, /S3_BUCKET must be a bucket name/],
    [{ STORAGE_BACKEND: 's3', S3_BUCKET: 'wpg-files' }, /STORAGE_BACKEND=s3 needs S3_REGION/],
    [{ STORAGE_BACKEND: 's3', S3_BUCKET: 'wpg-files', S3_REGION: 'us-east-1' }, /STORAGE_BACKEND=s3 needs S3_ACCESS_KEY_ID/],
    [{ STORAGE_BACKEND: 's3', S3_BUCKET: 'wpg-files', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'k' }, /STORAGE_BACKEND=s3 needs S3_SECRET_ACCESS_KEY/],
    [{ STORAGE_BACKEND: 's3', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http\(s\) origin/],
    [{ STORAGE_BACKEND: 's3', S3_BUCKET: 'wpg-files', S3_PREFIX: '../x/' }, /S3_PREFIX must be folder names/],
    [{ REDIS_URL: 'redis://cache.internal:6379' }, /REDIS_URL needs JWT_SECRET/],
  ])('fails fast on %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
  });

  it('refuses a secret file that is too short', () => {
    fs.writeFileSync(path.join(dataDir, 'secret.key'), 'abc');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/shorter than 32/);
  });
});
