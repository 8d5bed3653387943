/**
 * A banner's extras come in two renders: its phone cut first, then the WebM videos (made from the
 * phone cut's MP4 and the banner's). The phone cut is shown, zipped and put into sites as soon as
 * it is made, without waiting for the WebMs; the WebM render never starts before the phone cut is
 * there, however urgently it is asked for.
 */
import { unzipSync } from 'fflate';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, type BannerCutsAnswer, type LogoCreateAnswer, type LogoPollingAnswer, type ZipAnswer } from '../../../src/contract/generation';
import type { RenderSpec } from '../../../src/server/render/jobSpec';
import { post } from '../helpers';
import { waitUntil } from '../waitUntil';
import { FakeRunner, buildGenerationApp, quickLogin, settle, type GenerationTestApp } from '../queue/kit';

let t: GenerationTestApp;
let runner: FakeRunner;

const start = async (kitWaitMs?: number): Promise<void> => {
  runner = new FakeRunner('manual');
  t = await buildGenerationApp({ runner, kitWaitMs });
};

afterEach(async () => {
  await t.close();
});

const rendersOf = (kind: RenderSpec['kind']) => runner.renders.filter((render) => render.spec.kind === kind);
const cuts = (bannerUrl: string) => post<BannerCutsAnswer>(t, '/index/common/bannerCuts', { bannerUrl });
const zip = (files: string[], waitForExtras?: boolean) => post<ZipAnswer>(t, '/index/common/createZipUrlByFile', { fileName: '整屏动画', fileList: files, waitForExtras });
const entriesOf = async (zipUrl: string): Promise<string[]> => Object.keys(unzipSync(new Uint8Array((await t.app.inject({ method: 'GET', url: zipUrl })).rawPayload))).sort();

/** A banner rendered and polled done: its URLs and job id. */
async function finishedBanner(): Promise<{ bannerUrl: string; logoUrl: string; id: string }> {
  const auth = quickLogin(t).headers;
  const created = await post<LogoCreateAnswer>(t, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 1, banner: 1, module: 'fsa', isFirst: true }, auth);
  await runner.started(1);
  runner.renders[0].finish();
  await settle();
  const polled = await post<LogoPollingAnswer>(t, '/index/common/logoPolling', { uniqueId: created.data.uniqueId }, auth);
  expect(polled.data.isCreate).toBe(true);
  return { bannerUrl: polled.data.bannerUrl, logoUrl: polled.data.logoUrl, id: created.data.uniqueId };
}

/** Waits until `kind` has `count` renders: a finished part is copied into place (file I/O) before the next starts. */
async function rendersStarted(kind: RenderSpec['kind'], count: number): Promise<void> {
  await waitUntil(() => rendersOf(kind).length >= count);
  expect(rendersOf(kind)).toHaveLength(count);
}

const PHONE_CUT_ENTRIES = ['龙腾天下-banner-portrait-poster.jpg', '龙腾天下-banner-portrait.mp4'];
const WEBM_ENTRIES = ['龙腾天下-banner-portrait.webm', '龙腾天下-banner.webm'];
const RESULT_ENTRIES = ['龙腾天下-banner-poster.jpg', '龙腾天下-banner.mp4', '龙腾天下-logo.png'];

