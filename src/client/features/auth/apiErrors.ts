import { ApiError } from '../../api/ApiError';

/** The envelope's answer code of a failed call, or undefined for anything else (a bug, a cancelled request). */
export function answerCodeOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** The server's own explanation when it gave one (its messages are the spec's Chinese), else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.msg ? error.msg : fallback;
}
