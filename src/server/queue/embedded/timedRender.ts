/** One render under its kind's hard timeout, given a grace period to stop once aborted. */
import type { RenderProgress, RenderResult, RenderSpec } from '../../render/jobSpec';
import type { BackgroundRenderHold } from '../backgroundRenderHold';
import { RenderAborted } from '../renderQueue';
import type { RenderRunner } from '../jobRules';

export interface RenderLimits {
  timeoutMs: number;
  /** After an abort, how long the render may take to stop before it is given up. */
  abortGraceMs: number;
}

/**
 * Runs `spec` on `runner`; aborts it at the timeout and rejects with the abort's reason (a
 * RenderAborted) however the renderer reports it, or after the grace period if it does not stop.
 * Time held (`hold`) does not count towards the timeout: the render stands still meanwhile.
 */
export async function renderUnderTimeout(
  runner: RenderRunner,
  spec: RenderSpec,
  outDir: string,
  controller: AbortController,
  limits: RenderLimits,
  onProgress?: RenderProgress,
  hold?: BackgroundRenderHold,
): Promise<RenderResult> {
  let grace: NodeJS.Timeout | undefined;
  let timeout: NodeJS.Timeout | undefined;
  let leftMs = limits.timeoutMs;
  let runningSince = 0;
  const runClock = (): void => {
    runningSince = Date.now();
    timeout = setTimeout(() => controller.abort(new RenderAborted('timeout')), leftMs);
  };
  const stopClock = (): void => {
    clearTimeout(timeout);
    leftMs -= Date.now() - runningSince;
  };
  if (!hold?.held) runClock();
  const unwatch = hold?.watch((held) => (held ? stopClock() : runClock()));
  const givenUp = new Promise<never>((_resolve, reject) => {
    const onAbort = (): void => {
      grace = setTimeout(() => reject(controller.signal.reason), limits.abortGraceMs);
    };
    if (controller.signal.aborted) onAbort();
    else controller.signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const result = await Promise.race([runner.run(spec, outDir, controller.signal, onProgress, hold), givenUp]);
    // A render that ignored its abort and finished anyway still timed out or was interrupted.
    if (controller.signal.aborted) throw controller.signal.reason;
    return result;
  } catch (error) {
    // However the renderer reports an abort, the reason we aborted for decides what happens next.
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    unwatch?.();
    clearTimeout(timeout);
    clearTimeout(grace);
  }
}
