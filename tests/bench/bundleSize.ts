/**
 * DESIGN.md section 10's JS budgets, measured the way a visitor meets them: Chromium opens each
 * route of the production build and we add up the gzip size of every script it fetched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { clientDistDir } from '../../config/paths';
import { chromiumPath } from '../e2e/environment';
import type { BenchLogin } from './benchLogins';

const PUBLIC_FIRST_LOAD_BUDGET_KIB = 200;
const ROUTE_BUDGET_KIB = 350;

/** Routes a visitor can land on; the first is the public page whose first load has the tighter budget. */
const PUBLIC_ROUTES = ['/user/', '/user/logo/selectPage?module=tl', '/user/logo/config?module=tl', '/user/banner/selectPage?module=fsa', '/user/banner/config?module=fsa', '/user/auth/login', '/user/videoTutorial'];

/** What the logged-in routes are opened with: a user's login and site, and an operator's login. */
export interface BenchAccounts {
  user: BenchLogin;
  operator: BenchLogin;
  /** A published builder site of the user (预约 and 数据 open it). */
  site: { id: number; slug: string };
}

/**
 * The back office, the builder and the console, each opened as its first page after a remembered
 * login.
 */
function loggedInRoutes({ user, operator, site }: BenchAccounts): Array<[route: string, login: BenchLogin]> {
  return [
    ['/user/backend/siteList', user],
    ['/user/backend/works', user],
    ['/user/backend/personal', user],
    ['/user/createWeb?new=1', user],
    [`/user/backend/siteReserve?builderId=${site.id}`, user],
    [`/user/backend/siteStats/${site.slug}`, user],
    ['/user/admin/overview', operator],
    ['/user/admin/settings', operator],
  ];
}

function gzipKib(urlPath: string): number {
  const file = path.join(clientDistDir, urlPath.replace(/^\/user\//, ''));
  return gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
}

export async function benchBundle(baseUrl: string, accounts: BenchAccounts): Promise<Array<[string, string, string]>> {
  const executablePath = chromiumPath();
  if (!executablePath) return [['JS per route', 'skipped: no Chromium', `first load <= ${PUBLIC_FIRST_LOAD_BUDGET_KIB} KiB, route <= ${ROUTE_BUDGET_KIB} KiB`]];
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const rows: Array<[string, string, string]> = [];
  try {
    const routes: Array<[route: string, login: BenchLogin | null]> = [...PUBLIC_ROUTES.map((route) => [route, null] as [string, null]), ...loggedInRoutes(accounts)];
    for (const [index, [route, login]] of routes.entries()) {
      const page = await browser.newPage();
      // The SPA reads its login from localStorage before the first render, as after a remembered login.
      if (login) await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), login.storage);
      // Pictures, videos and fonts are not JS: skipping them keeps a fresh catalog (whose previews
      // the server renders on first request) from holding networkidle back past the timeout.
      await page.route('**/*', (request) => (['image', 'media', 'font'].includes(request.request().resourceType()) ? request.abort() : request.continue()));
      const scripts = new Set<string>();
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.startsWith('/user/js/') && pathname.endsWith('.js')) scripts.add(pathname);
      });
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'load' });
      // Parsing the first scripts can keep the network quiet long enough to count as idle before the
      // route's lazy chunks are asked for: wait until the router has settled (it then sets the
      // page's own title), then for the chunks the page itself loads.
      await page.waitForFunction(() => document.title.includes(' - '));
      await page.waitForLoadState('networkidle');
      // A refused login or a missing page would measure the page it was sent to instead.
      const landed = new URL(page.url()).pathname;
      await page.close();
      if (landed !== new URL(route, baseUrl).pathname) throw new Error(`${route} led to ${landed}: not measured`);
      const kib = [...scripts].reduce((sum, script) => sum + gzipKib(script), 0);
      // BENCH_BUNDLE_FILES=<file> appends each route's scripts with their gzip KiB (one JSON line a
      // route), to see which chunks make a route heavy.
      if (process.env.BENCH_BUNDLE_FILES) fs.appendFileSync(process.env.BENCH_BUNDLE_FILES, JSON.stringify({ route, scripts: [...scripts].map((script) => [script, gzipKib(script)]) }) + '\n');
      const budget = index === 0 ? PUBLIC_FIRST_LOAD_BUDGET_KIB : ROUTE_BUDGET_KIB;
      rows.push([`JS for ${route} (gzip, ${scripts.size} files)`, `${kib.toFixed(1)} KiB`, `<= ${budget} KiB`]);
    }
  } finally {
    await browser.close();
  }
  return rows;
}
