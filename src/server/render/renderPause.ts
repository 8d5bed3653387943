/**
 * This thread's render hold (queue/backgroundRenderHold.ts), set by the render worker: the renderers wait for
 * its release between their steps (untilReleased), and the ffmpeg processes they run are stopped
 * meanwhile (ffmpeg.ts). A render thread runs one render at a time, so the hold is its render's.
 */
/** Set while the thread is held: what its steps wait on. */
let release: { promise: Promise<void>; resolve: () => void } | null = null;
const listeners = new Set<(held: boolean) => void>();

export const isThreadHeld = (): boolean => release !== null;

/** Holds or releases this thread's render; an abort releases it first, so that the render can stop. */
export function holdThisThread(hold: boolean): void {
  if (hold === isThreadHeld()) return;
  if (hold) {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    release = { promise, resolve };
  } else {
    release?.resolve();
    release = null;
  }
  for (const listener of listeners) listener(hold);
}

/** Resolves at once when this thread is not held, else when it is released. */
export const untilReleased = (): Promise<void> => release?.promise ?? Promise.resolve();

/** Calls `listener` on each hold and release of this thread from now on. */
export function onThreadHold(listener: (held: boolean) => void): void {
  listeners.add(listener);
}
