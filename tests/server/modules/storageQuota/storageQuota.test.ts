/**
 * USER_STORAGE_QUOTA_MB through the routes: 发布, 生成并下载, a new site and uploads are refused
 * past the quota with the figures, nothing of the user's is lost, 下线 frees room, another user is
 * not touched, 0 turns it off, and the count is what the disk holds. Hostile: uploads just under the
 * per-file limit until past the quota, and uploads racing for the last room.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { BuilderSite, PublishAnswer, ZipUrlAnswer } from '../../../../src/contract/builder';
import { AnswerCode } from '../../../../src/contract/envelope';
import { StorageQuotaMessages, type StorageUsage } from '../../../../src/contract/storageQuota';
import type { BuiltSiteRenderInput } from '../../../../src/server/render/builder/types';
import { STORAGE_USAGE_PATH } from '../../../../src/server/modules/storageQuota/routes';
import { folderBytes } from '../../../../src/server/modules/storageQuota/folderBytes';
import { buildTestApp, envelopeOf, get, post, type TestApp } from '../../helpers';
import { alice, bob, newSite, type Caller } from '../builderKit';
import { multipart } from '../miniSiteKit';

jest.setTimeout(120_000);

const MB = 1024 * 1024;
/** What every site folder holds besides its page. */
const FILLER_BYTES = MB / 8;

let t: TestApp;
let a: Caller;

async function start(quotaMb: number): Promise<void> {
  t = await buildTestApp({
    env: { USER_STORAGE_QUOTA_MB: String(quotaMb) },
    builder: {
      render: async (input: BuiltSiteRenderInput, outDir: string) => {
        fs.writeFileSync(path.join(outDir, 'index.html'), `<!doctype html><title>${input.texts.main.web_name}</title>`);
        fs.writeFileSync(path.join(outDir, 'filler.bin'), Buffer.alloc(FILLER_BYTES, 1));
        return { files: ['index.html', 'filler.bin'] };
      },
    },
  });
  a = alice(t);
}

afterEach(async () => {
  await t.close();
});

const save = (site: BuilderSite, webName: string, caller = a) => post<BuilderSite>(t, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: '', formData: { main: { web_name: webName } }, selectedComponents: {} }, caller.headers);
const selectConfig = (site: BuilderSite, caller = a) => post<BuilderSite>(t, '/api/createWeb/getSelectConfig', { id: site.id }, caller.headers);
const complete = (site: BuilderSite, caller = a) => post<ZipUrlAnswer>(t, '/api/CreateWeb/completeWeb', { id: site.id, formData: {} }, caller.headers);
const filePath = (site: BuilderSite, caller = a) => get<ZipUrlAnswer>(t, `/api/webSiteLog/getFilePath?id=${site.id}`, caller.headers);
const publish = (site: BuilderSite, caller = a) => post<PublishAnswer>(t, '/api/webSiteLog/publish', { id: site.id }, caller.headers);
const unpublish = (site: BuilderSite, caller = a) => post<null>(t, '/api/webSiteLog/unpublish', { id: site.id }, caller.headers);
const usage = async (caller = a): Promise<StorageUsage> => (await get<StorageUsage>(t, STORAGE_USAGE_PATH, caller.headers)).data;
const page = (url: string) => t.app.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname });
const refusal = async (caller = a) => ({ code: AnswerCode.invalid, msg: StorageQuotaMessages.full(await usage(caller)) });
const uploadsOnDisk = (): string[] => fs.readdirSync(path.join(t.dataDir, 'uploads'));

/** Every byte the user's folders hold on disk, as the quota must count them. */
async function bytesOnDisk(sites: BuilderSite[], slugs: string[]): Promise<number> {
  let total = 0;
  for (const site of sites) {
    total += await folderBytes(path.join(t.dataDir, 'sites', new URL(site.templatePath, 'http://x').pathname.split('/')[2]));
    total += await folderBytes(path.join(t.dataDir, 'builder-sites', String(site.id)));
  }
  for (const slug of slugs) total += await folderBytes(path.join(t.dataDir, 'published', slug));
  return total;
}
const slugOf = (url: string): string => new URL(url).pathname.split('/')[2];

