import { useCallback, useEffect, useState } from 'react';

/**
 * Waits before each new try of a picture that did not load, about a minute in all: a gallery
 * picture not rendered yet is answered 503 after a few seconds (the server caps the wait so that
 * the page's API calls are not kept behind it) and is there a few seconds later.
 */
export const PICTURE_RETRY_DELAYS_MS = [2000, 3000, 4000, 5000, 6000, 8000, 10_000, 10_000, 10_000] as const;

export interface RetryingSource {
  /** The URL to load now: the picture's own at first, then with a `retry` query, so that the browser asks again. */
  src: string;
  /** A load failed and the next try is due later. */
  waiting: boolean;
  /** Every try failed. */
  failed: boolean;
  /** The element's error handler. */
  onError(): void;
}

interface Tries {
  of: string;
  count: number;
  waiting: boolean;
  failed: boolean;
}

const fresh = (src: string): Tries => ({ of: src, count: 0, waiting: false, failed: false });

/** An inline picture (data: or blob:) is the same on every try: it is not asked again. */
const canRetry = (src: string): boolean => !/^(data|blob):/i.test(src);

/** The source of an <img> or <video> that asks again, a little later each time, when it fails to load. */
export function useRetryingSource(src: string, onGiveUp?: () => void): RetryingSource {
  const [tries, setTries] = useState<Tries>(() => fresh(src));
  // A new picture starts over (state adjusted while rendering, as React advises, not in an effect).
  const current = tries.of === src ? tries : fresh(src);
  if (current !== tries) setTries(current);
  const { count, waiting, failed } = current;

  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => setTries((state) => ({ ...state, count: state.count + 1, waiting: false })), PICTURE_RETRY_DELAYS_MS[count]);
    return () => clearTimeout(timer);
  }, [waiting, count]);

  const onError = useCallback(() => {
    if (waiting || failed) return;
    if (canRetry(src) && count < PICTURE_RETRY_DELAYS_MS.length) {
      setTries({ of: src, count, waiting: true, failed: false });
      return;
    }
    setTries({ of: src, count, waiting: false, failed: true });
    onGiveUp?.();
  }, [src, count, waiting, failed, onGiveUp]);

  return { src: count === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${count}`, waiting, failed, onError };
}
