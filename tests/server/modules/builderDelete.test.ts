/**
 * 删除 in the site list: the owner's site goes with its versions, preview, completion, zip and
 * 手机预览 link, and its bytes leave the storage quota at once. Another user's site answers as a
 * missing one; a published site is refused until 下线, and one an operator took down keeps its
 * record. A render that was running when the site went leaves nothing behind, and a publish that
 * raced the delete leaves no link.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BuilderMessages, type BuilderSite, type PhonePreviewAnswer, type PublishAnswer, type SiteListAnswer, type ZipUrlAnswer } from '../../../src/contract/builder';
import { SiteDeletionMessages } from '../../../src/contract/siteDeletion';
import { AnswerCode } from '../../../src/contract/envelope';
import type { StorageUsage } from '../../../src/contract/storageQuota';
import type { UserRow } from '../../../src/server/modules/auth/repository';
import { STORAGE_USAGE_PATH } from '../../../src/server/modules/storageQuota/routes';
import type { BuiltSiteRenderInput } from '../../../src/server/render/builder/types';
import { S3FileStore } from '../../../src/server/storage/s3Store';
import { bucketEnv, s3Endpoint, testS3Settings } from '../storage/testStores';
import { buildTestApp, get, post, type TestApp, type TestAppOptions } from '../helpers';
import { quickLogin } from '../queue/kit';
import { alice, bob, newSite, type Caller } from './builderKit';

jest.setTimeout(120_000);

let t: TestApp;
let a: Caller;
/** What each render waits for first: a test holds renders with it. */
let renderGate: () => Promise<void>;

async function start(env: TestAppOptions['env'] = {}): Promise<void> {
  renderGate = async () => undefined;
  t = await buildTestApp({
    env,
    builder: {
      // A page and some filler, as a real render's pictures: fast, and its size is known.
      render: async (input: BuiltSiteRenderInput, outDir: string) => {
        await renderGate();
        fs.writeFileSync(path.join(outDir, 'index.html'), `<!doctype html><title>${input.texts.main.web_name}</title>`);
        fs.writeFileSync(path.join(outDir, 'filler.bin'), Buffer.alloc(64 * 1024, 1));
        return { files: ['index.html', 'filler.bin'] };
      },
    },
  });
  a = alice(t);
}

beforeEach(() => start());

afterEach(async () => {
  await t.close();
});

const remove = (id: unknown, caller = a) => post<null>(t, '/api/webSiteLog/deleteSite', { id }, caller.headers);
const save = (site: BuilderSite, webName: string, caller = a) => post<BuilderSite>(t, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: '', formData: { main: { web_name: webName } }, selectedComponents: {} }, caller.headers);
const complete = (site: BuilderSite, caller = a) => post<ZipUrlAnswer>(t, '/api/CreateWeb/completeWeb', { id: site.id, formData: {} }, caller.headers);
const publish = (site: BuilderSite) => post<PublishAnswer>(t, '/api/webSiteLog/publish', { id: site.id }, a.headers);
const unpublish = (site: BuilderSite) => post<null>(t, '/api/webSiteLog/unpublish', { id: site.id }, a.headers);
const listed = async (caller = a) => (await get<SiteListAnswer>(t, '/api/webSiteLog/getSiteList?page=1&page_size=10', caller.headers)).data.list.map((row) => row.id);
const usage = async (caller = a) => (await get<StorageUsage>(t, STORAGE_USAGE_PATH, caller.headers)).data.usedBytes;
const statusOf = async (url: string) => (await t.app.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname })).statusCode;
const previewDir = (site: BuilderSite) => path.join(t.dataDir, 'sites', site.templatePath.split('/')[2]);
const completedDir = (site: BuilderSite) => path.join(t.dataDir, 'builder-sites', String(site.id));
const versionRows = (site: BuilderSite) => t.app.database.sql.selectFrom('builder_site_versions').select('id').where('site_id', '=', site.id).execute();
const quotaRows = (caller = a) => t.app.database.sql.selectFrom('stored_bytes').select('key').where('user_id', '=', caller.userId).execute();
const zipDirOf = (zipUrl: string) => path.join(t.dataDir, 'zips', zipUrl.split('/')[2]);

async function completedSite(name: string, caller = a): Promise<{ site: BuilderSite; zipUrl: string }> {
  const site = await newSite(t, caller);
  expect((await save(site, name, caller)).code).toBe(200);
  const answer = await complete(site, caller);
  expect(answer.code).toBe(200);
  return { site, zipUrl: answer.data.url };
}

const notFound = { code: AnswerCode.notFound, msg: BuilderMessages.siteUnknown };

