/**
 * 历史版本 of a builder site: a version at each 生成并下载 and after each hour of editing, a restore
 * that keeps the draft it replaces, the limit per site, who may list and restore, and housekeeping
 * keeping what a version shows.
 */
import path from 'node:path';
import {
  BuilderMessages,
  COMPONENT_LIST_PATHS,
  type BuilderSite,
  type ComponentListAnswer,
  type RestoreVersionAnswer,
  type SiteVersionsAnswer,
  type ZipUrlAnswer,
} from '../../../src/contract/builder';
import { AnswerCode } from '../../../src/contract/envelope';
import { configFields } from '../../../src/contract/miniSite';
import { HOURLY_VERSION_MS } from '../../../src/server/modules/builder/versions';
import { buildTestApp, createClock, envelopeOf, get, post, type TestApp } from '../helpers';
import { alice, bob, newSite, type Caller } from './builderKit';
import { canvasImage, listTree, multipart } from './miniSiteKit';

jest.setTimeout(120_000);

let t: TestApp;
let a: Caller;

beforeEach(async () => {
  t = await buildTestApp();
  a = alice(t);
});

afterEach(async () => {
  await t.close();
});

const save = (site: BuilderSite, formData: object, caller = a, selectedComponents: object = {}) =>
  post<BuilderSite>(t, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: '', formData, selectedComponents }, caller.headers);
const open = (id: number, caller = a) => post<BuilderSite>(t, '/api/createWeb/getSelectConfig', { id }, caller.headers);
const complete = (id: number, caller = a) => post<ZipUrlAnswer>(t, '/api/CreateWeb/completeWeb', { id, formData: {} }, caller.headers);
const versions = (id: number, caller = a) => get<SiteVersionsAnswer>(t, `/api/webSiteLog/getVersions?id=${id}`, caller.headers);
const restore = (id: number, versionId: number, caller = a) => post<RestoreVersionAnswer>(t, '/api/webSiteLog/restoreVersion', { id, versionId }, caller.headers);
const webName = async (id: number): Promise<string> => (await open(id)).data.formData.main.web_name;

/** Another template of `type` than the site's. */
async function otherTemplate(site: BuilderSite, type: 'head'): Promise<number> {
  const list = await post<ComponentListAnswer>(t, COMPONENT_LIST_PATHS[type], { page: 1 }, a.headers);
  const other = list.data.data.find((template) => template.id !== site.selectedComponents[type].id);
  if (!other) throw new Error(`only one ${type} template`);
  return other.id;
}

