/**
 * npm run record-tutorials [-- --only=1,3] [-- --out=<folder>]
 *
 * Records the tutorial videos shipped in src/server/assets/tutorials/ (<type>.mp4, the types of
 * TUTORIAL_TYPES) from the product itself: starts `npm start`'s server on a free port with a
 * throwaway DATA_DIR, and in Chromium (/usr/bin/chromium or CHROMIUM_PATH), as a new user at
 * 1280x800, goes through each flow with Chinese captions drawn into the page:
 * 1 迷你站, 2 LOGO, 3 整屏动画, 4 网站搭建. Renders are fast-forwarded. A flow that meets a page
 * error or a failed request stops the script and leaves the shipped video as it was.
 * Takes a few minutes on two cores; the SPA is built first when it is stale.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TUTORIAL_TYPES, type TutorialType } from '../../src/contract/common';
import { TUTORIAL_ASSETS_DIR, tutorialFileName } from '../../src/server/modules/common/tutorials';
import { registerThroughTheForm } from '../../tests/e2e/accounts';
import { writeEnvironment } from '../../tests/e2e/environment';
import { freePort, waitUntilUp } from '../../tests/e2e/globalSetup';
import { ensureClientBuild } from '../clientBuild';
import { repoRoot } from '../paths';
import { Narrator, ScreenRecorder, type RecordingOptions } from './tutorialRecorder';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 800 };
const RECORDING: RecordingOptions = { ...VIEWPORT, fps: 10, crf: 31 };
const GAME = '星辰战纪';
const SLOGAN = '群星为证 逐光而行';
const BANNER_TEXT_UP = '星辰战纪全平台公测开启，与你共赴星海征程';
const BANNER_TEXT_DOWN = '#星辰战纪# #群星为证# #逐光而行#';
const SELECT = { name: /^选\s*择$/ };
const RENDER_TIMEOUT_MS = 300_000;

interface Flow {
  title: string;
  subtitle: string;
  /** Where the recording starts (the user is logged in, on the back office, before it). */
  start: string;
  /** The start page has loaded (its pictures too): the video's first frame, its picture on the tutorial page, is never a loading page. */
  ready(page: Page): Promise<void>;
  run(page: Page, say: Narrator, recorder: ScreenRecorder): Promise<void>;
}

/** Waits for a render, fast-forwarded, with a badge saying so. */
async function fastForwardedRender(page: Page, say: Narrator, recorder: ScreenRecorder, done: () => Promise<unknown>, maxSeconds = 5): Promise<void> {
  await page.waitForTimeout(1500);
  await say.badge('▶▶ 快进播放');
  await recorder.fastForward(async () => {
    await done();
  }, maxSeconds);
  await say.badge('');
}

/** A template list is ready when every picture of its cards has loaded (gallery pictures render on first request). */
async function picturesLoaded(page: Page): Promise<void> {
  await page.locator('.wpg-template-card[data-testid]').first().waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.wpg-template-card img')].every((image) => image.complete && image.naturalWidth > 0), undefined, {
    timeout: RENDER_TIMEOUT_MS,
    polling: 500,
  });
}

