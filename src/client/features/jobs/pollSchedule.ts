import { GenerationLimits } from '../../../contract/generation';

/** A wait before a poll, and whether the job was due already when it was chosen. */
export interface PollStep {
  delayMs: number;
  late: boolean;
}

/**
 * The wait before the next poll, given the seconds the job should take still: until then, never
 * later than the spec's interval (2000 ms). Once the job is due and not done (late), from
 * pollMinIntervalMs, doubling while it stays late: an optimistic estimate costs a few quick polls,
 * not one every 250 ms. `previous` is the step before (null for the first poll).
 */
export function nextPoll(remainingSeconds: number, previous: PollStep | null, pollIntervalMs: number = GenerationLimits.pollIntervalMs): PollStep {
  const { pollMinIntervalMs } = GenerationLimits;
  const atEstimate = Number.isFinite(remainingSeconds) ? remainingSeconds * 1000 : pollIntervalMs;
  if (atEstimate >= pollMinIntervalMs) return { delayMs: Math.round(Math.min(pollIntervalMs, atEstimate)), late: false };
  return { delayMs: previous?.late ? Math.min(pollIntervalMs, previous.delayMs * 2) : pollMinIntervalMs, late: true };
}
