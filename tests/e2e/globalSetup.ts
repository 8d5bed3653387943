import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureClientBuild } from '../../config/clientBuild';
import { repoRoot } from '../../config/paths';
import { chromiumPath, writeEnvironment } from './environment';

/** A port nobody listens on (npm run record-tutorials starts its own server the same way). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitUntilUp(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(url);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer at ${url} in time.`);
}

/** Starts `npm start`'s server (config/start.ts) on a free port with a fresh data folder. */
export default async function globalSetup(): Promise<void> {
  const browser = chromiumPath();
  if (!browser) {
    console.warn('\nNo Chromium found (/usr/bin/chromium or CHROMIUM_PATH): the browser tests are skipped.\n');
    writeEnvironment({ baseUrl: '', dataDir: '', chromiumPath: null, serverPid: null, serverLog: '' });
    return;
  }
  ensureClientBuild();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-data-'));
  // Read by a failing wait (browser.ts); E2E_SERVER_LOG=<file> puts it where it stays after the run.
  const logFile = process.env.E2E_SERVER_LOG || path.join(os.tmpdir(), `wpg-e2e-server-${port}.log`);
  const server = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['config/start.ts'], {
    cwd: repoRoot,
    // Behind a "proxy" on loopback: each test file's pages name their own client address (browser.ts,
    // openPage), so the per-address limits (20 SMS codes a day) count each file's visitors apart
    // instead of the whole suite's as one.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', TRUST_PROXY: '127.0.0.1' },
    stdio: ['ignore', fs.openSync(logFile, 'w'), 'inherit'],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseUrl}/index/index/getSiteConfig`, Date.now() + 60_000);
  writeEnvironment({ baseUrl, dataDir, chromiumPath: browser, serverPid: server.pid ?? null, serverLog: logFile });
}
