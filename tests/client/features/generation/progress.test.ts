import {
  PROGRESS_AT_ESTIMATE,
  PROGRESS_CAP,
  progressPercentAt,
  replan,
  startPlan,
  type ProgressPlan,
} from '../../../../src/client/features/generation/progress';
import {
  creationAnswered,
  creationSent,
  durationLoaded,
  generationAccepted,
  generationSucceeded,
  pollAnswered,
  selectProgressPercent,
} from '../../../../src/client/features/generation/generationSlice';
import { stateWith, rootReducer } from '../../sagaHarness';

/** The bar every `stepMs` from `from` to `to` on a plan. */
const samples = (plan: ProgressPlan, from: number, to: number, stepMs = 100): number[] => {
  const out: number[] = [];
  for (let t = from; t <= to; t += stepMs) out.push(progressPercentAt(plan, t));
  return out;
};
const nonDecreasing = (values: number[]): boolean => values.every((value, i) => i === 0 || value >= values[i - 1]);

describe('the progress bar\'s course', () => {
  it('rises steadily to 90 % at the estimate, then creeps towards the cap, never past it', () => {
    const plan = startPlan(0, 10);
    expect(progressPercentAt(plan, 0)).toBe(0);
    expect(progressPercentAt(plan, 5_000)).toBe(45);
    expect(progressPercentAt(plan, 10_000)).toBe(PROGRESS_AT_ESTIMATE);
    // A quarter of the job's length halves the distance to the cap: 2.5 s here.
    expect(progressPercentAt(plan, 12_500)).toBe(92);
    expect(progressPercentAt(plan, 60_000)).toBeLessThanOrEqual(PROGRESS_CAP);
    expect(progressPercentAt(plan, 600_000)).toBe(PROGRESS_CAP);
    expect(progressPercentAt(plan, -5)).toBe(0);
  });

  it('never goes back and never jumps when a later estimate comes in: it slows down from where it is', () => {
    let plan = startPlan(0, 10);
    const before = progressPercentAt(plan, 4_000);
    plan = replan(plan, 0, 4_000, 20);
    expect(progressPercentAt(plan, 4_000)).toBe(before);
    expect(progressPercentAt(plan, 4_100)).toBeGreaterThanOrEqual(before);
    expect(progressPercentAt(plan, 24_000)).toBe(PROGRESS_AT_ESTIMATE);
    expect(nonDecreasing(samples(plan, 4_000, 40_000))).toBe(true);
  });

  it('speeds up from where it is when a sooner estimate comes in', () => {
    let plan = startPlan(0, 60);
    plan = replan(plan, 0, 6_000, 1);
    expect(progressPercentAt(plan, 6_000)).toBe(9);
    expect(progressPercentAt(plan, 7_000)).toBe(PROGRESS_AT_ESTIMATE);
  });

  it('keeps moving when the render is late, more slowly the later it is, and stays under the cap', () => {
    // A 10 s estimate and a result after 40 s, the server saying "any moment now" on each poll.
    let plan = startPlan(0, 10);
    const bar: number[] = [];
    for (let t = 0; t <= 40_000; t += 1_000) {
      if (t > 0 && t % 2_000 === 0) plan = replan(plan, 0, t, t < 10_000 ? (10_000 - t) / 1000 : 0);
      bar.push(progressPercentAt(plan, t));
    }
    expect(nonDecreasing(bar)).toBe(true);
    expect(bar[10]).toBe(PROGRESS_AT_ESTIMATE);
    // Up to twice the estimate, every 4 s shows a step; it never claims to be done.
    for (let t = 0; t + 4 <= 20; t += 1) expect(bar[t + 4]).toBeGreaterThan(bar[t]);
    expect(Math.max(...bar)).toBeLessThan(PROGRESS_CAP);
  });

  it('follows a banner video\'s own progress reported by the server without going back (the 12 %-for-20-s bar)', () => {
    // Estimate 20 s; the server's figure after each poll as the frames come in, unevenly.
    const answers: Array<[at: number, remaining: number]> = [
      [2_000, 18],
      [4_000, 19],
      [6_000, 15],
      [8_000, 16],
      [10_000, 9],
      [12_000, 8],
      [14_000, 6],
      [16_000, 5],
      [18_000, 2],
    ];
    let plan = startPlan(0, 20);
    const bar: number[] = [];
    let last = 0;
    for (const [at, remaining] of answers) {
      bar.push(...samples(plan, last, at - 100));
      plan = replan(plan, 0, at, remaining);
      last = at;
    }
    bar.push(...samples(plan, last, 24_000));
    expect(nonDecreasing(bar)).toBe(true);
    // Each second shows at least one step until the result is due (every tenth sample is a second).
    const seconds = bar.filter((_value, i) => i % 10 === 0).slice(0, 20);
    expect(seconds.slice(1).every((value, i) => value > seconds[i])).toBe(true);
  });
});

describe('the bar in the generation state', () => {
  const t0 = 1_000_000;
  const reduce = (...actions: Parameters<typeof rootReducer>[1][]) => actions.reduce(rootReducer, stateWith());

  it('starts from the kind\'s default, takes the general duration, then the job\'s own estimate for good', () => {
    const state = reduce(
      generationAccepted({ kind: 'logo' }),
      creationSent({ startedAt: t0, waitCount: 0 }),
      durationLoaded({ seconds: 2, at: t0 + 20 }),
      creationAnswered({ waitCount: 0, expectedSeconds: 0.3, at: t0 + 1_000 }),
    );
    // By the general figure (2 s) the bar stood near half way after 1 s; the job's own figure
    // (0.3 s more) carries it on from there to 90 % at 1.3 s.
    expect(selectProgressPercent(state, t0 + 1_000)).toBe(44);
    expect(selectProgressPercent(state, t0 + 1_150)).toBe(67);
    expect(selectProgressPercent(state, t0 + 1_300)).toBe(PROGRESS_AT_ESTIMATE);
    expect(state.generation).toMatchObject({ expectedSeconds: 1.3, jobEstimated: true });
    // The general figure arriving late does not undo the job's own.
    const late = rootReducer(state, durationLoaded({ seconds: 180, at: t0 + 1_100 }));
    expect(late.generation.expectedSeconds).toBe(1.3);
    expect(late.generation.progress).toEqual(state.generation.progress);
  });

  it('is 0 before the creation, full once the result is there, and ignores an answer without an estimate', () => {
    expect(selectProgressPercent(reduce(generationAccepted({ kind: 'banner' })), t0)).toBe(0);
    const polling = reduce(generationAccepted({ kind: 'banner' }), creationSent({ startedAt: t0, waitCount: 3 }));
    const same = rootReducer(polling, pollAnswered({ waitCount: 2, expectedSeconds: 0, at: t0 + 2_000 }));
    expect(same.generation.progress).toEqual(polling.generation.progress);
    expect(same.generation.waitCount).toBe(2);
    const done = rootReducer(same, generationSucceeded({ kind: 'banner', slot: 'banner', module: 'fsa', logoUrl: '/l.png', bannerUrl: '/b.mp4' }));
    expect(selectProgressPercent(done, t0 + 2_000)).toBe(100);
  });
});
