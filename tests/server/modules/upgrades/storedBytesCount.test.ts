/**
 * An install from before the storage quota: its sites, completions, published copies and the
 * uploads its builder sites use were stored with no stored_bytes row. Once a new version starts,
 * 个人中心 shows what they really take, a row written since is not counted again, a second run
 * adds nothing, and a user found over the quota is refused the next upload with the figures. On
 * DATA_DIR and on a bucket (the files then exist only there).
 */
import { AnswerCode } from '../../../../src/contract/envelope';
import { StorageQuotaMessages, type StorageUsage } from '../../../../src/contract/storageQuota';
import { STORAGE_USAGE_PATH } from '../../../../src/server/modules/storageQuota/routes';
import { envelopeOf, get, type TestApp } from '../../helpers';
import { quickLogin } from '../../queue/kit';
import { canvasImage, multipart } from '../miniSiteKit';
import { describeEachInstall, hex, miniSite, pageWithLink } from './upgradeKit';

jest.setTimeout(60_000);

const MB = 1024 * 1024;
const filler = (bytes: number): Buffer => Buffer.alloc(bytes, 3);

describeEachInstall('the count of what was stored before the quota', { USER_STORAGE_QUOTA_MB: '1' }, (install, backend) => {
  const put = (key: string, bytes: number) => install().put(key, filler(bytes));
  const usage = async (app: TestApp, caller: { headers: Record<string, string> }): Promise<StorageUsage> => (await get<StorageUsage>(app, STORAGE_USAGE_PATH, caller.headers)).data;

  it('counts every owned folder and used upload once, leaves rows written since, and adds nothing when run again', async () => {
    const old = install().old;
    if (!old) throw new Error('no install');
    const { sql } = old.app.database;
    const alice = quickLogin(old, '13800138001');
    const bob = quickLogin(old, '13800138002');
    const [miniDir, builderDir, slug, bobSlug, used, inVersion, unused] = [hex(), hex(), hex(), hex(), `${hex()}.png`, `${hex()}.jpg`, `${hex()}.png`];
    const at = old.clock.now();

    await miniSite(old, alice.userId, miniDir);
    await put(`sites/${miniDir}/index.html`, 3_000);
    await put(`sites/${miniDir}/p.gif`, 5_000);
    const form = (upload: string) => JSON.stringify({ main: { web_name: '旧网站' }, content: { picture: `/uploads/${upload}`, text: '/uploads/not-a-file' } });
    const site = await sql
      .insertInto('builder_sites')
      .values({ user_id: alice.userId, web_name: '旧网站', selected: '{}', form_data: form(used), dir: builderDir, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql.insertInto('builder_site_versions').values({ site_id: site.id, reason: 'download', web_name: '旧网站', selected: '{}', form_data: form(inVersion), picture: '', created_at: at }).execute();
    await put(`sites/${builderDir}/index.html`, 2_000);
    await put(`builder-sites/${site.id}/index.html`, 1_500);
    await put(`builder-sites/${site.id}/css/site.css`, 700);
    await sql.insertInto('published_sites').values({ slug, site_id: site.id, mini_site_id: null, user_id: alice.userId, created_at: at, updated_at: at }).execute();
    await install().put(`published/${slug}/index.html`, pageWithLink(4_000));
    await put(`uploads/${used}`, 1_000);
    await put(`uploads/${inVersion}`, 2_000);
    // An upload no site names has no known owner.
    await put(`uploads/${unused}`, 9_000);
    // Bob's page was published again since the quota: its row is right and stays as it is.
    await sql.insertInto('published_sites').values({ slug: bobSlug, site_id: null, mini_site_id: await miniSite(old, bob.userId), user_id: bob.userId, created_at: at, updated_at: at }).execute();
    await install().put(`published/${bobSlug}/index.html`, pageWithLink(900));
    await sql.insertInto('stored_bytes').values({ key: `published/${bobSlug}`, user_id: bob.userId, bytes: 1_234, updated_at: at }).execute();

    const app = await install().upgrade();
    if (backend === 's3') expect(app.app.dataFiles.shared).toBe(true);
    const aliceBytes = 3_000 + 5_000 + 2_000 + 1_500 + 700 + 4_000 + 1_000 + 2_000;
    expect(await usage(app, alice)).toEqual({ usedBytes: aliceBytes, quotaBytes: MB });
    expect(await usage(app, bob)).toEqual({ usedBytes: 1_234, quotaBytes: MB });
    const rows = await app.app.database.sql.selectFrom('stored_bytes').select(['key', 'user_id', 'bytes']).orderBy('key').execute();
    expect(rows.map((row) => row.key)).toEqual(
      [`builder-sites/${site.id}`, `published/${bobSlug}`, `published/${slug}`, `sites/${builderDir}`, `sites/${miniDir}`, `uploads/${inVersion}`, `uploads/${used}`].sort(),
    );
    expect(await app.app.database.sql.selectFrom('one_off_tasks').select(['claimed_by', 'done_at']).where('name', '=', 'stored-bytes-count').executeTakeFirst()).toEqual({ claimed_by: null, done_at: app.clock.now() });

    // Run again (as if its row were lost): nothing is counted twice.
    await app.app.database.sql.deleteFrom('one_off_tasks').execute();
    app.app.upgrades.kick();
    await app.app.upgrades.settled();
    expect((await usage(app, alice)).usedBytes).toBe(aliceBytes);
    expect((await usage(app, bob)).usedBytes).toBe(1_234);
  });

  it('refuses the next upload of a user the count finds over the quota, with the figures', async () => {
    const old = install().old;
    if (!old) throw new Error('no install');
    const alice = quickLogin(old, '13800138001');
    const slug = hex();
    const at = old.clock.now();
    await old.app.database.sql.insertInto('published_sites').values({ slug, site_id: null, mini_site_id: await miniSite(old, alice.userId), user_id: alice.userId, created_at: at, updated_at: at }).execute();
    await install().put(`published/${slug}/index.html`, pageWithLink(2_000));
    await put(`published/${slug}/video.mp4`, MB);

    const app = await install().upgrade();
    const found = await usage(app, alice);
    expect(found).toEqual({ usedBytes: MB + 2_000, quotaBytes: MB });
    const body = multipart([{ name: 'image', filename: 'p.png', contentType: 'image/png', data: canvasImage('png') }]);
    const answer = envelopeOf(await app.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: body.payload, headers: { ...body.headers, ...alice.headers } }));
    expect(answer).toMatchObject({ code: AnswerCode.invalid, msg: StorageQuotaMessages.full(found) });
    expect(answer.msg).toContain('存储空间不足');
  });
});
