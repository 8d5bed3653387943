/**
 * 站点设置 on two API servers with no shared disk (PostgreSQL, Redis, S3): a change saved on one
 * is what the other serves on its very next request, pictures and videos included.
 */
import type { LoginAnswer } from '../../../src/contract/auth';
import type { SiteConfig } from '../../../src/contract/common';
import fs from 'node:fs';
import path from 'node:path';
import type { ConsoleSettings, SettingsUploadAnswer, SettingsVideoUploadAnswer } from '../../../src/contract/siteSettings';
import { runFfmpeg } from '../../../src/server/render/ffmpeg';
import { bearer, envelopeOf, get, post, type TestApp } from '../helpers';
import { canvasImage, multipart } from '../modules/miniSiteKit';
import { registerAcross, scaleOutServersAvailable, startCluster, type Cluster } from './kit';

jest.setTimeout(120_000);

(scaleOutServersAvailable() ? describe : describe.skip)('站点设置 on two API servers', () => {
  let cluster: Cluster;
  let a: TestApp;
  let b: TestApp;
  let as: Record<string, string>;

  beforeAll(async () => {
    cluster = await startCluster(2, { s3: true });
    [a, b] = cluster.servers;
    await registerAcross(cluster, '13800000071', 'Secret#2026');
    await cluster.db.sql.updateTable('users').set({ role: 'operator' }).where('mobile', '=', '13800000071').execute();
    const login = await post<LoginAnswer>(a, '/api/auth/login', { username: '13800000071', password: 'Secret#2026' });
    as = bearer(login.data.token);
  });

  afterAll(async () => {
    await cluster?.close();
  });

  it('serves on B, at its next request, the settings and the picture saved on A', async () => {
    // B has read the settings before: nothing it keeps may hide the change.
    expect((await get<SiteConfig>(b, '/index/index/getSiteConfig')).data.qq3).toBe('');

    const body = multipart([{ name: 'image', filename: 'ad.png', contentType: 'image/png', data: canvasImage('png', 120, 40) }]);
    const uploaded = envelopeOf<SettingsUploadAnswer>(await a.app.inject({ method: 'POST', url: '/api/admin/settings/upload', payload: body.payload, headers: { ...body.headers, ...as } }));
    expect(uploaded.code).toBe(200);
    const saved = await a.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: as, payload: { qq3: '555666777', ad1_url: uploaded.data.url, copyright: '© 2026 两台服务器' } });
    expect(envelopeOf<ConsoleSettings>(saved).code).toBe(200);

    expect((await get<SiteConfig>(b, '/index/index/getSiteConfig')).data).toMatchObject({ qq3: '555666777', ad1_url: uploaded.data.url, copyright: '© 2026 两台服务器' });
    const picture = await b.app.inject({ method: 'GET', url: uploaded.data.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');

    // B's console sees it too, and B accepts the picture A stored when it is named again there.
    const onB = await get<ConsoleSettings>(b, '/api/admin/settings', as);
    expect(onB.data.values.ad1_url).toBe(uploaded.data.url);
    const again = await b.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: as, payload: { ad2_url: uploaded.data.url } });
    expect(envelopeOf(again).code).toBe(200);
  });

  it('plays on B, with seeking, a tutorial video uploaded on A', async () => {
    const made = path.join(a.dataDir, 'made.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5', '-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', made], 'make a test video');
    const body = multipart([{ name: 'video', filename: 't.mp4', contentType: 'video/mp4', data: fs.readFileSync(made) }]);
    const uploaded = envelopeOf<SettingsVideoUploadAnswer>(await a.app.inject({ method: 'POST', url: '/api/admin/settings/uploadVideo', payload: body.payload, headers: { ...body.headers, ...as } }));
    expect(uploaded.code).toBe(200);
    expect(envelopeOf(await b.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: as, payload: { tutorial3: uploaded.data.url } })).code).toBe(200);
    const part = await b.app.inject({ method: 'GET', url: uploaded.data.url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
  });
});
