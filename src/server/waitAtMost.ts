/**
 * `work`'s value, or `late` when it has not settled `ms` after the call (work that fails within
 * the time rejects). The work goes on either way; the timer never outlives the wait.
 */
export async function waitAtMost<T, L>(work: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
