/**
 * A backup taken with `npm run backup` in its own process while the server serves and writes
 * (users registering, a builder site being saved again and again), restored with `npm run
 * restore` into a new DATA_DIR, and a server started on it: users log in with their passwords and
 * their tokens from before still work (secret.key came back), the builder site opens, the works
 * list and published pages are served, the zip downloads, and nothing in it is half written.
 */
import { unzipSync } from 'fflate';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoginAnswer } from '../../../src/contract/auth';
import type { BuilderSite, PublishAnswer, SiteListAnswer, ZipUrlAnswer } from '../../../src/contract/builder';
import type { ApiEnvelope } from '../../../src/contract/envelope';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, type ZipAnswer } from '../../../src/contract/generation';
import type { CreateSiteAnswer } from '../../../src/contract/miniSite';
import type { WorkListAnswer } from '../../../src/contract/works';
import { bearer, buildTestApp, captchaText, get, lastSmsCode, post, type TestApp, type TestClock } from '../helpers';
import { generate } from '../modules/miniSiteKit';
import { FakeRunner } from '../queue/kit';
import { runCommand } from './kit';

jest.setTimeout(300_000);

const PASSWORD = 'Backup#2026';

let root: string;
const apps: TestApp[] = [];

/** The app as a real install runs it: its secret in DATA_DIR/secret.key, not JWT_SECRET. */
async function appOn(dataDir?: string, clock?: TestClock): Promise<TestApp> {
  const app = await buildTestApp({
    dataDir,
    clock,
    keepDataDir: true,
    env: { JWT_SECRET: '' },
    generation: { runner: new FakeRunner('auto') },
    miniSite: {
      render: async (input, outDir) => {
        fs.writeFileSync(path.join(outDir, 'index.html'), `<!doctype html><title>${input.texts.game_name}</title>`);
        return { files: ['index.html'] };
      },
    },
  });
  apps.push(app);
  return app;
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-roundtrip-'));
});

afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

/** A call from its own address, so that the per-address limits on sign-ups and logins stay out of the way. */
async function call<T>(t: TestApp, ip: string, method: 'GET' | 'POST', url: string, body?: object, headers: Record<string, string> = {}): Promise<ApiEnvelope<T>> {
  const response = await t.app.inject({ method, url, payload: body, headers, remoteAddress: ip });
  return response.json<ApiEnvelope<T>>();
}

async function register(t: TestApp, phone: string, ip: string): Promise<void> {
  const { data } = await call<{ captchaId: string }>(t, ip, 'GET', '/api/auth/getCaptcha');
  await call(t, ip, 'POST', '/api/auth/verifyCaptcha', { captchaId: data.captchaId, code: captchaText(t, data.captchaId) });
  const sent = await call(t, ip, 'POST', '/api/Auth/sendSmsCode', { iphone: phone, captchaId: data.captchaId, purpose: 'register' });
  if (sent.code !== 200) throw new Error(`SMS to ${phone} not sent: ${sent.msg}`);
  const answer = await call(t, ip, 'POST', '/api/auth/register', { mobile: phone, password: PASSWORD, verifyCode: lastSmsCode(t, phone, 'register') });
  if (answer.code !== 200) throw new Error(`${phone} not registered: ${answer.msg}`);
}

const login = (t: TestApp, phone: string, ip: string) => call<LoginAnswer>(t, ip, 'POST', '/api/auth/login', { username: phone, password: PASSWORD });

const pathOf = (url: string): string => new URL(url, 'http://localhost').pathname;

