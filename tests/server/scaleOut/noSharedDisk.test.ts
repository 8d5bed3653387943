/**
 * Servers that share no disk (issue 14, test 5): each API server has its own empty DATA_DIR and
 * the files live in one S3-compatible bucket. What is made on A (results, an upload, a mini site,
 * zips) is served by B, video seeking included, and B makes zips of what A rendered.
 */
import { unzipSync } from 'fflate';
import fs from 'node:fs';
import path from 'node:path';
import { AnswerCode } from '../../../src/contract/envelope';
import type { LoginAnswer } from '../../../src/contract/auth';
import type { BuilderSite, PhonePreviewAnswer, PublishAnswer } from '../../../src/contract/builder';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, type ZipAnswer } from '../../../src/contract/generation';
import { configFields, type CreateSiteAnswer, type UploadAnswer } from '../../../src/contract/miniSite';
import { FIELD_KEYS } from '../../../src/server/render/site/fields';
import { SITE_CONTENT_SECURITY_POLICY } from '../../../src/server/modules/siteFiles/contentPolicy';
import { UPLOAD_CONTENT_SECURITY_POLICY } from '../../../src/server/modules/uploads/routes';
import { findSiteTemplate } from '../../../src/server/render/site/catalog';
import { bearer, envelopeOf, post, type TestApp } from '../helpers';
import { SmallRealRunner, canvasImage, generate, listTree, multipart } from '../modules/miniSiteKit';
import { registerAcross, scaleOutServersAvailable, startCluster, type Cluster } from './kit';

jest.setTimeout(180_000);

const TEMPLATE = findSiteTemplate(5) ?? (() => { throw new Error('site template 5 missing'); })();

