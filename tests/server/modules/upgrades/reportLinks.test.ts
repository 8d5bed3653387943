/**
 * Pages published before 内容审核 had no 举报 link. Once a new version starts, such a page is
 * served with the link 发布 adds (compressed copies too), once however often it runs, its owner's
 * count grows by what it added; a page that has its link is not written again. With
 * PUBLISH_ORIGIN the link leads to PUBLIC_ORIGIN; without PUBLIC_ORIGIN the app's origin is not
 * known, so the pages are left as they were and the task waits for a server that knows it.
 */
import zlib from 'node:zlib';
import type { StorageUsage } from '../../../../src/contract/storageQuota';
import { reportLinkHtml, reportUrl } from '../../../../src/server/modules/moderation/reportLink';
import { STORAGE_USAGE_PATH } from '../../../../src/server/modules/storageQuota/routes';
import { get, type TestApp } from '../../helpers';
import { quickLogin } from '../../queue/kit';
import { describeEachInstall, hex, miniSite, type Install } from './upgradeKit';

jest.setTimeout(60_000);

const PUBLIC_ORIGIN = 'https://app.example.com';
const PUBLISH_ORIGIN = 'https://pages.example.com';

/** A page as sites are made: long enough to have compressed copies beside it. */
const pageText = (title: string, extra = ''): string => `<!doctype html><html><head><title>${title}</title></head><body><p>${'旧的网页内容 '.repeat(200)}</p>${extra}</body></html>`;
const linksIn = (html: string): number => html.split('data-report-link').length - 1;

/** A page published by an older version: its record, its page and the page's compressed copies, with no row of the quota. */
async function publishedTheOldWay(install: Install, html: string): Promise<{ slug: string; userId: number; headers: Record<string, string> }> {
  const old = install.old;
  if (!old) throw new Error('no install');
  const owner = quickLogin(old, '13800138001');
  const slug = hex();
  const at = old.clock.now();
  await old.app.database.sql.insertInto('published_sites').values({ slug, site_id: null, mini_site_id: await miniSite(old, owner.userId), user_id: owner.userId, created_at: at, updated_at: at }).execute();
  await install.put(`published/${slug}/index.html`, Buffer.from(html));
  await install.put(`published/${slug}/index.html.br`, zlib.brotliCompressSync(Buffer.from(html)));
  await install.put(`published/${slug}/index.html.gz`, zlib.gzipSync(Buffer.from(html)));
  return { slug, ...owner };
}

