/**
 * Attack: a script that got into a user's page (a published site, a builder or mini-site preview,
 * a phone preview) reads the login token the SPA keeps in the app origin's localStorage. Every
 * answer of those folders carries a sandboxing Content-Security-Policy, so the page runs in an
 * opaque origin of its own, with or without PUBLISH_ORIGIN; and it may still load its own
 * pictures, script and fonts from there. (The browser's side of it: tests/e2e/userPages.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { RESULT_CONTENT_SECURITY_POLICY } from '../../src/server/modules/generation/routes';
import { SITE_CONTENT_SECURITY_POLICY } from '../../src/server/modules/siteFiles/contentPolicy';
import { buildTestApp, type TestApp } from '../server/helpers';

const DIR = 'a'.repeat(32);
const SLUG = 'b'.repeat(32);
const FILES: Record<string, string> = {
  'index.html': '<!DOCTYPE html><html><head><script src="assets/site.js" defer></script></head><body>页面</body></html>',
  'assets/site.js': 'void 0;',
  'assets/fonts/display.woff2': 'wOF2',
  'assets/poster.webp': 'RIFF',
};

function writeSite(root: string): void {
  for (const [name, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
}

let t: TestApp;

async function userPageAddresses(app: TestApp): Promise<string[]> {
  writeSite(path.join(app.dataDir, 'sites', DIR));
  writeSite(path.join(app.dataDir, 'published', SLUG));
  const phone = new URL((await app.app.phoneLinks.linkFor(DIR, 'http://localhost')).url).pathname;
  return [`/sites/${DIR}/`, `/pub/${SLUG}/`, phone];
}

afterEach(async () => {
  await t?.close();
});

describe('user pages get an opaque origin', () => {
  it('every page and file of /sites/, /pub/ and a phone preview is sandboxed without same-origin, and may load its own files', async () => {
    t = await buildTestApp();
    for (const base of await userPageAddresses(t)) {
      for (const name of ['', ...Object.keys(FILES)]) {
        const answer = await t.app.inject({ method: 'GET', url: `${base}${name}` });
        const where = `${base}${name}`;
        expect({ where, status: answer.statusCode }).toEqual({ where, status: 200 });
        const policy = String(answer.headers['content-security-policy']);
        expect({ where, policy }).toEqual({ where, policy: SITE_CONTENT_SECURITY_POLICY });
        // The page's own files come to it from "another" origin now: the app's same-origin CORP would drop them.
        expect({ where, corp: answer.headers['cross-origin-resource-policy'] }).toEqual({ where, corp: 'cross-origin' });
        // Fonts are fetched with CORS; nothing else needs to be readable elsewhere.
        expect({ where, cors: answer.headers['access-control-allow-origin'] }).toEqual({ where, cors: name.endsWith('.woff2') ? '*' : undefined });
      }
    }
    const sandbox = SITE_CONTENT_SECURITY_POLICY.split('; ').find((directive) => directive.startsWith('sandbox'));
    expect(sandbox).toBe('sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox');
    // The page's own script only, no inline code, as before.
    expect(SITE_CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
  });

  it('keeps the sandbox on the publish host when PUBLISH_ORIGIN is set', async () => {
    t = await buildTestApp({ env: { PUBLISH_ORIGIN: 'https://pages.example.com' } });
    writeSite(path.join(t.dataDir, 'published', SLUG));
    const answer = await t.app.inject({ method: 'GET', url: `/pub/${SLUG}/`, headers: { host: 'pages.example.com' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
  });

  it("a result's page (a brand kit's guide, its SVG logo) opens sandboxed and runs nothing", async () => {
    t = await buildTestApp();
    const job = path.join(t.dataDir, 'generated', 'c'.repeat(32));
    fs.mkdirSync(job, { recursive: true });
    fs.writeFileSync(path.join(job, 'brand-guide.html'), '<!DOCTYPE html><p>品牌规范</p>');
    fs.writeFileSync(path.join(job, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const name of ['brand-guide.html', 'logo.svg']) {
      const answer = await t.app.inject({ method: 'GET', url: `/generated/${'c'.repeat(32)}/${name}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-security-policy']).toBe(RESULT_CONTENT_SECURITY_POLICY);
    }
    expect(RESULT_CONTENT_SECURITY_POLICY).toMatch(/; sandbox$/);
    expect(RESULT_CONTENT_SECURITY_POLICY).not.toContain('script-src');
  });

  it('the app itself keeps its own policy: no sandbox on the SPA or the API', async () => {
    t = await buildTestApp();
    const answer = await t.app.inject({ method: 'GET', url: '/index/index/getSiteConfig' });
    expect(answer.headers['content-security-policy']).not.toContain('sandbox');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
