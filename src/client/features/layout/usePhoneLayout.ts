import { useSyncExternalStore } from 'react';

/** Below antd's md breakpoint (768 px) the back office is a phone layout. */
export const PHONE_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * True on phone-wide screens. Read synchronously on the first render (unlike antd's
 * useBreakpoint, which learns it in an effect), so a phone never paints the sider first.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
