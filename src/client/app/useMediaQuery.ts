import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, kept current. Read synchronously on the first render (unlike
 * antd's useBreakpoint, which learns it in an effect), so the first paint is already the right one.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
