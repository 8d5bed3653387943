import fs from 'node:fs';
import os from 'node:os';

/** How much lower than the API a render runs (nice values: 0 normal, 19 lowest). */
export const RENDER_NICENESS = 10;

/**
 * Lowers the priority of the calling thread, so that renders take the CPU the API leaves idle
 * instead of competing with it: on two cores, two renders at normal priority made the API's p99
 * more than a second. Linux keeps a nice value per thread and passes it on to child processes, so
 * ffmpeg, started from a render thread, runs low too. Elsewhere this does nothing.
 */
export function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, RENDER_NICENESS);
  } catch {
    // Not Linux, or not allowed: renders keep the normal priority.
  }
}
