import { createCanvas } from '@napi-rs/canvas';
/**
 * The static-site renderer, checked on the folder it writes: every template renders with its
 * defaults into a valid, self-contained page (its stylesheet inline) whose every reference is a
 * file in the folder, srcset candidates and the stylesheet's fonts included; the pictures are WebP
 * sizes of the user's files; the banner video waits behind its poster for site.js; user texts are
 * escaped and user links are http(s) only; the generated pictures are real.
 */
import { loadImage } from '@napi-rs/canvas';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MiniSiteMessages, configFields } from '../../../../src/contract/miniSite';
import { PICTURE_REFUSED_ERROR_NAME } from '../../../../src/server/render/pictureRefused';
import { findSiteTemplate, siteTemplates } from '../../../../src/server/render/site/catalog';
import { renderSite } from '../../../../src/server/render/site/renderSite';
import type { SiteRenderInput } from '../../../../src/server/render/site/types';
import { probeVideo, writeSampleVideo } from '../../../fixtures/videoFiles';
import { compressedCopyProblems, fontProblems, listFiles, pictureProblems, samePicture, webpSize, writeSamplePicture } from '../siteFiles';
import { cssUrls, htmlResources, inlineStyles, linkTargets, srcsetEntries, strayStyleAttributes, structureProblems, tags, withoutStyleText, type Tag } from './siteHtml';

jest.setTimeout(120_000);

let root: string;
const files = { logo: '', poster: '', video: '', music: '', upload: '' };

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-render-'));
  const picture = (width: number, height: number, format: 'png' | 'jpeg', name: string, transparent: boolean): Promise<string> =>
    writeSamplePicture(root, name, { width, height }, { format, transparent });
  files.logo = await picture(300, 150, 'png', 'logo.png', true);
  files.poster = await picture(320, 180, 'jpeg', 'poster.jpg', false);
  files.upload = await picture(160, 90, 'png', 'upload-a1b2.png', false);
  files.video = writeSampleVideo(root, 'banner.mp4', { width: 320, height: 180 });
  // The renderer copies the music without reading it: any bytes do.
  files.music = path.join(root, 'track.mp3');
  fs.writeFileSync(files.music, 'ID3');
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function input(templateId: number, extra: Partial<SiteRenderInput> = {}): SiteRenderInput {
  return {
    templateId,
    texts: {},
    images: {},
    logo: { path: files.logo },
    bannerVideo: { path: files.video },
    bannerPoster: { path: files.poster },
    music: null,
    ...extra,
  };
}

let runs = 0;
/** The folder, its page, the page's inline stylesheet and the files the renderer says it wrote. */
async function render(site: SiteRenderInput): Promise<{ dir: string; html: string; css: string; files: string[] }> {
  const dir = path.join(root, `site-${++runs}`);
  const result = await renderSite(site, dir);
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  return { dir, html, css: inlineStyles(html).join('\n'), files: result.files };
}

/** The <img> whose srcset or src names files of `base` (a planned path without its extension: 'assets/logo'). */
function picturesOf(html: string, base: string): Tag[] {
  const named = (url: string): boolean => url.startsWith(`${base}-`) || url.startsWith(`${base}.`);
  return tags(html).filter((tag) => tag.name === 'img' && !tag.closing && (named(tag.attributes.src ?? '') || srcsetEntries(tag.attributes.srcset ?? '').some((entry) => named(entry.url))));
}

