/**
 * `npm start`: builds the SPA when it is missing or stale, then starts the one server that serves
 * the SPA under /user/ and the API, with the embedded defaults (port 8080, SQLite in ./data).
 */
import { ensureClientBuild } from './clientBuild';

ensureClientBuild();
// Loaded after the build so that a failed build stops before the server binds its port.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- start the server only once the SPA is built
require('../src/server/main');
