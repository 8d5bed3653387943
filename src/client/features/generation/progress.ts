/** Spec section 4: the bar stops short of the end until the result is there. */
export const PROGRESS_CAP = 95;
/**
 * Where the bar is when the estimate says the result is due: short of the cap, so that a render a
 * little late still moves the bar on (towards the cap, more slowly) instead of leaving it still.
 */
export const PROGRESS_AT_ESTIMATE = 90;

/**
 * The bar's course from `fromAt` on: from `fromPercent`, straight to PROGRESS_AT_ESTIMATE at
 * `dueAt`, then ever more slowly towards the cap (half the distance left every `halfLifeMs`).
 * Made anew from where the bar is whenever a better estimate comes in, so the bar never jumps
 * back, and keeps moving whatever the estimate: a later one slows it, a sooner one speeds it up.
 */
export interface ProgressPlan {
  fromPercent: number;
  fromAt: number;
  dueAt: number;
  halfLifeMs: number;
}

/** The slowest creep past the estimate halves the rest this often: a late render still shows movement. */
const MIN_HALF_LIFE_MS = 2_000;

/** A plan from 0 at `startedAt` with the result due after `expectedSeconds`. */
export function startPlan(startedAt: number, expectedSeconds: number): ProgressPlan {
  return planFrom(0, startedAt, startedAt, expectedSeconds);
}

/**
 * The plan after an estimate of `remainingSeconds` heard at `at`, for a job started at
 * `startedAt`: from where the bar is now, due at `at + remainingSeconds`. Past the estimate the bar
 * creeps at a pace that suits the job's length (a quarter of it), never slower than MIN_HALF_LIFE_MS.
 */
export function replan(plan: ProgressPlan, startedAt: number, at: number, remainingSeconds: number): ProgressPlan {
  return planFrom(percentOf(plan, at), startedAt, at, remainingSeconds);
}

function planFrom(fromPercent: number, startedAt: number, at: number, remainingSeconds: number): ProgressPlan {
  const remainingMs = Number.isFinite(remainingSeconds) ? Math.max(0, remainingSeconds * 1000) : 0;
  const dueAt = at + remainingMs;
  return { fromPercent, fromAt: at, dueAt, halfLifeMs: Math.max(MIN_HALF_LIFE_MS, (dueAt - startedAt) / 4) };
}

/** The bar's exact position at `now` on `plan` (not rounded). */
function percentOf(plan: ProgressPlan, now: number): number {
  const { fromPercent, fromAt, dueAt, halfLifeMs } = plan;
  const t = Math.max(now, fromAt);
  // Before the estimate: a straight line to PROGRESS_AT_ESTIMATE (unless the bar is past it already).
  const creepFrom = fromPercent < PROGRESS_AT_ESTIMATE ? dueAt : fromAt;
  if (t < creepFrom) return fromPercent + ((PROGRESS_AT_ESTIMATE - fromPercent) * (t - fromAt)) / (dueAt - fromAt);
  const base = Math.max(fromPercent, PROGRESS_AT_ESTIMATE);
  return PROGRESS_CAP - (PROGRESS_CAP - base) * 0.5 ** ((t - creepFrom) / halfLifeMs);
}

/** The percentage the bar shows at `now`: whole numbers, at most the cap. */
export function progressPercentAt(plan: ProgressPlan, now: number): number {
  return Math.min(PROGRESS_CAP, Math.floor(percentOf(plan, now)));
}