describe('keeping versions', () => {
  it('keeps one at each 生成并下载, with its name, picture and time; saves within the hour keep none', async () => {
    const site = await newSite(t, a);
    await save(site, { main: { web_name: '云海仙途' } });
    expect((await versions(site.id)).data).toEqual({ list: [], limit: 30 });

    expect((await complete(site.id)).code).toBe(200);
    const kept = (await versions(site.id)).data.list;
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ reason: 'download', web_name: '云海仙途', create_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    // The first screen's picture, one the site itself shows.
    const banner = configFields(site.configData.banner).find((field) => field.type === 'banner');
    expect(kept[0].picture).toBe(site.formData.banner[banner?.key ?? '']);
    expect((await t.app.inject({ method: 'GET', url: kept[0].picture })).statusCode).toBe(200);

    t.clock.advance(HOURLY_VERSION_MS - 1000);
    await save(site, { main: { web_name: '云海仙途二' } });
    expect((await versions(site.id)).data.list).toHaveLength(1);
  });

  it('keeps one after each hour of editing, none for a save that changes nothing since', async () => {
    const site = await newSite(t, a);
    t.clock.advance(HOURLY_VERSION_MS - 1);
    await save(site, { main: { web_name: '第一小时' } });
    expect((await versions(site.id)).data.list).toHaveLength(0);

    t.clock.advance(1);
    await save(site, { main: { web_name: '满一小时' } });
    expect((await versions(site.id)).data.list.map((version) => [version.reason, version.web_name])).toEqual([['hourly', '满一小时']]);

    t.clock.advance(30 * 60 * 1000);
    await save(site, { main: { web_name: '半小时后' } });
    expect((await versions(site.id)).data.list).toHaveLength(1);

    t.clock.advance(HOURLY_VERSION_MS);
    await save(site, { main: { web_name: '又一小时' } });
    t.clock.advance(2 * HOURLY_VERSION_MS);
    // The same values as the newest version: nothing new to keep.
    await save(site, { main: { web_name: '又一小时' } });
    expect((await versions(site.id)).data.list.map((version) => version.web_name)).toEqual(['又一小时', '满一小时']);
  });

  it('keeps at most BUILDER_VERSIONS_PER_SITE a site, the newest', async () => {
    await t.close();
    t = await buildTestApp({ env: { BUILDER_VERSIONS_PER_SITE: '3' } });
    a = alice(t);
    const site = await newSite(t, a);
    const other = await newSite(t, a);
    await complete(other.id);
    for (const name of ['一', '二', '三', '四', '五']) {
      t.clock.advance(HOURLY_VERSION_MS);
      await save(site, { main: { web_name: name } });
    }
    expect((await versions(site.id)).data).toEqual({ list: expect.any(Array), limit: 3 });
    expect((await versions(site.id)).data.list.map((version) => version.web_name)).toEqual(['五', '四', '三']);
    // Another site's versions are its own.
    expect((await versions(other.id)).data.list).toHaveLength(1);
  });
});

describe('restoring a version', () => {
  it('makes the version the draft (template and values) and keeps the draft it replaced, so a restore can be undone', async () => {
    const site = await newSite(t, a);
    await save(site, { main: { web_name: '初版' } });
    await complete(site.id);
    const [first] = (await versions(site.id)).data.list;

    const head = await otherTemplate(site, 'head');
    await post<BuilderSite>(t, '/api/createWeb/getWebUrl', { id: site.id, type: 'head', selectedComponents: { ...Object.fromEntries(Object.entries(site.selectedComponents).map(([type, template]) => [type, template.id])), head } }, a.headers);
    await save(site, { main: { web_name: '改版草稿' } });
    expect((await open(site.id)).data.selectedComponents.head.id).toBe(head);

    const answer = await restore(site.id, first.id);
    expect(answer).toMatchObject({ code: 200, data: { restored: true } });
    const restored = (await open(site.id)).data;
    expect(restored.formData.main.web_name).toBe('初版');
    expect(restored.web_name).toBe('初版');
    expect(restored.selectedComponents.head.id).toBe(site.selectedComponents.head.id);
    // The preview shows the restored draft.
    const page = await t.app.inject({ method: 'GET', url: restored.previewUrl });
    expect(page.body).toContain('初版');

    const [replaced, ...rest] = answer.data.list;
    expect(replaced).toMatchObject({ reason: 'replaced', web_name: '改版草稿' });
    expect(rest.map((version) => version.id)).toEqual([first.id]);

    // Restoring the replaced draft brings the switched template and the name back: nothing was lost.
    await restore(site.id, replaced.id);
    const back = (await open(site.id)).data;
    expect(back.formData.main.web_name).toBe('改版草稿');
    expect(back.selectedComponents.head.id).toBe(head);
  });

  it('restoring the version the draft already is changes nothing and keeps nothing more', async () => {
    const site = await newSite(t, a);
    await complete(site.id);
    const [only] = (await versions(site.id)).data.list;
    const answer = await restore(site.id, only.id);
    expect(answer.data.restored).toBe(false);
    expect(answer.data.list.map((version) => version.id)).toEqual([only.id]);
  });

  it('refuses a version of another site, an unknown one and a malformed body', async () => {
    const site = await newSite(t, a);
    const other = await newSite(t, a);
    await complete(other.id);
    const [otherVersion] = (await versions(other.id)).data.list;
    await save(site, { main: { web_name: '不变' } });

    expect(await restore(site.id, otherVersion.id)).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.versionUnknown });
    expect(await restore(site.id, 0)).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.versionUnknown });
    expect(await restore(site.id, 999_999)).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.versionUnknown });
    for (const body of [{ id: site.id, versionId: 'x' }, { id: site.id, versionId: -1 }, { id: 'a', versionId: otherVersion.id }, { id: site.id, versionId: 1e12 }]) {
      expect((await post(t, '/api/webSiteLog/restoreVersion', body, a.headers)).code).toBe(AnswerCode.invalid);
    }
    expect(await webName(site.id)).toBe('不变');
    expect((await versions(site.id)).data.list).toEqual([]);
  });
});

