/**
 * 手机预览: a signed link to a site's preview that works for 30 minutes, for the site's owner only,
 * and refuses any token it did not make.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BuilderLimits, BuilderMessages, PHONE_PREVIEW_PATH, type BuilderSite, type PhonePreviewAnswer } from '../../../src/contract/builder';
import { AnswerCode } from '../../../src/contract/envelope';
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
const tokenOf = (url: string): string => new URL(url, 'http://localhost').pathname.slice(PHONE_PREVIEW_PATH.length);
const folderOf = (site: BuilderSite): string => site.templatePath.split('/')[2];

describe('POST /api/createWeb/phonePreview', () => {
  it('answers a link to the preview with its QR code; the link opens the preview until it expires', async () => {
    const site = await newSite(t, a);
    const answer = await link(site.id);
    expect(answer.code).toBe(200);
    expect(answer.data.url).toMatch(new RegExp(`^http://localhost(:\\d+)?${PHONE_PREVIEW_PATH}[0-9a-f]{32}\\.[0-9a-z]+\\.[A-Za-z0-9_-]{43}$`));
    expect(answer.data.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(answer.data.expiresAt).toBe(t.clock.now() + BuilderLimits.phonePreviewMinutes * 60_000);

    const opened = await open(answer.data.url);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/sites/${folderOf(site)}/index.html`);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: String(opened.headers.location) })).statusCode).toBe(200);

    t.clock.advance(BuilderLimits.phonePreviewMinutes * 60_000 - 1000);
    expect((await open(answer.data.url)).statusCode).toBe(302);
    t.clock.advance(1000);
    const expired = await open(answer.data.url);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain(BuilderMessages.phonePreviewExpired.slice(0, 8));
    expect(expired.headers['content-type']).toMatch(/^text\/html/);
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
    const opened = await open(answer.data.url);
    expect((await t.app.inject({ method: 'GET', url: String(opened.headers.location) })).statusCode).toBe(200);
  });

  it('gives no link for another account\'s site, an unknown one, or without login', async () => {
    const site = await newSite(t, a);
    expect(await link(site.id, bob(t))).toMatchObject({ code: AnswerCode.notFound, msg: BuilderMessages.siteUnknown });
    expect((await link(999_999)).code).toBe(AnswerCode.notFound);
    expect((await link(0)).code).toBe(AnswerCode.invalid);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/createWeb/phonePreview', payload: { id: site.id } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses every token it did not make: another folder, a later time, a changed signature, garbage', async () => {
    const mine = await newSite(t, a);
    const theirs = await newSite(t, bob(t));
    const token = tokenOf((await link(mine.id)).data.url);
    const [dir, expiry, signature] = token.split('.');
    const later = (Number.parseInt(expiry, 36) + 24 * 3600_000).toString(36);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `${folderOf(theirs)}.${expiry}.${signature}`,
      `${dir}.${later}.${signature}`,
      `${dir}.${expiry}.${flipped}`,
      `${dir}.${expiry}`,
      `${dir}.${expiry}.${signature}.x`,
      `..%2f..%2fapp.db`,
      'x'.repeat(90),
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: `${PHONE_PREVIEW_PATH}${forged}` });
      expect({ forged, status: answer.statusCode }).toEqual({ forged, status: 410 });
    }
    // Past the router's length for a path segment: refused before the route (414).
    expect((await t.app.inject({ method: 'GET', url: `${PHONE_PREVIEW_PATH}${'x'.repeat(500)}` })).statusCode).toBe(414);
  });
});