(scaleOutServersAvailable() ? describe : describe.skip)('API servers with no shared disk', () => {
  let cluster: Cluster;
  let a: TestApp;
  let b: TestApp;
  let owner: Record<string, string>;
  let logo: { logoUrl: string };
  let banner: { logoUrl: string; bannerUrl: string };

  beforeAll(async () => {
    cluster = await startCluster(2, { s3: true, generation: { runner: new SmallRealRunner() }, env: { PUBLISH_MAX_PER_USER: '2' } });
    [a, b] = cluster.servers;
    await registerAcross(cluster, '13800000011', 'Secret#2026');
    const login = await post<LoginAnswer>(a, '/api/auth/login', { username: '13800000011', password: 'Secret#2026' });
    owner = bearer(login.data.token);
    logo = await generate(a, owner, { ...DEFAULT_LOGO_TEXTS, logotext: '云海仙途', logobg: 3, module: 'tl' });
    banner = await generate(a, owner, { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logotext: '云海仙途', logobg: 3, banner: 2, module: 'fsa' });
  });

  afterAll(async () => {
    await cluster?.close();
  });

  it('serves on B the results rendered on A, and seeks in the banner video with Range', async () => {
    const picture = await b.app.inject({ url: logo.logoUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(picture.headers['cache-control']).toContain('immutable');
    const whole = await b.app.inject({ url: banner.bannerUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    const size = whole.rawPayload.length;
    const part = await b.app.inject({ url: banner.bannerUrl, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
    // Straight from the bucket: nothing of the job was copied into B's own folder.
    expect(listTree(path.join(b.dataDir, 'generated'))).toEqual([]);
  });

  it('serves on B an upload made on A, under the upload policy', async () => {
    const body = multipart([{ name: 'image', filename: 'shot.png', contentType: 'image/png', data: canvasImage('png', 64, 36) }]);
    const uploaded = envelopeOf<UploadAnswer>(await a.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: body.payload, headers: { ...body.headers, ...owner } }));
    expect(uploaded.code).toBe(200);
    const served = await b.app.inject({ url: uploaded.data.shortUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toBe(UPLOAD_CONTENT_SECURITY_POLICY);
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('serves and zips on B a mini site made on A from the results and an upload', async () => {
    const body = multipart([{ name: 'image', filename: 'shot.png', contentType: 'image/png', data: canvasImage('png', 64, 36) }]);
    const upload = envelopeOf<UploadAnswer>(await a.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: body.payload, headers: { ...body.headers, ...owner } })).data.shortUrl;
    const imageKey = configFields(TEMPLATE.config).find((field) => field.type === 'image')?.key ?? '';
    // Made on B from results rendered on A and an upload made on A: B fetches them from the bucket.
    const created = await post<CreateSiteAnswer>(b, '/index/minisite/createSite', { templateId: TEMPLATE.id, logoId: 3, logoUrl: logo.logoUrl, bannerId: 2, bannerUrl: banner.bannerUrl, config: { [imageKey]: upload, [FIELD_KEYS.gameName]: '云海仙途', music: '' } }, owner);
    expect(created.code).toBe(200);
    fs.rmSync(path.join(b.dataDir, 'sites'), { recursive: true, force: true });

    const page = await a.app.inject({ url: created.data.previewUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
    expect(page.payload).toContain('云海仙途');
    // 手机预览's link, made on A, shows the page and its files on B from the bucket.
    const phone = await post<PhonePreviewAnswer>(a, '/index/minisite/phonePreview', { webSiteDir: created.data.webSiteDir }, owner);
    for (const name of ['', 'assets/site.js']) {
      const shown = await b.app.inject({ url: `${new URL(phone.data.url).pathname}${name}` });
      expect({ name, status: shown.statusCode }).toEqual({ name, status: 200 });
      expect(shown.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
    }

    const zip = await post<ZipAnswer>(a, '/index/minisite/getDownloadZipUrl', { webSiteDir: created.data.webSiteDir }, owner);
    expect(zip.code).toBe(200);
    const download = await b.app.inject({ url: zip.data.zipUrl });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    const entries = Object.keys(unzipSync(new Uint8Array(download.rawPayload)));
    expect(entries.some((entry) => entry.endsWith('/index.html'))).toBe(true);
  });

  it('zips on B the results rendered on A, and serves that zip on A', async () => {
    const made = await post<ZipAnswer>(b, '/index/common/createZipUrlByFile', { fileName: '云海仙途', fileList: [logo.logoUrl, banner.bannerUrl] }, owner);
    expect(made.code).toBe(200);
    const download = await a.app.inject({ url: made.data.zipUrl });
    expect(download.statusCode).toBe(200);
    const entries = Object.keys(unzipSync(new Uint8Array(download.rawPayload)));
    expect(entries.length).toBeGreaterThanOrEqual(2);
  });

  it('publishes on B a builder site finished on A, serves it on A, and takes it down from A for both', async () => {
    const site = await post<BuilderSite>(a, '/api/createWeb/getWebUrl', { type: 'main', id: 0, selectedComponents: {} }, owner);
    await post(a, '/api/CreateWeb/saveConfig', { id: site.data.id, previewUrl: '', formData: { main: { web_name: '云海仙途' } }, selectedComponents: {} }, owner);
    expect((await post(a, '/api/CreateWeb/completeWeb', { id: site.data.id, formData: {} }, owner)).code).toBe(200);
    const published = await post<PublishAnswer>(b, '/api/webSiteLog/publish', { id: site.data.id }, owner);
    expect(published.code).toBe(200);
    const url = new URL(published.data.url).pathname;
    for (const server of [a, b]) {
      const page = await server.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('云海仙途');
      expect(page.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
    }

    // Edited and finished again on A: 更新发布 on B publishes the new completion, not B's copy of the old.
    await post(a, '/api/CreateWeb/saveConfig', { id: site.data.id, previewUrl: '', formData: { main: { web_name: '云海仙途·晨曦篇' } }, selectedComponents: {} }, owner);
    expect((await post(a, '/api/CreateWeb/completeWeb', { id: site.data.id, formData: {} }, owner)).code).toBe(200);
    expect((await post<PublishAnswer>(b, '/api/webSiteLog/publish', { id: site.data.id }, owner)).data.url).toBe(published.data.url);
    for (const server of [a, b]) expect((await server.app.inject({ url })).body).toContain('云海仙途·晨曦篇');

    expect((await post(a, '/api/webSiteLog/unpublish', { id: site.data.id }, owner)).code).toBe(200);
    for (const server of [a, b]) expect((await server.app.inject({ url })).statusCode).toBe(404);
  });

  it('gives a site published on A and B at once one link, and holds the per-user limit across servers', async () => {
    const finished = async (name: string): Promise<number> => {
      const site = await post<BuilderSite>(a, '/api/createWeb/getWebUrl', { type: 'main', id: 0, selectedComponents: {} }, owner);
      await post(a, '/api/CreateWeb/saveConfig', { id: site.data.id, previewUrl: '', formData: { main: { web_name: name } }, selectedComponents: {} }, owner);
      expect((await post(a, '/api/CreateWeb/completeWeb', { id: site.data.id, formData: {} }, owner)).code).toBe(200);
      return site.data.id;
    };
    const publish = (server: TestApp, id: number) => post<PublishAnswer>(server, '/api/webSiteLog/publish', { id }, owner);
    const [first, second, third] = [await finished('星门一'), await finished('星门二'), await finished('星门三')];
    const [onA, onB] = await Promise.all([publish(a, first), publish(b, first)]);
    expect([onA.code, onB.code]).toEqual([200, 200]);
    expect(onB.data.url).toBe(onA.data.url);
    // One place is left of PUBLISH_MAX_PER_USER (2): two servers asked at once give it to one.
    const answers = await Promise.all([publish(a, second), publish(b, third)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, AnswerCode.invalid]);
    const rows = await cluster.db.sql.selectFrom('published_sites').select('slug').execute();
    expect(rows).toHaveLength(2);
    for (const id of [first, second, third]) await post(a, '/api/webSiteLog/unpublish', { id }, owner);
  });
});
