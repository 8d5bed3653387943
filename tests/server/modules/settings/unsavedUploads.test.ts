/**
 * Housekeeping of 站点设置's uploads: a picture uploaded and never saved goes once a day has passed,
 * with what a broken upload left; the picture the settings use stays, and so does one an earlier
 * save used (the operators' log names it), and one uploaded within the day. On a bucket too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { SiteConfig } from '../../../../src/contract/common';
import type { SettingsUploadAnswer } from '../../../../src/contract/siteSettings';
import { brandUploadsDir } from '../../../../src/server/modules/settings/brandPictures';
import { UNSAVED_UPLOAD_GRACE_MS, namedUploads, pruneUnsavedUploads } from '../../../../src/server/modules/settings/unsavedUploads';
import { DataFiles } from '../../../../src/server/storage/dataFiles';
import { S3FileStore } from '../../../../src/server/storage/s3Store';
import { buildTestApp, envelopeOf, get, type TestApp } from '../../helpers';
import { quickLogin } from '../../queue/kit';
import { multipart } from '../miniSiteKit';
import { s3Endpoint, testS3Settings } from '../../storage/testStores';

jest.setTimeout(60_000);

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let operator: Record<string, string>;

beforeEach(async () => {
  t = await buildTestApp();
  const op = quickLogin(t, '13700137000');
  operator = op.headers;
  await t.app.database.sql.updateTable('users').set({ role: 'operator' }).where('id', '=', op.userId).execute();
});

afterEach(async () => {
  await t.close();
});

async function upload(colour: string): Promise<string> {
  const picture = await sharp({ create: { width: 40, height: 20, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const body = multipart([{ name: 'image', filename: 'p.png', contentType: 'image/png', data: picture }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/settings/upload', payload: body.payload, headers: { ...body.headers, ...operator } });
  const answer = envelopeOf<SettingsUploadAnswer>(response);
  expect(answer.code).toBe(200);
  return answer.data.url;
}

async function save(values: Record<string, string>): Promise<void> {
  const response = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', payload: values, headers: operator });
  expect(envelopeOf(response).code).toBe(200);
}

const brandDir = () => brandUploadsDir(t.dataDir);
const fileOf = (url: string) => path.join(brandDir(), path.basename(url));
const agedBy = (file: string, ms: number) => {
  const at = new Date(t.clock.now() - ms);
  fs.utimesSync(file, at, at);
};
const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

it('deletes a day-old upload no saved setting named, and keeps the one in use, one used before, and a fresh one', async () => {
  const usedBefore = await upload('#a33');
  const inUse = await upload('#3a3');
  const neverSaved = await upload('#33a');
  const fresh = await upload('#aa3');
  await save({ logoUrl: usedBefore });
  await save({ logoUrl: inUse });
  const broken = path.join(brandDir(), `${'f'.repeat(32)}.mp4.4242.part`);
  fs.writeFileSync(broken, 'half a video');
  for (const url of [usedBefore, inUse, neverSaved]) agedBy(fileOf(url), UNSAVED_UPLOAD_GRACE_MS + HOUR);
  agedBy(broken, UNSAVED_UPLOAD_GRACE_MS + HOUR);
  agedBy(fileOf(fresh), UNSAVED_UPLOAD_GRACE_MS - HOUR);

  // The period claimed at start has passed: this run sweeps.
  t.clock.advance(HOUR);
  await t.app.housekeeping.run();

  expect(fs.existsSync(fileOf(neverSaved))).toBe(false);
  expect(fs.existsSync(broken)).toBe(false);
  expect(await served(neverSaved)).toBe(404);
  for (const url of [usedBefore, inUse, fresh]) expect(await served(url)).toBe(200);
  expect((await get<SiteConfig>(t, '/index/index/getSiteConfig')).data.logoUrl).toBe(inUse);
  // The day is up for the fresh one too, while it is still unsaved: it goes the same way.
  t.clock.advance(2 * HOUR);
  await t.app.housekeeping.run();
  expect(await served(fresh)).toBe(404);
  expect(await served(inUse)).toBe(200);
});

it('finds every upload a setting or a log line names, and nothing else', () => {
  const a = `${'a'.repeat(32)}.png`;
  const b = `${'b'.repeat(32)}.mp4`;
  const texts = [`/static/brand/uploads/${a}`, JSON.stringify({ tutorial1: `/static/brand/uploads/${b}` }), '/static/brand/logo.svg', `/uploads/${'c'.repeat(32)}.png`, `/static/brand/uploads/${'d'.repeat(31)}.png`];
  expect([...namedUploads(texts)].sort()).toEqual([a, b]);
});

(s3Endpoint() ? it : it.skip)('deletes an unsaved upload from the bucket too, and keeps the saved one there', async () => {
  const bucket = testS3Settings();
  const store = new S3FileStore(bucket);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-brand-s3-'));
  try {
    const files = new DataFiles(dataDir, store);
    const saved = `${'a'.repeat(32)}.png`;
    const unsaved = `${'b'.repeat(32)}.png`;
    await store.putFile(`brand/uploads/${saved}`, writeFile(dataDir, saved));
    await store.putFile(`brand/uploads/${unsaved}`, writeFile(dataDir, unsaved));
    const now = () => Date.now() + UNSAVED_UPLOAD_GRACE_MS + HOUR;
    expect(await pruneUnsavedUploads({ files, now, savedTexts: async () => [`/static/brand/uploads/${saved}`] })).toBe(1);
    expect(await store.list('brand/uploads/')).toEqual([`brand/uploads/${saved}`]);
  } finally {
    await store.deletePrefix('');
    store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/** A file to upload, outside the brand folder (the bucket is where it lives). */
function writeFile(dir: string, name: string): string {
  const file = path.join(dir, `source-${name}`);
  fs.writeFileSync(file, name);
  return file;
}