describe('删除 of a builder site', () => {
  it('takes the site, its versions, preview, completion, zip and phone link, and gives its bytes back at once', async () => {
    const kept = await completedSite('留下的网站');
    const { site, zipUrl } = await completedSite('要删的网站');
    const phone = await post<PhonePreviewAnswer>(t, '/api/createWeb/phonePreview', { id: site.id }, a.headers);
    expect(await statusOf(phone.data.url)).toBe(200);
    expect(await statusOf(`${site.templatePath}index.html`)).toBe(200);
    expect(fs.existsSync(zipDirOf(zipUrl))).toBe(true);
    expect(await versionRows(site)).not.toHaveLength(0);
    const before = await usage();

    expect(await remove(site.id)).toMatchObject({ code: 200, msg: SiteDeletionMessages.succeeded, data: null });

    expect(await listed()).toEqual([kept.site.id]);
    expect(fs.existsSync(previewDir(site))).toBe(false);
    expect(fs.existsSync(completedDir(site))).toBe(false);
    expect(fs.existsSync(zipDirOf(zipUrl))).toBe(false);
    expect(await versionRows(site)).toEqual([]);
    expect(await statusOf(phone.data.url)).toBe(404);
    expect(await statusOf(`${site.templatePath}index.html`)).toBe(404);
    expect(await statusOf(zipUrl)).toBe(404);
    // Only the other site's folders are counted now.
    const keys = (await quotaRows()).map((row) => row.key).sort();
    expect(keys).toEqual([`builder-sites/${kept.site.id}`, `sites/${kept.site.templatePath.split('/')[2]}`].sort());
    expect(await usage()).toBeLessThan(before);
    // Every call on it answers as for a missing site; the other site is untouched.
    expect(await post(t, '/api/createWeb/getSelectConfig', { id: site.id }, a.headers)).toMatchObject(notFound);
    expect(await get(t, `/api/webSiteLog/getVersions?id=${site.id}`, a.headers)).toMatchObject(notFound);
    expect(await publish(site)).toMatchObject(notFound);
    expect((await post<BuilderSite>(t, '/api/createWeb/getSelectConfig', { id: kept.site.id }, a.headers)).data.web_name).toBe('留下的网站');
    expect(fs.existsSync(completedDir(kept.site))).toBe(true);
  });

  it('answers another user\'s site exactly as a missing one, and leaves it whole', async () => {
    const { site } = await completedSite('爱丽丝的网站');
    const b = bob(t);
    const stranger = await remove(site.id, b);
    const missing = await remove(site.id + 1000, b);
    expect(stranger).toMatchObject(notFound);
    expect(stranger).toEqual(missing);
    expect(await listed()).toEqual([site.id]);
    expect(fs.existsSync(previewDir(site))).toBe(true);
    expect(fs.existsSync(completedDir(site))).toBe(true);
  });

  it('answers a second delete, and two at once, as a missing site', async () => {
    const first = await newSite(t, a);
    expect((await remove(first.id)).code).toBe(200);
    expect(await remove(first.id)).toMatchObject(notFound);

    const second = await newSite(t, a);
    const answers = await Promise.all([remove(second.id), remove(second.id)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, AnswerCode.notFound].sort());
    expect(await listed()).toEqual([]);
    expect(await quotaRows()).toEqual([]);
  });

  it('refuses bad ids with a message and no login with 401', async () => {
    expect(await remove(0)).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.noSiteId });
    expect((await remove(-1)).code).toBe(AnswerCode.invalid);
    expect((await remove('1 OR 1=1')).code).toBe(AnswerCode.invalid);
    const site = await newSite(t, a);
    expect((await t.app.inject({ method: 'POST', url: '/api/webSiteLog/deleteSite', payload: { id: site.id } })).statusCode).toBe(401);
    expect(await listed()).toEqual([site.id]);
  });

  it('refuses a published site until 下线, then deletes it', async () => {
    const { site } = await completedSite('已发布的网站');
    const { url } = (await publish(site)).data;
    expect(await remove(site.id)).toMatchObject({ code: AnswerCode.invalid, msg: SiteDeletionMessages.published });
    expect(await statusOf(url)).toBe(200);
    expect(await listed()).toEqual([site.id]);

    expect((await unpublish(site)).code).toBe(200);
    expect((await remove(site.id)).code).toBe(200);
    expect(await listed()).toEqual([]);
    expect(await quotaRows()).toEqual([]);
  });

  it('keeps a site an operator took down, with its page record and takedown', async () => {
    const op = quickLogin(t, '13700137000');
    await t.app.database.sql.updateTable('users').set({ role: 'operator' }).where('id', '=', op.userId).execute();
    const { site } = await completedSite('被下线的网站');
    const { url } = (await publish(site)).data;
    const slug = new URL(url).pathname.split('/')[2];
    expect((await post(t, `/api/admin/published/${slug}/takedown`, { reason: '页面含有虚假宣传' }, op.headers)).code).toBe(200);

    expect(await remove(site.id)).toMatchObject({ code: AnswerCode.invalid, msg: SiteDeletionMessages.takenDown });
    const sql = t.app.database.sql;
    expect(await sql.selectFrom('published_sites').select('site_id').where('slug', '=', slug).executeTakeFirst()).toEqual({ site_id: site.id });
    expect(await sql.selectFrom('published_takedowns').select('reason').where('slug', '=', slug).executeTakeFirst()).toEqual({ reason: '页面含有虚假宣传' });
    expect(await listed()).toEqual([site.id]);
    expect(fs.existsSync(completedDir(site))).toBe(true);
  });

  it('leaves nothing of a site deleted while a save\'s preview renders', async () => {
    const site = await newSite(t, a);
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let renderStarted = (): void => undefined;
    const started = new Promise<void>((resolve) => (renderStarted = resolve));
    renderGate = () => {
      renderStarted();
      return held;
    };
    const saving = save(site, '删除时正在保存');
    await started;
    expect((await remove(site.id)).code).toBe(200);
    release();
    expect(await saving).toMatchObject(notFound);
    expect(fs.existsSync(previewDir(site))).toBe(false);
    expect(await quotaRows()).toEqual([]);
  });

  it('leaves nothing of a site deleted while 生成并下载 renders', async () => {
    const site = await newSite(t, a);
    let release = (): void => undefined;
    // The completion saves (a preview) and then renders the site: hold the second render only.
    let renders = 0;
    let completionStarted = (): void => undefined;
    const started = new Promise<void>((resolve) => (completionStarted = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    renderGate = () => {
      renders += 1;
      if (renders < 2) return Promise.resolve();
      completionStarted();
      return held;
    };
    const completing = complete(site);
    await started;
    expect((await remove(site.id)).code).toBe(200);
    release();
    expect(await completing).toMatchObject(notFound);
    expect(fs.existsSync(completedDir(site))).toBe(false);
    expect(fs.existsSync(previewDir(site))).toBe(false);
    // No zip; a note of which 预约 choice the completion's zip was made with names a zip that is gone (housekeeping drops it).
    const zips = path.join(t.dataDir, 'zips');
    expect(fs.readdirSync(zips).filter((entry) => entry !== 'keys')).toEqual([]);
    for (const note of fs.existsSync(path.join(zips, 'keys')) ? fs.readdirSync(path.join(zips, 'keys')) : []) {
      expect(fs.existsSync(path.join(zips, fs.readFileSync(path.join(zips, 'keys', note), 'utf8')))).toBe(false);
    }
    expect(await quotaRows()).toEqual([]);
    expect(await versionRows(site)).toEqual([]);
  });

  it('gives no link to a site deleted while its publish was on the way', async () => {
    const { site } = await completedSite('差一点发布的网站');
    const user = (await t.app.database.sql.selectFrom('users').selectAll().where('id', '=', a.userId).executeTakeFirstOrThrow()) as UserRow;
    // 发布 checked the site and found its folder; then 删除 took the row, and the publish reserves its link.
    const request = await t.app.builder.service.toPublish(site.id, user);
    await t.app.database.sql.deleteFrom('builder_sites').where('id', '=', site.id).execute();
    await expect(t.app.publishing.publish(request, user.id)).rejects.toMatchObject({ message: BuilderMessages.siteUnknown });
    expect(await t.app.database.sql.selectFrom('published_sites').selectAll().execute()).toEqual([]);
    expect(fs.readdirSync(path.join(t.dataDir, 'published'))).toEqual([]);
  });

  (s3Endpoint() ? it : it.skip)('on a bucket, takes the site\'s objects too', async () => {
    await t.close();
    const bucket = testS3Settings();
    await start(bucketEnv(bucket));
    const objects = new S3FileStore(bucket);
    try {
      const kept = await completedSite('留下的网站');
      const { site, zipUrl } = await completedSite('要删的网站');
      const keysOf = async (prefix: string) => objects.list(prefix);
      const siteKeys = [`sites/${site.templatePath.split('/')[2]}/`, `builder-sites/${site.id}/`, `zips/${zipUrl.split('/')[2]}/`];
      for (const prefix of siteKeys) expect(await keysOf(prefix)).not.toEqual([]);

      expect((await remove(site.id)).code).toBe(200);
      for (const prefix of siteKeys) expect(await keysOf(prefix)).toEqual([]);
      expect(await keysOf(`builder-sites/${kept.site.id}/`)).not.toEqual([]);
    } finally {
      await objects.deletePrefix('');
      objects.close();
    }
  });
});