const FLOWS: Readonly<Record<TutorialType, Flow>> = {
  '1': {
    title: '迷你站教程',
    subtitle: '选网站模版 → 选LOGO样式 → 生成LOGO与整屏动画 → 填写内容 → 预览并下载',
    start: '/user/',
    ready: picturesLoaded,
    async run(page, say, recorder) {
      await say.caption('第1步：挑选一款网站模版，点击“选择”');
      await say.click(page.getByRole('button', SELECT).nth(3));
      await page.waitForURL(/\/user\/logo\/selectPage/);
      await picturesLoaded(page);
      await say.caption('第2步：为网站挑选一款LOGO样式');
      await say.click(page.getByRole('button', SELECT).nth(0));
      await page.waitForURL(/\/user\/miniSite\/config/);
      await say.caption('第3步：填写LOGO名称，也就是你的游戏名', 1500);
      await say.type(page.getByLabel('LOGO名称'), GAME);
      await say.type(page.getByLabel('底部标语'), SLOGAN);
      await say.caption('第4步：点击“生成LOGO”，几秒后LOGO就画好了');
      await say.click(page.getByRole('button', { name: /生成LOGO/ }));
      await page.getByText('LOGO生成成功').first().waitFor({ timeout: RENDER_TIMEOUT_MS });
      await say.point(page.getByText('LOGO', { exact: true }).locator('xpath=..'), 2000);
      await say.unpoint();
      await say.caption('第5步：填写动画文字，点击“生成整屏动画”');
      await say.type(page.getByLabel('动画上方文字'), BANNER_TEXT_UP);
      await say.click(page.getByRole('button', { name: /生成整屏动画/ }));
      await say.caption('整屏动画是一段1080p视频，几秒就能生成，进度条显示进度');
      await fastForwardedRender(page, say, recorder, () => page.getByText('整屏动画生成成功').first().waitFor({ timeout: RENDER_TIMEOUT_MS }));
      await page.waitForTimeout(1500);
      await say.caption('第6步：往下填写网站内容：游戏名称、宣传语、简介、下载链接……');
      const name = page.getByLabel('游戏名称');
      await say.point(name, 1500);
      if ((await name.inputValue()) !== GAME) await say.type(name, GAME);
      await say.type(page.getByLabel('宣传语'), SLOGAN);
      await say.unpoint();
      await say.caption('第7步：点击“生成网站”');
      await say.click(page.getByRole('button', { name: /生成网站/ }));
      const samples = page.locator('.ant-modal').filter({ hasText: '以下内容仍是模版示例' });
      await samples.waitFor();
      await say.caption('还没改过的模版示例会列出来：可点名字回去修改，也可以直接生成', 3500);
      const download = page.waitForEvent('download', { timeout: RENDER_TIMEOUT_MS });
      await say.click(samples.getByRole('button', { name: '仍然生成网站' }));
      await page.waitForURL(/\/user\/miniSite\/preview\?/, { timeout: RENDER_TIMEOUT_MS });
      await say.caption('第8步：预览生成的网站，压缩包自动开始下载');
      await (await download).path();
      await page.frameLocator('iframe[title="网站预览"]').getByText(GAME).first().waitFor();
      await page.waitForTimeout(3000);
      const frame = page.frameLocator('iframe[title="网站预览"]');
      await frame.locator('body').evaluate(() => window.scrollTo({ top: 700, behavior: 'smooth' }));
      await page.waitForTimeout(2500);
      await frame.locator('body').evaluate(() => window.scrollTo({ top: 0, behavior: 'smooth' }));
      await say.caption('完成！解压后打开 index.html，网站不需要服务器也能浏览', 4000);
    },
  },
  '2': {
    title: 'LOGO教程',
    subtitle: '选LOGO样式 → 填写游戏名 → 生成LOGO → 预览并下载透明PNG',
    start: '/user/logo/selectPage?module=tl',
    ready: picturesLoaded,
    async run(page, say) {
      await say.caption('第1步：挑选一款LOGO样式，点击“选择”');
      await say.click(page.getByRole('button', SELECT).nth(0));
      await page.waitForURL(/\/user\/logo\/config\?module=tl/);
      await say.caption('第2步：选择透明LOGO（PNG）或动态LOGO');
      await say.point(page.getByRole('radiogroup', { name: 'LOGO类型' }), 1800);
      await say.unpoint();
      await say.caption('第3步：填写LOGO名称（你的游戏名）和其他文字');
      await say.type(page.getByLabel('LOGO名称'), GAME);
      await say.type(page.getByLabel('底部标语'), SLOGAN);
      await say.caption('第4步：点击“生成LOGO”');
      const download = page.waitForEvent('download', { timeout: RENDER_TIMEOUT_MS });
      await say.click(page.getByRole('button', { name: /生成LOGO/ }));
      await page.getByText('LOGO生成成功').first().waitFor({ timeout: RENDER_TIMEOUT_MS });
      await page.waitForURL(/\/user\/logo\/preview\?/, { timeout: RENDER_TIMEOUT_MS });
      await say.caption('第5步：预览LOGO，压缩包自动开始下载');
      await (await download).path();
      await page.getByText('文件开始下载').first().waitFor();
      await say.point(page.getByAltText('生成的LOGO').first(), 3000);
      await say.unpoint();
      await say.caption('完成！没收到文件可点“下载”再下载一次', 3500);
    },
  },
  '3': {
    title: '整屏动画教程',
    subtitle: '选动画样式 → 选LOGO样式 → 填写文字 → 生成1080p视频 → 预览并下载',
    start: '/user/banner/selectPage?module=fsa',
    ready: picturesLoaded,
    async run(page, say, recorder) {
      await say.caption('第1步：挑选一款整屏动画样式，点击“选择”');
      await say.click(page.getByRole('button', SELECT).nth(1));
      await page.waitForURL(/\/user\/logo\/selectPage\?module=fsa/, { timeout: 90_000 });
      await picturesLoaded(page);
      await say.caption('第2步：挑选动画里的LOGO样式');
      await say.click(page.getByRole('button', SELECT).nth(2));
      await page.waitForURL(/\/user\/banner\/config/);
      await say.caption('第3步：填写LOGO名称、标语和动画上下方的文字');
      await say.type(page.getByLabel('LOGO名称'), GAME);
      await say.type(page.getByLabel('底部标语'), SLOGAN);
      await say.type(page.getByLabel('动画上方文字'), BANNER_TEXT_UP);
      await say.type(page.getByLabel('动画下方文字'), BANNER_TEXT_DOWN);
      await say.caption('第4步：点击“生成整屏动画”，进度条显示排队和生成进度');
      const download = page.waitForEvent('download', { timeout: RENDER_TIMEOUT_MS });
      await say.click(page.getByRole('button', { name: /生成整屏动画/ }));
      await fastForwardedRender(page, say, recorder, () => page.waitForURL(/\/user\/banner\/preview\?/, { timeout: RENDER_TIMEOUT_MS }));
      await say.caption('第5步：预览动画，压缩包（视频、封面图、LOGO）自动开始下载');
      await (await download).path();
      await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="banner-video"]')?.readyState ?? 0) >= 2);
      await say.caption('点击播放，看看生成的动画');
      const video = page.getByTestId('banner-video');
      await say.point(video, 800);
      await say.unpoint();
      await video.evaluate((element: HTMLVideoElement) => element.play());
      await page.waitForTimeout(6500);
      await say.caption('完成！视频可直接用作官网首屏背景', 3500);
    },
  },
  '4': {
    title: '网站搭建教程',
    subtitle: '立即搭建 → 更换组件模版 → 填写网站名称 → 生成banner → 生成并下载整站',
    start: '/user/backend/siteList',
    async ready(page) {
      await page.getByText('立即搭建').first().waitFor();
      await page.locator('.ant-table-tbody').first().waitFor();
    },
    async run(page, say, recorder) {
      await say.caption('第1步：登录后在后台点击“立即搭建”');
      await say.click(page.getByText('立即搭建').first());
      await page.waitForURL(/\/user\/createWeb(\?new=1)?$/);
      await page.frameLocator('iframe[title="网站预览"]').locator('body').waitFor();
      await page.waitForTimeout(1500);
      await say.caption('左边是网站预览，右边按组件分栏：整站配置、导航栏、BANNER……', 3000);
      await say.caption('第2步：选一个组件，点击“切换模版”更换样式');
      await say.click(page.getByRole('tab', { name: '导航栏' }));
      const panel = page.getByRole('tabpanel');
      await say.click(panel.getByRole('button', { name: /切换模版/ }));
      const picker = page.getByRole('dialog', { name: /^选择.+模版$/ });
      await picker.getByRole('listitem').first().waitFor();
      await page.waitForTimeout(1000);
      const card = picker.getByRole('listitem').nth(3).getByRole('button');
      await say.click(card);
      await picker.locator('[role=listitem]:nth-child(4) button[aria-pressed="true"]').waitFor();
      await say.click(picker.getByRole('button', { name: /确\s*定/ }));
      await picker.waitFor({ state: 'hidden' });
      await say.caption('预览立即换成新的导航栏，每次修改都会自动保存', 3000);
      await say.caption('第3步：在“整站配置”里填写网站名称');
      await say.click(page.getByRole('tab', { name: '整站配置' }));
      await say.type(panel.getByLabel('网站名称'), GAME);
      await page.getByRole('status').filter({ hasText: '已自动保存' }).waitFor({ timeout: 60_000 });
      await say.point(page.getByRole('status').filter({ hasText: '已自动保存' }), 1500);
      await say.unpoint();
      await say.caption('第4步：在“BANNER”里点击“生成banner”，画出首屏大图和LOGO');
      await say.click(page.getByRole('tab', { name: 'BANNER' }));
      await say.click(page.getByRole('button', { name: /生成banner/ }));
      await page.getByText('正在生成中，请勿刷新页面').waitFor();
      await fastForwardedRender(page, say, recorder, () => page.getByText('正在生成中，请勿刷新页面').waitFor({ state: 'hidden', timeout: RENDER_TIMEOUT_MS }), 4);
      await panel.locator('img[src*="/generated/"]').first().waitFor();
      await say.caption('预览换上了新的首屏大图和“星辰战纪”LOGO', 3500);
      await say.caption('第5步：点击“生成并下载”');
      const download = page.waitForEvent('download', { timeout: RENDER_TIMEOUT_MS });
      await say.click(page.getByRole('button', { name: /生成并下载/ }));
      const samples = page.locator('.ant-modal').filter({ hasText: '以下内容仍是模版示例' });
      await samples.waitFor();
      await say.caption('还没改过的模版示例会列出来：可点名字回去修改，也可以直接生成', 3500);
      await say.click(samples.getByRole('button', { name: '仍然生成并下载' }));
      await (await download).path();
      await page.waitForURL(/\/user\/backend\/siteList/, { timeout: RENDER_TIMEOUT_MS });
      await say.caption('第6步：压缩包开始下载，网站列表里显示“已完成”');
      const row = page.getByRole('row').filter({ hasText: GAME });
      await row.getByText('已完成').waitFor();
      await say.point(row, 3000);
      await say.unpoint();
      await say.caption('完成！在网站列表里可以随时继续编辑、再次下载', 3500);
    },
  },
};

