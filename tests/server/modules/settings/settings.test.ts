import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { LoginAnswer } from '../../../../src/contract/auth';
import type { SiteConfig } from '../../../../src/contract/common';
import type { OperatorActionList } from '../../../../src/contract/operators';
import { SettingsLimits, type ConsoleSettings, type SettingsUploadAnswer, type SettingsVideoUploadAnswer } from '../../../../src/contract/siteSettings';
import { runFfmpeg } from '../../../../src/server/render/ffmpeg';
import { bearer, buildTestApp, envelopeOf, get, login, register, registerAndLogin, type TestApp } from '../../helpers';
import { canvasImage, multipart } from '../miniSiteKit';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');
const PASSWORD = 'Secret#2026';

/** A script beside the server on the same DATA_DIR, as an operator runs it. */
async function script(t: TestApp, file: string, ...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), file, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: t.dataDir, NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-0123456789', DATABASE_URL: '', STORAGE_BACKEND: '' },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

async function put(t: TestApp, body: unknown, headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', payload: body as object, headers });
  return { ...envelopeOf<ConsoleSettings>(response), status: response.statusCode };
}

async function upload(t: TestApp, data: Buffer, headers: Record<string, string>, filename = 'picture.png', contentType = 'image/png') {
  const body = multipart([{ name: 'image', filename, contentType, data }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/settings/upload', payload: body.payload, headers: { ...body.headers, ...headers } });
  return { ...envelopeOf<SettingsUploadAnswer>(response), status: response.statusCode };
}

async function sendVideo(t: TestApp, data: Buffer, headers: Record<string, string>) {
  const body = multipart([{ name: 'video', filename: 'tutorial.mp4', contentType: 'video/mp4', data }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/settings/uploadVideo', payload: body.payload, headers: { ...body.headers, ...headers } });
  return { ...envelopeOf<SettingsVideoUploadAnswer>(response), status: response.statusCode };
}

describe('the console 站点设置 page', () => {
  let t: TestApp;
  let operator: LoginAnswer;
  let player: LoginAnswer;
  let as: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    await register(t, '13900139000', PASSWORD);
    player = await registerAndLogin(t, '13800138000', PASSWORD);
    expect((await script(t, 'config/scripts/operator.ts', 'add', '13900139000')).code).toBe(0);
    operator = await login(t, '13900139000', PASSWORD);
    as = bearer(operator.token);
  }, 60_000);
  afterAll(() => t.close());

  it('refuses every settings call to a plain user, and to nobody', async () => {
    for (const headers of [bearer(player.token), {}]) {
      const status = headers.authorization ? 403 : 401;
      expect((await get(t, '/api/admin/settings', headers)).status).toBe(status);
      expect((await put(t, { copyright: 'x' }, headers)).status).toBe(status);
      expect((await upload(t, canvasImage('png'), headers)).status).toBe(status);
    }
    expect((await get<SiteConfig>(t, '/index/index/getSiteConfig')).data.copyright).toBe('© 2026 网页生成系统 版权所有');
  });

  it('answers every setting, the defaults, and which are at their default', async () => {
    const { data } = await get<ConsoleSettings>(t, '/api/admin/settings', as);
    expect(data.values).toMatchObject({ logoUrl: '/static/brand/logo.svg', qq1: '', tutorial1: '', tutorial4: '' });
    expect(Object.keys(data.values)).toHaveLength(17);
    expect(data.defaults).toEqual(data.values);
    expect(data.atDefault).toHaveLength(17);
  });

  it('refuses hostile and malformed values by name, in Chinese, and changes nothing', async () => {
    const refusals: [unknown, string][] = [
      [{ ad1_link: 'javascript:alert(1)' }, '广告1 链接必须是 http(s) 链接或本站路径（以 / 开头）'],
      [{ qq1_link: ' JaVaScRiPt:alert(1)' }, '反馈群加群链接必须是 http(s) 链接或本站路径（以 / 开头）'],
      [{ tutorial2: 'data:video/mp4;base64,AAAA' }, 'LOGO教程视频必须是 http(s) 链接或本站路径（以 / 开头）'],
      [{ ad2_link: '//evil.example/x' }, '广告2 链接必须是 http(s) 链接或本站路径（以 / 开头）'],
      [{ logoUrl: 'https://evil.example/logo.png' }, 'Logo 图片：图片须是上传到本站的图片（请用上传按钮）'],
      [{ logoUrl: '/static/brand/../../app.db' }, 'Logo 图片：图片须是上传到本站的图片（请用上传按钮）'],
      [{ ad1_url: '/static/brand/uploads/0123456789abcdef0123456789abcdef.png' }, '文件不存在，请重新上传（ad1_url）'],
      [{ isAdmin: 'true' }, '不认识的设置：isAdmin'],
      [{ __proto__x: '1', copyright: 'ok' }, '不认识的设置：__proto__x'],
      [{ copyright: '长'.repeat(SettingsLimits.copyrightMaxLength + 1) }, '版权信息不能超过 200 个字符'],
      [{ qq3: '1'.repeat(31) }, '交流群号不能超过 30 个字符'],
      [{ ad1_link: `https://example.com/${'a'.repeat(500)}` }, '广告1 链接不能超过 500 个字符'],
      [{ copyright: 'a\nb' }, '版权信息不能包含换行或控制字符'],
      [{ qq1: 123456 }, '反馈群号必须是文字'],
    ];
    for (const [body, message] of refusals) {
      const answer = await put(t, body, as);
      expect({ body, code: answer.code, msg: answer.msg }).toEqual({ body, code: 422, msg: message });
    }
    expect((await put(t, ['copyright'], as)).code).toBe(422);
    expect((await get<ConsoleSettings>(t, '/api/admin/settings', as)).data.atDefault).toHaveLength(17);
    expect((await get<OperatorActionList>(t, '/api/admin/actions', as)).data.list.filter((line) => line.action === 'settings.update')).toEqual([]);
  });

  it('stores a change, serves it on the next page load, and logs it with before and after', async () => {
    const answer = await put(t, { copyright: '© 2026 我们的工作室', qq3: '555666777', qq3_link: 'https://qm.qq.com/q/555666777', ad1_link: '/user/banner/selectPage', tutorial2: 'https://cdn.example.com/logo.mp4', logoUrl: '/static/brand/logo.svg' }, as);
    expect(answer).toMatchObject({ code: 200, msg: '站点设置已保存，所有页面立即生效' });
    expect(answer.data.values).toMatchObject({ copyright: '© 2026 我们的工作室', qq3: '555666777', tutorial2: 'https://cdn.example.com/logo.mp4' });
    expect(answer.data.atDefault).not.toContain('copyright');
    expect(answer.data.atDefault).toContain('logoUrl');

    expect((await get<SiteConfig>(t, '/index/index/getSiteConfig')).data).toMatchObject({ copyright: '© 2026 我们的工作室', qq3: '555666777', ad1_link: '/user/banner/selectPage' });
    const video = await t.app.inject({ method: 'POST', url: '/index/index/getVideoTutorialUrl', payload: { type: '2' } });
    expect(video.json().data.videoUrl).toBe('https://cdn.example.com/logo.mp4');

    const again = await put(t, { copyright: '© 2026 我们的工作室' }, as);
    expect(again.msg).toBe('没有改动');

    const log = await get<OperatorActionList>(t, '/api/admin/actions', as);
    const lines = log.data.list.filter((line) => line.action === 'settings.update');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      operatorName: '用户9000',
      operatorId: operator.userInfo.id,
      target: 'settings',
      before: { copyright: '© 2026 网页生成系统 版权所有', qq3: '', qq3_link: '', ad1_link: '/user/logo/selectPage?module=tl', tutorial2: '' },
      after: { copyright: '© 2026 我们的工作室', qq3: '555666777', qq3_link: 'https://qm.qq.com/q/555666777', ad1_link: '/user/banner/selectPage', tutorial2: 'https://cdn.example.com/logo.mp4' },
    });
    // Unchanged keys are not in the line.
    expect(Object.keys(lines[0].before as object)).not.toContain('logoUrl');
  });

  it('takes a picture, encodes it anew without its metadata, and serves it for the settings to name', async () => {
    const photo = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#3a6' } })
      .withExif({ IFD0: { Copyright: 'taken-at-home-31.2304N', ImageDescription: 'gps-secret' } })
      .jpeg()
      .toBuffer();
    expect(photo.includes('gps-secret')).toBe(true);
    const answer = await upload(t, photo, as, 'photo.jpg', 'image/jpeg');
    expect(answer).toMatchObject({ code: 200, data: { width: 64, height: 32 } });
    expect(answer.data.url).toMatch(/^\/static\/brand\/uploads\/[0-9a-f]{32}\.jpg$/);

    const served = await t.app.inject({ method: 'GET', url: answer.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.includes('gps-secret')).toBe(false);
    expect(served.rawPayload.includes('taken-at-home')).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();

    const gif = await upload(t, canvasImage('gif', 20, 10), as, 'a.gif', 'image/gif');
    expect(gif.data.url).toMatch(/\.gif$/);
    expect((await put(t, { logoUrl: answer.data.url, ad2_url: gif.data.url }, as)).code).toBe(200);
    expect((await get<SiteConfig>(t, '/index/index/getSiteConfig')).data).toMatchObject({ logoUrl: answer.data.url, ad2_url: gif.data.url });
    // The upload it came from is gone: nothing of the original is kept.
    expect(fs.readdirSync(path.join(t.dataDir, 'uploads'))).toEqual([]);
  });

  it('refuses what is no picture, a script in SVG, and a file past the size limit', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    expect(await upload(t, svg, as, 'logo.svg', 'image/svg+xml')).toMatchObject({ code: 422, msg: '只能上传 JPG、PNG、GIF 或 WebP 格式的图片' });
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await upload(t, html, as, 'logo.png', 'image/png')).toMatchObject({ code: 422, msg: '只能上传 JPG、PNG、GIF 或 WebP 格式的图片' });
    // PNG's magic number over garbage.
    const broken = Buffer.concat([canvasImage('png').subarray(0, 40), Buffer.alloc(200, 7)]);
    expect(await upload(t, broken, as)).toMatchObject({ code: 422, msg: '图片已损坏或无法识别，请换一张' });
    const huge = Buffer.concat([canvasImage('png'), Buffer.alloc(SettingsLimits.uploadMaxBytes + 1024, 1)]);
    expect(await upload(t, huge, as)).toMatchObject({ status: 413, msg: '图片大小不能超过5MB' });
    expect(await upload(t, Buffer.alloc(0), as)).toMatchObject({ code: 422 });
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/admin/settings/upload', payload: { image: 'x' }, headers: as });
    expect(envelopeOf(notMultipart)).toMatchObject({ code: 422, msg: '请选择要上传的图片' });
  });

  it('takes an MP4 tutorial video without what was written beside its streams, and serves it for seeking', async () => {
    const made = path.join(t.dataDir, 'made.mp4');
    await runFfmpeg(
      ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5', '-t', '1', '-metadata', 'title=secret-title', '-metadata', 'location=+31.2304+121.4737/', '-movflags', 'use_metadata_tags', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', made],
      'make a test video',
    );
    const video = fs.readFileSync(made);
    expect(video.includes('31.2304')).toBe(true);
    const answer = await sendVideo(t, video, as);
    expect(answer.code).toBe(200);
    expect(answer.data.url).toMatch(/^\/static\/brand\/uploads\/[0-9a-f]{32}\.mp4$/);
    const served = await t.app.inject({ method: 'GET', url: answer.data.url });
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.includes('31.2304')).toBe(false);
    expect(served.rawPayload.includes('secret-title')).toBe(false);
    const part = await t.app.inject({ method: 'GET', url: answer.data.url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(100);

    expect((await put(t, { tutorial1: answer.data.url }, as)).code).toBe(200);
    const asked = await t.app.inject({ method: 'POST', url: '/index/index/getVideoTutorialUrl', payload: { type: '1' } });
    expect(asked.json().data.videoUrl).toBe(answer.data.url);
    expect((await put(t, { tutorial1: '/static/brand/uploads/0123456789abcdef0123456789abcdef.mp4' }, as)).msg).toBe('文件不存在，请重新上传（tutorial1）');
    expect((await put(t, { tutorial1: '' }, as)).code).toBe(200);
  });

  it('refuses a video that is no MP4, or not a video at all', async () => {
    expect(await sendVideo(t, canvasImage('png'), as)).toMatchObject({ code: 422, msg: '只能上传 MP4 格式的视频' });
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(500, 3)]);
    expect(await sendVideo(t, fake, as)).toMatchObject({ code: 422, msg: '视频已损坏或无法识别，请换一个（须含视频画面）' });
    expect(await sendVideo(t, Buffer.alloc(0), as)).toMatchObject({ code: 422, msg: '请选择要上传的视频' });
    expect((await sendVideo(t, canvasImage('png'), bearer(player.token))).status).toBe(403);
    expect(fs.readdirSync(path.join(t.dataDir, 'brand', 'uploads')).filter((name) => !/^[0-9a-f]{32}\.(?:jpg|gif|mp4)$/.test(name))).toEqual([]);
  });

  it('npm run site-config goes through the same checks, and is logged as 命令行', async () => {
    const bad = await script(t, 'config/scripts/siteConfig.ts', 'ad1_link=javascript:alert(1)');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('广告1 链接必须是 http(s) 链接或本站路径');
    expect((await script(t, 'config/scripts/siteConfig.ts', 'nope=1')).stderr).toContain('不认识的设置：nope');

    const done = await script(t, 'config/scripts/siteConfig.ts', 'qq4=99887766', 'tutorial2=');
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/qq4\s+99887766 {2}← 已修改/);
    expect(done.stdout).toMatch(/tutorial2\s+（内置的教程视频）/);
    // No cache to wait for.
    expect((await get<SiteConfig>(t, '/index/index/getSiteConfig')).data.qq4).toBe('99887766');
    const printed = await script(t, 'config/scripts/siteConfig.ts');
    expect(printed.stdout).toContain('99887766');

    const log = await get<OperatorActionList>(t, '/api/admin/actions', as);
    const line = log.data.list.find((entry) => entry.action === 'settings.update');
    expect(line).toMatchObject({ operatorName: '命令行', operatorId: null, before: { qq4: '', tutorial2: 'https://cdn.example.com/logo.mp4' }, after: { qq4: '99887766', tutorial2: '' } });
  }, 60_000);
});

describe('站点设置 on two servers of one embedded database', () => {
  it('is what the other server serves on its next request', async () => {
    const a = await buildTestApp({ keepDataDir: true });
    const b = await buildTestApp({ dataDir: a.dataDir, clock: a.clock });
    try {
      await register(a, '13900139001', PASSWORD);
      expect((await script(a, 'config/scripts/operator.ts', 'add', '13900139001')).code).toBe(0);
      const { token } = await login(a, '13900139001', PASSWORD);
      expect((await get<SiteConfig>(b, '/index/index/getSiteConfig')).data.copyright).toBe('© 2026 网页生成系统 版权所有');
      expect((await put(a, { copyright: '© 2026 即时生效', qq1: '800100200', qq1_link: 'https://qm.qq.com/q/800100200' }, bearer(token))).code).toBe(200);
      expect((await get<SiteConfig>(b, '/index/index/getSiteConfig')).data).toMatchObject({ copyright: '© 2026 即时生效', qq1: '800100200', qq1_url: '/static/brand/qq1-qrcode.png' });
      expect((await b.app.inject({ method: 'GET', url: '/static/brand/qq1-qrcode.png' })).statusCode).toBe(200);
    } finally {
      await b.close();
      await a.close();
      fs.rmSync(a.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
