/**
 * 手机预览: a sealed link that shows a site's preview for 30 minutes and not after, for the site's
 * owner only, served under the link itself (its folder's own address never shown), and refuses any
 * token it did not make.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BuilderLimits, BuilderMessages, PHONE_PREVIEW_PATH, type BuilderSite, type PhonePreviewAnswer } from '../../../src/contract/builder';
import { AnswerCode } from '../../../src/contract/envelope';
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

const link = (id: number, caller = a) => post<PhonePreviewAnswer>(t, '/api/createWeb/phonePreview', { id }, caller.headers);
const open = (url: string) => t.app.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname });
const tokenOf = (url: string): string => new URL(url, 'http://localhost').pathname.slice(PHONE_PREVIEW_PATH.length, -1);
const folderOf = (site: BuilderSite): string => site.templatePath.split('/')[2];

describe('POST /api/createWeb/phonePreview', () => {
  it('answers a link that shows the preview and its files until the link expires, then a page that says so', async () => {
    const site = await newSite(t, a);
    const answer = await link(site.id);
    expect(answer.code).toBe(200);
    expect(answer.data.url).toMatch(new RegExp(`^http://localhost(:\\d+)?${PHONE_PREVIEW_PATH}[A-Za-z0-9_-]{70}/$`));
    expect(answer.data.url).not.toContain(folderOf(site));
    expect(answer.data.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(answer.data.expiresAt).toBe(t.clock.now() + BuilderLimits.phonePreviewMinutes * 60_000);

    const page = await open(answer.data.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toBe(fs.readFileSync(path.join(t.dataDir, 'sites', folderOf(site), 'index.html'), 'utf8'));
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
    const script = await open(`${answer.data.url}assets/site.js`);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    // The link without its slash leads to the page, where relative addresses resolve.
    const bare = await open(answer.data.url.slice(0, -1));
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe(new URL(answer.data.url).pathname);

    t.clock.advance(BuilderLimits.phonePreviewMinutes * 60_000 - 1000);
    expect((await open(answer.data.url)).statusCode).toBe(200);
    t.clock.advance(1000);
    for (const url of [answer.data.url, `${answer.data.url}assets/site.js`, answer.data.url.slice(0, -1)]) {
      const expired = await open(url);
      expect({ url, status: expired.statusCode }).toEqual({ url, status: 410 });
      expect(expired.body).toContain('预览链接已过期，请在电脑上重新生成');
      expect(expired.headers['content-type']).toMatch(/^text\/html/);
    }
    // The builder's own preview frame still shows it.
    expect((await t.app.inject({ method: 'GET', url: `/sites/${folderOf(site)}/index.html` })).statusCode).toBe(200);
  });

  it('uses PUBLIC_ORIGIN, where phones reach the server, when it is set', async () => {
    await t.close();
    t = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://games.example.com' } });
    a = alice(t);
    const site = await newSite(t, a);
    expect((await link(site.id)).data.url.startsWith(`https://games.example.com${PHONE_PREVIEW_PATH}`)).toBe(true);
  });

  it('renders the preview first when housekeeping deleted it', async () => {
    const site = await newSite(t, a);
    fs.rmSync(path.join(t.dataDir, 'sites', folderOf(site)), { recursive: true, force: true });
    const answer = await link(site.id);
    expect((await open(answer.data.url)).statusCode).toBe(200);
  });

  it('gives no link for another account\'s site, an unknown one, or without login', async () => {
    const site = await newSite(t, a);
    expect(await link(site.id, bob(t))).toMatchObject({ code: AnswerCode.notFound, msg: BuilderMessages.siteUnknown });
    expect((await link(999_999)).code).toBe(AnswerCode.notFound);
    expect((await link(0)).code).toBe(AnswerCode.invalid);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/createWeb/phonePreview', payload: { id: site.id } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses every token it did not make: a changed byte anywhere, another length, garbage', async () => {
    const mine = await newSite(t, a);
    const token = tokenOf((await link(mine.id)).data.url);
    const flip = (at: number): string => `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    for (const forged of [flip(0), flip(20), flip(40), flip(69), token.slice(1), `${token}A`, `${token.slice(0, 35)}.${token.slice(35)}`, `..%2f..%2fapp.db`, 'x'.repeat(70), folderOf(mine)]) {
      for (const url of [`${PHONE_PREVIEW_PATH}${forged}`, `${PHONE_PREVIEW_PATH}${forged}/`, `${PHONE_PREVIEW_PATH}${forged}/index.html`]) {
        const answer = await t.app.inject({ method: 'GET', url });
        expect({ url, status: answer.statusCode }).toEqual({ url, status: 410 });
      }
    }
    // Past the router's length for a path segment: refused before the route (414).
    expect((await t.app.inject({ method: 'GET', url: `${PHONE_PREVIEW_PATH}${'x'.repeat(500)}` })).statusCode).toBe(414);
  });

  it('serves only the folder the token names, nothing above it', async () => {
    const mine = await newSite(t, a);
    const url = (await link(mine.id)).data.url;
    fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), 'secret');
    for (const rest of ['../secret.txt', '..%2f..%2fsecret.txt', '%2e%2e/%2e%2e/secret.txt', 'assets/../../../secret.txt', 'nothing-here.js']) {
      const answer = await t.app.inject({ method: 'GET', url: `${new URL(url).pathname}${rest}` });
      // 404, or 410 where the URL's dots climbed out of the token itself.
      expect({ rest, refused: [404, 410].includes(answer.statusCode) }).toEqual({ rest, refused: true });
      expect(answer.body).not.toContain('secret');
    }
  });
});
