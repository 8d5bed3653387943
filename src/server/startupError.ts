/**
 * A backend the configuration names that cannot be reached at start (the database, Redis, the
 * bucket): main.ts prints its message as one line, with no password and no stack trace, and exits.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
