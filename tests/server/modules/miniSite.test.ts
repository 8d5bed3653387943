/**
 * The mini site's catalogue calls: categories, the template list and its paging, a template's
 * config, the music list with its real (synthesised, encoded) tracks, and the template pictures.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { AnswerCode } from '../../../src/contract/envelope';
import { GenerationLimits, type TemplatePage } from '../../../src/contract/generation';
import { MiniSiteMessages, configFields, type MusicItem, type SiteCategory, type SiteTemplate, type TemplateConfigAnswer } from '../../../src/contract/miniSite';
import { MAX_SITE_TEMPLATE_PAGE_SIZE } from '../../../src/server/modules/miniSite/service';
import { FFMPEG_PATH } from '../../../src/server/render/ffmpeg';
import { MUSIC_TRACKS, MUSIC_VERSION } from '../../../src/server/render/music/tracks';
import { siteCategories, siteTemplates } from '../../../src/server/render/site/catalog';
import { answerSeconds } from '../../../src/server/queue/renderQueue';
import { RENDER_SEEDS } from '../../../src/server/queue/renderSeeds';
import { buildTestApp, post, type TestApp } from '../helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

const list = (body: object) => post<TemplatePage<SiteTemplate>>(t, '/index/minisite/getTemplateList', body);

describe('POST /index/minisite/getTemplateCategory', () => {
  it('lists the categories, with or without a body', async () => {
    const answer = await post<{ data: SiteCategory[] }>(t, '/index/minisite/getTemplateCategory');
    expect(answer).toMatchObject({ status: 200, code: 200 });
    expect(answer.data.data).toEqual(siteCategories);
    expect(answer.data.data.length).toBeGreaterThanOrEqual(5);
    const bare = await t.app.inject({ method: 'POST', url: '/index/minisite/getTemplateCategory' });
    expect(bare.json()).toMatchObject({ code: 200, data: { data: siteCategories } });
  });
});

describe('POST /index/minisite/getTemplateList', () => {
  it('pages through every template, 12 a page by default', async () => {
    const first = await list({ category_id: 0, page: 1 });
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ total: siteTemplates.length, current_page: 1, per_page: 12 });
    expect(first.data.data).toHaveLength(12);
    const second = await list({ category_id: 0, per_page: 12, page: 2 });
    expect(second.data.data).toHaveLength(Math.min(12, siteTemplates.length - 12));
    const ids = [...first.data.data, ...second.data.data].map((template) => template.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.data.data[0]).toEqual({
      id: siteTemplates[0].id,
      name: siteTemplates[0].name,
      category_id: siteTemplates[0].categoryId,
      banner_id: siteTemplates[0].bannerId,
      thumbnail: `/site-templates/${siteTemplates[0].id}-thumb.webp`,
      preview_image: `/site-templates/${siteTemplates[0].id}-preview.webp`,
      preview_image_phone: `/site-templates/${siteTemplates[0].id}-preview-phone.webp`,
    });
  });

  it('answers with defaults when there is no body, and past the last page with an empty page', async () => {
    const bare = await t.app.inject({ method: 'POST', url: '/index/minisite/getTemplateList' });
    expect(bare.json()).toMatchObject({ code: 200, data: { current_page: 1, per_page: 12, total: siteTemplates.length } });
    const beyond = await list({ category_id: 0, page: 99 });
    expect(beyond.data).toMatchObject({ data: [], total: siteTemplates.length, current_page: 99 });
  });

  it('filters by category; an unknown category is empty', async () => {
    for (const category of siteCategories) {
      const answer = await list({ category_id: category.id, per_page: 48, page: 1 });
      const expected = siteTemplates.filter((template) => template.categoryId === category.id).map((template) => template.id);
      expect(answer.data.total).toBe(expected.length);
      expect(answer.data.data.map((template) => template.id)).toEqual(expected);
      expect(answer.data.data.every((template) => template.category_id === category.id)).toBe(true);
    }
    expect((await list({ category_id: 999, page: 1 })).data).toMatchObject({ data: [], total: 0 });
  });

  it('caps the page size, and refuses nonsense with code 422', async () => {
    expect((await list({ category_id: 0, per_page: 5000, page: 1 })).data.per_page).toBe(MAX_SITE_TEMPLATE_PAGE_SIZE);
    const bad = await list({ category_id: 'abc', page: 1 });
    expect(bad).toMatchObject({ status: 200, code: AnswerCode.invalid, data: null });
    expect(bad.msg).toContain('category_id');
    expect((await list({ category_id: 0, page: -1 })).code).toBe(AnswerCode.invalid);
  });

  it('serves the template pictures from /site-templates/ with a long cache', async () => {
    const { data } = await list({ category_id: 0, page: 1 });
    const picture = await t.app.inject({ method: 'GET', url: data.data[0].thumbnail });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toBe('public, max-age=2592000');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    // Every template's three pictures are there, the phone preview as much as the others.
    for (const template of (await list({ category_id: 0, per_page: MAX_SITE_TEMPLATE_PAGE_SIZE, page: 1 })).data.data) {
      for (const url of [template.thumbnail, template.preview_image, template.preview_image_phone]) {
        const answer = await t.app.inject({ method: 'GET', url });
        expect({ url, status: answer.statusCode, type: answer.headers['content-type'] }).toEqual({ url, status: 200, type: 'image/webp' });
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/site-templates/../app.db' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/site-templates/%2e%2e/%2e%2e/package.json' })).statusCode).toBe(404);
  });
});

describe('POST /index/minisite/getTemplateConfig', () => {
  it("answers the template's groups and the banner's expected duration", async () => {
    const template = siteTemplates[4];
    const answer = await post<TemplateConfigAnswer>(t, '/index/minisite/getTemplateConfig', { templateId: template.id });
    expect(answer.code).toBe(200);
    expect(answer.data.config).toEqual(template.config);
    // No banner has been rendered yet: a banner's measured seed (not the spec's fallback).
    expect(answer.data.logoCreationDuration).toBe(answerSeconds(RENDER_SEEDS.fsa.all ?? 0));
    expect(answer.data.logoCreationDuration).not.toBe(GenerationLimits.defaultBannerSeconds);
    const types = new Set(configFields(answer.data.config).map((field) => field.type));
    for (const type of ['text', 'textarea', 'image', 'music', 'banner', 'banner_logo', 'video']) expect(types).toContain(type);
  });

  it.each([
    ['an unknown id', { templateId: 9999 }, MiniSiteMessages.siteTemplateMissing],
    ['no id', {}, MiniSiteMessages.siteTemplateRequired],
  ])('refuses %s', async (_label, body, message) => {
    expect(await post(t, '/index/minisite/getTemplateConfig', body)).toEqual({ status: 200, code: AnswerCode.invalid, msg: message, data: null });
  });
});

/** What ffmpeg reads from a file: its audio stream, its duration and its levels. */
function probeAudio(file: string): { codec: string; sampleRate: number; channels: string; seconds: number; meanDb: number; maxDb: number } {
  const run = spawnSync(FFMPEG_PATH, ['-hide_banner', '-nostats', '-i', file, '-af', 'volumedetect', '-f', 'null', '-'], { encoding: 'utf8' });
  expect(run.status).toBe(0);
  const stream = /Stream #0:0[^\n]*Audio: (\w+)[^\n]*?, (\d+) Hz, (\w+)/.exec(run.stderr);
  const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(run.stderr);
  const mean = /mean_volume: (-?[\d.]+) dB/.exec(run.stderr);
  const max = /max_volume: (-?[\d.]+) dB/.exec(run.stderr);
  if (!stream || !duration || !mean || !max) throw new Error(`no audio in:\n${run.stderr}`);
  const [, h, m, s] = duration;
  return {
    codec: stream[1],
    sampleRate: Number(stream[2]),
    channels: stream[3],
    seconds: Number(h) * 3600 + Number(m) * 60 + Number(s),
    meanDb: Number(mean[1]),
    maxDb: Number(max[1]),
  };
}

