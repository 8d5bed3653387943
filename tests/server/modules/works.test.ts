/**
 * GET /api/works/getWorkList, the back office's 我的作品: the logos, banners and mini sites a user
 * generated, with pictures that load and downloads that work, never another user's, gone when
 * housekeeping deletes them.
 */
import { unzipSync } from 'fflate';
import { AnswerCode } from '../../../src/contract/envelope';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, type ZipAnswer } from '../../../src/contract/generation';
import { Messages } from '../../../src/contract/messages';
import type { PublishAnswer } from '../../../src/contract/builder';
import type { CreateSiteAnswer } from '../../../src/contract/miniSite';
import { WorkMessages, type WorkFilesDownload, type WorkListAnswer, type WorkRecord, type WorkSiteDownload } from '../../../src/contract/works';
import { KEEP_DONE_MS } from '../../../src/server/queue/renderQueue';
import { buildTestApp, get, post, type TestApp, type TestClock } from '../helpers';
import { FakeRunner, quickLogin } from '../queue/kit';
import { SmallRealRunner, generate, placeMusic } from './miniSiteKit';

const logoForm = (logotext: string, module = 'tl') => ({ ...DEFAULT_LOGO_TEXTS, logotext, logobg: 3, module });
const bannerForm = (logotext: string) => ({ ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logotext, logobg: 3, banner: 2, module: 'fsa' });

const list = (t: TestApp, headers: Record<string, string>, query = '') => get<WorkListAnswer>(t, `/api/works/getWorkList${query}`, headers);

