import fs from 'node:fs';
import { readEnvironment, removeEnvironment } from './environment';

export default async function globalTeardown(): Promise<void> {
  const env = readEnvironment();
  if (env.serverPid) {
    try {
      // The server was started detached: signal its whole process group (tsx and node).
      process.kill(-env.serverPid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (env.dataDir) fs.rmSync(env.dataDir, { recursive: true, force: true });
  if (env.serverLog && !process.env.E2E_SERVER_LOG) fs.rmSync(env.serverLog, { force: true });
  removeEnvironment();
}