describe('POST /index/minisite/getMusicList', () => {
  it('lists our tracks, and each URL serves a real MP3 of 30 to 60 seconds, made on first request', async () => {
    const answer = await post<{ data: MusicItem[] }>(t, '/index/minisite/getMusicList');
    expect(answer.code).toBe(200);
    const items = answer.data.data;
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.map((item) => item.value)).toEqual(MUSIC_TRACKS.map((track) => track.slug));
    for (const item of items) {
      expect(item.url).toBe(`/generated/catalog/music/${MUSIC_VERSION}/${item.value}.mp3`);
      expect(item.shortUrl).toBe(item.url);
      expect(item.name).toMatch(/^[\u4e00-\u9fa5]{2,8}$/);
    }

    const started = Date.now();
    for (const item of items) {
      const response = await t.app.inject({ method: 'GET', url: item.url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('audio/mpeg');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const file = path.join(t.dataDir, 'catalog', 'music', MUSIC_VERSION, `${item.value}.mp3`);
      expect(response.rawPayload.equals(fs.readFileSync(file))).toBe(true);
      const audio = probeAudio(file);
      expect(audio).toMatchObject({ codec: 'mp3', sampleRate: 44_100, channels: 'stereo' });
      expect(audio.seconds).toBeGreaterThanOrEqual(30);
      expect(audio.seconds).toBeLessThanOrEqual(60);
      // Every track at about -16 dBFS RMS, none clipping: one can follow another at one volume.
      expect(audio.meanDb).toBeGreaterThan(-19);
      expect(audio.meanDb).toBeLessThan(-13);
      expect(audio.maxDb).toBeLessThan(0);
    }
    // Measured, not asserted (DESIGN.md section 9): the worker logs each track's synthesis time.
    const synthesis = t.logs.filter((line) => line.includes('background music made')).map((line) => JSON.parse(line) as { track: string; synthMs: number });
    expect(synthesis.map((entry) => entry.track).sort()).toEqual(MUSIC_TRACKS.map((track) => track.slug).sort());
    console.info(`music: ${synthesis.map((entry) => `${entry.track} ${entry.synthMs} ms`).join(', ')}; all made and probed in ${Date.now() - started} ms`);

    // A range request (an <audio> element seeking) gets part of the file.
    const range = await t.app.inject({ method: 'GET', url: items[0].url, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(100);
    // Synthesis takes seconds on a busy two-core machine; never minutes.
  }, 120_000);

  it('answers 404 for a track that does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/generated/catalog/music/${MUSIC_VERSION}/nope.mp3` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/generated/catalog/music/${MUSIC_VERSION}/../../../app.db` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/generated/catalog/music/m0/epic.mp3' })).statusCode).toBe(404);
  });

  it("keeps the current music through housekeeping, which deletes other versions (the gallery's sweep leaves the folder alone)", async () => {
    const musicRoot = path.join(t.dataDir, 'catalog', 'music');
    fs.mkdirSync(path.join(musicRoot, 'm0'), { recursive: true });
    fs.mkdirSync(path.join(t.dataDir, 'catalog', 'r0'), { recursive: true });
    // A start on the same folder runs a housekeeping sweep at once.
    const again = await buildTestApp({ dataDir: t.dataDir, keepDataDir: true });
    await again.close();
    expect(fs.readdirSync(musicRoot)).toEqual([MUSIC_VERSION]);
    expect(fs.existsSync(path.join(t.dataDir, 'catalog', 'r0'))).toBe(false);
    expect(fs.readdirSync(path.join(musicRoot, MUSIC_VERSION)).sort()).toEqual(MUSIC_TRACKS.map((track) => `${track.slug}.mp3`).sort());
  });
});
