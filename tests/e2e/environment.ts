import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What globalSetup hands to the browser tests (they run in other processes). */
export interface E2eEnvironment {
  baseUrl: string;
  dataDir: string;
  chromiumPath: string | null;
  serverPid: number | null;
  /** The server's log (one JSON line per event), which a failing wait quotes; '' for none. */
  serverLog: string;
}

/**
 * globalSetup runs in jest's parent process; the tests run in workers forked after it (or in the
 * same process in band), so an environment variable set there reaches them both.
 */
function stateFile(): string {
  if (!process.env.WPG_E2E_STATE) process.env.WPG_E2E_STATE = path.join(os.tmpdir(), `wpg-e2e-${process.pid}.json`);
  return process.env.WPG_E2E_STATE;
}

export function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && fs.existsSync(p)) ?? null;
}

export function writeEnvironment(env: E2eEnvironment): void {
  fs.writeFileSync(stateFile(), JSON.stringify(env));
}

export function readEnvironment(): E2eEnvironment {
  return JSON.parse(fs.readFileSync(stateFile(), 'utf8')) as E2eEnvironment;
}

export function removeEnvironment(): void {
  fs.rmSync(stateFile(), { force: true });
}
