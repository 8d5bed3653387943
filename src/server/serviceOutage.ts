/**
 * Whether a failure says that a service the product stands on (PostgreSQL, Redis, the bucket)
 * cannot be reached or cannot serve right now, rather than that a request or our code was wrong.
 * Such a failure passes: a restarted database or Redis, a bucket that answered 503 for a while.
 * The API answers it with 503 and a message a user can act on (try again soon); a render worker
 * waits it out instead of failing the job it holds.
 */

/** Node's socket errors of a peer that is away or went away. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED', 'EAI_AGAIN', 'ENOTCONN']);

/**
 * PostgreSQL's SQLSTATEs of a server that cannot take the statement now: class 08 (connection
 * exceptions), 57P01-57P03 (shutting down, crashed, starting up) and 53300 (too many connections).
 */
const isPostgresUnavailable = (code: string): boolean => code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);

/** What node-postgres and ioredis say, without a code, of a connection that broke or is not there. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Connection is closed',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
];

/** The AWS SDK's error names of a bucket that is busy or away (throttling, 5xx, timeouts). */
const S3_UNAVAILABLE_NAMES = new Set(['ServiceUnavailable', 'SlowDown', 'InternalError', 'RequestTimeout', 'RequestTimeoutException', 'TimeoutError', 'ThrottlingException', 'Throttling']);

interface ErrorFields {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

export function isServiceOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const fields = error as ErrorFields;
  const code = typeof fields.code === 'string' ? fields.code : '';
  if (SOCKET_CODES.has(code)) return true;
  // A PostgreSQL error carries its SQLSTATE (five characters) as its code.
  if (/^[0-9A-Z]{5}$/.test(code) && isPostgresUnavailable(code)) return true;
  if (fields.name === 'MaxRetriesPerRequestError') return true;
  if (typeof fields.name === 'string' && S3_UNAVAILABLE_NAMES.has(fields.name)) return true;
  const status = fields.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  const message = typeof fields.message === 'string' ? fields.message : '';
  if (CONNECTION_MESSAGES.some((text) => message.includes(text))) return true;
  if (Array.isArray(fields.errors) && fields.errors.some((inner) => isServiceOutage(inner, depth + 1))) return true;
  return isServiceOutage(fields.cause, depth + 1);
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work`, and again while it fails with a service outage, pausing longer each time (up to 2 s),
 * for at most `patienceMs` in all: for a render worker, whose job waits in its hands meanwhile
 * instead of failing. Any other failure, and an outage that outlasts the patience, is thrown.
 * `onWait` hears each outage met (to be logged once, say).
 */
export async function throughOutages<T>(work: () => Promise<T>, patienceMs: number, onWait?: (error: unknown) => void): Promise<T> {
  const end = Date.now() + patienceMs;
  for (let wait = 250; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      return await work();
    } catch (error) {
      if (!isServiceOutage(error) || Date.now() + wait > end) throw error;
      onWait?.(error);
      await pause(wait);
    }
  }
}

/** Long enough for a database or Redis restart, or a bucket answering 503 for a while. */
export const OUTAGE_PATIENCE_MS = 5 * 60_000;

/**
 * The steps of one piece of work (a render, say), each run through outages for `patienceMs`; the
 * first outage met is logged with `fields`, once for the whole work rather than once per try.
 */
export function patientSteps(log: { warn(fields: object, message: string): void }, fields: object, patienceMs = OUTAGE_PATIENCE_MS): <T>(what: string, work: () => Promise<T>) => Promise<T> {
  let told = false;
  return (what, work) =>
    throughOutages(work, patienceMs, (error) => {
      if (told) return;
      told = true;
      log.warn({ err: error, ...fields }, `${what}: a service is unavailable, waiting for it`);
    });
}
