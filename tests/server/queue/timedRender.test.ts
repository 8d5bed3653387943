import { renderUnderTimeout } from '../../../src/server/queue/embedded/timedRender';
import { BackgroundRenderHold } from '../../../src/server/queue/backgroundRenderHold';
import { RenderAborted } from '../../../src/server/queue/renderQueue';
import type { RenderRunner } from '../../../src/server/queue/jobRules';
import type { RenderSpec } from '../../../src/server/render/jobSpec';

const SPEC: RenderSpec = { kind: 'catalog-logo', styleId: 1 };
const LIMITS = { timeoutMs: 1_000, abortGraceMs: 50 };

/** A render that ends when told to, or rejects at its abort; it remembers the hold it was given. */
function manualRunner(): { runner: RenderRunner; finish: () => void; given: () => BackgroundRenderHold | undefined } {
  let finish = (): void => undefined;
  let given: BackgroundRenderHold | undefined;
  const runner: RenderRunner = {
    run: (_spec, _outDir, signal, _onProgress, hold) =>
      new Promise((resolve, reject) => {
        given = hold;
        finish = () => resolve({ files: ['thumbnail.jpg'] });
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
    close: async () => undefined,
  };
  return { runner, finish: () => finish(), given: () => given };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('renderUnderTimeout', () => {
  it('aborts a render at its timeout', async () => {
    const { runner } = manualRunner();
    const controller = new AbortController();
    const result = renderUnderTimeout(runner, SPEC, '/tmp', controller, LIMITS);
    const outcome = expect(result).rejects.toEqual(new RenderAborted('timeout'));
    await jest.advanceTimersByTimeAsync(1_000);
    await outcome;
  });

  it('does not count the time a render is held, and hands the hold to the runner', async () => {
    const { runner, finish, given } = manualRunner();
    const controller = new AbortController();
    const hold = new BackgroundRenderHold();
    const result = renderUnderTimeout(runner, SPEC, '/tmp', controller, LIMITS, undefined, hold);
    expect(given()).toBe(hold);
    await jest.advanceTimersByTimeAsync(600);
    hold.set(true);
    // Held far past the timeout: users' jobs were rendering.
    await jest.advanceTimersByTimeAsync(10_000);
    expect(controller.signal.aborted).toBe(false);
    hold.set(false);
    await jest.advanceTimersByTimeAsync(300);
    expect(controller.signal.aborted).toBe(false);
    finish();
    await expect(result).resolves.toEqual({ files: ['thumbnail.jpg'] });
  });

  it('counts the time run before and after a hold together', async () => {
    const { runner } = manualRunner();
    const controller = new AbortController();
    const hold = new BackgroundRenderHold(true);
    const result = renderUnderTimeout(runner, SPEC, '/tmp', controller, LIMITS, undefined, hold);
    const outcome = expect(result).rejects.toEqual(new RenderAborted('timeout'));
    // Held from the start: no time counts.
    await jest.advanceTimersByTimeAsync(5_000);
    hold.set(false);
    await jest.advanceTimersByTimeAsync(700);
    hold.set(true);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(controller.signal.aborted).toBe(false);
    hold.set(false);
    await jest.advanceTimersByTimeAsync(299);
    expect(controller.signal.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await outcome;
  });
});
