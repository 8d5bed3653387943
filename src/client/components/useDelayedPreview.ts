import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: the preview dialog opens 100 ms after the click. */
export const PREVIEW_OPEN_DELAY_MS = 100;

/** The preview a page shows, opened after the spec's short delay; a newer click replaces a pending one. */
export function useDelayedPreview<T>(): { preview: T | null; open(value: T): void; close(): void } {
  const [preview, setPreview] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => clear, []);
  const open = useCallback((value: T) => {
    clear();
    timer.current = setTimeout(() => {
      timer.current = null;
      setPreview(value);
    }, PREVIEW_OPEN_DELAY_MS);
  }, []);
  const close = useCallback(() => {
    clear();
    setPreview(null);
  }, []);
  return { preview, open, close };
}
