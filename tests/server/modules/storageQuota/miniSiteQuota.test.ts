/**
 * USER_STORAGE_QUOTA_MB on the mini site: 生成网站, 发布 and a logged-in upload are refused past it
 * with the figures; an anonymous upload is not anyone's (the address's byte limit bounds it); 下线
 * and a site's expiry give room back.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PublishAnswer } from '../../../../src/contract/builder';
import { AnswerCode } from '../../../../src/contract/envelope';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../../src/contract/generation';
import type { CreateSiteAnswer, CreateSiteRequest } from '../../../../src/contract/miniSite';
import { StorageQuotaMessages, type StorageUsage } from '../../../../src/contract/storageQuota';
import { KEEP_SITES_MS } from '../../../../src/server/modules/miniSite/service';
import { folderBytes } from '../../../../src/server/modules/storageQuota/folderBytes';
import { STORAGE_USAGE_PATH } from '../../../../src/server/modules/storageQuota/routes';
import { findSiteTemplate } from '../../../../src/server/render/site/catalog';
import { buildTestApp, envelopeOf, get, post, type TestApp } from '../../helpers';
import { FakeRunner, quickLogin } from '../../queue/kit';
import { canvasImage, generate, multipart } from '../miniSiteKit';

jest.setTimeout(90_000);

const MB = 1024 * 1024;
let t: TestApp;
let owner: { userId: number; headers: Record<string, string> };
let base: CreateSiteRequest;

beforeEach(async () => {
  t = await buildTestApp({
    env: { USER_STORAGE_QUOTA_MB: '1' },
    generation: { runner: new FakeRunner('auto') },
    miniSite: {
      render: async (input, outDir) => {
        fs.writeFileSync(path.join(outDir, 'index.html'), `<!doctype html><title>${input.texts.game_name}</title>`);
        fs.writeFileSync(path.join(outDir, 'filler.bin'), Buffer.alloc(100_000, 1));
        return { files: ['index.html', 'filler.bin'] };
      },
    },
  });
  owner = quickLogin(t);
  const logo = await generate(t, owner.headers, { ...DEFAULT_LOGO_TEXTS, logobg: 3, module: 'tl' });
  const banner = await generate(t, owner.headers, { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 3, banner: 2, module: 'fsa' });
  base = { templateId: findSiteTemplate(5)?.id ?? 5, logoId: 3, logoUrl: logo.logoUrl, bannerId: 2, bannerUrl: banner.bannerUrl, config: {} };
});

afterEach(async () => {
  await t.close();
});

const create = (name: string) => post<CreateSiteAnswer>(t, '/index/minisite/createSite', { ...base, config: { game_name: name } }, owner.headers);
const publish = (webSiteDir: string) => post<PublishAnswer>(t, '/index/minisite/publish', { webSiteDir }, owner.headers);
const unpublish = (webSiteDir: string) => post<null>(t, '/index/minisite/unpublish', { webSiteDir }, owner.headers);
const usage = async (): Promise<StorageUsage> => (await get<StorageUsage>(t, STORAGE_USAGE_PATH, owner.headers)).data;
const refusal = async () => ({ code: AnswerCode.invalid, msg: StorageQuotaMessages.full(await usage()) });
const sites = (): string[] => fs.readdirSync(path.join(t.dataDir, 'sites'));
async function upload(headers: Record<string, string>) {
  const body = multipart([{ name: 'image', filename: 'p.png', contentType: 'image/png', data: canvasImage('png') }]);
  const response = await t.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: body.payload, headers: { ...body.headers, ...headers } });
  return envelopeOf<{ shortUrl: string }>(response);
}

/** The rest of the quota but `room` bytes, as the record of an upload. */
async function fillUpTo(room: number): Promise<void> {
  const standIn = path.join(t.dataDir, 'uploads', 'stand-in.png');
  await t.app.storageQuota.record(owner.userId, standIn, 0);
  await t.app.storageQuota.record(owner.userId, standIn, MB - room - (await usage()).usedBytes);
}

it('counts a site and its published copy, refuses 生成网站, 发布 and a logged-in upload past the quota, and gives room back on 下线 and expiry', async () => {
  const first = await create('云海仙途');
  expect(first.code).toBe(200);
  const dir = first.data.webSiteDir;
  const published = await publish(dir);
  expect(published.code).toBe(200);
  const slug = new URL(published.data.url).pathname.split('/')[2];
  const siteBytes = await folderBytes(path.join(t.dataDir, 'sites', dir));
  const copyBytes = await folderBytes(path.join(t.dataDir, 'published', slug));
  expect((await usage()).usedBytes).toBe(siteBytes + copyBytes);

  await unpublish(dir);
  expect((await usage()).usedBytes).toBe(siteBytes);
  await fillUpTo(100);
  expect(await create('落日孤城')).toMatchObject(await refusal());
  expect(sites()).toEqual([dir]);
  expect(await publish(dir)).toMatchObject(await refusal());
  expect(fs.readdirSync(path.join(t.dataDir, 'published'))).toEqual([]);
  expect(await upload(owner.headers)).toMatchObject(await refusal());
  // Nobody's upload: taken, and not counted against anyone.
  expect((await upload({})).code).toBe(200);
  expect((await usage()).usedBytes).toBe(MB - 100);

  // The site's expiry gives its room back.
  t.clock.advance(KEEP_SITES_MS + 1);
  await t.app.housekeeping.run();
  // A token of two weeks ago has expired: the same user logs in again.
  owner = quickLogin(t);
  expect(sites()).toEqual([]);
  // The site's row went with it, and so did the stand-in's, which no file is behind.
  expect((await usage()).usedBytes).toBe(0);
  expect((await upload(owner.headers)).code).toBe(200);
});
