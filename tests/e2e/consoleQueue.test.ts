/**
 * The console's 概览 and 任务队列 in Chromium, at a desktop's size and a phone's (390x844): an
 * operator (the role given in the database, as npm run operator does) reads the figures and the
 * two weeks' bars, finds a failed job with its error and retries it; nothing scrolls sideways but
 * the tables. Screenshots for a person to look at: E2E_SHOTS=<folder> keeps them.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_LOGO_TEXTS } from '../../src/contract/generation';
import { registerThroughTheForm, url } from './accounts';
import { describeInBrowser, launchBrowser, openPage } from './browser';
import { readEnvironment } from './environment';

jest.setTimeout(180_000);

const SHOTS = process.env.E2E_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-console-shots-'));
const PHONE = '13800138093';
const FAILED_JOB = 'c0'.repeat(16);

/** What npm run operator and an earlier failure would have left in the server's database. */
function prepare(): void {
  const db = new Database(path.join(readEnvironment().dataDir, 'app.db'));
  try {
    const { id } = db.prepare('SELECT id FROM users WHERE mobile = ?').get(PHONE) as { id: number };
    db.prepare("UPDATE users SET role = 'operator' WHERE id = ?").run(id);
    const spec = { kind: 'tl', logoStyle: 1, texts: { ...DEFAULT_LOGO_TEXTS, logotext: '控制台测试' } };
    const at = Date.now();
    db.prepare(
      "INSERT INTO render_jobs (id, seq, kind, input, status, attempts, user_id, error, queued_at, touched_at, finished_at) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM render_jobs), 'tl', ?, 'failed', 1, ?, '生成失败，请稍后重试', ?, ?, ?)",
    ).run(FAILED_JOB, JSON.stringify(spec), id, at, at, at);
  } finally {
    db.close();
  }
}

const overflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describeInBrowser('the console’s 概览 and 任务队列', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the figures and the queue to an operator, and retries a failed job, at 1440 and at 390 px', async () => {
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 });
    await registerThroughTheForm(page, PHONE, 'Shanhai#2026');
    prepare();

    // The role is read with the user at the start: /user/admin leads to 概览.
    await page.goto(url('/user/admin'));
    await page.waitForURL(/\/user\/admin\/overview$/);
    await page.getByText('用户总数').waitFor();
    await page.getByRole('img', { name: '近14天新用户、生成与失败' }).waitFor();
    await page.getByText('透明LOGO').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'console-overview-1440.png'), fullPage: true });

    await page.getByRole('menuitem', { name: /任务队列/ }).click();
    await page.waitForURL(/\/user\/admin\/queue$/);
    await page.getByText('没有排队的任务').or(page.getByText('前面')).first().waitFor();
    await page.getByText('失败', { exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: '控制台测试' });
    await row.getByText('生成失败，请稍后重试').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'console-queue-failed-1440.png'), fullPage: true });
    await row.getByRole('button', { name: /重\s*试/ }).click();
    await page.getByText('任务已重新排队').waitFor();
    // The real renderer makes it this time; the list no longer has it as failed.
    await page.getByRole('row').filter({ hasText: '控制台测试' }).waitFor({ state: 'detached', timeout: 30_000 });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url('/user/admin/overview'));
    await page.getByText('用户总数').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'console-overview-390.png'), fullPage: true });
    await page.goto(url('/user/admin/queue'));
    await page.getByText('排队中', { exact: true }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'console-queue-390.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