function parseArgs(): { only: TutorialType[]; outDir: string } {
  const args = process.argv.slice(2);
  const onlyArg = args.find((arg) => arg.startsWith('--only='));
  const outArg = args.find((arg) => arg.startsWith('--out='));
  const known = TUTORIAL_TYPES.map(({ type }) => type);
  const only = onlyArg ? onlyArg.slice('--only='.length).split(',') : known;
  const unknown = only.filter((type) => !(known as string[]).includes(type));
  if (unknown.length) throw new Error(`Unknown tutorial type(s) ${unknown.join(', ')}: the types are ${known.join(', ')}.`);
  return { only: only as TutorialType[], outDir: outArg ? path.resolve(outArg.slice('--out='.length)) : TUTORIAL_ASSETS_DIR };
}

/** `npm start`'s server (config/start.ts) as the browser tests start it: test mode keeps the SMS outbox they read. */
async function startServer(dataDir: string): Promise<{ baseUrl: string; stop: () => void }> {
  const port = await freePort();
  const server = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['config/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = (): void => {
    try {
      // Detached: its whole process group (tsx and node).
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${baseUrl}/index/index/getSiteConfig`, Date.now() + 60_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, stop };
}

/**
 * Gallery pictures are rendered on their first request: the lists are opened once off camera, so
 * that the videos show them loaded.
 */
async function warmUp(browser: Browser, baseUrl: string): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  try {
    for (const list of ['/user/logo/selectPage?module=tl', '/user/banner/selectPage?module=fsa']) {
      await page.goto(`${baseUrl}${list}`);
      await picturesLoaded(page);
    }
  } finally {
    await context.close();
  }
}

async function record(browser: Browser, baseUrl: string, type: TutorialType, outFile: string): Promise<void> {
  const flow = FLOWS[type];
  const context = await browser.newContext({ locale: 'zh-CN', viewport: VIEWPORT, acceptDownloads: true });
  await Narrator.prepare(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`HTTP ${response.status()} ${response.url()}`);
  });
  let recorder: ScreenRecorder | null = null;
  try {
    // A new account for each flow, off camera: the video starts logged in.
    await registerThroughTheForm(page, `1390013900${type}`, 'Xingchen#2026');
    await page.goto(`${baseUrl}${flow.start}`);
    await flow.ready(page);
    const say = new Narrator(page);
    await say.showTitle(flow.title, flow.subtitle);
    recorder = await ScreenRecorder.start(page, outFile, RECORDING);
    await say.endTitle();
    await flow.run(page, say, recorder);
    if (problems.length) throw new Error(problems.join('\n'));
    await recorder.stop();
    console.info(`  ${type} ${flow.title}: ${recorder.seconds.toFixed(1)} s, ${(fs.statSync(outFile).size / 1024 / 1024).toFixed(2)} MB`);
  } catch (error) {
    recorder?.abort();
    const picture = path.join(os.tmpdir(), `tutorial-${type}-failed.png`);
    await page.screenshot({ path: picture }).catch(() => {});
    throw new Error(`The ${flow.title} flow failed (last picture: ${picture}): ${error instanceof Error ? error.message : String(error)}${problems.length ? `\n${problems.join('\n')}` : ''}`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const { only, outDir } = parseArgs();
  if (!fs.existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).`);
  ensureClientBuild();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-tutorials-'));
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  const server = await startServer(dataDir);
  const stopOnSignal = (): void => {
    server.stop();
    process.exit(130);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  // The e2e helpers (registration through the form, captcha and SMS code from the database) read where the server is from here.
  process.env.WPG_E2E_STATE = path.join(work, 'environment.json');
  writeEnvironment({ baseUrl: server.baseUrl, dataDir, chromiumPath: CHROMIUM, serverPid: null, serverLog: '' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--hide-scrollbars'],
  });
  try {
    fs.mkdirSync(outDir, { recursive: true });
    console.info(`Recording ${only.length} tutorial(s) from ${server.baseUrl} into ${outDir}`);
    await warmUp(browser, server.baseUrl);
    for (const type of only) {
      const target = path.join(outDir, tutorialFileName(type));
      const temp = path.join(work, tutorialFileName(type));
      await record(browser, server.baseUrl, type, temp);
      // Moved into place only when the whole flow went through.
      fs.copyFileSync(temp, target);
    }
  } finally {
    await browser.close();
    server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
