/**
 * An install from before the storage quota: its sites, completions, published copies and the
 * uploads its builder sites use were stored with no stored_bytes row. Once a new version starts,
 * 个人中心 shows what they really take, a row written since is not counted again, a second run
 * adds nothing, and a user found over the quota is refused the next upload with the figures. On
 * DATA_DIR and on a bucket (the files then exist only there).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { AnswerCode } from '../../../../src/contract/envelope';
import { StorageQuotaMessages, type StorageUsage } from '../../../../src/contract/storageQuota';
import { STORAGE_USAGE_PATH } from '../../../../src/server/modules/storageQuota/routes';
import { S3FileStore, type S3Settings } from '../../../../src/server/storage/s3Store';
import { describeEach } from '../../describeEach';
import { buildTestApp, envelopeOf, get, type TestApp } from '../../helpers';
import { quickLogin } from '../../queue/kit';
import { s3Endpoint, testS3Settings } from '../../storage/testStores';
import { canvasImage, multipart } from '../miniSiteKit';

jest.setTimeout(60_000);

const MB = 1024 * 1024;
const hex = (): string => crypto.randomBytes(16).toString('hex');

/** The settings of a bucket under a prefix of the test's own. */
function bucketEnv(bucket: S3Settings): Record<string, string> {
  return {
    STORAGE_BACKEND: 's3',
    S3_ENDPOINT: bucket.endpoint,
    S3_REGION: bucket.region,
    S3_BUCKET: bucket.bucket,
    S3_ACCESS_KEY_ID: bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
    S3_PREFIX: bucket.prefix ?? '',
  };
}

interface Install {
  env: Record<string, string>;
  first: TestApp | null;
  dataDir: string;
  close(): Promise<void>;
}

const backends = (['local', 's3'] as const).map((name) => ({
  name,
  available: name === 'local' || !!s3Endpoint() || !!process.env.WPG_REQUIRE_TEST_SERVERS,
  open: async (): Promise<Install> => {
    const bucket = name === 's3' ? testS3Settings() : null;
    const env = { USER_STORAGE_QUOTA_MB: '1', ...(bucket ? bucketEnv(bucket) : {}) };
    const first = await buildTestApp({ env, keepDataDir: true });
    await first.app.upgrades.settled();
    const install: Install = {
      env,
      first,
      dataDir: first.dataDir,
      close: async () => {
        await install.first?.close();
        fs.rmSync(install.dataDir, { recursive: true, force: true });
        if (!bucket) return;
        const store = new S3FileStore(bucket);
        await store.deletePrefix('');
        store.close();
      },
    };
    return install;
  },
}));

