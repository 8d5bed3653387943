/**
 * Pictures stored before uploads lost their metadata: once a new version starts, an upload and a
 * GIF in a published copy with a GPS position in their EXIF or XMP are served without it, under
 * the same names and still pictures; a clean picture and a page are not written again (same bytes,
 * same time); a picture that does not decode is left and logged, and the rest goes on; the room
 * given back is taken off the owner's count. On DATA_DIR and on a bucket.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { AnswerCode } from '../../../../src/contract/envelope';
import type { StorageUsage } from '../../../../src/contract/storageQuota';
import { STORAGE_USAGE_PATH } from '../../../../src/server/modules/storageQuota/routes';
import { START_TIME, get, type TestApp } from '../../helpers';
import { quickLogin } from '../../queue/kit';
import { canvasImage } from '../miniSiteKit';
import { LOCATION_MARKS, gifWithLocation, jpegWithLocation, sharpAnimation } from '../pictureBytes';
import { describeEachInstall, hex, miniSite, pageWithLink } from './upgradeKit';

jest.setTimeout(60_000);

const marksIn = (bytes: Buffer): string[] => LOCATION_MARKS.filter((mark) => bytes.includes(Buffer.from(mark, 'latin1')) || bytes.includes(Buffer.from(mark, 'utf8')));

describeEachInstall('pictures stored before metadata was stripped', {}, (install, backend) => {
  const served = async (app: TestApp, url: string): Promise<Buffer> => {
    const response = await app.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };
  /** What the store says of `key` (its validator changes when it is written again). */
  const stored = async (app: TestApp, key: string) => {
    const head = await app.app.dataFiles.store.head(key);
    if (!head) throw new Error(`${key} is gone`);
    const local = app.app.dataFiles.shared ? null : fs.statSync(path.join(app.dataDir, key)).mtimeMs;
    return { size: head.size, etag: head.etag, local };
  };

  it('serves them without their location, leaves clean files and pages as they were, and logs what does not decode', async () => {
    const old = install().old;
    if (!old) throw new Error('no install');
    const alice = quickLogin(old, '13800138001');
    const { sql } = old.app.database;
    const at = old.clock.now();
    const [photo, clean, broken, slug, builderDir] = [`${hex()}.jpg`, `${hex()}.png`, `${hex()}.jpg`, hex(), hex()];
    const dirtyPhoto = jpegWithLocation(canvasImage('jpeg', 40, 30));
    const dirtyGif = gifWithLocation(await sharpAnimation('gif', { width: 12, height: 8 }, 3));
    const cleanPng = canvasImage('png', 20, 10);
    const page = pageWithLink(1_000, `${LOCATION_MARKS[0]}<img src="images/anim.gif">`);
    // A JPEG's start and a camera's EXIF, then nothing a decoder can use.
    const brokenPhoto = Buffer.concat([dirtyPhoto.subarray(0, 400), Buffer.alloc(300, 0x55)]);
    expect(marksIn(dirtyPhoto)).not.toEqual([]);
    expect(marksIn(dirtyGif)).not.toEqual([]);

    const site = await sql
      .insertInto('builder_sites')
      .values({ user_id: alice.userId, web_name: '旧网站', selected: '{}', form_data: JSON.stringify({ content: { picture: `/uploads/${photo}` } }), dir: builderDir, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql.insertInto('published_sites').values({ slug, site_id: site.id, mini_site_id: null, user_id: alice.userId, created_at: at, updated_at: at }).execute();
    await miniSite(old, alice.userId);
    const put = install().put;
    await put(`uploads/${photo}`, dirtyPhoto);
    await put(`uploads/${clean}`, cleanPng);
    await put(`uploads/${broken}`, brokenPhoto);
    await put(`published/${slug}/index.html`, page);
    await put(`published/${slug}/images/anim.gif`, dirtyGif);
    if (backend === 'local') {
      // A day before the test's clock (months before the real one): a file written again would have a time of now.
      const dayBefore = (START_TIME - 24 * 3600 * 1000) / 1000;
      for (const key of [`uploads/${clean}`, `published/${slug}/index.html`]) fs.utimesSync(path.join(old.dataDir, key), dayBefore, dayBefore);
    }
    const before = { clean: await stored(old, `uploads/${clean}`), page: await stored(old, `published/${slug}/index.html`), broken: await stored(old, `uploads/${broken}`) };

    const app = await install().upgrade();
    const photoNow = await served(app, `/uploads/${photo}`);
    expect(marksIn(photoNow)).toEqual([]);
    expect(await sharp(photoNow).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    const gifNow = await served(app, `/pub/${slug}/images/anim.gif`);
    expect(marksIn(gifNow)).toEqual([]);
    expect(await sharp(gifNow, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: 3 });

    expect(await stored(app, `uploads/${clean}`)).toEqual(before.clean);
    expect(await stored(app, `published/${slug}/index.html`)).toEqual(before.page);
    expect(await stored(app, `uploads/${broken}`)).toEqual(before.broken);
    expect(app.logs.some((line) => line.includes('a stored picture does not decode') && line.includes(`uploads/${broken}`))).toBe(true);

    // The count (run first) took the pictures as they were; what cleaning gave back is off it again.
    const pictureBytes = photoNow.length + gifNow.length + page.length;
    const usage = await get<StorageUsage>(app, STORAGE_USAGE_PATH, alice.headers);
    expect(usage).toMatchObject({ code: AnswerCode.ok, data: { usedBytes: pictureBytes } });
    expect(pictureBytes).toBeLessThan(dirtyPhoto.length + dirtyGif.length + page.length);
    expect(await app.app.database.sql.selectFrom('one_off_tasks').select('name').where('done_at', 'is not', null).orderBy('name').execute()).toEqual([
      { name: 'picture-metadata-cleaning' },
      { name: 'published-report-link-lines' },
      { name: 'published-report-links' },
      { name: 'stored-bytes-count' },
    ]);
  });
});
