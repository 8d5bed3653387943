/**
 * The builder's sites through the API: making one, swapping templates (values carried over by key
 * and type), saving drafts with the form's checks, the preview folder behind /sites/, the picker
 * lists, and the login and ownership every call demands.
 */
import { bannerArtStyleOf } from '../../../src/server/render/builder/definitions/banner';
import fs from 'node:fs';
import path from 'node:path';
import {
  BuilderLimits,
  BuilderMessages,
  COMPONENT_LIST_PATHS,
  COMPONENT_TYPES,
  componentPageSize,
  type BuilderSite,
  type ComponentListAnswer,
  type ComponentType,
} from '../../../src/contract/builder';
import { AnswerCode } from '../../../src/contract/envelope';
import { MiniSiteMessages, configFields } from '../../../src/contract/miniSite';
import { UNAUTHORIZED_BODY } from '../../../src/server/http/envelope';
import { GENERATIVE_PROVIDER_LABEL } from '../../../src/server/render/aiBanner/config';
import { DEFAULT_MAIN_PRESET_ID, findMainPreset, listComponents } from '../../../src/server/render/builder/catalog';
import { LOGO_STYLES } from '../../../src/server/render/styles';
import { SITE_CONTENT_SECURITY_POLICY } from '../../../src/server/modules/siteFiles/contentPolicy';
import { buildTestApp, post, type TestApp } from '../helpers';
import { alice, bob, newSite, type Caller } from './builderKit';

jest.setTimeout(60_000);

let t: TestApp;
let a: Caller;

beforeEach(async () => {
  t = await buildTestApp();
  a = alice(t);
});

afterEach(async () => {
  await t.close();
});

const getWebUrl = (body: object, caller = a) => post<BuilderSite>(t, '/api/createWeb/getWebUrl', body, caller.headers);
const selectConfig = (id: number, caller = a) => post<BuilderSite>(t, '/api/createWeb/getSelectConfig', { id }, caller.headers);
const save = (body: object, caller = a) => post<BuilderSite>(t, '/api/CreateWeb/saveConfig', body, caller.headers);

async function previewHtml(site: BuilderSite): Promise<string> {
  const page = await t.app.inject({ method: 'GET', url: site.previewUrl });
  expect(page.statusCode).toBe(200);
  return page.body;
}

const preset = (id: number) => {
  const found = findMainPreset(id);
  if (!found) throw new Error(`no preset ${id}`);
  return found;
};

describe('login', () => {
  const calls: Array<[string, string]> = [
    ['POST', '/api/createWeb/getWebUrl'],
    ['POST', '/api/createWeb/getSelectConfig'],
    ['POST', '/api/CreateWeb/saveConfig'],
    ['POST', '/api/CreateWeb/completeWeb'],
    ['POST', '/api/createWeb/generateBanner'],
    ['GET', '/api/createWeb/bannerStatus?taskId=0123456789abcdef0123456789abcdef'],
    ['POST', '/api/createWeb/setBannerPreview'],
    ['POST', '/api/createWeb/setAllConfigLogo'],
    ['POST', '/api/createWeb/setWebMusic'],
    ['POST', '/api/createWeb/siteLogo'],
    ...Object.values(COMPONENT_LIST_PATHS).map((url): [string, string] => ['POST', url]),
    ['POST', '/api/Upload/siteFileUpload'],
    ['GET', '/api/webSiteLog/getSiteList?page=1&page_size=10'],
    ['GET', '/api/webSiteLog/getFilePath?id=1'],
    ['GET', '/api/webSiteLog/getVersions?id=1'],
    ['POST', '/api/webSiteLog/restoreVersion'],
    ['POST', '/api/createWeb/phonePreview'],
    ['POST', '/api/webSiteLog/publish'],
    ['POST', '/api/webSiteLog/unpublish'],
  ];

  it.each(calls)('%s %s answers HTTP 401 without a valid token', async (method, url) => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const response = await t.app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? { id: 1, page: 1 } : undefined, headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED_BODY);
    }
  });
});

