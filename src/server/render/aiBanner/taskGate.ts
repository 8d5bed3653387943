/**
 * Turns at an image service whose account runs only so many tasks at once (DashScope: one or two
 * per model). Paints of one process take turns here instead of being refused with 429 Throttling.
 *
 * Renders run in worker threads, each with its own copy of this module: the turns live in a
 * SharedArrayBuffer that the pool hands every thread (workerData.taskGate), so that the threads
 * of one process share them. A turn is a lease with an end: a thread terminated while holding
 * one (a render that would not stop) cannot keep the others waiting past it.
 */
import { workerData } from 'node:worker_threads';

/** Tasks one process runs at once on the service: the strictest account limit (one at a time). */
export const TASKS_AT_ONCE = 1;
/** How often a waiting paint looks again: a picture takes seconds, a quarter second is nothing. */
const LOOK_AGAIN_MS = 250;

function bufferOfParent(): SharedArrayBuffer | null {
  const given: unknown = (workerData as { taskGate?: unknown } | null)?.taskGate;
  return given instanceof SharedArrayBuffer ? given : null;
}

/** Handed to each render thread by the pool; the main thread's own paints use it too. */
export const TASK_GATE_BUFFER: SharedArrayBuffer = bufferOfParent() ?? new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT * TASKS_AT_ONCE);

/** Each cell: 0 for a free turn, else the time (ms) its lease ends. */
const cells = new BigInt64Array(TASK_GATE_BUFFER);

/** `ms` of waiting that `signal` cuts short, rejecting with its reason. */
export const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    // An abort that came first is not an event any more.
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Waits for a turn (rejecting with the signal's reason when it aborts first) and answers the
 * function that gives it back. `leaseMs` is the longest the holder can need it.
 */
export async function takeTurn(signal: AbortSignal, leaseMs: number, now: () => number = Date.now): Promise<() => void> {
  for (;;) {
    signal.throwIfAborted();
    for (let slot = 0; slot < cells.length; slot += 1) {
      const held = Atomics.load(cells, slot);
      if (held !== 0n && held > BigInt(now())) continue;
      const lease = BigInt(now() + leaseMs);
      if (Atomics.compareExchange(cells, slot, held, lease) !== held) continue;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        // Only our own lease is freed: an expired one may have been taken by another paint since.
        Atomics.compareExchange(cells, slot, lease, 0n);
      };
    }
    await pause(LOOK_AGAIN_MS, signal);
  }
}
