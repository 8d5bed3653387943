/**
 * AI生成主视觉 in Chromium: a server of its own (npm start's) whose banner-art provider is a fake
 * image service (tests/fakes/imageService, OpenAI-images style), which holds its picture until the
 * test lets it go. On the banner page the user picks AI生成主视觉, sees the description drafted from
 * the game's texts and edits it, watches the dialog name 排队中 / AI绘制中 / 视频合成中, and gets
 * the video over the painted picture, named as the AI's on the preview and in 我的作品; at
 * 1440x900 and at 390x844 (screenshots kept with E2E_SHOTS=<folder>).
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from '../../config/paths';
import { PasswordHasher } from '../../src/server/security/passwords';
import { splitKeyArt } from '../fixtures/keyArt';
import { startFakeImageService, type FakeImageService } from '../fakes/imageService/server';
import { describeInBrowser, explained, launchBrowser, openPage } from './browser';
import { freePort, waitUntilUp } from './globalSetup';

// A 1080p banner on a busy two-core machine, after a painting the test holds.
jest.setTimeout(240_000);

const SELECT = { name: /^选\s*择$/ };
const PHONE = '13800138077';
const PASSWORD = 'Shanhai#2026';
const SHOTS = process.env.E2E_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-keyart-shots-'));

/** Records every stage the loading dialog shows, however briefly (the video's may last a second). */
const RECORD_STAGES = `
  window.__stages = [];
  new MutationObserver(() => {
    const shown = document.querySelector('[data-testid="generation-stage"]');
    const stage = shown && shown.getAttribute('data-stage');
    if (stage && window.__stages[window.__stages.length - 1] !== stage) window.__stages.push(stage);
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-stage'] });
`;

