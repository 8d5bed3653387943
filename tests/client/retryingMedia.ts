import { act, fireEvent } from '@testing-library/react';
import { PICTURE_RETRY_DELAYS_MS } from '../../src/client/components/useRetryingSource';

/**
 * Fails every try left of the picture or video `find` finds (null once it is replaced), each
 * retry's wait passing on jest's fake timers (the caller turns them on): what a browser does for
 * a picture that never comes.
 */
export function failEveryTry(find: () => HTMLElement | null): void {
  for (let tries = 0; tries <= PICTURE_RETRY_DELAYS_MS.length; tries += 1) {
    const element = find();
    if (!element) return;
    fireEvent.error(element);
    act(() => {
      jest.advanceTimersByTime(Math.max(...PICTURE_RETRY_DELAYS_MS));
    });
  }
}

/** failEveryTry on jest's fake timers, turned on for it and off after. */
export function failEveryTryOnFakeTimers(find: () => HTMLElement | null): void {
  jest.useFakeTimers();
  try {
    failEveryTry(find);
  } finally {
    jest.useRealTimers();
  }
}