const storedPage = async (app: TestApp, slug: string, name = 'index.html'): Promise<string> => {
  const found = await app.app.dataFiles.store.read(`published/${slug}/${name}`);
  if (!found) throw new Error(`published/${slug}/${name} is gone`);
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  return (name.endsWith('.br') ? zlib.brotliDecompressSync(bytes) : name.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
};

describeEachInstall('the 举报 link of pages published before 内容审核', {}, (install) => {
  it('is added once to each page without it, as 发布 adds it, and a page with it is not written again', async () => {
    const bare = await publishedTheOldWay(install(), pageText('旧站'));
    const stampedText = pageText('新站', reportLinkHtml('/report?site=whatever'));
    const stamped = await publishedTheOldWay(install(), stampedText);
    const stampedBefore = await install().old?.app.dataFiles.store.head(`published/${stamped.slug}/index.html`);

    const app = await install().upgrade();
    const page = await app.app.inject({ method: 'GET', url: `/pub/${bare.slug}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(reportLinkHtml(reportUrl('', bare.slug)));
    expect(linksIn(page.body)).toBe(1);
    const compressed = await app.app.inject({ method: 'GET', url: `/pub/${bare.slug}/`, headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(page.body);
    expect(await storedPage(app, bare.slug, 'index.html.gz')).toBe(page.body);
    expect(await app.app.dataFiles.store.head(`published/${stamped.slug}/index.html`)).toEqual(stampedBefore);
    expect(await storedPage(app, stamped.slug)).toBe(stampedText);

    // The count (run first) took the page as it was; the link's bytes are added to it.
    const usage = async () => (await get<StorageUsage>(app, STORAGE_USAGE_PATH, bare.headers)).data.usedBytes;
    const files = await app.app.dataFiles.store.listWithTimes('published/');
    expect(await usage()).toBe(files.reduce((sum, file) => sum + file.size, 0));

    // Run again (as if its row were lost): still one link.
    await app.app.database.sql.deleteFrom('one_off_tasks').where('name', '=', 'published-report-links').execute();
    app.app.upgrades.kick();
    await app.app.upgrades.settled();
    expect(linksIn(await storedPage(app, bare.slug))).toBe(1);
    expect(linksIn(await storedPage(app, bare.slug, 'index.html.br'))).toBe(1);
  });
});

/** The link as the first pages carried it: a badge fixed in the corner. */
const cornerLink = (slug: string): string =>
  `<a href="/report?site=${slug}" rel="nofollow noopener" data-report-link style="position:fixed;right:8px;bottom:8px;z-index:2147483647;padding:2px 8px;border-radius:10px;background:rgba(0,0,0,.35);color:#fff;font:12px/20px sans-serif;text-decoration:none">举报</a>`;

describeEachInstall('the 举报 badge of the first pages', {}, (install) => {
  it('becomes a line of its own after the content, compressed copies too, and a page with the line is not written again', async () => {
    const slug = hex();
    const cornered = await publishedTheOldWay(install(), pageText('角落', cornerLink(slug)));
    const lined = await publishedTheOldWay(install(), pageText('新站', reportLinkHtml('/report?site=whatever')));
    const linedBefore = await install().old?.app.dataFiles.store.head(`published/${lined.slug}/index.html`);

    const app = await install().upgrade();
    const page = await storedPage(app, cornered.slug);
    expect(page).not.toContain('position:fixed');
    expect(linksIn(page)).toBe(1);
    // The same link, now as 发布 writes it.
    expect(page).toContain(reportLinkHtml(`/report?site=${slug}`));
    expect(await storedPage(app, cornered.slug, 'index.html.br')).toBe(page);
    expect(await storedPage(app, cornered.slug, 'index.html.gz')).toBe(page);
    expect(await app.app.dataFiles.store.head(`published/${lined.slug}/index.html`)).toEqual(linedBefore);
  });
});

describeEachInstall('the 举报 link of old pages served on PUBLISH_ORIGIN', { PUBLISH_ORIGIN, PUBLIC_ORIGIN }, (install) => {
  it('leads to PUBLIC_ORIGIN', async () => {
    const { slug } = await publishedTheOldWay(install(), pageText('旧站'));
    const app = await install().upgrade();
    expect(await storedPage(app, slug)).toContain(reportLinkHtml(`${PUBLIC_ORIGIN}/report?site=${slug}`));
  });
});

describeEachInstall('the 举报 link of old pages served on PUBLISH_ORIGIN without PUBLIC_ORIGIN', { PUBLISH_ORIGIN }, (install) => {
  it('is left for a server that knows the app’s origin, the page as it was and the task not done', async () => {
    const text = pageText('旧站');
    const { slug } = await publishedTheOldWay(install(), text);
    const app = await install().upgrade();
    expect(await storedPage(app, slug)).toBe(text);
    expect(app.logs.some((line) => line.includes('"pages":1') && line.includes('PUBLIC_ORIGIN'))).toBe(true);
    const rows = await app.app.database.sql.selectFrom('one_off_tasks').select(['name', 'done_at', 'claimed_by']).orderBy('name').execute();
    expect(rows.map((row) => [row.name, row.done_at !== null, row.claimed_by])).toEqual([
      ['picture-metadata-cleaning', true, null],
      ['published-report-link-lines', true, null],
      ['published-report-links', false, null],
      ['stored-bytes-count', true, null],
    ]);
  });
});
