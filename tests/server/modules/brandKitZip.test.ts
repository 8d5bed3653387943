/**
 * The brand kit in a logo's zip: rendered after the logo (never before its result), once however
 * many ask, ahead of idle work when the zip waits for it; a failed kit leaves the logo downloadable
 * and is tried again by the next zip.
 */
import { unzipSync } from 'fflate';
import { DEFAULT_LOGO_TEXTS, type LogoCreateAnswer, type LogoPollingAnswer, type ZipAnswer } from '../../../src/contract/generation';
import { post } from '../helpers';
import { FakeRunner, buildGenerationApp, quickLogin, settle, type GenerationTestApp } from '../queue/kit';

let t: GenerationTestApp;
let auth: Record<string, string>;
let runner: FakeRunner;

const start = async (kitWaitMs?: number): Promise<void> => {
  runner = new FakeRunner('manual');
  t = await buildGenerationApp({ runner, kitWaitMs });
  auth = quickLogin(t).headers;
};

beforeEach(() => start());

afterEach(async () => {
  await t.close();
});

const create = (body: object) => post<LogoCreateAnswer>(t, '/index/common/logoCreate', body, auth);
const poll = (uniqueId: string) => post<LogoPollingAnswer>(t, '/index/common/logoPolling', { uniqueId }, auth);
const zip = (logoUrl: string) => post<ZipAnswer>(t, '/index/common/createZipUrlByFile', { fileName: 'LOGO', fileList: [logoUrl] });
const entriesOf = async (zipUrl: string): Promise<string[]> => Object.keys(unzipSync(new Uint8Array((await t.app.inject({ method: 'GET', url: zipUrl })).rawPayload)));
const kitRenders = () => runner.renders.filter((render) => render.spec.kind === 'brand-kit');

/** A logo rendered and polled done; its kit render has started (in idle time) but not finished. */
async function finishedLogo(): Promise<string> {
  const created = await create({ ...DEFAULT_LOGO_TEXTS, logobg: 3, module: 'tl', isFirst: true });
  await runner.started(1);
  // Nothing of the kit before the logo is done.
  expect(kitRenders()).toHaveLength(0);
  runner.renders[0].finish();
  await settle();
  const polled = await poll(created.data.uniqueId);
  expect(polled.data.isCreate).toBe(true);
  await runner.started(2);
  expect(runner.renders[1].spec).toEqual({ kind: 'brand-kit', logoStyle: 3, texts: DEFAULT_LOGO_TEXTS });
  return polled.data.logoUrl;
}

it('renders the kit once after the logo; the zip waits for that render and holds it', async () => {
  const logoUrl = await finishedLogo();
  const zipped = zip(logoUrl);
  const again = zip(logoUrl);
  await settle(20);
  expect(kitRenders()).toHaveLength(1);
  kitRenders()[0].finish();
  const [first, second] = await Promise.all([zipped, again]);
  expect(first.data.zipUrl).toBe(second.data.zipUrl);
  const names = await entriesOf(first.data.zipUrl);
  expect(names).toContain('龙腾天下-品牌套件/品牌规范.html');
  expect(names).toContain('龙腾天下-品牌套件/favicon.ico');
  // Kept: a later zip neither renders the kit again nor makes another zip.
  expect((await zip(logoUrl)).data.zipUrl).toBe(first.data.zipUrl);
  await poll(logoUrl.split('/')[2]);
  await settle(20);
  expect(kitRenders()).toHaveLength(1);
});

it('zips the logo alone when its kit fails, and tries the kit again on the next zip', async () => {
  const logoUrl = await finishedLogo();
  const zipped = zip(logoUrl);
  await settle(20);
  kitRenders()[0].fail(new Error('kit render failed'));
  const first = await zipped;
  expect(first.code).toBe(200);
  expect(await entriesOf(first.data.zipUrl)).toEqual(['龙腾天下-logo.png']);

  const retried = zip(logoUrl);
  await runner.started(3);
  expect(kitRenders()).toHaveLength(2);
  kitRenders()[1].finish();
  const second = await retried;
  expect(second.data.zipUrl).not.toBe(first.data.zipUrl);
  expect(await entriesOf(second.data.zipUrl)).toContain('龙腾天下-品牌套件/logo-on-dark.png');
});

it('zips the logo alone when its kit is not made in time (slots busy), and holds the kit in a later zip', async () => {
  await t.close();
  await start(50);
  const logoUrl = await finishedLogo();
  // The kit render never ends while the zip waits.
  const first = await zip(logoUrl);
  expect(first.code).toBe(200);
  expect(await entriesOf(first.data.zipUrl)).toEqual(['龙腾天下-logo.png']);
  kitRenders()[0].finish();
  await settle(20);
  const second = await zip(logoUrl);
  expect(second.data.zipUrl).not.toBe(first.data.zipUrl);
  expect(await entriesOf(second.data.zipUrl)).toContain('龙腾天下-品牌套件/app-icon-1024.png');
  expect(kitRenders()).toHaveLength(1);
});

it("packs at once what is ready when asked not to wait (a preview page's automatic download), and the next zip holds the kit", async () => {
  const logoUrl = await finishedLogo();
  // The kit render is under way and the default wait is 15 s: this zip does not wait for it.
  const first = await post<ZipAnswer>(t, '/index/common/createZipUrlByFile', { fileName: 'LOGO', fileList: [logoUrl], waitForExtras: false });
  expect(first.code).toBe(200);
  expect(await entriesOf(first.data.zipUrl)).toEqual(['龙腾天下-logo.png']);
  kitRenders()[0].finish();
  // Once the kit is in place (its files copied out of the render's folder), a zip holds it.
  let names: string[] = [];
  for (let ask = 0; ask < 50 && !names.includes('龙腾天下-品牌套件/品牌规范.html'); ask++) {
    await settle(20);
    const again = await post<ZipAnswer>(t, '/index/common/createZipUrlByFile', { fileName: 'LOGO', fileList: [logoUrl], waitForExtras: false });
    names = await entriesOf(again.data.zipUrl);
  }
  expect(names).toContain('龙腾天下-品牌套件/品牌规范.html');
  // Asking meanwhile joined the render under way instead of starting another.
  expect(kitRenders()).toHaveLength(1);
  const refused = await post<ZipAnswer>(t, '/index/common/createZipUrlByFile', { fileName: 'LOGO', fileList: [logoUrl], waitForExtras: 'no' });
  expect(refused.code).not.toBe(200);
});

it('makes no kit for a banner', async () => {
  const created = await create({ ...DEFAULT_LOGO_TEXTS, logobg: 3, banner: 2, bannerTopText: '', bannerBottomText: '', module: 'fsa', isFirst: true });
  await runner.started(1);
  runner.renders[0].finish();
  await settle();
  expect((await poll(created.data.uniqueId)).data.isCreate).toBe(true);
  await settle(20);
  expect(kitRenders()).toHaveLength(0);
});
