/**
 * `npm start`: builds the SPA when it is missing or stale, then starts the one server that serves
 * the SPA under /user/ and the API, with the embedded defaults (port 8080, SQLite in ./data).
 */
import { ensureClientBuild } from './clientBuild';
import { ConfigError, loadConfig } from '../src/server/config';

// A bad setting is said before the build, not after a minute of it.
try {
  loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}
ensureClientBuild();
// Loaded after the build so that a failed build stops before the server binds its port.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- start the server only once the SPA is built
require('../src/server/main');