describe('POST /api/createWeb/getWebUrl', () => {
  it('makes a site from the default configuration, renders its preview and answers it whole', async () => {
    const site = await newSite(t, a);
    const defaults = preset(DEFAULT_MAIN_PRESET_ID);
    expect(site).toMatchObject({ status: 1, web_name: configFields(defaults.config).find((field) => field.key === 'web_name')?.value, bannerArtist: GENERATIVE_PROVIDER_LABEL });
    expect(site.id).toBeGreaterThan(0);
    // The banner template's style, which the 画面描述 the banner tab suggests is written in.
    expect(site.bannerStyle).toBe(bannerArtStyleOf(site.selectedComponents.banner.id));
    expect(site.bannerStyle).not.toBe('');
    const dir = /^\/sites\/([0-9a-f]{32})\/$/.exec(site.templatePath)?.[1];
    expect(dir).toBeDefined();
    expect(site.previewUrl).toBe(`${site.templatePath}index.html?v=1`);
    expect(site.selectedComponents.main.id).toBe(defaults.id);
    for (const type of COMPONENT_TYPES) {
      if (type !== 'main') expect(site.selectedComponents[type].id).toBe(defaults.components[type]);
      expect(site.configData[type]).toEqual(site.selectedComponents[type].config);
      // A new site holds every field's default.
      expect(site.formData[type]).toEqual(Object.fromEntries(configFields(site.configData[type]).map((field) => [field.key, field.value])));
    }

    const page = await t.app.inject({ method: 'GET', url: site.previewUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
    // The folder changes in place with every save: browsers must ask again.
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain(site.web_name);
    expect(fs.existsSync(path.join(t.dataDir, 'sites', dir ?? '', 'index.html'))).toBe(true);
  });

  it('makes a new site from the complete configuration asked for', async () => {
    const chosen = preset(3);
    const answer = await getWebUrl({ type: 'main', id: 0, selectedComponents: { main: chosen.id } });
    expect(answer.code).toBe(200);
    expect(answer.data.web_name).toBe(configFields(chosen.config).find((field) => field.key === 'web_name')?.value);
    for (const type of COMPONENT_TYPES) expect(answer.data.selectedComponents[type].id).toBe(type === 'main' ? chosen.id : chosen.components[type as Exclude<ComponentType, 'main'>]);
  });

  it('swaps one template and keeps the values of fields the new one shares by key and type', async () => {
    const site = await newSite(t, a);
    // Head 7 has a notice bar; head 1 has only the button.
    const withNotice = await getWebUrl({ type: 'head', id: site.id, selectedComponents: { head: 7 } });
    expect(withNotice.data.selectedComponents.head.id).toBe(7);
    const saved = await save({ id: site.id, previewUrl: site.previewUrl, formData: { head: { cta_text: '马上玩', cta_link: '#content', notice: '今晚八点开服' } }, selectedComponents: {} });
    expect(saved.data.formData.head).toMatchObject({ cta_text: '马上玩', notice: '今晚八点开服' });

    const swapped = await getWebUrl({ type: 'head', id: site.id, selectedComponents: { head: 1 } });
    expect(swapped.code).toBe(200);
    expect(swapped.data.selectedComponents.head.id).toBe(1);
    expect(swapped.data.formData.head.cta_text).toBe('马上玩');
    expect(swapped.data.formData.head).not.toHaveProperty('notice');
    // Every other tab is untouched.
    for (const type of COMPONENT_TYPES.filter((other) => other !== 'head')) expect(swapped.data.formData[type]).toEqual(saved.data.formData[type]);

    const back = await getWebUrl({ type: 'head', id: site.id, selectedComponents: { head: 7 } });
    const noticeDefault = configFields(back.data.configData.head).find((field) => field.key === 'notice')?.value;
    expect(back.data.formData.head).toMatchObject({ cta_text: '马上玩', cta_link: '#content', notice: noticeDefault });
    expect(await previewHtml(back.data)).toContain('马上玩');
  });

  it('applies a complete configuration to every tab, keeping shared values', async () => {
    const site = await newSite(t, a);
    await save({ id: site.id, previewUrl: site.previewUrl, formData: { main: { web_name: '我的游戏' } }, selectedComponents: {} });
    const chosen = preset(4);
    const answer = await getWebUrl({ type: 'main', id: site.id, selectedComponents: { main: chosen.id, head: 1 } });
    expect(answer.code).toBe(200);
    for (const type of COMPONENT_TYPES) expect(answer.data.selectedComponents[type].id).toBe(type === 'main' ? chosen.id : chosen.components[type as Exclude<ComponentType, 'main'>]);
    expect(answer.data.web_name).toBe('我的游戏');
  });

  it('brings the new configuration\'s pictures and sample texts, keeping only what the user put in', async () => {
    const site = await newSite(t, a);
    const saved = await save({
      id: site.id,
      previewUrl: site.previewUrl,
      formData: { main: { web_name: '星河战纪' }, footer: { publisher: '星河出版社', icp: '京ICP备12345678号-1' }, head: { cta_link: 'https://game.example.cn/dl' } },
      selectedComponents: {},
    });
    expect(saved.code).toBe(200);
    // 星海远征: every component differs from 龙腾国战's.
    const starSea = preset(7);
    const answer = await getWebUrl({ type: 'main', id: site.id, selectedComponents: { main: starSea.id } });
    expect(answer.code).toBe(200);
    const switched = answer.data;
    const defaultsOf = (type: ComponentType) => Object.fromEntries(configFields(switched.configData[type]).map((field) => [field.key, field.value]));
    expect(switched.formData.main).toEqual({ ...defaultsOf('main'), web_name: '星河战纪' });
    expect(switched.formData.footer).toEqual({ ...defaultsOf('footer'), publisher: '星河出版社', icp: '京ICP备12345678号-1' });
    expect(switched.formData.head).toEqual({ ...defaultsOf('head'), cta_link: 'https://game.example.cn/dl' });
    // The palace picture, its description and 王城再启 群雄逐鹿 went with 龙腾国战.
    for (const type of ['banner', 'content', 'sidebar'] as const) expect(switched.formData[type]).toEqual(defaultsOf(type));
    expect(switched.formData.banner.banner).not.toBe(site.formData.banner.banner);
    expect(switched.formData.banner.title).not.toBe(site.formData.banner.title);
    expect(switched.formData.banner.prompt).not.toMatch(/宫殿/);
    const html = await previewHtml(switched);
    expect(html).not.toContain(site.formData.banner.title);
    expect(html).toContain(switched.formData.banner.subtitle);
  });

  it('swaps a single template to its own samples, keeping the text the user typed', async () => {
    const site = await newSite(t, a);
    await save({ id: site.id, previewUrl: site.previewUrl, formData: { banner: { subtitle: '星海征途 今夏开启' } }, selectedComponents: {} });
    const answer = await getWebUrl({ type: 'banner', id: site.id, selectedComponents: { banner: 7 } });
    const fields = configFields(answer.data.configData.banner);
    const sample = (key: string) => fields.find((field) => field.key === key)?.value;
    expect(answer.data.formData.banner).toMatchObject({ subtitle: '星海征途 今夏开启', title: sample('title'), prompt: sample('prompt'), banner: sample('banner') });
  });

  it('starts a new site from the game\'s identity, in every field that means the same', async () => {
    const identity = {
      game_name: '星河战纪',
      slogan: '群星之下 王者归来',
      publisher: '星河出版社有限公司',
      copyright_owner: '星河网络科技有限公司',
      isbn: 'ISBN 978-7-1234-5678-9',
      approval: '国新出审〔2026〕1号',
      icp: '京ICP备12345678号-1',
      copyright: '© 2026 星河网络科技有限公司',
      qr_url: 'https://game.example.cn/qr',
      ios_url: 'https://apps.example.com/xhzj',
      android_url: 'https://game.example.cn/xhzj.apk',
      pc_url: 'https://game.example.cn/pc',
      not_a_field: '不该出现',
    };
    const answer = await getWebUrl({ type: 'main', id: 0, selectedComponents: {}, identity });
    expect(answer.code).toBe(200);
    const { formData } = answer.data;
    expect(answer.data.web_name).toBe('星河战纪');
    expect(formData.main.web_name).toBe('星河战纪');
    expect(formData.banner.title).toBe('群星之下 王者归来');
    expect(formData.footer).toMatchObject({
      publisher: identity.publisher,
      copyright_owner: identity.copyright_owner,
      isbn: identity.isbn,
      approval: identity.approval,
      icp: identity.icp,
      copyright: identity.copyright,
    });
    // 龙腾国战's sidebar is the download panel: its links are the game's.
    expect(formData.sidebar).toMatchObject({ qr_url: identity.qr_url, ios_url: identity.ios_url, android_url: identity.android_url, pc_url: identity.pc_url });
    expect(JSON.stringify(formData)).not.toContain('不该出现');
    const html = await previewHtml(answer.data);
    for (const text of ['星河战纪', '群星之下 王者归来', '京ICP备12345678号-1']) expect(html).toContain(text);

    // A switch to a sidebar with the links fills them too; the user's own values stay.
    const withNav = await getWebUrl({ type: 'sidebar', id: answer.data.id, selectedComponents: { sidebar: 4 }, identity });
    expect(withNav.data.formData.sidebar).not.toHaveProperty('qr_url');
    await save({ id: answer.data.id, previewUrl: '', formData: { footer: { icp: '沪ICP备1号' } }, selectedComponents: {} });
    const back = await getWebUrl({ type: 'main', id: answer.data.id, selectedComponents: { main: 7 }, identity });
    expect(back.data.formData.footer.icp).toBe('沪ICP备1号');
    expect(back.data.formData.main.web_name).toBe('星河战纪');
    expect(back.data.formData.banner.title).toBe('群星之下 王者归来');
  });

  it('leaves out identity values a field would refuse, and cuts the name to fit', async () => {
    const answer = await getWebUrl({ type: 'main', id: 0, selectedComponents: {}, identity: { game_name: '星'.repeat(40), slogan: '一句远远超过首屏主标题二十个字长度的宣传语会被留在外面', icp: '' } });
    expect(answer.code).toBe(200);
    const defaults = preset(DEFAULT_MAIN_PRESET_ID);
    const bannerTitle = configFields(answer.data.configData.banner).find((field) => field.key === 'title')?.value;
    expect(answer.data.formData.main.web_name).toBe('星'.repeat(BuilderLimits.webNameMax));
    expect(answer.data.formData.banner.title).toBe(bannerTitle);
    expect(answer.data.formData.footer.icp).toBe('');
    expect(defaults.id).toBe(answer.data.selectedComponents.main.id);
  });

  it('refuses unknown templates and a missing choice, and changes nothing', async () => {
    const site = await newSite(t, a);
    for (const body of [
      { type: 'head', id: site.id, selectedComponents: { head: 999 } },
      { type: 'main', id: site.id, selectedComponents: { main: 999 } },
      { type: 'logo', id: site.id, selectedComponents: { logo: 999 } },
      { type: 'main', id: 0, selectedComponents: { main: 999 } },
    ]) {
      expect(await getWebUrl(body)).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.templateUnknown });
    }
    expect(await getWebUrl({ type: 'head', id: site.id, selectedComponents: {} })).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.templateRequired });
    expect(await getWebUrl({ type: 'nav', id: site.id, selectedComponents: { head: 1 } })).toMatchObject({ code: AnswerCode.invalid });
    expect((await selectConfig(site.id)).data).toEqual(site);
  });
});