describe('who may see and restore versions', () => {
  it("another account can neither list nor restore a site's versions; no login is 401", async () => {
    const site = await newSite(t, a);
    await save(site, { main: { web_name: '爱丽丝的站' } });
    await complete(site.id);
    const [version] = (await versions(site.id)).data.list;
    const b = bob(t);

    expect(await versions(site.id, b)).toMatchObject({ code: AnswerCode.notFound, msg: BuilderMessages.siteUnknown });
    expect(await restore(site.id, version.id, b)).toMatchObject({ code: AnswerCode.notFound, msg: BuilderMessages.siteUnknown });
    // Bob's own site with Alice's version id: not his site's version.
    const bobs = await newSite(t, b);
    expect(await restore(bobs.id, version.id, b)).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.versionUnknown });

    const anonymous = await t.app.inject({ method: 'GET', url: `/api/webSiteLog/getVersions?id=${site.id}` });
    expect(anonymous.statusCode).toBe(401);
    const anonymousRestore = await t.app.inject({ method: 'POST', url: '/api/webSiteLog/restoreVersion', payload: { id: site.id, versionId: version.id } });
    expect(anonymousRestore.statusCode).toBe(401);
    expect(await webName(site.id)).toBe('爱丽丝的站');
    expect((await versions(site.id)).data.list).toHaveLength(1);
  });
});

describe('housekeeping', () => {
  it('keeps a picture only a version uses, so that restoring it shows the picture', async () => {
    const day = 24 * 60 * 60 * 1000;
    await t.close();
    t = await buildTestApp({ clock: createClock(Date.now()), keepDataDir: true });
    const { dataDir } = t;
    a = alice(t);
    const site = await newSite(t, a);
    const key = configFields(site.configData.content).find((field) => field.type === 'image')?.key ?? '';
    const body = multipart([
      { name: 'id', data: String(site.id) },
      { name: 'type', data: 'content' },
      { name: 'data', data: key },
      { name: 'image', filename: 'a.png', contentType: 'image/png', data: canvasImage('png') },
    ]);
    const uploaded = envelopeOf<{ url: string }>(await t.app.inject({ method: 'POST', url: '/api/Upload/siteFileUpload', payload: body.payload, headers: { ...body.headers, ...a.headers } })).data.url;
    await save(site, { content: { [key]: uploaded } });
    await complete(site.id);
    // The draft goes back to the template's picture: only the version names the upload now.
    await save(site, { content: { [key]: site.formData.content[key] } });
    const [version] = (await versions(site.id)).data.list;
    await t.close();

    // Housekeeping sweeps when the app starts: here, fifteen days later (uploads go after 14 unused).
    t = await buildTestApp({ dataDir, clock: createClock(Date.now() + 15 * day) });
    a = alice(t);
    expect(listTree(path.join(dataDir, 'uploads'))).toContain(path.basename(uploaded));
    expect((await restore(site.id, version.id)).code).toBe(200);
    const restored = (await open(site.id)).data;
    expect(restored.formData.content[key]).toBe(uploaded);
    expect((await t.app.inject({ method: 'GET', url: uploaded })).statusCode).toBe(200);
  });
});
