/**
 * Housekeeping with the files in a shared bucket: what expires (results a week after their last
 * use, zips after a day, uploads after 14 days) goes from the bucket too, whichever server made it,
 * and what has not expired stays.
 */
import type { LoginAnswer } from '../../../src/contract/auth';
import { DEFAULT_LOGO_TEXTS, type ZipAnswer } from '../../../src/contract/generation';
import type { UploadAnswer } from '../../../src/contract/miniSite';
import { bearer, createClock, envelopeOf, post } from '../helpers';
import { canvasImage, generate, multipart } from '../modules/miniSiteKit';
import { FakeRunner } from '../queue/kit';
import { registerAcross, scaleOutServersAvailable, startCluster, type Cluster } from './kit';

jest.setTimeout(120_000);

const DAY = 24 * 3600 * 1000;

(scaleOutServersAvailable() ? describe : describe.skip)('housekeeping of a shared bucket', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    // The bucket dates its objects by the real clock: the servers' clock starts from it.
    cluster = await startCluster(2, { s3: true, clock: createClock(Date.now()), generation: { runner: new FakeRunner('auto') } });
  });

  afterAll(async () => {
    await cluster?.close();
  });

  it('deletes from the bucket the results, zips and uploads past their time, made on another server', async () => {
    const [a] = cluster.servers;
    const bucket = cluster.bucket;
    if (!bucket) throw new Error('no bucket');
    await registerAcross(cluster, '13800000021', 'Secret#2026');
    const login = await post<LoginAnswer>(a, '/api/auth/login', { username: '13800000021', password: 'Secret#2026' });
    const owner = bearer(login.data.token);
    const result = await generate(a, owner, { ...DEFAULT_LOGO_TEXTS, logotext: '星河战歌', logobg: 3, module: 'tl' });
    const zip = await post<ZipAnswer>(a, '/index/common/createZipUrlByFile', { fileName: '星河战歌', fileList: [result.logoUrl] }, owner);
    expect(zip.code).toBe(200);
    const body = multipart([{ name: 'image', filename: 'art.png', contentType: 'image/png', data: canvasImage('png', 16, 9) }]);
    const upload = envelopeOf<UploadAnswer>(await a.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: body.payload, headers: body.headers })).data.shortUrl;
    const keys = async (): Promise<string[]> => (await bucket.list('')).sort();
    const jobFolder = `generated/${result.uniqueId}/`;
    expect((await keys()).some((key) => key.startsWith(jobFolder))).toBe(true);
    expect((await keys()).some((key) => key.startsWith('zips/'))).toBe(true);
    expect(await keys()).toContain(upload.slice(1));

    // Two days on: the zip's day is over; the result (a week) and the upload (14 days) stay.
    cluster.clock.advance(2 * DAY);
    await cluster.restart(1);
    expect((await keys()).some((key) => key.startsWith('zips/'))).toBe(false);
    expect((await keys()).some((key) => key.startsWith(jobFolder))).toBe(true);
    expect(await keys()).toContain(upload.slice(1));

    // Fifteen days on: the result and the upload are gone too.
    cluster.clock.advance(13 * DAY);
    await cluster.restart(1);
    expect((await keys()).some((key) => key.startsWith(jobFolder))).toBe(false);
    expect(await keys()).not.toContain(upload.slice(1));
  });
});
