/**
 * A builder site's own logo before any banner (POST /api/createWeb/siteLogo): the user's logo of
 * this game from 我的作品, else one drawn from the site's name in its logo style, following the
 * name and the style; never the sample that says 游戏名称.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOGO_TEXTS } from '../../../src/contract/generation';
import { configFields } from '../../../src/contract/miniSite';
import { BuilderMessages, type BuilderSite, type ComponentType } from '../../../src/contract/builder';
import { AnswerCode } from '../../../src/contract/envelope';
import { defaultUrl } from '../../../src/server/render/builder/defaults';
import { buildTestApp, post, type TestApp } from '../helpers';
import { alice, bob, newSite, type Caller } from './builderKit';
import { generate } from './miniSiteKit';

jest.setTimeout(180_000);

let t: TestApp;
let a: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  a = alice(t);
});

afterAll(async () => {
  await t.close();
});

const siteLogo = (id: number) => post<BuilderSite>(t, '/api/createWeb/siteLogo', { id }, a.headers);
const save = (id: number, formData: object) => post<BuilderSite>(t, '/api/CreateWeb/saveConfig', { id, previewUrl: '', formData, selectedComponents: {} }, a.headers);

/** Every logo field's value, by type and key. */
function logoValues(site: BuilderSite): string[] {
  return (Object.keys(site.configData) as ComponentType[]).flatMap((type) =>
    configFields(site.configData[type])
      .filter((field) => field.type === 'banner_logo')
      .map((field) => site.formData[type][field.key]),
  );
}

/** The one logo all the site's logo fields show, and the texts and style it was made with. */
function theLogo(site: BuilderSite): { url: string; logotext: string; style: number } {
  const values = new Set(logoValues(site));
  expect(values.size).toBe(1);
  const [url] = [...values];
  const id = /^\/generated\/([0-9a-f]{32})\/logo(?:-still)?\.png$/.exec(url)?.[1];
  expect(id).toBeDefined();
  expect(fs.existsSync(path.join(t.dataDir, 'generated', id ?? '', path.basename(url)))).toBe(true);
  const row = t.readDb().prepare('SELECT input FROM render_jobs WHERE id = ?').get(id) as { input: string };
  const spec = JSON.parse(row.input) as { logoStyle: number; texts: { logotext: string } };
  return { url, logotext: spec.texts.logotext, style: spec.logoStyle };
}

describe('POST /api/createWeb/siteLogo', () => {
  it('draws a new site\'s logo from its name in its logo style, and draws it again when the name or the style changes', async () => {
    const created = await post<BuilderSite>(t, '/api/createWeb/getWebUrl', { type: 'main', id: 0, selectedComponents: {}, identity: { game_name: '星河战纪' } }, a.headers);
    const site = created.data;
    // The sample says 游戏名称: a new site starts with it until its own is drawn.
    expect(logoValues(site).every((value) => value === defaultUrl.logo())).toBe(true);
    const drawn = await siteLogo(site.id);
    expect(drawn.code).toBe(200);
    expect(theLogo(drawn.data)).toMatchObject({ logotext: '星河战纪', style: site.selectedComponents.logo.id });
    expect((await t.app.inject({ method: 'GET', url: drawn.data.previewUrl })).statusCode).toBe(200);

    // Asked again with nothing changed: the same logo, nothing drawn.
    const again = await siteLogo(site.id);
    expect(theLogo(again.data).url).toBe(theLogo(drawn.data).url);

    const renamed = await save(site.id, { main: { web_name: '群星远航' } });
    expect(theLogo(renamed.data).url).toBe(theLogo(drawn.data).url);
    expect(theLogo((await siteLogo(site.id)).data)).toMatchObject({ logotext: '群星远航' });

    const restyled = await post<BuilderSite>(t, '/api/createWeb/getWebUrl', { type: 'logo', id: site.id, selectedComponents: { logo: 5 } }, a.headers);
    expect(restyled.data.selectedComponents.logo.id).toBe(5);
    expect(theLogo((await siteLogo(site.id)).data)).toMatchObject({ logotext: '群星远航', style: 5 });

    // The LOGO文字 names the logo when given.
    await save(site.id, { logo: { logotext: '星河' } });
    expect(theLogo((await siteLogo(site.id)).data)).toMatchObject({ logotext: '星河', style: 5 });
  });

  it('takes the newest logo the user made for this game, in its style, and keeps it', async () => {
    await generate(t, a.headers, { ...DEFAULT_LOGO_TEXTS, bottomtext: '群星之下 王者归来', logotext: '星辰战纪', logobg: 7, module: 'tl' });
    const site = (await post<BuilderSite>(t, '/api/createWeb/getWebUrl', { type: 'main', id: 0, selectedComponents: {}, identity: { game_name: '星辰战纪' } }, a.headers)).data;
    const own = await siteLogo(site.id);
    expect(own.data.selectedComponents.logo.id).toBe(7);
    const logo = theLogo(own.data);
    expect(logo).toMatchObject({ logotext: '星辰战纪', style: 7 });
    // Made with the user's slogan: theirs, not redrawn when the name changes.
    await save(site.id, { main: { web_name: '别的名字' } });
    expect(theLogo((await siteLogo(site.id)).data).url).toBe(logo.url);
    // The site renders and completes with it.
    const zip = await post(t, '/api/CreateWeb/completeWeb', { id: site.id, formData: {} }, a.headers);
    expect(zip.code).toBe(200);
  });

  it('answers siteUnknown for another user\'s site', async () => {
    const site = await newSite(t, a);
    expect(await post(t, '/api/createWeb/siteLogo', { id: site.id }, bob(t).headers)).toMatchObject({ code: AnswerCode.notFound, msg: BuilderMessages.siteUnknown });
  });

  it('answers 401 to nobody, drawing nothing', async () => {
    const site = await newSite(t, a);
    expect((await t.app.inject({ method: 'POST', url: '/api/createWeb/siteLogo', payload: { id: site.id } })).statusCode).toBe(401);
  });
});
