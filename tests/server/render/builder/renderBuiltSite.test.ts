/**
 * The builder's site renderer, checked on the folder it writes: every template of every type
 * renders within a whole site; templates of different families combine; hostile text in every
 * field leaves nothing executable; every reference (srcset candidates and the inline stylesheet's
 * fonts included) is a file in the folder and every link is http(s) or a place in the page; the
 * pictures are WebP sizes with their own width and height; the user's files, music and logo reach
 * the site.
 */
import { loadImage } from '@napi-rs/canvas';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ComponentType } from '../../../../src/contract/builder';
import { configFields } from '../../../../src/contract/miniSite';
import { findComponent, listComponents } from '../../../../src/server/render/builder/catalog';
import { defaultRenderInput, renderBuiltSite } from '../../../../src/server/render/builder/renderBuiltSite';
import { COPY } from '../../../../src/server/render/site/copy';
import type { BuiltSiteRenderInput } from '../../../../src/server/render/builder/types';
import { compressedCopyProblems, fontProblems, listFiles, pictureProblems, samePicture, webpSize, writeSamplePicture } from '../siteFiles';
import { cssUrls, htmlResources, inlineStyles, linkTargets, srcsetEntries, strayStyleAttributes, structureProblems, tags } from '../site/siteHtml';

jest.setTimeout(180_000);

const PARTS = ['head', 'banner', 'content', 'sidebar', 'footer'] as const;
const TYPES: readonly ComponentType[] = ['main', ...PARTS];
/** The class every component's root element starts with. */
const CLASS_PREFIX: Partial<Record<ComponentType, string>> = { head: 'hd', banner: 'bn', content: 'ct', sidebar: 'sb', footer: 'ft' };
const HOSTILE = ['<script>alert(1)</script>', '"onerror=alert(1) x="', 'javascript:alert(1)', "'><img src=x onerror=alert(1)>"];

let root: string;
const files = { logo: '', banner: '', upload: '', music: '' };

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'built-site-'));
  const picture = (width: number, height: number, name: string, transparent: boolean): Promise<string> =>
    writeSamplePicture(root, name, { width, height }, { format: 'png', transparent });
  files.logo = await picture(300, 150, 'logo-9f8e.png', true);
  files.banner = await picture(320, 180, 'banner-1a2b.png', false);
  files.upload = await picture(160, 90, 'upload-a1b2.png', false);
  files.music = path.join(root, 'track.mp3');
  fs.writeFileSync(files.music, 'ID3');
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let runs = 0;
/** The folder, its page, the page's inline stylesheet and the files the renderer says it wrote. */
async function render(input: BuiltSiteRenderInput): Promise<{ dir: string; html: string; css: string; files: string[] }> {
  const dir = path.join(root, `site-${++runs}`);
  const result = await renderBuiltSite(input, dir);
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  return { dir, html, css: inlineStyles(html).join('\n'), files: result.files };
}