it('restores whole a backup taken while users register and save', async () => {
  const first = await appOn();

  await register(first, '13800138001', '10.0.0.1');
  await register(first, '13800138002', '10.0.0.2');
  const alice = bearer((await login(first, '13800138001', '10.0.0.1')).data.token);
  const bob = bearer((await login(first, '13800138002', '10.0.0.2')).data.token);

  // Alice: a logo and its zip, a banner, a mini site made of them, published.
  const logo = await generate(first, alice, { ...DEFAULT_LOGO_TEXTS, logotext: '星辰战纪', logobg: 3, module: 'tl' });
  const zip = (await post<ZipAnswer>(first, '/index/common/createZipUrlByFile', { fileName: '星辰战纪', fileList: [logo.logoUrl] })).data.zipUrl;
  const banner = await generate(first, alice, { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logotext: '星辰战纪', logobg: 3, banner: 2, module: 'fsa' });
  const mini = await post<CreateSiteAnswer>(first, '/index/minisite/createSite', { templateId: 5, logoId: 3, logoUrl: logo.logoUrl, bannerId: 2, bannerUrl: banner.bannerUrl, config: { game_name: '云海仙途' } }, alice);
  expect(mini.code).toBe(200);
  const miniPage = (await post<PublishAnswer>(first, '/index/minisite/publish', { webSiteDir: mini.data.webSiteDir }, alice)).data.url;

  // Bob: a builder site, completed and published.
  const site = (await post<BuilderSite>(first, '/api/createWeb/getWebUrl', { type: 'main', id: 0, selectedComponents: {} }, bob)).data;
  const save = (name: string) => post<BuilderSite>(first, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: '', formData: { main: { web_name: name } }, selectedComponents: {} }, bob);
  expect((await save('落日孤城')).code).toBe(200);
  expect((await post<ZipUrlAnswer>(first, '/api/CreateWeb/completeWeb', { id: site.id, formData: {} }, bob)).code).toBe(200);
  const builderPage = (await post<PublishAnswer>(first, '/api/webSiteLog/publish', { id: site.id }, bob)).data.url;
  expect(builderPage).toMatch(/\/pub\/[0-9a-f]{32}\/$/);

  // What the works list shows and serves, to find again after the restore.
  const served = async (t: TestApp, url: string): Promise<number> => (await t.app.inject({ method: 'GET', url: pathOf(url) })).statusCode;
  const worksOf = async (t: TestApp): Promise<Array<[string, string, number, number]>> => {
    const { data } = await get<WorkListAnswer>(t, '/api/works/getWorkList', alice);
    return Promise.all(data.list.map(async (work): Promise<[string, string, number, number]> => [work.type, work.title, await served(t, work.picture), await served(t, work.viewUrl)]));
  };
  const worksBefore = await worksOf(first);
  expect(worksBefore.map(([type]) => type)).toEqual(expect.arrayContaining(['miniSite', 'banner', 'logo']));

  // The backup runs in its own process while this one keeps registering users and saving the
  // site (each save renders its preview folder again and swaps it in).
  const savedNames = new Set(['落日孤城']);
  const written = { saves: 0, users: 0 };
  let writing = true;
  const savesLoop = async (): Promise<void> => {
    for (let i = 0; writing; i += 1) {
      const name = `落日孤城·第${i}稿`;
      savedNames.add(name);
      expect((await save(name)).code).toBe(200);
      written.saves += 1;
    }
  };
  const signUpsLoop = async (): Promise<void> => {
    for (let i = 0; writing; i += 1) {
      await register(first, `1390000${String(i).padStart(4, '0')}`, `10.1.${i >> 8}.${i & 255}`);
      written.users += 1;
    }
  };
  const writers = Promise.all([savesLoop(), signUpsLoop()]);
  const archive = path.join(root, 'backup.tar.gz');
  const backup = await runCommand('backup', [archive], { DATA_DIR: first.dataDir });
  writing = false;
  await writers;
  // Nothing but progress lines on a slow machine.
  expect(backup.stderr).toMatch(/^(?:(?:清点文件|写入备份)：[\d,]+ 个文件，[\d.]+ [KMG]?B\n)*$/);
  expect(backup).toMatchObject({ code: 0, stdout: expect.stringContaining(`已备份到 ${archive}`) });
  expect(written.users).toBeGreaterThan(0);
  console.info(`while the backup ran: ${written.saves} saves, ${written.users} sign-ups`);
  const secret = fs.readFileSync(path.join(first.dataDir, 'secret.key'), 'utf8');
  await first.close();

  const restoredDir = path.join(root, 'restored');
  const restore = await runCommand('restore', [archive], { DATA_DIR: restoredDir });
  expect(restore.stderr).toMatch(/^(?:恢复中：[\d,]+ 个文件，[\d.]+ [KMG]?B\n)*$/);
  expect(restore).toMatchObject({ code: 0, stdout: expect.stringContaining(`恢复到 ${restoredDir}`) });
  expect(fs.readFileSync(path.join(restoredDir, 'secret.key'), 'utf8')).toBe(secret);
  // Every site folder came back whole: a half-swapped preview would lack its page.
  for (const folder of ['sites', 'published']) {
    for (const dir of fs.readdirSync(path.join(restoredDir, folder))) expect(fs.existsSync(path.join(restoredDir, folder, dir, 'index.html'))).toBe(true);
  }

  const second = await appOn(restoredDir, first.clock);

  // Tokens from before the backup still work; every user logs in with the password.
  expect(await worksOf(second)).toEqual(worksBefore);
  const phones = (second.readDb().prepare("SELECT mobile FROM users WHERE mobile LIKE '1390000%'").all() as Array<{ mobile: string }>).map((row) => row.mobile);
  expect(phones.length).toBeLessThanOrEqual(written.users);
  for (const [index, phone] of ['13800138001', '13800138002', ...phones].entries()) {
    expect(await login(second, phone, `10.2.${index >> 8}.${index & 255}`)).toMatchObject({ code: 200 });
  }

  // The builder site opens with one of its saved names, and its preview is served.
  const opened = await post<BuilderSite>(second, '/api/createWeb/getSelectConfig', { id: site.id }, bob);
  expect(opened.code).toBe(200);
  expect(savedNames.has(opened.data.web_name)).toBe(true);
  const preview = await second.app.inject({ method: 'GET', url: opened.data.previewUrl });
  expect(preview.statusCode).toBe(200);
  expect(preview.body).toContain('落日孤城');
  const listed = await get<SiteListAnswer>(second, '/api/webSiteLog/getSiteList?page=1&page_size=10', bob);
  expect(listed.data.list.find((row) => row.id === site.id)?.published_url).toBe(builderPage);

  // The published pages and the zip are served.
  for (const [page, text] of [
    [builderPage, '落日孤城'],
    [miniPage, '云海仙途'],
  ]) {
    const shown = await second.app.inject({ method: 'GET', url: pathOf(page) });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain(text);
  }
  const download = await second.app.inject({ method: 'GET', url: zip });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  expect(Object.keys(unzipSync(new Uint8Array(download.rawPayload))).length).toBeGreaterThan(0);

  // And the restored server writes: the temp folders it needs are made again.
  expect((await post<BuilderSite>(second, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: '', formData: { main: { web_name: '恢复之后' } }, selectedComponents: {} }, bob)).code).toBe(200);
});