describe('POST /api/createWeb/getSelectConfig', () => {
  it('answers the site as saved; no id and unknown ids are refused', async () => {
    const site = await newSite(t, a);
    expect(await selectConfig(site.id)).toMatchObject({ code: 200, data: site });
    expect(await selectConfig(0)).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.noSiteId });
    expect(await selectConfig(site.id + 100)).toMatchObject({ code: AnswerCode.notFound, msg: BuilderMessages.siteUnknown });
  });
});

describe('POST /api/CreateWeb/saveConfig', () => {
  it('saves the form, drops unknown keys, accepts empty required fields and re-renders the preview', async () => {
    const site = await newSite(t, a);
    const answer = await save({
      id: site.id,
      previewUrl: site.previewUrl,
      formData: { main: { web_name: '星辰大海', not_a_field: 'x' }, head: { cta_text: '' }, sidebar: { title: '扫我下载' }, nav: { a: 'b' } },
      selectedComponents: {},
    });
    expect(answer.code).toBe(200);
    expect(answer.data.web_name).toBe('星辰大海');
    expect(answer.data.formData.main).not.toHaveProperty('not_a_field');
    expect(answer.data).not.toHaveProperty('formData.nav');
    expect(answer.data.formData.head.cta_text).toBe('');
    expect(answer.data.previewUrl).toBe(`${site.templatePath}index.html?v=2`);
    const html = await previewHtml(answer.data);
    expect(html).toContain('星辰大海');
    expect(html).toContain('扫我下载');
    expect((await selectConfig(site.id)).data).toEqual(answer.data);
  });

  it('names an unnamed site 未命名网站', async () => {
    const site = await newSite(t, a);
    const answer = await save({ id: site.id, previewUrl: site.previewUrl, formData: { main: { web_name: '  ' } }, selectedComponents: {} });
    expect(answer.data.web_name).toBe('未命名网站');
  });

  it('escapes what the user types in the preview', async () => {
    const site = await newSite(t, a);
    const answer = await save({ id: site.id, previewUrl: site.previewUrl, formData: { main: { web_name: '<script>alert(1)</script>' } }, selectedComponents: {} });
    const html = await previewHtml(answer.data);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('swaps a template whose id differs from the saved one', async () => {
    const site = await newSite(t, a);
    const answer = await save({ id: site.id, previewUrl: site.previewUrl, formData: {}, selectedComponents: { footer: 2, head: site.selectedComponents.head.id } });
    expect(answer.data.selectedComponents.footer.id).toBe(2);
    expect(await save({ id: site.id, previewUrl: site.previewUrl, formData: {}, selectedComponents: { footer: 999 } })).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.templateUnknown });
  });

  it.each([
    ['a text past its length', { head: { cta_text: '一二三四五六七' } }, '导航栏：按钮文字长度不能超过6个字符'],
    ['a video link that is not http(s)', { banner: { video: 'javascript:alert(1)' } }, `BANNER：${MiniSiteMessages.videoLinkInvalid}`],
    ['a picture this server does not have', { content: { feature1_image: 'https://evil.example.com/x.png' } }, `内容区：${MiniSiteMessages.imageUnknown}`],
    ['a picture path outside the assets', { content: { feature1_image: '/builder-assets/../../../etc/passwd' } }, `内容区：${MiniSiteMessages.imageUnknown}`],
    ['an upload that does not exist', { content: { feature1_image: '/uploads/0123456789abcdef0123456789abcdef.png' } }, `内容区：${MiniSiteMessages.imageUnknown}`],
    ['a logo that is not a generated one', { head: { banner_logo: '/generated/0123456789abcdef0123456789abcdef/logo.png' } }, `导航栏：${MiniSiteMessages.imageUnknown}`],
    ['an unknown music track', { main: { music: 'no-such-track' } }, `整站配置：${MiniSiteMessages.musicUnknown}`],
  ])('refuses %s with code 422 and saves nothing', async (_label, formData, message) => {
    const site = await newSite(t, a);
    const answer = await save({ id: site.id, previewUrl: site.previewUrl, formData: { main: { web_name: '不该保存' }, ...formData }, selectedComponents: {} });
    expect(answer).toMatchObject({ code: AnswerCode.invalid, msg: message });
    expect((await selectConfig(site.id)).data).toEqual(site);
  });

  it('accepts the builder\'s own pictures in any picture field', async () => {
    const site = await newSite(t, a);
    const other = configFields(site.configData.content).filter((field) => field.type === 'image').map((field) => field.value);
    const [first] = configFields(site.configData.content).filter((field) => field.type === 'image');
    const answer = await save({ id: site.id, previewUrl: site.previewUrl, formData: { content: { [first.key]: other[other.length - 1] } }, selectedComponents: {} });
    expect(answer.code).toBe(200);
    expect(answer.data.formData.content[first.key]).toBe(other[other.length - 1]);
  });
});