/** Every reference is a relative path to a file in the folder; every link is http(s) or '#...'; the site is whole. */
function expectSound(site: { dir: string; html: string; css: string; files: string[] }): void {
  expect(structureProblems(site.html)).toEqual([]);
  expect(site.files.sort()).toEqual(listFiles(site.dir).sort());
  const inside = (base: string, ref: string): void => {
    expect(ref).not.toBe('');
    expect(ref).not.toMatch(/^[a-z][a-z0-9+.-]*:/i);
    expect(ref.startsWith('/')).toBe(false);
    const file = path.resolve(site.dir, base, ref);
    expect(file.startsWith(site.dir + path.sep)).toBe(true);
    expect(fs.existsSync(file)).toBe(true);
  };
  for (const ref of htmlResources(site.html)) inside('.', ref);
  // The stylesheet is inline: its url()s (the display face's files) are relative to the page.
  for (const ref of cssUrls(site.css)) inside('.', ref);
  for (const href of linkTargets(site.html)) {
    const local = href.startsWith('#') || (!/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('/') && fs.existsSync(path.join(site.dir, href)));
    expect([href, local || /^https?:\/\/[^\s"'<>]+$/i.test(href)]).toEqual([href, true]);
  }
  const all = tags(site.html);
  const scripts = all.filter((tag) => tag.name === 'script' && !tag.closing);
  expect(scripts.map((tag) => tag.attributes.src)).toEqual(['assets/site.js']);
  for (const tag of all) for (const name of Object.keys(tag.attributes)) expect(name.startsWith('on')).toBe(false);
  expect(all.filter((tag) => tag.name === 'h1' && !tag.closing)).toHaveLength(1);
  expect(site.files).toEqual(expect.arrayContaining(['index.html', 'assets/site.js', 'assets/favicon.png', 'assets/share.png']));
  expect(site.html).toContain('<link rel="icon" type="image/png" sizes="64x64" href="assets/favicon.png"/>');
  // The whole stylesheet is one <style> in the head: no stylesheet file, no style attribute but a picture's own size.
  const styles = all.filter((tag) => tag.name === 'style' && !tag.closing);
  expect(styles).toHaveLength(1);
  expect(all.indexOf(styles[0])).toBeLessThan(all.findIndex((tag) => tag.name === 'head' && tag.closing));
  expect(site.css).toContain('.built');
  expect(site.files.some((name) => name.endsWith('.css'))).toBe(false);
  expect(all.some((tag) => tag.name === 'link' && tag.attributes.rel === 'stylesheet')).toBe(false);
  expect(strayStyleAttributes(site.html)).toEqual([]);
  expect(pictureProblems(site.dir, site.html)).toEqual([]);
  expect(fontProblems(site.dir, site.html, site.files)).toEqual([]);
  expect(compressedCopyProblems(site.dir, site.files, ['index.html', 'assets/site.js'])).toEqual([]);
}

/** The WebP sizes the folder holds, by picture: 'assets/images/head-banner-logo' -> its files, narrowest first. */
function webpSets(files: readonly string[]): Map<string, string[]> {
  const sets = new Map<string, string[]>();
  for (const file of files) {
    const match = /^(assets\/images\/.+)-(\d+)\.webp$/.exec(file);
    if (match) sets.set(match[1], [...(sets.get(match[1]) ?? []), file]);
  }
  const width = (file: string): number => Number(/-(\d+)\.webp$/.exec(file)?.[1]);
  for (const [base, list] of sets) sets.set(base, list.sort((a, b) => width(a) - width(b)));
  return sets;
}

/** A site of the default configuration with the given templates chosen. */
function withTemplates(selected: Partial<Record<ComponentType, number>>): BuiltSiteRenderInput {
  const input = defaultRenderInput('main', 1);
  return { ...input, selected: { ...input.selected, ...selected } };
}

/** Every text, textarea and video field of the chosen templates set to `value(key)`. */
function fillTexts(input: BuiltSiteRenderInput, value: (key: string, i: number) => string): BuiltSiteRenderInput {
  const texts = { ...input.texts };
  for (const type of TYPES) {
    const component = findComponent(type, input.selected[type]);
    const fields = configFields(component?.config ?? []).filter((field) => field.type === 'text' || field.type === 'textarea' || field.type === 'video');
    texts[type] = Object.fromEntries(fields.map((field, i) => [field.key, value(field.key, i)]));
  }
  return { ...input, texts };
}

describe('renderBuiltSite', () => {
  const every = TYPES.flatMap((type) => listComponents(type).map((component) => [type, component.id] as const));

  it.each(every)('renders %s template %i within a whole site', async (type, id) => {
    const site = await render(defaultRenderInput(type, id));
    expectSound(site);
    const prefix = CLASS_PREFIX[type];
    if (prefix) expect(site.html).toContain(`class="${prefix}`);
  });

  it('combines templates of different families into one sound site', async () => {
    // A fixed walk through the catalogues with different strides, so each type's pick moves independently.
    const counts = PARTS.map((type) => listComponents(type).length);
    for (let n = 0; n < 6; n++) {
      const picks = Object.fromEntries(PARTS.map((type, i) => [type, ((n * (i + 3) * 7 + i * 5) % counts[i]) + 1]));
      const site = await render(withTemplates({ ...picks, main: (n % 12) + 1 }));
      expectSound(site);
    }
  });

  it('leaves nothing executable from hostile text in every field of every template', async () => {
    const widest = Math.max(...PARTS.map((type) => listComponents(type).length));
    for (let i = 0; i < widest; i++) {
      const picks = Object.fromEntries(PARTS.map((type) => [type, (i % listComponents(type).length) + 1]));
      const input = fillTexts(withTemplates({ ...picks, main: (i % 12) + 1 }), (_key, j) => HOSTILE[(i + j) % HOSTILE.length]);
      const site = await render(input);
      expectSound(site);
      expect(site.html).not.toMatch(/<script>alert/i);
      expect(site.html).not.toMatch(/<img src=x/i);
      expect(site.html).not.toMatch(/(href|src|poster)="\s*javascript:/i);
      expect(site.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });

  it('keeps http(s) links and places in the page, and turns every other link into #', async () => {
    const input = withTemplates({ head: 1, sidebar: 1 });
    input.texts.head = { cta_link: 'https://game.example.com/download?from=site', cta_text: '马上玩' };
    input.texts.sidebar = { ios_url: 'data:text/html,hi', android_url: '//evil.example.com', pc_url: '#news', qr_url: 'javascript:alert(1)' };
    const site = await render(input);
    expectSound(site);
    const hrefs = linkTargets(site.html);
    expect(hrefs).toContain('https://game.example.com/download?from=site');
    expect(hrefs).toContain('#news');
    expect(hrefs.some((href) => href.includes('evil') || href.startsWith('data:'))).toBe(false);
  });

  it('puts the user files, logo, texts and music into the folder, and ignores unknown keys', async () => {
    const input = withTemplates({ content: 1 });
    input.files.banner = { banner: { path: files.banner }, banner_logo: { path: files.logo }, nonsense: { path: '/etc/passwd' } };
    input.files.head = { banner_logo: { path: files.logo } };
    input.files.content = { gallery1: { path: files.upload } };
    input.texts.main = { web_name: '山海奇谭', description: '一段自己的冒险', unknown_key: 'x' };
    input.texts.banner = { title: '自定义的主标题', video: 'https://video.example.com/trailer.mp4' };
    input.music = { path: files.music, name: '主题曲' };
    const site = await render(input);
    expectSound(site);
    expect(site.html).toContain('<title>山海奇谭</title>');
    expect(site.html).toContain('content="一段自己的冒险"');
    expect(site.html).toContain('自定义的主标题');
    expect(site.html).toContain('href="https://video.example.com/trailer.mp4"');
    expect(site.html).toMatch(/<audio id="bgm" src="assets\/music\.mp3"/);
    expect(site.html).toContain('data-music-toggle');
    expect(site.files).not.toContain(expect.stringContaining('passwd'));
    // Every picture is WebP sizes: no file of the user's reaches the folder as it is.
    const pictures = site.files.filter((name) => name.startsWith('assets/images/'));
    expect(pictures.every((name) => name.endsWith('.webp'))).toBe(true);
    /** The pictures written from `source` (widest `width` x `height`, its own size): their sizes' common name. */
    const writtenFrom = async (source: string, width: number, height: number): Promise<string[]> => {
      const found: string[] = [];
      for (const [base, sizes] of webpSets(site.files)) {
        const widest = path.join(site.dir, sizes[sizes.length - 1]);
        const size = webpSize(fs.readFileSync(widest));
        if (size.width === width && size.height === height && (await samePicture(widest, source))) found.push(base);
      }
      return found;
    };
    const uploads = await writtenFrom(files.upload, 160, 90);
    expect(uploads).toHaveLength(1);
    expect(webpSets(site.files).get(uploads[0])).toEqual([`${uploads[0]}-160.webp`]);
    const logos = await writtenFrom(files.logo, 300, 150);
    // The head and the banner share the user's logo: it is written once, at 160 and its own 300 px.
    expect(logos).toHaveLength(1);
    expect(webpSets(site.files).get(logos[0])).toEqual([`${logos[0]}-160.webp`, `${logos[0]}-300.webp`]);
    const shows = (base: string, width: number, height: number): number =>
      tags(site.html).filter((tag) => tag.name === 'img' && !tag.closing && tag.attributes.width === String(width) && tag.attributes.height === String(height) && srcsetEntries(tag.attributes.srcset ?? '').some((entry) => entry.url.startsWith(`${base}-`))).length;
    expect(shows(uploads[0], 160, 90)).toBe(1);
    expect(shows(logos[0], 300, 150)).toBeGreaterThanOrEqual(2);
    expect(await writtenFrom(files.banner, 320, 180)).toHaveLength(1);
    const favicon = await loadImage(fs.readFileSync(path.join(site.dir, 'assets/favicon.png')));
    expect([favicon.width, favicon.height]).toEqual([64, 64]);
    const share = await loadImage(fs.readFileSync(path.join(site.dir, 'assets/share.png')));
    expect([share.width, share.height]).toEqual([1200, 630]);
  });

  it('leaves the music switch out without music, and subsets the display face to the page', async () => {
    const site = await render(defaultRenderInput('main', 3));
    expect(site.html).not.toContain('<audio');
    const fonts = site.files.filter((name) => name.startsWith('assets/fonts/'));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.length).toBeLessThanOrEqual(3);
    expect(fonts.reduce((sum, font) => sum + fs.statSync(path.join(site.dir, font)).size, 0)).toBeLessThan(200 * 1024);
    for (const font of fonts) expect(site.css).toContain(`url("${font}")`);
  });

  it('refuses an unknown template rather than rendering half a site', async () => {
    await expect(render(withTemplates({ head: 999 }))).rejects.toThrow(/Unknown head component 999/);
    await expect(render(withTemplates({ main: 999 }))).rejects.toThrow(/Unknown site configuration/);
  });
});

describe('renderBuiltSite with the user\'s own game', () => {
  const OWN = '星辰战纪';
  /** The names the catalogue's sample texts give their games: none may reach a user's site. */
  const SAMPLE_GAMES = [...new Set([...listComponents('main').map((preset) => configFields(preset.config).find((field) => field.key === 'web_name')?.value ?? ''), ...Object.values(COPY).map((copy) => copy.game)])];

  it.each(listComponents('main').map((preset) => [preset.id]))('configuration %i names only the user\'s game and carries no invented link, number or company', async (id) => {
    const input = defaultRenderInput('main', id);
    const site = await render({ ...input, texts: { ...input.texts, main: { ...input.texts.main, web_name: OWN } } });
    expectSound(site);
    for (const sample of SAMPLE_GAMES) expect(site.html).not.toContain(sample);
    expect(site.html).toContain(OWN);
    expect(site.html).not.toMatch(/example\.com|123456789|VIP2025|ISBN|ICP备|国新出审|出版有限公司/);
    // With no link given, nothing offers one: every href is a place in the page or a file of the site.
    for (const href of linkTargets(site.html)) expect(/^https?:/.test(href)).toBe(false);
  });

  it('prints the licence lines and links the user filled', async () => {
    // Footer 4 lays out its links (footer 1, 版号全览, has none).
    const input = withTemplates({ footer: 4 });
    const site = await render({
      ...input,
      texts: { ...input.texts, main: { web_name: OWN }, footer: { isbn: 'ISBN 978-7-498-12345-6', copyright: '© 2026 星辰工作室', link1_url: 'https://xc.example.cn/terms' }, head: { cta_link: '#content' } },
    });
    expect(site.html).toContain('ISBN 978-7-498-12345-6');
    expect(site.html).toContain('© 2026 星辰工作室');
    expect(site.html).toContain('href="https://xc.example.cn/terms"');
    expect(site.html).not.toContain('审批文号');
  });
});
