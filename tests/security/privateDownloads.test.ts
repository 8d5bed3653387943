/**
 * Attack 4, "guessable private downloads": a builder site's zip lived at
 * /zips/sha256("builder-site:<id>:<ms>")/… under an unauthenticated route, and walking ids and
 * milliseconds found one in 10 seconds. Every private download URL now carries at least 128
 * unguessable bits and expires. And the bug found on the way: zips whose name held
 * `, & + $ @ # = ;` answered 404, because the static route never decoded the name.
 */
import crypto from 'node:crypto';
import { unzipSync } from 'fflate';
import type { ZipUrlAnswer } from '../../src/contract/builder';
import { DEFAULT_LOGO_TEXTS, type LogoCreateAnswer, type ZipAnswer } from '../../src/contract/generation';
import { ZIP_KEEP_MS } from '../../src/server/modules/generation/zip';
import { createClock, get, post, type TestApp } from '../server/helpers';
import { alice, newSite } from '../server/modules/builderKit';
import { buildGenerationApp, quickLogin, settle } from '../server/queue/kit';

jest.setTimeout(60_000);

let t: TestApp;
const opened: TestApp[] = [];

/** An app this file's afterEach closes. */
async function open(options: Parameters<typeof buildGenerationApp>[0] = {}): Promise<TestApp> {
  t = await buildGenerationApp(options);
  opened.push(t);
  return t;
}

afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

const oldKey = (siteId: number, ms: number): string => crypto.createHash('sha256').update(`builder-site:${siteId}:${ms}`).digest('hex').slice(0, 32);
const keyOf = (url: string): string => url.split('/')[2];
const fetchStatus = async (url: string): Promise<number> => (await t.app.inject({ method: 'GET', url })).statusCode;

describe("a builder site's zip", () => {
  it('cannot be found by walking site ids and milliseconds', async () => {
    await open();
    const owner = alice(t);
    const site = await newSite(t, owner);
    const at = t.clock.now();
    const answer = await post<ZipUrlAnswer>(t, '/api/CreateWeb/completeWeb', { id: site.id, formData: {} }, owner.headers);
    expect(answer.code).toBe(200);
    const key = keyOf(answer.data.url);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const walked = new Set<string>();
    for (let id = 1; id <= 3; id += 1) for (let ms = at - 10_000; ms <= at + 10_000; ms += 1) walked.add(oldKey(id, ms));
    expect(walked.has(key)).toBe(false);
    // What the walk would have fetched is not there.
    expect(await fetchStatus(`/zips/${oldKey(site.id, at)}/${answer.data.url.split('/')[3]}`)).toBe(404);
    expect(await fetchStatus(answer.data.url)).toBe(200);
  });

  it('expires: a day later the URL is gone, and the owner is handed a new one', async () => {
    await open({ keepDataDir: true });
    const owner = alice(t);
    const site = await newSite(t, owner);
    const first = (await post<ZipUrlAnswer>(t, '/api/CreateWeb/completeWeb', { id: site.id, formData: {} }, owner.headers)).data.url;
    const { dataDir, clock } = t;
    await opened.splice(0).pop()?.close();
    clock.advance(ZIP_KEEP_MS + 60_000);
    // A start runs a housekeeping sweep at once.
    await open({ dataDir, clock });
    expect(await fetchStatus(first)).toBe(404);
    const again = await get<ZipUrlAnswer>(t, `/api/webSiteLog/getFilePath?id=${site.id}`, alice(t).headers);
    expect(again.code).toBe(200);
    expect(keyOf(again.data.url)).not.toBe(keyOf(first));
    expect(await fetchStatus(again.data.url)).toBe(200);
    // Anyone else asking is refused.
    const stranger = quickLogin(t, '13900139000');
    expect((await get(t, `/api/webSiteLog/getFilePath?id=${site.id}`, stranger.headers)).code).not.toBe(200);
  });
});

describe('result zips', () => {
  it('expire a day after they were last asked for', async () => {
    await open({ keepDataDir: true, clock: createClock() });
    const headers = quickLogin(t).headers;
    await post(t, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logobg: 1, module: 'tl', isFirst: true }, headers);
    await settle();
    const logo = (await post<LogoCreateAnswer>(t, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logobg: 1, module: 'tl', isFirst: true }, headers)).data;
    const { zipUrl } = (await post<ZipAnswer>(t, '/index/common/createZipUrlByFile', { fileName: 'LOGO', fileList: [logo.logoUrl] })).data;
    expect(await fetchStatus(zipUrl)).toBe(200);
    const { dataDir, clock } = t;
    await opened.splice(0).pop()?.close();
    clock.advance(ZIP_KEEP_MS + 60_000);
    await open({ dataDir, clock });
    expect(await fetchStatus(zipUrl)).toBe(404);
  });
});

describe('zip names', () => {
  // One app for the hundred names, closed after them.
  let shared: TestApp;
  let logoUrl: string;

  beforeAll(async () => {
    shared = await buildGenerationApp();
    const headers = quickLogin(shared).headers;
    await post(shared, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logobg: 1, module: 'tl', isFirst: true }, headers);
    await settle();
    logoUrl = (await post<LogoCreateAnswer>(shared, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logobg: 1, module: 'tl', isFirst: true }, headers)).data.logoUrl;
  });

  afterAll(async () => {
    await shared.close();
  });

  // Every printable ASCII character, then some Chinese, one at a time.
  const characters = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), '星', '辰', '战纪', '《》', '，'];

  it.each(characters.map((character, i) => [character, i]))('a zip named with %j downloads', async (character, i) => {
    // An address each: a hundred zips from one would pass its rate limit.
    const asked = await shared.app.inject({ method: 'POST', url: '/index/common/createZipUrlByFile', payload: { fileName: `游戏${character}标志`, fileList: [logoUrl] }, remoteAddress: `10.7.${i}.1` });
    const { code, data } = asked.json<{ code: number; data: ZipAnswer }>();
    expect(code).toBe(200);
    const response = await shared.app.inject({ method: 'GET', url: data.zipUrl });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(response.rawPayload))).length).toBeGreaterThan(0);
    const disposition = String(response.headers['content-disposition']);
    const named = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '');
    expect(named).toBe(`${decodeURIComponent(data.zipUrl.split('/')[3])}`);
  });
});