describeInBrowser('AI生成主视觉 in Chromium, against a fake image service', () => {
  let browser: Browser;
  let service: FakeImageService;
  let server: ChildProcess;
  let base = '';
  let dataDir = '';
  const at = (route: string): string => `${base}${route}`;

  beforeAll(async () => {
    service = await startFakeImageService({ type: 'held', bytes: splitKeyArt(1920, 1080) });
    const port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-keyart-'));
    server = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['config/start.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', BANNER_ART_URL: service.url, RENDER_CONCURRENCY: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    base = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${base}/index/index/getSiteConfig`, Date.now() + 90_000);
    // An account with a password, as registration leaves it (its SMS round is another test's).
    const db = new Database(path.join(dataDir, 'app.db'));
    try {
      const now = Date.now();
      db.prepare('INSERT INTO users (name, mobile, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(PHONE, PHONE, await new PasswordHasher().hash(PASSWORD), now, now);
    } finally {
      db.close();
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    await service?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function logIn(page: Page): Promise<void> {
    await page.goto(at('/user/auth/login?handleType=account'));
    await page.getByPlaceholder('请输入手机号').fill(PHONE);
    await page.getByPlaceholder('请输入密码').fill(PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).last().click();
    await page.waitForURL(/\/user\/backend/);
  }

  /** The banner list, then the logo list, then the form with the game's own texts. */
  async function chooseStylesAndTexts(page: Page): Promise<void> {
    await page.goto(at('/user/banner/selectPage?module=fsa'));
    await page.locator('.wpg-template-card[data-testid]').nth(1).waitFor();
    await page.locator('[aria-busy="false"]').first().waitFor();
    await page.getByRole('button', SELECT).nth(1).click();
    await page.waitForURL(/\/user\/logo\/selectPage\?module=fsa/, { timeout: 90_000 });
    await page.getByRole('button', SELECT).nth(0).click();
    await page.waitForURL(/\/user\/banner\/config/);
    await page.getByLabel('LOGO名称').fill('星河战纪');
    await page.getByLabel('底部标语').fill('群星之下 王者归来');
    await page.getByLabel('动画上方文字').fill('星河战纪公测开启，邀你共赴星海征途之旅');
    await page.getByLabel('动画下方文字').fill('#星河战纪# #星际争霸# #公测开启#');
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
  }

  it('picks AI生成主视觉 on the banner page, sees the stages, and gets the video over the painted picture', async () => {
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 });
    await page.addInitScript(RECORD_STAGES);
    await logIn(page);
    await chooseStylesAndTexts(page);

    // Offered because a service is configured, under its own name; the description starts from the game.
    await page.getByText('AI生成主视觉', { exact: true }).click();
    const description = page.getByLabel('AI主视觉画面描述');
    await expect(description.inputValue()).resolves.toContain('《星河战纪》');
    await page.getByText(`由 图像生成服务（${new URL(service.url).host}） 绘制`, { exact: false }).waitFor();
    const prompt = `${await description.inputValue()}，夜色中的银色星舰`.slice(0, 200);
    await description.fill(prompt);
    await shot(page, 'banner-config-ai-1440');

    await page.getByRole('button', { name: /生成整屏动画/ }).click();
    // The painting holds until the service answers: the dialog says so.
    await explained(page, page.locator('[data-testid="generation-stage"][data-stage="painting"]').waitFor({ timeout: 60_000 }));
    await page.getByText('当前阶段：AI绘制中').waitFor();
    await shot(page, 'banner-dialog-painting-1440');
    while (service.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(service.requests[0].body.prompt).toBe(prompt);

    service.release();
    await page.getByText('整屏动画生成成功').waitFor({ timeout: 200_000 });
    await page.waitForURL(/\/user\/banner\/preview\?/);
    const stages = await page.evaluate(() => (window as unknown as { __stages: string[] }).__stages);
    expect(stages[0]).toBe('queued');
    expect(stages).toContain('painting');
    // The video stage may pass between two polls on a fast render; when shown, it comes after the painting.
    expect(stages.slice(stages.indexOf('painting'))).toEqual(stages.includes('rendering') ? ['painting', 'rendering'] : ['painting']);

    // The video plays, over the painted picture, which the page shows and names as the AI's.
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="banner-video"]')?.readyState ?? 0) >= 2);
    const note = page.getByTestId('banner-art-note');
    await note.waitFor();
    expect(await note.getAttribute('data-maker')).toBe('ai');
    await expect(note.innerText()).resolves.toContain('画面：AI生成的主视觉（图像生成服务');
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('[data-testid="banner-art-note"] img')?.naturalWidth ?? 0) > 0);
    expect(await note.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1920);
    await shot(page, 'banner-preview-ai-1440');

    // Back on the form: the painted picture is kept with its description, and used again.
    await page.getByRole('button', { name: /返回修改/ }).click();
    await page.waitForURL(/\/user\/banner\/config/);
    await page.getByText('再次生成将直接使用这张图，不再重新绘制', { exact: false }).waitFor();
    expect(await page.getByLabel('AI主视觉画面描述').inputValue()).toBe(prompt);

    // 我的作品 names the banner's maker.
    await page.goto(at('/user/backend/works'));
    await expect(page.getByTestId('work-maker').first().innerText()).resolves.toContain('AI生成的主视觉');
    await shot(page, 'works-1440');

    // A phone: the form fits 390 px, and the preview names the maker there too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(at('/user/banner/config?module=fsa'));
    await page.getByLabel('AI主视觉画面描述').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'banner-config-ai-390');
    expect(service.requests).toHaveLength(1);
    await page.context().close();
    expect(errors).toEqual([]);
  });

  it("shows a painting's refusal in Chinese, at 390x844, and keeps the form as typed", async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 });
    await page.addInitScript(RECORD_STAGES);
    await logIn(page);
    // Another browser: a form of its own; AI again, with a description of its own.
    await chooseStylesAndTexts(page);
    await page.getByText('AI生成主视觉', { exact: true }).click();
    await page.getByLabel('AI主视觉画面描述').fill('燃烧的城池与倒下的旗帜');
    await page.getByRole('button', { name: /生成整屏动画/ }).click();
    // Held while the phone shows the dialog; then the service refuses it, as its moderation would.
    await explained(page, page.locator('[data-testid="generation-stage"][data-stage="painting"]').waitFor({ timeout: 60_000 }));
    await shot(page, 'banner-dialog-painting-390');
    while (service.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    service.release({ type: 'error', status: 400, code: 'content_policy_violation', message: 'rejected by the safety system' });
    await page.getByText('AI主视觉未能生成').waitFor({ timeout: 60_000 });
    await page.getByText('图像生成服务返回错误（HTTP 400），请稍后重试', { exact: false }).first().waitFor();
    expect(await page.getByLabel('AI主视觉画面描述').inputValue()).toBe('燃烧的城池与倒下的旗帜');
    expect(await page.getByLabel('LOGO名称').inputValue()).toBe('星河战纪');
    await shot(page, 'banner-config-refused-390');
    // The failure is a toast and the field's notice, not a page error.
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
