/**
 * A provider for "a slow first request": the first call's answer arrives only after the second
 * call has been answered. Ordered by the calls themselves, not by timers of different lengths,
 * which a busy machine (CI) can reorder.
 */
export function firstAnswersLast<T>(answerOf: (args: unknown[]) => T): (effect: { args: unknown[] }) => Promise<T> {
  let releaseFirst: (() => void) | undefined;
  let calls = 0;
  return ({ args }) => {
    calls += 1;
    const answer = answerOf(args);
    if (calls === 1) return new Promise<T>((resolve) => (releaseFirst = () => resolve(answer)));
    return new Promise<T>((resolve) =>
      setTimeout(() => {
        resolve(answer);
        setTimeout(() => releaseFirst?.(), 0);
      }, 0),
    );
  };
}
