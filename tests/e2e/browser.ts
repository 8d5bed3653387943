import crypto from 'node:crypto';
import fs from 'node:fs';
import { chromium, type Browser, type Download, type Locator, type Page, type Response } from 'playwright-core';
import { readEnvironment } from './environment';
import { serverWarnings } from '../fixtures/serverLog';

/** Chromium as DESIGN.md section 9 starts it: headless, no sandbox (root), no background traffic. */
export async function launchBrowser(): Promise<Browser> {
  const env = readEnvironment();
  if (!env.chromiumPath) throw new Error('No Chromium: the browser tests should have been skipped.');
  return chromium.launch({
    executablePath: env.chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * A gallery picture still being rendered: the server answers 503 with Retry-After, and the SPA's
 * picture asks again (RetryingImage). Not an error; any other answer of 500 and up is.
 */
export function isServerError(response: Response): boolean {
  if (response.status() < 500) return false;
  const rendering = response.status() === 503 && new URL(response.url()).pathname.startsWith('/generated/catalog/') && response.headers()['retry-after'] !== undefined;
  return !rendering;
}

/** Chromium's console line for a 503 names no URL: the gallery's 503s are told apart by isServerError instead. */
export const isGalleryRetryNotice = (text: string): boolean => text.includes('the server responded with a status of 503');

/**
 * The client address this test file's pages come from, as the suite's server (behind a trusted
 * loopback proxy, globalSetup.ts) reads it: one per file, so that the per-address limits of the
 * suite's many registrations apply to each file's visitors, as to different people's.
 */
function visitorAddress(): string {
  const file = expect.getState().testPath ?? '';
  const hash = crypto.createHash('sha256').update(file).digest();
  return `10.${hash[0]}.${hash[1]}.${1 + (hash[2] % 254)}`;
}

/**
 * A page that fails the test on any uncaught page error and collects failed same-origin requests.
 * Its system asks for reduced motion, so the app's dialogs, popovers and pagers appear at once: a
 * click that lands while one still moves in is lost on a busy machine (the suite failed so, on a
 * pager, a Popconfirm and a dialog's button), and a user who set it is served the same way.
 */
export async function openPage(browser: Browser, viewport = { width: 1366, height: 860 }): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport, acceptDownloads: true, reducedMotion: 'reduce', extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() } });
  const page = await context.newPage();
  return { page, errors: watchPage(page) };
}

/** The page's uncaught errors and server errors as they come, its API calls kept for `explained`. */
export function watchPage(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (isServerError(response)) errors.push(`HTTP ${response.status()} ${response.url()}`);
  });
  watchApi(page);
  return errors;
}

/** The API calls of each page as they went (method, path, status, the answer's code and message), and the ones still waiting. */
const apiCalls = new WeakMap<Page, { done: string[]; waiting: Map<unknown, string> }>();

/** Keeps the API calls of `page` for `explained` (openPage does it for its pages). */
export function watchApi(page: Page): void {
  const calls = { done: [] as string[], waiting: new Map<unknown, string>() };
  apiCalls.set(page, calls);
  const isApi = (url: string): boolean => /\/(api|index)\//i.test(new URL(url).pathname);
  page.on('request', (request) => {
    if (isApi(request.url())) calls.waiting.set(request, `${request.method()} ${new URL(request.url()).pathname}`);
  });
  page.on('requestfailed', (request) => {
    const call = calls.waiting.get(request);
    if (!call) return;
    calls.waiting.delete(request);
    calls.done.push(`${call} failed: ${request.failure()?.errorText ?? '?'}`);
  });
  page.on('response', (response) => {
    const call = calls.waiting.get(response.request());
    if (!call) return;
    calls.waiting.delete(response.request());
    response.text().then(
      (body) => calls.done.push(`${call} ${response.status()} ${body.slice(0, 160)}`),
      () => calls.done.push(`${call} ${response.status()}`),
    );
  });
}

/** What a failed wait tells: the page's last API calls, the ones still waiting, its messages and the server's warnings. */
async function whatHappened(page: Page): Promise<string> {
  const calls = apiCalls.get(page);
  const notices = await page
    .locator('.ant-message-notice, .ant-notification-notice, .ant-modal')
    .allInnerTexts()
    .catch(() => []);
  const log = readEnvironment().serverLog;
  const warnings = log && fs.existsSync(log) ? serverWarnings(fs.readFileSync(log, 'utf8').split('\n')) : [];
  return [
    `at ${page.url()}`,
    `last API calls: ${calls?.done.slice(-8).join(' || ') || 'none'}`,
    `still waiting: ${[...(calls?.waiting.values() ?? [])].join(', ') || 'none'}`,
    `shown: ${notices.join(' | ').replace(/\s+/g, ' ').slice(0, 300) || 'nothing'}`,
    `server warnings: ${warnings.slice(-5).map((line) => line.slice(0, 300)).join(' || ') || 'none'}`,
  ].join('\n');
}

/** What `wait` gives; when it fails (a timeout), the failure also tells what the page and the server did meanwhile. */
export async function explained<T>(page: Page, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${await whatHappened(page)}`);
  }
}

/**
 * The site preview's frame showing its page. A preview is a site render: the first one after the
 * server's start also loads the render thread's code and fonts (3-5 s alone), and the suite's other
 * file shares the machine meanwhile, so it is given a minute.
 */
export function previewShown(page: Page): Promise<void> {
  return explained(page, page.frameLocator('iframe[title="网站预览"]').locator('body').waitFor({ timeout: 60_000 }));
}

/** The download that `act` (a click or two) starts, within `timeout`. */
export async function downloadOf(page: Page, act: () => Promise<void>, timeout = 120_000): Promise<Download> {
  const download = page.waitForEvent('download', { timeout });
  // Awaited below; a failing `act` must not leave its rejection unheard.
  download.catch(() => undefined);
  await act();
  return explained(page, download);
}

/** Clicks `trigger` and then the OK button `ok` of the Popconfirm it opens. */
export async function confirmPopover(page: Page, trigger: Locator, ok: RegExp): Promise<void> {
  await trigger.click();
  await page.locator('.ant-popover:not(.ant-popover-hidden)').getByRole('button', { name: ok }).click();
}

/** `describe` when Chromium is there; otherwise the suite is reported as skipped. */
export const describeInBrowser: jest.Describe = readEnvironment().chromiumPath ? describe : describe.skip;
