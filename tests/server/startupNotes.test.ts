import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { startupNotes } from '../../src/server/startupNotes';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-notes-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('startupNotes', () => {
  it('says where the product is and, with the local SMS provider, how to find a code in the log', () => {
    const notes = startupNotes(loadConfig({ DATA_DIR: dataDir, PORT: '8123', JWT_SECRET: 'x'.repeat(40) }));
    expect(notes[0]).toContain('http://localhost:8123/user/');
    expect(notes[1]).toMatch(/SMS_PROVIDER=local.*"SMS to"/);
  });

  it('tells the operator the callback URL to enter in the WeChat console, without the secret or the token', () => {
    const env = {
      DATA_DIR: dataDir,
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_ORIGIN: 'https://www.example.com',
      QR_LOGIN_PROVIDER: 'wechat-mp',
      WECHAT_APP_ID: 'wx0123456789abcdef',
      WECHAT_APP_SECRET: 'f'.repeat(32),
      WECHAT_TOKEN: 'consoleToken1',
      WECHAT_ENCODING_AES_KEY: 'a'.repeat(43),
    };
    const notes = startupNotes(loadConfig(env)).join('\n');
    expect(notes).toContain('enter https://www.example.com/api/wxAuth/wechat/callback as the server URL');
    expect(notes).toContain('安全模式');
    expect(notes).not.toContain('f'.repeat(32));
    expect(notes).not.toContain('consoleToken1');
    expect(notes).not.toContain('a'.repeat(43));
  });

  it('says nothing of SMS when codes really go out', () => {
    const notes = startupNotes(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send', SMS_HTTP_TOKEN: 't' }));
    expect(notes).toHaveLength(1);
  });

  it('names the shared database, Redis and bucket, without their passwords', () => {
    const notes = startupNotes(
      loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: 'x'.repeat(40),
        DATABASE_URL: 'postgres://wpg:hunter2@db.internal:5432/wpg',
        REDIS_URL: 'redis://:hunter3@cache.internal:6379',
        STORAGE_BACKEND: 's3',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_REGION: 'cn-east-1',
        S3_BUCKET: 'wpg-files',
        S3_ACCESS_KEY_ID: 'AK',
        S3_SECRET_ACCESS_KEY: 'hunter4',
        QUEUE_BACKEND: 'bullmq',
      }),
    );
    expect(notes[1]).toBe(
      'Shared with other servers: database PostgreSQL db.internal:5432/wpg; rate limits and locks in Redis cache.internal:6379 (keys wpg:*); render jobs on BullMQ in that Redis, rendered by npm run worker (none here); files in bucket wpg-files at https://s3.example.com.',
    );
    expect(notes.join('\n')).not.toMatch(/hunter/);
  });
});
