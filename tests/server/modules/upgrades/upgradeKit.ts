/**
 * An install as an older version left it, then the new version started on it: on DATA_DIR, and on
 * a bucket (STORAGE_BACKEND=s3, under a prefix of the test's own) where the files exist only there.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { reportLinkHtml } from '../../../../src/server/modules/moderation/reportLink';
import { S3FileStore } from '../../../../src/server/storage/s3Store';
import { describeEach } from '../../describeEach';
import { buildTestApp, type TestApp } from '../../helpers';
import { bucketEnv, s3Endpoint, testS3Settings } from '../../storage/testStores';

export const hex = (): string => crypto.randomBytes(16).toString('hex');

export interface Install {
  /** The older version, running, to write data the old way; null once upgraded. */
  old: TestApp | null;
  /** The new version on the same data once upgrade() ran. */
  current: TestApp | null;
  /** Writes a file as an older version did: into the store, with no row of the quota. */
  put(key: string, data: Buffer): Promise<void>;
  /** Stops the old version, forgets the one-off tasks its start did on an empty install, starts the new one and waits for them. */
  upgrade(): Promise<TestApp>;
  close(): Promise<void>;
}

async function openInstall(backend: 'local' | 's3', env: Record<string, string>): Promise<Install> {
  const bucket = backend === 's3' ? testS3Settings() : null;
  const allEnv = { ...env, ...(bucket ? bucketEnv(bucket) : {}) };
  const old = await buildTestApp({ env: allEnv, keepDataDir: true });
  await old.app.upgrades.settled();
  const { dataDir } = old;
  const install: Install = {
    old,
    current: null,
    put: async (key, data) => {
      if (!install.old) throw new Error('already upgraded');
      await install.old.app.dataFiles.store.putBuffer(key, data);
    },
    upgrade: async () => {
      const before = install.old;
      if (!before) throw new Error('already upgraded');
      await before.app.database.sql.deleteFrom('one_off_tasks').execute();
      await before.close();
      install.old = null;
      const current = await buildTestApp({ env: allEnv, dataDir, keepDataDir: true });
      install.current = current;
      await current.app.upgrades.settled();
      return current;
    },
    close: async () => {
      await install.old?.close();
      await install.current?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!bucket) return;
      const store = new S3FileStore(bucket);
      await store.deletePrefix('');
      store.close();
    },
  };
  return install;
}

/** `describe` once on DATA_DIR and once on a bucket (skipped without TEST_S3_ENDPOINT), a fresh install for each test. */
export function describeEachInstall(title: string, env: Record<string, string>, body: (install: () => Install, backend: 'local' | 's3') => void): void {
  const backends = (['local', 's3'] as const).map((name) => ({
    name,
    available: name === 'local' || !!s3Endpoint() || !!process.env.WPG_REQUIRE_TEST_SERVERS,
    open: () => openInstall(name, env),
  }));
  describeEach(title, backends, body);
}

/** A mini site's record (its folder long gone, as after 14 days, unless the test writes it); answers its id. */
export async function miniSite(app: TestApp, userId: number, dir = hex()): Promise<number> {
  const row = await app.app.database.sql.insertInto('mini_sites').values({ dir, user_id: userId, template_id: 5, name: '旧站', created_at: app.clock.now() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A published page of exactly `bytes` bytes that already has its 举报 link (as published since 内容审核): the one-off tasks leave it alone. */
export function pageWithLink(bytes: number, text = ''): Buffer {
  const page = Buffer.from(`<!doctype html><p>${text}</p>${reportLinkHtml('/report?site=0')}`);
  if (page.length > bytes) throw new Error(`A page with its link takes ${page.length} bytes`);
  return Buffer.concat([page, Buffer.alloc(bytes - page.length, 0x20)]);
}
