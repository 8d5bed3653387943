import { nextPoll, type PollStep } from '../../../../src/client/features/jobs/pollSchedule';

describe('when to poll', () => {
  const delays = (remaining: number[], interval?: number): number[] => {
    let step: PollStep | null = null;
    return remaining.map((seconds) => (step = nextPoll(seconds, step, interval)).delayMs);
  };

  it('at the estimate, never later than the spec\'s 2000 ms', () => {
    expect(delays([0.3])).toEqual([300]);
    expect(delays([12])).toEqual([2_000]);
    expect(delays([Number.NaN])).toEqual([2_000]);
    expect(delays([5, 3, 1.2])).toEqual([2_000, 2_000, 1_200]);
    expect(delays([1.5], 1_000)).toEqual([1_000]);
  });

  it('once due and not done, from 250 ms, doubling while it stays late, up to 2000 ms', () => {
    expect(delays([0, 0, 0, 0, 0, 0])).toEqual([250, 500, 1_000, 2_000, 2_000, 2_000]);
    expect(delays([-3])).toEqual([250]);
    // A long job due at last: the first late poll comes soon, whatever the waits before it.
    expect(delays([3.4, 1.4, 0, 0])).toEqual([2_000, 1_400, 250, 500]);
    // A new, later estimate ends the backing off.
    expect(delays([0, 0, 1.5, 0])).toEqual([250, 500, 1_500, 250]);
  });
});