describe('ownership', () => {
  it('answers siteUnknown to another user on every call with the site, and changes nothing', async () => {
    const site = await newSite(t, a);
    const b = bob(t);
    const refused = { code: AnswerCode.notFound, msg: BuilderMessages.siteUnknown };
    expect(await selectConfig(site.id, b)).toMatchObject(refused);
    expect(await getWebUrl({ type: 'head', id: site.id, selectedComponents: { head: 2 } }, b)).toMatchObject(refused);
    expect(await save({ id: site.id, previewUrl: site.previewUrl, formData: { main: { web_name: 'x' } }, selectedComponents: {} }, b)).toMatchObject(refused);
    expect(await post(t, '/api/createWeb/setWebMusic', { id: site.id, musicId: 0, name: '' }, b.headers)).toMatchObject(refused);
    expect(await post(t, '/api/CreateWeb/completeWeb', { id: site.id, formData: {} }, b.headers)).toMatchObject(refused);
    expect(await post(t, '/api/createWeb/generateBanner', { id: site.id, isFirst: true, formData: {} }, b.headers)).toMatchObject(refused);
    expect(await post(t, '/api/createWeb/setBannerPreview', { id: site.id, bannerId: '0123456789abcdef0123456789abcdef' }, b.headers)).toMatchObject(refused);
    expect(await post(t, '/api/createWeb/setAllConfigLogo', { id: site.id, bannerLogo: { id: '0123456789abcdef0123456789abcdef', value: '' } }, b.headers)).toMatchObject(refused);
    const path = await t.app.inject({ method: 'GET', url: `/api/webSiteLog/getFilePath?id=${site.id}`, headers: b.headers });
    expect(path.json()).toMatchObject(refused);
    expect((await selectConfig(site.id)).data).toEqual(site);
  });
});

