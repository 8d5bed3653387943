import { useMediaQuery } from '../../app/useMediaQuery';

/** Below antd's md breakpoint (768 px) the back office is a phone layout. */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** True on phone-wide screens, from the first render on, so a phone never paints the sider first. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