describeEach('the count of what was stored before the quota', backends, (install, backend) => {
  let t: TestApp | null = null;

  afterEach(async () => {
    await t?.close();
    t = null;
  });

  /** Files as an older version wrote them: into the store, with no row. */
  const put = (app: TestApp, key: string, bytes: number) => app.app.dataFiles.store.putBuffer(key, Buffer.alloc(bytes, 3));

  /** Starts the new version on the old install's data (its one-off tasks not run yet) and waits for its background work. */
  async function upgrade(): Promise<TestApp> {
    const old = install().first;
    if (!old) throw new Error('started twice');
    await old.app.database.sql.deleteFrom('one_off_tasks').execute();
    await old.close();
    install().first = null;
    const started = await buildTestApp({ env: install().env, dataDir: install().dataDir, keepDataDir: true });
    t = started;
    await started.app.upgrades.settled();
    return started;
  }

  /** A mini site's record (its folder long gone, as after 14 days); answers its id. */
  async function miniSite(app: TestApp, userId: number, dir = hex()): Promise<number> {
    const row = await app.app.database.sql.insertInto('mini_sites').values({ dir, user_id: userId, template_id: 5, name: '旧站', created_at: app.clock.now() }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  const usage = async (app: TestApp, caller: { headers: Record<string, string> }): Promise<StorageUsage> => (await get<StorageUsage>(app, STORAGE_USAGE_PATH, caller.headers)).data;

  it('counts every owned folder and used upload once, leaves rows written since, and adds nothing when run again', async () => {
    const old = install().first;
    if (!old) throw new Error('no install');
    const { sql } = old.app.database;
    const alice = quickLogin(old, '13800138001');
    const bob = quickLogin(old, '13800138002');
    const [miniDir, builderDir, slug, bobSlug, used, inVersion, unused] = [hex(), hex(), hex(), hex(), `${hex()}.png`, `${hex()}.jpg`, `${hex()}.png`];
    const at = old.clock.now();

    await miniSite(old, alice.userId, miniDir);
    await put(old, `sites/${miniDir}/index.html`, 3_000);
    await put(old, `sites/${miniDir}/p.gif`, 5_000);
    const form = (upload: string) => JSON.stringify({ main: { web_name: '旧网站' }, content: { picture: `/uploads/${upload}`, text: '/uploads/not-a-file' } });
    const site = await sql
      .insertInto('builder_sites')
      .values({ user_id: alice.userId, web_name: '旧网站', selected: '{}', form_data: form(used), dir: builderDir, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql.insertInto('builder_site_versions').values({ site_id: site.id, reason: 'download', web_name: '旧网站', selected: '{}', form_data: form(inVersion), picture: '', created_at: at }).execute();
    await put(old, `sites/${builderDir}/index.html`, 2_000);
    await put(old, `builder-sites/${site.id}/index.html`, 1_500);
    await put(old, `builder-sites/${site.id}/css/site.css`, 700);
    await sql.insertInto('published_sites').values({ slug, site_id: site.id, mini_site_id: null, user_id: alice.userId, created_at: at, updated_at: at }).execute();
    await put(old, `published/${slug}/index.html`, 4_000);
    await put(old, `uploads/${used}`, 1_000);
    await put(old, `uploads/${inVersion}`, 2_000);
    // An upload no site names has no known owner.
    await put(old, `uploads/${unused}`, 9_000);
    // Bob's page was published again since the quota: its row is right and stays as it is.
    await sql.insertInto('published_sites').values({ slug: bobSlug, site_id: null, mini_site_id: await miniSite(old, bob.userId), user_id: bob.userId, created_at: at, updated_at: at }).execute();
    await put(old, `published/${bobSlug}/index.html`, 900);
    await sql.insertInto('stored_bytes').values({ key: `published/${bobSlug}`, user_id: bob.userId, bytes: 1_234, updated_at: at }).execute();

    const app = await upgrade();
    if (backend === 's3') expect(app.app.dataFiles.shared).toBe(true);
    const aliceBytes = 3_000 + 5_000 + 2_000 + 1_500 + 700 + 4_000 + 1_000 + 2_000;
    expect(await usage(app, alice)).toEqual({ usedBytes: aliceBytes, quotaBytes: MB });
    expect(await usage(app, bob)).toEqual({ usedBytes: 1_234, quotaBytes: MB });
    const rows = await app.app.database.sql.selectFrom('stored_bytes').select(['key', 'user_id', 'bytes']).orderBy('key').execute();
    expect(rows.map((row) => row.key)).toEqual(
      [`builder-sites/${site.id}`, `published/${bobSlug}`, `published/${slug}`, `sites/${builderDir}`, `sites/${miniDir}`, `uploads/${inVersion}`, `uploads/${used}`].sort(),
    );
    expect(await app.app.database.sql.selectFrom('one_off_tasks').select(['name', 'claimed_by']).where('done_at', 'is not', null).execute()).toEqual([{ name: 'stored-bytes-count', claimed_by: null }]);

    // Run again (as if its row were lost): nothing is counted twice.
    await app.app.database.sql.deleteFrom('one_off_tasks').execute();
    app.app.upgrades.kick();
    await app.app.upgrades.settled();
    expect((await usage(app, alice)).usedBytes).toBe(aliceBytes);
    expect((await usage(app, bob)).usedBytes).toBe(1_234);
  });

  it('refuses the next upload of a user the count finds over the quota, with the figures', async () => {
    const old = install().first;
    if (!old) throw new Error('no install');
    const alice = quickLogin(old, '13800138001');
    const slug = hex();
    const at = old.clock.now();
    await old.app.database.sql.insertInto('published_sites').values({ slug, site_id: null, mini_site_id: await miniSite(old, alice.userId), user_id: alice.userId, created_at: at, updated_at: at }).execute();
    await put(old, `published/${slug}/index.html`, 2_000);
    await put(old, `published/${slug}/video.mp4`, MB);

    const app = await upgrade();
    const found = await usage(app, alice);
    expect(found).toEqual({ usedBytes: MB + 2_000, quotaBytes: MB });
    const body = multipart([{ name: 'image', filename: 'p.png', contentType: 'image/png', data: canvasImage('png') }]);
    const answer = envelopeOf(await app.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: body.payload, headers: { ...body.headers, ...alice.headers } }));
    expect(answer).toMatchObject({ code: AnswerCode.invalid, msg: StorageQuotaMessages.full(found) });
    expect(answer.msg).toContain('存储空间不足');
  });
});
