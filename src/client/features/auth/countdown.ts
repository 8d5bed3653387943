/**
 * Whole seconds left until `deadline` (ms since the epoch). Counting against the clock rather than
 * counting ticks keeps countdowns right when a background tab slows its timers down.
 */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