describe('POST /api/template/get<Type>List', () => {
  it.each(COMPONENT_TYPES)('lists %s templates a page at a time', async (type) => {
    const all = type === 'logo' ? LOGO_STYLES.map((style) => style.id) : listComponents(type).map((component) => component.id);
    const size = componentPageSize(type);
    const first = await post<ComponentListAnswer>(t, COMPONENT_LIST_PATHS[type], { page: 1 }, a.headers);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ current_page: 1, per_page: size, total: all.length });
    expect(first.data.data.map((template) => template.id)).toEqual(all.slice(0, size));
    for (const template of first.data.data) {
      expect(template.type).toBe(type);
      expect(template.url).toMatch(/^\/(builder-assets|generated\/catalog)\//);
      expect(template.config.length).toBeGreaterThan(0);
    }
    const second = await post<ComponentListAnswer>(t, COMPONENT_LIST_PATHS[type], { page: 2 }, a.headers);
    expect(second.data.data.map((template) => template.id)).toEqual(all.slice(size, size * 2));
  });

  it('keeps only opt_ids, given as an array or a comma string', async () => {
    const url = COMPONENT_LIST_PATHS.head;
    for (const optIds of [[2, 5, 999], '2, 5,999']) {
      const answer = await post<ComponentListAnswer>(t, url, { page: 1, opt_ids: optIds }, a.headers);
      expect(answer.data).toMatchObject({ total: 2, current_page: 1 });
      expect(answer.data.data.map((template) => template.id)).toEqual([2, 5]);
    }
    expect((await post<ComponentListAnswer>(t, url, { page: 1, opt_ids: [] }, a.headers)).data.total).toBe(listComponents('head').length);
  });

  it('lists the logo styles with the logo text field', async () => {
    const answer = await post<ComponentListAnswer>(t, COMPONENT_LIST_PATHS.logo, { page: 1, opt_ids: [3] }, a.headers);
    expect(answer.data.data).toEqual([
      expect.objectContaining({ id: 3, name: LOGO_STYLES.find((style) => style.id === 3)?.name, type: 'logo', config: [expect.objectContaining({ children: [expect.objectContaining({ key: 'logotext', type: 'text' })] })] }),
    ]);
  });
});