describe('GET /api/works/getWorkList', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let site: CreateSiteAnswer;

  const start = async (dataDir?: string, clock?: TestClock): Promise<void> => {
    t = await buildTestApp({ generation: { runner: new SmallRealRunner() }, dataDir, clock, keepDataDir: true });
    owner = quickLogin(t).headers;
    other = quickLogin(t, '13900139000').headers;
  };

  beforeAll(async () => {
    await start();
    await placeMusic(t.dataDir);
    await generate(t, owner, logoForm('星辰战纪'));
    t.clock.advance(1000);
    await generate(t, owner, logoForm('星辰战纪', 'al'));
    t.clock.advance(1000);
    const banner = await generate(t, owner, bannerForm('星辰战纪'));
    t.clock.advance(1000);
    const created = await post<CreateSiteAnswer>(
      t,
      '/index/minisite/createSite',
      { templateId: 5, logoId: 3, logoUrl: banner.logoUrl, bannerId: 2, bannerUrl: banner.bannerUrl, config: { game_name: '星辰战纪' } },
      owner,
    );
    expect(created.code).toBe(200);
    site = created.data;
  }, 180_000);

  afterAll(async () => {
    const { dataDir } = t;
    await t.close();
    (await import('node:fs')).rmSync(dataDir, { recursive: true, force: true });
  });

  it('needs a login', async () => {
    const answer = await list(t, {});
    expect(answer).toMatchObject({ status: 401, code: 401, msg: Messages.loginExpired });
  });

  it('lists the mini site, the banner and both logos, newest first, each with its picture and download', async () => {
    const { data, code } = await list(t, owner);
    expect(code).toBe(200);
    expect(data.total).toBe(4);
    expect(data.list.map((work) => work.type)).toEqual(['miniSite', 'banner', 'animatedLogo', 'logo']);
    const [miniSite, banner, animated, logo] = data.list;
    expect(miniSite).toMatchObject({ key: `site:${site.webSiteDir}`, viewUrl: site.previewUrl, download: { webSiteDir: site.webSiteDir } });
    expect(logo.title).toBe('星辰战纪');
    expect(logo.download).toEqual({ fileName: '星辰战纪-LOGO', fileList: [logo.picture] });
    expect(animated.picture).toMatch(/\/logo-still\.png$/);
    expect(animated.download).toEqual({ fileName: '星辰战纪-动态LOGO', fileList: [animated.viewUrl] });
    expect(animated.viewUrl).toMatch(/\/logo\.webp$/);
    expect((banner.download as WorkFilesDownload).fileList).toEqual([expect.stringMatching(/\/logo\.png$/), banner.viewUrl]);
    expect(banner.viewUrl).toMatch(/\/banner\.mp4$/);
    for (const work of data.list) {
      expect(work.create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(work.expire_date).toMatch(/^\d{4}-\d\d-\d\d$/);
      const picture = await t.app.inject({ method: 'GET', url: work.picture });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toMatch(/^image\//);
    }
    // A site is kept 14 days from its making, a result 7 days from its last use.
    expect(miniSite.expire_date).toBe('2026-01-15');
    expect(logo.expire_date).toBe('2026-01-08');
  });

  it('names a published mini site\'s link for its 数据, and only once it is published', async () => {
    const before = await list(t, owner, '?type=miniSite');
    expect(before.data.list[0]).not.toHaveProperty('publishedSlug');
    const published = await post<PublishAnswer>(t, '/index/minisite/publish', { webSiteDir: site.webSiteDir }, owner);
    expect(published.code).toBe(200);
    const after = await list(t, owner, '?type=miniSite');
    expect(after.data.list[0].publishedSlug).toBe(new URL(published.data.url).pathname.split('/')[2]);
    // One row a site, whatever its link.
    expect(after.data.total).toBe(before.data.total);
    expect((await post(t, '/index/minisite/unpublish', { webSiteDir: site.webSiteDir }, owner)).code).toBe(200);
    expect((await list(t, owner, '?type=miniSite')).data.list[0]).not.toHaveProperty('publishedSlug');
  });

  it('downloads each work by the call its download names', async () => {
    const { data } = await list(t, owner);
    for (const work of data.list) {
      const answer =
        'webSiteDir' in work.download
          ? await post<ZipAnswer>(t, '/index/minisite/getDownloadZipUrl', work.download satisfies WorkSiteDownload, owner)
          : await post<ZipAnswer>(t, '/index/common/createZipUrlByFile', work.download, owner);
      expect(answer.code).toBe(200);
      const zip = await t.app.inject({ method: 'GET', url: answer.data.zipUrl });
      expect(zip.statusCode).toBe(200);
      expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).length).toBeGreaterThan(0);
    }
  });

  it('filters by type and pages', async () => {
    const logos = await list(t, owner, '?type=logo');
    expect(logos.data.list.map((work: WorkRecord) => work.type)).toEqual(['logo']);
    expect(logos.data.total).toBe(1);
    const sites = await list(t, owner, '?type=miniSite');
    expect(sites.data.list.map((work) => work.key)).toEqual([`site:${site.webSiteDir}`]);
    const second = await list(t, owner, '?page=2&page_size=3');
    expect(second.data.total).toBe(4);
    expect(second.data.list.map((work) => work.type)).toEqual(['logo']);
    expect((await list(t, owner, '?page=9')).data).toEqual({ list: [], total: 4 });
  });

  it('refuses an unknown type with its message', async () => {
    const answer = await list(t, owner, '?type=secrets');
    expect(answer).toMatchObject({ code: AnswerCode.invalid, msg: WorkMessages.typeInvalid });
  });

  it("shows no one else's works, and the same logo asked for by two users is in both lists", async () => {
    expect((await list(t, other)).data).toEqual({ list: [], total: 0 });
    await generate(t, other, logoForm('星辰战纪'));
    const theirs = await list(t, other);
    expect(theirs.data.list.map((work) => work.type)).toEqual(['logo']);
    expect((await list(t, owner)).data.total).toBe(4);
  });

  it('asking for a logo again moves it to the top', async () => {
    t.clock.advance(1000);
    await generate(t, owner, logoForm('星辰战纪'));
    expect((await list(t, owner)).data.list[0].type).toBe('logo');
  });

  it('drops results that housekeeping deleted', async () => {
    const { dataDir, clock } = t;
    await t.close();
    clock.advance(KEEP_DONE_MS + 1);
    // A start runs a housekeeping sweep at once: the results go, the site (kept 14 days) stays.
    await start(dataDir, clock);
    const { data } = await list(t, owner);
    expect(data.list.map((work) => work.type)).toEqual(['miniSite']);
    expect(t.readDb().prepare('SELECT COUNT(*) AS n FROM user_works').get()).toEqual({ n: 0 });
  });
});

describe('works that did not finish', () => {
  it('lists neither a failed nor a queued render', async () => {
    const runner = new FakeRunner('manual');
    const t = await buildTestApp({ generation: { runner } });
    try {
      const { headers } = quickLogin(t);
      await post(t, '/index/common/logoCreate', { ...logoForm('星辰战纪'), isFirst: true }, headers);
      expect((await list(t, headers)).data).toEqual({ list: [], total: 0 });
      await runner.started(1);
      runner.userRenders()[0].fail(new Error('boom'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(t.readDb().prepare("SELECT status FROM render_jobs").all()).toEqual([{ status: 'failed' }]);
      expect((await list(t, headers)).data).toEqual({ list: [], total: 0 });
    } finally {
      await t.close();
    }
  });
});