it('answers the phone cut as soon as it is made, then the WebMs, each from its own render in that order', async () => {
  await start();
  const { bannerUrl, id } = await finishedBanner();
  await rendersStarted('banner-cuts', 1);
  // Asked for urgently while the phone cut is still being drawn: the WebMs wait for it.
  expect((await cuts(bannerUrl)).data).toEqual({ ready: false, portraitProgress: 0, portraitUrl: '', portraitPosterUrl: '', portraitWebmUrl: '', webmUrl: '', artMaker: 'scene', artMakerLabel: '', keyArtUrl: '' });
  // Its frames drawn so far, in whole percent.
  rendersOf('banner-cuts')[0].progress(0.426);
  expect((await cuts(bannerUrl)).data).toMatchObject({ ready: false, portraitProgress: 42, portraitUrl: '' });
  await settle(20);
  expect(rendersOf('banner-webm')).toHaveLength(0);
  expect(rendersOf('banner-cuts')[0].spec).toMatchObject({ kind: 'banner-cuts', jobId: id });

  rendersOf('banner-cuts')[0].finish();
  await rendersStarted('banner-webm', 1);
  expect(rendersOf('banner-webm')[0].spec).toEqual({ kind: 'banner-webm', jobId: id });
  expect((await cuts(bannerUrl)).data).toEqual({
    ready: false,
    portraitProgress: 100,
    portraitUrl: `/generated/${id}/cuts/banner-portrait.mp4`,
    portraitPosterUrl: `/generated/${id}/cuts/banner-portrait-poster.jpg`,
    portraitWebmUrl: '',
    webmUrl: '',
    artMaker: 'scene',
    artMakerLabel: '',
    keyArtUrl: '',
  });
  const phone = await t.app.inject({ method: 'GET', url: `/generated/${id}/cuts/banner-portrait.mp4` });
  expect(phone.statusCode).toBe(200);

  rendersOf('banner-webm')[0].finish();
  let answer = (await cuts(bannerUrl)).data;
  for (let ask = 0; ask < 50 && !answer.ready; ask++) {
    await settle(20);
    answer = (await cuts(bannerUrl)).data;
  }
  expect(answer).toEqual({
    ready: true,
    portraitProgress: 100,
    portraitUrl: `/generated/${id}/cuts/banner-portrait.mp4`,
    portraitPosterUrl: `/generated/${id}/cuts/banner-portrait-poster.jpg`,
    portraitWebmUrl: `/generated/${id}/webm/banner-portrait.webm`,
    webmUrl: `/generated/${id}/webm/banner.webm`,
    artMaker: 'scene',
    artMakerLabel: '',
    keyArtUrl: '',
  });
  // Asked for again and again: each made once.
  expect([rendersOf('banner-cuts').length, rendersOf('banner-webm').length]).toEqual([1, 1]);
});

it('zips what is made in time: the phone cut without the WebMs still under way, all of it in a later zip', async () => {
  await start(50);
  const { bannerUrl, logoUrl } = await finishedBanner();
  await rendersStarted('banner-cuts', 1);
  const none = await zip([bannerUrl, logoUrl]);
  expect(await entriesOf(none.data.zipUrl)).toEqual(RESULT_ENTRIES);

  rendersOf('banner-cuts')[0].finish();
  await rendersStarted('banner-webm', 1);
  const phoneOnly = await zip([bannerUrl, logoUrl]);
  expect(phoneOnly.data.zipUrl).not.toBe(none.data.zipUrl);
  expect(await entriesOf(phoneOnly.data.zipUrl)).toEqual([...RESULT_ENTRIES, ...PHONE_CUT_ENTRIES].sort());

  rendersOf('banner-webm')[0].finish();
  let names: string[] = [];
  for (let ask = 0; ask < 50 && !names.includes(WEBM_ENTRIES[0]); ask++) {
    await settle(20);
    names = await entriesOf((await zip([bannerUrl, logoUrl])).data.zipUrl);
  }
  expect(names).toEqual([...RESULT_ENTRIES, ...PHONE_CUT_ENTRIES, ...WEBM_ENTRIES].sort());
});

it('makes the phone cut again when it failed, before the WebMs, which never start without it', async () => {
  await start(50);
  const { bannerUrl } = await finishedBanner();
  await rendersStarted('banner-cuts', 1);
  rendersOf('banner-cuts')[0].fail(new Error('portrait render failed'));
  await settle(20);
  expect(rendersOf('banner-webm')).toHaveLength(0);
  // The next ask tries again, in order.
  expect((await cuts(bannerUrl)).data.ready).toBe(false);
  await rendersStarted('banner-cuts', 2);
  expect(rendersOf('banner-webm')).toHaveLength(0);
  rendersOf('banner-cuts')[1].finish();
  await rendersStarted('banner-webm', 1);
});
