import { AnswerCode } from '../../../contract/envelope';
import { ApiError } from '../../api/ApiError';

/**
 * The seconds a server answering HTTP 503 asked to wait (overloaded, or its database or bucket
 * briefly away: the job is not lost), or null for any other failure.
 */
export function retryAfterSecondsOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== AnswerCode.unavailable) return null;
  const data = error.data as { retryAfterSeconds?: unknown } | null;
  return typeof data?.retryAfterSeconds === 'number' ? data.retryAfterSeconds : 5;
}