/** A PNG of `bytes` or a little more, stored uncompressed: its size is what the test says. */
async function pictureOf(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(Buffer.alloc(side * side * 3, 7), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const contentImage = (site: BuilderSite): string => {
  const field = site.configData.content.flatMap((group) => group.children).find((child) => child.type === 'image');
  if (!field) throw new Error('no image field');
  return field.key;
};

async function upload(site: BuilderSite, data: Buffer, caller = a) {
  const body = multipart([
    { name: 'id', data: String(site.id) },
    { name: 'type', data: 'content' },
    { name: 'data', data: contentImage(site) },
    { name: 'image', filename: 'p.png', contentType: 'image/png', data },
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/Upload/siteFileUpload', payload: body.payload, headers: { ...body.headers, ...caller.headers } });
  return { status: response.statusCode, ...envelopeOf<{ url: string }>(response) };
}

describe('the storage quota', () => {
  /** Fills `caller`'s quota up to `room` bytes short of it with the record of an upload, as weeks of pictures would. */
  async function fillUpTo(room: number, caller = a): Promise<void> {
    const standIn = path.join(t.dataDir, 'uploads', 'stand-in.png');
    await t.app.storageQuota.record(caller.userId, standIn, 0);
    await t.app.storageQuota.record(caller.userId, standIn, MB - room - (await usage(caller)).usedBytes);
  }

  it('refuses 发布 and uploads past it with the figures; nothing is lost, 下线 frees room, another user goes on', async () => {
    await start(1);
    const first = await newSite(t, a);
    await save(first, '一号站');
    expect((await complete(first)).code).toBe(200);
    const published = await publish(first);
    expect(published.code).toBe(200);
    const second = await newSite(t, a);
    await save(second, '二号站');
    expect((await complete(second)).code).toBe(200);
    expect(await usage()).toEqual({ usedBytes: await bytesOnDisk([first, second], [slugOf(published.data.url)]), quotaBytes: MB });

    await fillUpTo(100);
    expect((await usage()).usedBytes).toBe(MB - 100);
    const refused = await publish(second);
    expect(refused).toMatchObject(await refusal());
    expect(refused.msg).toBe('存储空间不足：已用 1 MB，共 1 MB。请下线不用的已发布网站，或删除不用的网站后重试');
    expect(await upload(second, await pictureOf(10_000))).toMatchObject(await refusal());
    expect(uploadsOnDisk()).toEqual([]);
    expect((await usage()).usedBytes).toBe(MB - 100);

    // Nothing of the user's went: the saved values, the published page, the completions; editing goes on.
    expect((await selectConfig(second)).data.web_name).toBe('二号站');
    expect((await save(second, '二号站')).code).toBe(200);
    expect((await page(published.data.url)).body).toContain('一号站');
    expect((await filePath(second)).code).toBe(200);
    expect(fs.readdirSync(path.join(t.dataDir, 'published'))).toEqual([slugOf(published.data.url)]);

    // Another user is not touched.
    const b = bob(t);
    const theirs = await newSite(t, b);
    expect((await upload(theirs, await pictureOf(10_000), b)).code).toBe(200);
    expect((await usage(b)).usedBytes).toBe((await bytesOnDisk([theirs], [])) + fs.statSync(path.join(t.dataDir, 'uploads', uploadsOnDisk()[0])).size);

    // 下线 gives the copy's room back: the second site takes it.
    expect((await unpublish(first)).code).toBe(200);
    expect((await usage()).usedBytes).toBeLessThan(MB - FILLER_BYTES);
    const again = await publish(second);
    expect(again.code).toBe(200);
    expect((await page(again.data.url)).body).toContain('二号站');
    expect((await usage()).usedBytes).toBeLessThanOrEqual(MB);
  });

  it('refuses a new site at the quota and 生成并下载 past it, keeping what was typed', async () => {
    await start(1);
    const site = await newSite(t, a);
    await fillUpTo(100);
    const typed = await post<BuilderSite>(t, '/api/CreateWeb/completeWeb', { id: site.id, formData: { main: { web_name: '三号站' } } }, a.headers);
    expect(typed).toMatchObject(await refusal());
    expect(fs.existsSync(path.join(t.dataDir, 'builder-sites', String(site.id)))).toBe(false);
    expect((await selectConfig(site)).data.web_name).toBe('三号站');
    await fillUpTo(0);
    expect(await post(t, '/api/createWeb/getWebUrl', { type: 'main', id: 0, selectedComponents: {} }, a.headers)).toMatchObject(await refusal());
    await t.app.storageQuota.forget(path.join(t.dataDir, 'uploads', 'stand-in.png'));
    expect((await complete(site)).code).toBe(200);
    expect((await newSite(t, a)).id).toBeGreaterThan(site.id);
  });

  it('0 turns the quota off; the usage is still shown', async () => {
    await start(0);
    const sites: BuilderSite[] = [];
    const slugs: string[] = [];
    for (const name of ['甲', '乙', '丙']) {
      const site = await newSite(t, a);
      await save(site, name);
      expect((await complete(site)).code).toBe(200);
      const published = await publish(site);
      expect(published.code).toBe(200);
      sites.push(site);
      slugs.push(slugOf(published.data.url));
    }
    const shown = await usage();
    expect(shown).toEqual({ usedBytes: await bytesOnDisk(sites, slugs), quotaBytes: 0 });
    expect(shown.usedBytes).toBeGreaterThan(MB);
    expect(StorageQuotaMessages.label(shown)).toMatch(/^存储空间 已用 1\.\d MB$/);
  });

  it('hostile: uploads just under the 2 MB limit until past the quota, and uploads racing for the last room, never pass it', async () => {
    await start(4);
    const site = await newSite(t, a);
    const near = await pictureOf(1.8 * MB);
    expect(near.length).toBeLessThan(2 * MB);
    const answers = [];
    for (let n = 0; n < 4; n += 1) answers.push(await upload(site, near));
    expect(answers.map((answer) => answer.code)).toEqual([200, 200, AnswerCode.invalid, AnswerCode.invalid]);
    expect(answers[2].msg).toMatch(/^存储空间不足：已用 3\.\d MB，共 4 MB。/);
    expect(uploadsOnDisk()).toHaveLength(2);
    expect((await usage()).usedBytes).toBeLessThanOrEqual(4 * MB);

    // Three at once with room for two: one is refused, and no more than the quota is kept.
    const b = bob(t);
    const theirs = await newSite(t, b);
    const raced = await Promise.all([upload(theirs, near, b), upload(theirs, near, b), upload(theirs, near, b)]);
    expect(raced.filter((answer) => answer.code === 200)).toHaveLength(2);
    expect(raced.filter((answer) => answer.code === AnswerCode.invalid)).toHaveLength(1);
    expect(uploadsOnDisk()).toHaveLength(4);
    expect((await usage(b)).usedBytes).toBeLessThanOrEqual(4 * MB);
  });

  it('gives back an upload when housekeeping deletes it after its 14 days', async () => {
    await start(1);
    const site = await newSite(t, a);
    const before = (await usage()).usedBytes;
    expect((await upload(site, await pictureOf(100_000))).code).toBe(200);
    expect((await usage()).usedBytes).toBeGreaterThan(before + 100_000);
    const old = new Date(t.clock.now() - 15 * 24 * 3600 * 1000);
    for (const name of uploadsOnDisk()) fs.utimesSync(path.join(t.dataDir, 'uploads', name), old, old);
    t.clock.advance(2 * 3600 * 1000);
    await t.app.housekeeping.run();
    expect(uploadsOnDisk()).toEqual([]);
    expect((await usage()).usedBytes).toBe(before);
  });
});
