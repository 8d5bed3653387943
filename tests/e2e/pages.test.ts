/**
 * Every route of the SPA at a desktop's size (1440x900) and a phone's (390x844), the way a person
 * reaches it: public pages logged out, the others logged in, config pages after choosing a
 * template, result pages after generating. Each page must show its own content (not the router's
 * error screen or a blank page), fit the width (no sideways scrolling) and log no error; and each is
 * pictured whole into test-results/pages/<size>/<name>.png, with an index.html showing both sizes
 * side by side, for a person to look through after npm test.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { repoRoot } from '../../config/paths';
import { logInWithPassword, registerThroughTheForm, url } from './accounts';
import { GenerationMessages } from '../../src/contract/generation';
import { describeInBrowser, explained, isGalleryRetryNotice, isServerError, launchBrowser, previewShown, watchApi } from './browser';

// Generating renders one banner video (the second size and the other flows reuse it): about a minute on two busy cores.
jest.setTimeout(240_000);

const OUT_DIR = path.join(repoRoot, 'test-results', 'pages');
const SIZES = [
  { name: '1440x900', width: 1440, height: 900 },
  { name: '390x844', width: 390, height: 844 },
] as const;
type Size = (typeof SIZES)[number];

const ACCOUNT_PHONE = '13800138061';
const PASSWORD = 'Shanhai#2026';
/** 选择, or 已选择 on the card chosen before (choosing it again goes on the same way). */
const SELECT = /选\s*择$/;
/** The site template, and the banner style it is designed around (the banner flow picks the same, so one render serves both). */
const SITE_TEMPLATE = '龙腾国战';
const BANNER_STYLE = '金殿辉煌';
const GENERATION_TIMEOUT = 150_000;

/** The pages pictured, in the order visited: name -> what the index says of it. */
const pictured = new Map<string, string>();

/** The 选择 button of the card whose picture is `alt`, or of the first card. */
function chooseButton(page: Page, alt?: string): Locator {
  const cards = page.locator('[data-testid^="template-"]');
  const card = alt ? cards.filter({ has: page.getByAltText(alt, { exact: true }) }) : cards.first();
  return card.getByRole('button', { name: SELECT });
}

/**
 * A test server renders the gallery's pictures when first asked for (no background prerender), and
 * answers 503 with Retry-After while one renders longer than its wait: a gallery page would show
 * 图片生成中 in its cards for a while. Asked for here first (again while they render, as the
 * cards do), they render while the light pages are pictured. Answers when every one is there.
 */
async function warmGallery(): Promise<void> {
  const lists = await Promise.all(
    ['/index/common/logo', '/index/common/banner'].map(async (call) => {
      const answer = await fetch(url(call), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ per_page: 12, page: 1 }) });
      return ((await answer.json()) as { data: { data: Array<{ thumbnail: string }> } }).data.data;
    }),
  );
  await Promise.all(lists.flat().map((item) => fetchRendered(url(item.thumbnail))));
}

