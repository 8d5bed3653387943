/**
 * The file stores a test runs on: a local folder always; the S3-compatible server at
 * TEST_S3_ENDPOINT (`eval "$(config/scripts/testServers.sh start)"` starts s3rver), each test under
 * an object prefix of its own that is deleted afterwards. Without it the S3 tests are skipped,
 * except where WPG_REQUIRE_TEST_SERVERS is set (.ci/run): there a missing server fails them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalFileStore } from '../../../src/server/storage/localStore';
import { S3FileStore, type S3Settings } from '../../../src/server/storage/s3Store';
import type { FileStore } from '../../../src/server/storage/types';
import { describeEach, type TestBackend } from '../describeEach';

export const s3Endpoint = (): string | undefined => process.env.TEST_S3_ENDPOINT || undefined;
const required = (): boolean => !!process.env.WPG_REQUIRE_TEST_SERVERS;

let prefixes = 0;

/** The environment that points a server at `bucket` (STORAGE_BACKEND=s3), optionally through another endpoint (a proxy). */
export function bucketEnv(bucket: S3Settings, endpoint = bucket.endpoint): Record<string, string> {
  return {
    STORAGE_BACKEND: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: bucket.region,
    S3_BUCKET: bucket.bucket,
    S3_ACCESS_KEY_ID: bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
    S3_PREFIX: bucket.prefix ?? '',
  };
}

/** s3rver's settings at TEST_S3_ENDPOINT, under an object prefix no other test uses. */
export function testS3Settings(): S3Settings {
  const endpoint = s3Endpoint();
  if (!endpoint) throw new Error('TEST_S3_ENDPOINT is not set: start the test servers with config/scripts/testServers.sh start');
  prefixes += 1;
  return {
    endpoint,
    region: 'us-east-1',
    bucket: process.env.TEST_S3_BUCKET || 'wpg-test',
    // s3rver's fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: `t-${process.pid}-${prefixes}-${Math.random().toString(36).slice(2, 8)}/`,
  };
}

interface OpenStore {
  store: FileStore;
  close(): Promise<void>;
}

type TestStore = TestBackend<OpenStore, 'local' | 's3'>;

export function testStores(): TestStore[] {
  return [
    {
      name: 'local',
      available: true,
      open: async () => {
        const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-store-'));
        return { store: new LocalFileStore(root), close: async () => fs.rmSync(root, { recursive: true, force: true }) };
      },
    },
    {
      name: 's3',
      available: !!s3Endpoint() || required(),
      open: async () => {
        const store = new S3FileStore(testS3Settings());
        return {
          store,
          close: async () => {
            await store.deletePrefix('');
            store.close();
          },
        };
      },
    },
  ];
}

/** `describe` once per store, with a fresh empty store for each test. */
export function describeEachStore(title: string, body: (store: () => FileStore, name: TestStore['name']) => void): void {
  describeEach(title, testStores(), (current, name) => body(() => current().store, name));
}