/** `ref` must be a relative path to a file inside `dir`, resolved from `base` (a folder relative to `dir`). */
function expectFileInside(dir: string, base: string, ref: string): void {
  expect(ref).not.toBe('');
  expect(ref).not.toMatch(/^[a-z][a-z0-9+.-]*:/i);
  expect(ref.startsWith('/')).toBe(false);
  expect(ref.startsWith('//')).toBe(false);
  const file = path.resolve(dir, base, decodeURIComponent(ref.split(/[?#]/)[0]));
  expect(file.startsWith(dir + path.sep)).toBe(true);
  expect(fs.statSync(file).isFile()).toBe(true);
}

function checkSelfContained(site: { dir: string; html: string; css: string; files: string[] }, allowedLinks: readonly string[]): void {
  for (const ref of htmlResources(site.html)) expectFileInside(site.dir, '.', ref);
  // The stylesheet is inline: its url()s (the display face's files) are relative to the page.
  const urls = cssUrls(site.css);
  for (const ref of urls) expectFileInside(site.dir, '.', ref);
  for (const href of linkTargets(site.html)) {
    if (href.startsWith('#')) continue;
    if (/^https?:\/\//.test(href)) expect(allowedLinks).toContain(href);
    else expectFileInside(site.dir, '.', href);
  }
  expect(site.html).not.toMatch(/\bsrc="(?:https?:)?\/\//);
  // No style attribute but a picture's own size (no text of the user's can reach one).
  expect(strayStyleAttributes(site.html)).toEqual([]);
  expect(pictureProblems(site.dir, site.html)).toEqual([]);
  expect(fontProblems(site.dir, site.html, site.files)).toEqual([]);
  expect(compressedCopyProblems(site.dir, site.files, ['index.html', 'assets/site.js'])).toEqual([]);
}

describe('renderSite with the defaults', () => {
  it.each(siteTemplates.map((t) => [t.id]))('renders template %i into a valid, self-contained folder', async (id) => {
    const template = findSiteTemplate(id);
    const fields = configFields(template?.config ?? []);
    const defaults = new Map(fields.map((f) => [f.key, f.value]));
    const site = await render(input(id));

    expect(structureProblems(site.html)).toEqual([]);
    expect(tags(site.html).filter((tag) => tag.name === 'h1' && !tag.closing)).toHaveLength(1);
    expect(site.html).toContain(`<title>${defaults.get('game_name')}</title>`);
    expect(site.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"/>');
    expect(site.html).toContain('<link rel="icon" type="image/png" sizes="64x64" href="assets/favicon.png"/>');
    expect(site.html).toContain('<meta property="og:image" content="assets/share.png"/>');
    for (const key of ['slogan', 'news1_title', 'feature1_title']) expect(site.html).toContain(defaults.get(key));
    expect(site.html).toContain('适度游戏益脑，沉迷游戏伤身。');
    // Nothing was typed for the licence lines and the downloads: no empty label, no dead button (in
    // the markup: the inline stylesheet names every block's classes).
    for (const label of ['出版单位', '著作权人', '出版物号', '审批文号', 'dl-btn', 'href="#download"', 'qr-download', 'foot-copy']) expect(withoutStyleText(site.html)).not.toContain(label);

    // The poster is the first paint; the video waits for site.js (after load) to get its source.
    const all = tags(site.html);
    const videos = all.filter((tag) => tag.name === 'video' && !tag.closing);
    expect(videos).toHaveLength(1);
    expect(videos[0].attributes).toMatchObject({
      'data-banner': '',
      'data-src': 'assets/banner.mp4',
      'data-src-phone': 'assets/banner-phone.mp4',
      muted: '',
      loop: '',
      playsinline: '',
      preload: 'none',
    });
    for (const name of ['src', 'poster', 'autoplay']) expect(videos[0].attributes).not.toHaveProperty(name);
    expect(fs.readFileSync(path.join(site.dir, 'assets/banner.mp4'))).toEqual(fs.readFileSync(files.video));
    // The phone copy of a video already narrower than a phone's: the same size, the same frames.
    expect(probeVideo(path.join(site.dir, 'assets/banner-phone.mp4'))).toEqual(probeVideo(files.video));
    const posters = all.filter((tag) => tag.name === 'img' && !tag.closing && tag.attributes.class === 'hero-poster');
    expect(posters).toHaveLength(1);
    const poster = posters[0];
    expect(all.indexOf(poster)).toBeLessThan(all.indexOf(videos[0]));
    expect(poster.attributes).toMatchObject({ src: 'assets/banner-poster-320.webp', srcset: 'assets/banner-poster-160.webp 160w, assets/banner-poster-320.webp 320w', sizes: '100vw', width: '320', height: '180', style: '--w:320px;--ar:1.7778', fetchpriority: 'high' });
    expect(poster.attributes.loading).toBeUndefined();
    // The hero's place is taken by the poster: on top of the media box, the video faded in over it once playing.
    expect(site.css).toMatch(/\.hero-poster,\.hero-video\{position:absolute;inset:0;/);
    expect(site.css).toContain('.hero-video.is-playing{opacity:1}');
    expect(await samePicture(path.join(site.dir, 'assets/banner-poster-320.webp'), files.poster)).toBe(true);
    // The logo: WebP sizes up to its own width, no copy of the PNG.
    expect(site.files.filter((file) => file.startsWith('assets/logo'))).toEqual(['assets/logo-160.webp', 'assets/logo-300.webp']);
    expect(webpSize(fs.readFileSync(path.join(site.dir, 'assets/logo-160.webp')))).toEqual({ width: 160, height: 80 });
    expect(await samePicture(path.join(site.dir, 'assets/logo-300.webp'), files.logo)).toBe(true);
    const logos = picturesOf(site.html, 'assets/logo');
    expect(logos.length).toBeGreaterThan(0);
    for (const logo of logos) expect(logo.attributes).toMatchObject({ src: 'assets/logo-300.webp', width: '300', height: '150', style: '--w:300px;--ar:2.0000', alt: defaults.get('game_name') });

    checkSelfContained(site, [...fields.filter((f) => f.key.endsWith('_url')).map((f) => f.value)]);
    expect(listFiles(site.dir).sort()).toEqual([...site.files].sort());
    expect(site.files[0]).toBe('index.html');
    // The server's CSP takes scripts from the site only: one external script, no inline one. The
    // whole stylesheet is one <style> in the head (the CSP allows inline styles), no file to fetch.
    expect(all.filter((tag) => tag.name === 'script' && !tag.closing).map((tag) => tag.attributes.src)).toEqual(['assets/site.js']);
    const styles = all.filter((tag) => tag.name === 'style' && !tag.closing);
    expect(styles).toHaveLength(1);
    expect(all.indexOf(styles[0])).toBeLessThan(all.findIndex((tag) => tag.name === 'head' && tag.closing));
    expect(inlineStyles(site.html)).toHaveLength(1);
    expect(site.css).toContain('.hero{');
    expect(all.some((tag) => tag.name === 'link' && tag.attributes.rel === 'stylesheet')).toBe(false);
    expect(site.files.some((file) => file.endsWith('.css'))).toBe(false);
    // Only the characters the page sets in the display face: a file or two of a few dozen KB, never the face's slices.
    const fonts = site.files.filter((file) => file.startsWith('assets/fonts/'));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.length).toBeLessThanOrEqual(3);
    const fontBytes = fonts.reduce((sum, font) => sum + fs.statSync(path.join(site.dir, font)).size, 0);
    expect(fontBytes).toBeLessThan(200 * 1024);
    for (const font of fonts) expect(site.css).toContain(`url("${font}")`);
  });

  it('makes a 64x64 favicon and a 1200x630 share picture from the logo, and a real QR code', async () => {
    const site = await render(input(siteTemplates[0].id, { texts: { qr_url: 'https://game.example.cn/download' } }));
    const favicon = await loadImage(fs.readFileSync(path.join(site.dir, 'assets/favicon.png')));
    expect([favicon.width, favicon.height]).toEqual([64, 64]);
    const share = await loadImage(fs.readFileSync(path.join(site.dir, 'assets/share.png')));
    expect([share.width, share.height]).toEqual([1200, 630]);
    const qr = await loadImage(fs.readFileSync(path.join(site.dir, 'assets/qr-download.png')));
    expect(qr.width).toBeGreaterThanOrEqual(200);
    expect(qr.width).toBe(qr.height);
  });

  it('writes an uploaded picture as WebP at its own size, copies the music, with the switch that site.js drives', async () => {
    const site = await render(input(1, { images: { gallery2: { path: files.upload } }, music: { path: files.music, name: '战鼓' } }));
    // 160 px wide: one WebP, no wider size and no copy of the PNG.
    expect(site.files.filter((file) => file.startsWith('assets/images/gallery2'))).toEqual(['assets/images/gallery2-160.webp']);
    const written = fs.readFileSync(path.join(site.dir, 'assets/images/gallery2-160.webp'));
    expect(webpSize(written)).toEqual({ width: 160, height: 90 });
    expect(await samePicture(written, files.upload)).toBe(true);
    const shown = picturesOf(site.html, 'assets/images/gallery2');
    expect(shown).toHaveLength(1);
    expect(shown[0].attributes).toMatchObject({ src: 'assets/images/gallery2-160.webp', srcset: 'assets/images/gallery2-160.webp 160w', width: '160', height: '90', style: '--w:160px;--ar:1.7778', loading: 'lazy' });
    expect(shown[0].attributes.sizes).toBeTruthy();
    expect(pictureProblems(site.dir, site.html)).toEqual([]);
    expect(site.files).toContain('assets/music.mp3');
    expect(fs.readFileSync(path.join(site.dir, 'assets/music.mp3'))).toEqual(fs.readFileSync(files.music));
    const audio = tags(site.html).find((tag) => tag.name === 'audio');
    expect(audio?.attributes).toMatchObject({ id: 'bgm', src: 'assets/music.mp3', loop: '' });
    expect(audio?.attributes.autoplay).toBeUndefined();
    expect(site.html).toContain('data-music-toggle');
    expect(fs.readFileSync(path.join(site.dir, 'assets/site.js'), 'utf8')).toContain("getElementById('bgm')");
  });

  it('has no music switch when no music is chosen', async () => {
    const site = await render(input(2));
    expect(site.html).not.toContain('<audio');
    expect(withoutStyleText(site.html)).not.toContain('data-music-toggle');
  });

  it('gives phones a copy of a full-HD banner video 960 wide, a quarter of its pixels', async () => {
    const video = writeSampleVideo(root, 'banner-1080p.mp4', { width: 1920, height: 1080 });
    const site = await render(input(3, { bannerVideo: { path: video } }));
    expect(site.files).toContain('assets/banner-phone.mp4');
    expect(probeVideo(path.join(site.dir, 'assets/banner-phone.mp4'))).toEqual({ codec: 'h264', pixelFormat: 'yuv420p', width: 960, height: 540, frames: 2, audio: false });
    expect(probeVideo(path.join(site.dir, 'assets/banner.mp4'))).toMatchObject({ width: 1920, height: 1080 });
  });

  it('gives a phone held upright the phone cut, 720 wide, with its own poster, and a hero as tall as it', async () => {
    const cut = writeSampleVideo(root, 'banner-portrait.mp4', { width: 1080, height: 1920 });
    const portraitPoster = path.join(root, 'portrait-poster.jpg');
    fs.writeFileSync(portraitPoster, createCanvas(1080, 1920).encodeSync('jpeg'));
    const site = await render(input(4, { bannerPortrait: { video: { path: cut }, poster: { path: portraitPoster } } }));
    expect(probeVideo(path.join(site.dir, 'assets/banner-portrait.mp4'))).toMatchObject({ codec: 'h264', width: 720, height: 1280 });
    const video = tags(site.html).find((tag) => tag.name === 'video');
    expect(video?.attributes).toMatchObject({ 'data-src': 'assets/banner.mp4', 'data-src-phone': 'assets/banner-phone.mp4', 'data-src-portrait': 'assets/banner-portrait.mp4' });
    const source = tags(site.html).find((tag) => tag.name === 'source');
    expect(source?.attributes.media).toBe('(max-width: 900px) and (orientation: portrait)');
    expect(source?.attributes.srcset).toMatch(/assets\/banner-portrait-poster/);
    expect(site.html).toContain('hero has-portrait');
    expect(site.css).toContain('.hero.has-portrait .hero-media{aspect-ratio:9/16');
    expect(pictureProblems(site.dir, site.html)).toEqual([]);
    // Without a phone cut: none of it.
    const plain = await render(input(4));
    expect(tags(plain.html).some((tag) => tag.name === 'source' || tag.attributes['data-src-portrait'] !== undefined)).toBe(false);
    expect(plain.files).not.toContain('assets/banner-portrait.mp4');
  });

  it('fails with ffmpeg\'s reason when the banner video cannot be read, and leaves no phone copy being written', async () => {
    const dir = path.join(root, 'unreadable-video');
    await expect(renderSite(input(1, { bannerVideo: { path: files.music } }), dir)).rejects.toThrow(/phone copy of the banner video/);
    expect(fs.existsSync(path.join(dir, 'assets/banner-phone.mp4'))).toBe(false);
  });

  it('refuses an unknown template and an undecodable logo', async () => {
    await expect(render(input(9999))).rejects.toThrow('Unknown site template 9999');
    await expect(render(input(1, { logo: { path: files.video } }))).rejects.toMatchObject({
      name: PICTURE_REFUSED_ERROR_NAME,
      message: MiniSiteMessages.pictureUnreadable,
      cause: { message: expect.stringMatching(/logo/) },
    });
  });
});

const stripControls = (value: string): string => Array.from(value).filter((char) => char.charCodeAt(0) > 0x20).join('');

/** Attributes a browser follows or loads as a URL. */
const URL_ATTRIBUTES = ['href', 'src', 'poster', 'action', 'formaction', 'xlink:href', 'data', 'srcset', 'background', 'cite'];

describe('renderSite with hostile texts', () => {
  const HOSTILE = ['<script>alert(1)</script>', '"onerror=alert(1) x="', 'javascript:alert(1)', "'><img src=x onerror=alert(1)>", 'JaVaScRiPt:alert(1)', ' javascript:alert(1)'];

  it.each(siteTemplates.map((t) => [t.id]))('template %i shows every hostile text as text and runs none of it', async (id) => {
    const template = findSiteTemplate(id);
    const texts: Record<string, string> = {};
    for (const [i, field] of configFields(template?.config ?? []).entries()) {
      if (field.type === 'text' || field.type === 'textarea' || field.type === 'video') texts[field.key] = `${HOSTILE[i % HOSTILE.length]}${HOSTILE[(i + 1) % HOSTILE.length]}`;
    }
    const site = await render(input(id, { texts }));
    const all = tags(site.html);

    expect(structureProblems(site.html)).toEqual([]);
    expect(all.filter((tag) => tag.name === 'script' && !tag.closing).map((tag) => tag.raw)).toEqual(['<script src="assets/site.js" defer="">']);
    expect(all.filter((tag) => tag.name === 'img' && !tag.closing).every((tag) => tag.attributes.src?.startsWith('assets/'))).toBe(true);
    for (const tag of all) {
      for (const name of Object.keys(tag.attributes)) expect(name).not.toMatch(/^on/);
      // The texts may say "javascript:" (as text, in alt or description): no URL attribute may be one.
      for (const name of URL_ATTRIBUTES) {
        const value = tag.attributes[name];
        // Browsers skip whitespace and control characters inside a scheme: so does the check.
        if (value !== undefined) expect(stripControls(value).toLowerCase()).not.toMatch(/^(?:javascript|data|vbscript):/);
      }
    }
    expect(site.css.toLowerCase()).not.toContain('javascript:');
    expect(site.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // Links the user typed that are not http(s) become '#'; no trailer button for a bad link.
    for (const href of linkTargets(site.html)) expect(href === '#' || href.startsWith('#') || href.startsWith('assets/')).toBe(true);
    expect(site.html).not.toContain('class="trailer"');
    checkSelfContained(site, []);
  });

  it('keeps http(s) links the user typed, in new tabs without an opener', async () => {
    const site = await render(input(3, { texts: { ios_url: 'https://apps.example.com/app?id=1&x=2', trailer: 'http://video.example.com/t.mp4', android_url: 'ftp://x.example.com' } }));
    const anchors = tags(site.html).filter((tag) => tag.name === 'a' && !tag.closing);
    const ios = anchors.find((tag) => tag.attributes.class?.includes('dl-ios'));
    expect(ios?.attributes).toMatchObject({ href: 'https://apps.example.com/app?id=1&x=2', target: '_blank', rel: 'noopener noreferrer' });
    // A link that is not http(s) leaves its button out, as an empty one does.
    expect(anchors.filter((tag) => /dl-(android|pc)/.test(tag.attributes.class ?? ''))).toEqual([]);
    expect(anchors.find((tag) => tag.attributes.class === 'trailer')?.attributes).toMatchObject({ href: 'http://video.example.com/t.mp4', target: '_blank' });
  });
});

describe('renderSite with the user\'s own game', () => {
  const OWN = '星辰战纪';

  it.each(siteTemplates.map((t) => [t.id]))('template %i names the user\'s game wherever its sample texts named the sample game', async (id) => {
    const template = findSiteTemplate(id);
    const sample = configFields(template?.config ?? []).find((field) => field.key === 'game_name')?.value ?? '';
    expect(sample).not.toBe('');
    const site = await render(input(id, { texts: { game_name: OWN } }));
    expect(site.html).not.toContain(sample);
    expect(site.html).toContain(`《${OWN}》`);
    expect(site.html).not.toMatch(/example\.com|ISBN|ICP备|国新出审/);
  });

  it('prints each licence line the user filled, and only those', async () => {
    const texts = { game_name: OWN, isbn: 'ISBN 978-7-498-12345-6', icp: '沪ICP备2026001234号-1', copyright: '© 2026 星辰工作室 版权所有' };
    const site = await render(input(2, { texts }));
    for (const value of Object.values(texts)) expect(site.html).toContain(value);
    expect(site.html).toContain('出版物号');
    expect(site.html).not.toContain('审批文号');
    expect(site.html).not.toContain('出版单位');
  });

  it('shows only the download buttons that have a link, and the QR code only with its link', async () => {
    const site = await render(input(1, { texts: { pc_url: 'https://game.example.cn/pc' } }));
    const anchors = tags(site.html).filter((tag) => tag.name === 'a' && !tag.closing);
    expect(anchors.filter((tag) => tag.attributes.class?.includes('dl-btn')).map((tag) => tag.attributes.href)).toEqual(['https://game.example.cn/pc']);
    expect(site.html).toContain('href="#download"');
    expect(site.files).not.toContain('assets/qr-download.png');
  });
});