/** GETs a gallery picture until it is there, waiting as each 503 asks; throws past a couple of minutes. */
async function fetchRendered(pictureUrl: string): Promise<void> {
  for (let tries = 0; tries < 60; tries += 1) {
    const answer = await fetch(pictureUrl);
    await answer.arrayBuffer();
    if (answer.ok) return;
    if (answer.status !== 503) throw new Error(`${pictureUrl} answered ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? 2) * 1000));
  }
  throw new Error(`${pictureUrl} was still rendering after 60 tries`);
}

/**
 * Lazy pictures loaded (a whole-page picture shows below the fold too), fonts ready; gallery
 * pictures still being rendered, which ask again (RetryingImage), loaded once they came, or
 * pictured as they are after a minute.
 */
async function settle(page: Page): Promise<void> {
  await picturesLoaded(page);
  await transitionsEnded(page);
  const rendering = await page.evaluate((note) => document.body.innerText.includes(note), GenerationMessages.galleryPictureRendering);
  if (!rendering) return;
  // A new try's picture is loading (not complete) from the moment its note goes.
  await page
    .waitForFunction((note) => !document.body.innerText.includes(note) && Array.from(document.images).every((image) => image.complete), GenerationMessages.galleryPictureRendering, { timeout: 60_000 })
    .catch(() => undefined);
}

/**
 * Drawers and dialogs slide in: a picture taken a moment too soon shows one half off the screen
 * (the builder's drawer on a phone did). Endless animations (spinners) are not waited for.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([Promise.all(ending.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  });
}

async function picturesLoaded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = 'eager';
    // A lazy picture starts loading only at the next rendering opportunity: until then it reads as complete.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const loaded = Promise.all(
      images.map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
    // A picture that never answers must not hang the run: its blank is in the picture for a person to see.
    await Promise.race([Promise.all([loaded, document.fonts.ready]), new Promise((resolve) => setTimeout(resolve, 45_000))]);
  });
}

/** One size's visit: its own browser context (storage, login), its errors, its failures. */
class Visit {
  private errors: string[] = [];
  readonly failures: string[] = [];

  private constructor(
    readonly page: Page,
    readonly size: Size,
  ) {
    page.on('console', (message) => {
      if (message.type() === 'error' && !isGalleryRetryNotice(message.text())) this.errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.errors.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      if (isServerError(response)) this.errors.push(`HTTP ${response.status()} ${response.url()}`);
    });
    watchApi(page);
  }

  static async open(browser: Browser, size: Size): Promise<{ visit: Visit; context: BrowserContext }> {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: size.width, height: size.height }, acceptDownloads: true });
    fs.mkdirSync(path.join(OUT_DIR, size.name), { recursive: true });
    return { visit: new Visit(await context.newPage(), size), context };
  }

  /** Opens `route` of the SPA (under /user) as a new page load. */
  async go(route: string): Promise<void> {
    await this.page.goto(url(`/user${route}`));
  }

  /**
   * Waits for what the page must show, pictures it, and notes what is wrong with it: the router's
   * error screen, sideways scrolling, errors logged since the last picture.
   */
  async picture(name: string, what: string, shows: Locator): Promise<void> {
    const { page } = this;
    await shows.first().waitFor({ timeout: 30_000 });
    await settle(page);
    await page.screenshot({ path: path.join(OUT_DIR, this.size.name, `${name}.png`), fullPage: true });
    pictured.set(name, what);
    const at = `${name} at ${this.size.name}`;
    const { scrollWidth, innerWidth, crashed } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      crashed: document.body.innerText.includes('Unexpected Application Error'),
    }));
    if (scrollWidth > innerWidth + 1) this.failures.push(`${at}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`);
    if (crashed) this.failures.push(`${at}: the router's error screen`);
    for (const error of this.errors) this.failures.push(`${at}: ${error}`);
    this.errors = [];
  }
}

const heading = (page: Page, name: string): Locator => page.getByRole('heading', { name, exact: true });

/** The pages anyone may open, logged out; the choices made here are kept (localStorage) for the generation later. */
async function publicPages(visit: Visit): Promise<void> {
  const { page } = visit;
  // The light pages first, while the gallery's pictures render.
  await visit.go('/');
  await visit.picture('home', '首页（选择网站模版）', heading(page, '选择网站模版'));
  await visit.go('/miniSite/selectPage');
  await visit.picture('minisite-select', '选择网站模版 /miniSite/selectPage', chooseButton(page));
  await visit.go('/no-such-page');
  await page.waitForURL(/\/user\/?$/);
  await visit.picture('not-found', '不存在的地址（回到首页）', heading(page, '选择网站模版'));
  await visit.go('/videoTutorial');
  await visit.picture('video-tutorial', '视频教程 /videoTutorial', page.getByTestId('tutorial-video'));
  await visit.go('/auth/login');
  // A phone opens the account tab: it cannot scan its own screen.
  const phoneSized = visit.size.width < 768;
  await visit.picture('login', '登录 /auth/login（电脑扫码，手机账号）', phoneSized ? page.getByPlaceholder('请输入手机号') : page.getByAltText('登录二维码'));
  await visit.go('/auth/register');
  await visit.picture('register', '注册 /auth/register', heading(page, '注册'));
  await visit.go('/auth/forget');
  await visit.picture('forget', '忘记密码 /auth/forget', heading(page, '忘记密码'));

  await visit.go('/');
  await chooseButton(page, SITE_TEMPLATE).click();
  await page.waitForURL(/\/user\/logo\/selectPage$/);
  await visit.picture('minisite-logo-select', '网站的LOGO样式 /logo/selectPage', chooseButton(page));
  await chooseButton(page).click();
  await page.waitForURL(/\/user\/miniSite\/config$/);
  await visit.picture('minisite-config', '网站配置 /miniSite/config', heading(page, '网站配置'));

  await visit.go('/logo/selectPage?module=tl');
  await visit.picture('logo-select', '选择LOGO样式 /logo/selectPage?module=tl', chooseButton(page));
  await chooseButton(page).click();
  await page.waitForURL(/\/user\/logo\/config\?module=tl$/);
  await visit.picture('logo-config', 'LOGO配置 /logo/config', heading(page, 'LOGO配置'));

  await visit.go('/banner/selectPage?module=fsa');
  await visit.picture('banner-select', '选择整屏动画样式 /banner/selectPage', chooseButton(page, BANNER_STYLE));
  await chooseButton(page, BANNER_STYLE).click();
  await page.waitForURL(/\/user\/logo\/selectPage\?module=fsa$/);
  await chooseButton(page).click();
  await page.waitForURL(/\/user\/banner\/config\?module=fsa$/);
  await visit.picture('banner-config', '整屏动画配置 /banner/config', heading(page, '整屏动画配置'));
}

/** Clicks a generate button and waits for its success message. */
async function generate(page: Page, button: RegExp, success: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await explained(page, page.getByText(success).first().waitFor({ timeout: GENERATION_TIMEOUT }));
}

/** The pages that need a login, and the results reached by generating from the choices made logged out. */
async function loggedInPages(visit: Visit): Promise<void> {
  const { page } = visit;
  await visit.go('/backend/siteList');
  await visit.picture('site-list', '网站列表 /backend/siteList', page.getByText('网站列表').last());
  await visit.go('/backend/personal');
  await visit.picture('personal', '个人中心 /backend/personal', page.getByPlaceholder('请输入用户名'));

  // The mini site renders the one banner video; the banner flow asks for the same one and gets it at once.
  await visit.go('/miniSite/config');
  await generate(page, /生成LOGO/, 'LOGO生成成功');
  await generate(page, /生成整屏动画/, '整屏动画生成成功');
  await page.getByRole('button', { name: /生成网站/ }).click();
  await page.locator('.ant-modal').filter({ hasText: '以下内容仍是模版示例' }).getByRole('button', { name: '仍然生成网站' }).click();
  await explained(page, page.waitForURL(/\/user\/miniSite\/preview\?/, { timeout: GENERATION_TIMEOUT }));
  await previewShown(page);
  await visit.picture('minisite-preview', '网站预览 /miniSite/preview', heading(page, '网站预览'));

  await visit.go('/logo/config?module=tl');
  await page.getByRole('button', { name: /生成LOGO/ }).click();
  await explained(page, page.waitForURL(/\/user\/logo\/preview\?/, { timeout: GENERATION_TIMEOUT }));
  await visit.picture('logo-preview', 'LOGO预览 /logo/preview', page.getByAltText('生成的LOGO'));

  await visit.go('/banner/config?module=fsa');
  await page.getByRole('button', { name: /生成整屏动画/ }).click();
  await explained(page, page.waitForURL(/\/user\/banner\/preview\?/, { timeout: GENERATION_TIMEOUT }));
  await visit.picture('banner-preview', '整屏动画预览 /banner/preview', page.getByTestId('banner-video'));

  // What was just generated, listed in the back office.
  await visit.go('/backend/works');
  await visit.picture('works', '我的作品 /backend/works', page.getByTestId('work-card').first());

  // The builder opens (or resumes) this account's site; its result page shows the site this tab opened.
  await visit.go('/createWeb');
  await previewShown(page);
  await visit.picture('builder', '页面搭建 /createWeb', heading(page, '游戏官网配置'));
  await visit.go('/result');
  await previewShown(page);
  await visit.picture('builder-result', '生成结果 /result', heading(page, '生成结果'));
}

function writeIndex(): void {
  const rows = [...pictured].map(([name, what]) => {
    const cells = SIZES.map((size) => {
      const file = `${size.name}/${name}.png`;
      return fs.existsSync(path.join(OUT_DIR, file)) ? `<a href="${file}"><img src="${file}" alt="${name} ${size.name}" loading="lazy" class="s${size.width}"></a>` : '<p>（没有截图）</p>';
    });
    return `<section><h2>${what}</h2><div class="row">${cells.map((cell, i) => `<figure>${cell}<figcaption>${SIZES[i].name}</figcaption></figure>`).join('')}</div></section>`;
  });
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>每个页面，两种宽度</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:24px;background:#f5f5f5}
section{margin-bottom:32px}h2{font-size:16px;margin:0 0 8px}
.row{display:flex;gap:24px;align-items:flex-start}figure{margin:0}figcaption{color:#888}
img{display:block;border:1px solid #ccc;background:#fff}.s1440{width:720px}.s390{width:390px}
</style></head><body>
<h1>每个页面，两种宽度（${new Date().toISOString()}）</h1>
${rows.join('\n')}
</body></html>
`;
  fs.writeFileSync(path.join(OUT_DIR, 'index.html'), html);
}

describeInBrowser('every page at 1440x900 and 390x844, pictured into test-results/pages', () => {
  let browser: Browser;
  let warm: Promise<void>;

  beforeAll(async () => {
    // Not awaited: the gallery renders while the browser starts and the light pages are pictured.
    warm = warmGallery().catch((error: unknown) => console.warn('Warming the gallery failed; its pages load their pictures themselves.', error));
    browser = await launchBrowser();
    fs.rmSync(OUT_DIR, { recursive: true, force: true });
  });

  afterAll(async () => {
    if (pictured.size) writeIndex();
    await browser?.close();
    await warm;
  });

  it.each(SIZES.map((size, i) => [size.name, size, i] as const))('at %s, every page shows its content, fits the width and logs no error', async (_name, size, i) => {
    const { visit, context } = await Visit.open(browser, size);
    try {
      await publicPages(visit);
      // The first size makes the account; the second logs into it, so that its generations find the first's results.
      if (i === 0) {
        await registerThroughTheForm(visit.page, ACCOUNT_PHONE, PASSWORD);
      } else {
        await visit.go('/auth/login?handleType=account');
        await logInWithPassword(visit.page, ACCOUNT_PHONE, PASSWORD);
        await visit.page.waitForURL((address) => !address.pathname.includes('/auth/'));
      }
      await loggedInPages(visit);
      expect(visit.failures).toEqual([]);
    } catch (error) {
      // Where a step stopped, for whoever reads the failure.
      await visit.page.screenshot({ path: path.join(OUT_DIR, size.name, 'failed-here.png'), fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
