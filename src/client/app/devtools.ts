import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';

// An SMS code logs a user in (POST /api/auth/smsLogin) as a password does, for its 5 minutes.
const SECRET_KEY = /token|password|verifyCode/i;
export const MASK = '***';

/** A copy of `value` with every token, password or SMS code field replaced by '***', at any depth. */
export function maskSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => maskSecrets(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const masked: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    masked[key] = SECRET_KEY.test(key) && field !== null && field !== undefined && field !== '' ? MASK : maskSecrets(field);
  }
  return masked as T;
}

/**
 * Redux DevTools: on in development; in production only when the server says so
 * (`<meta name="redux-devtools" content="1">`, from REDUX_DEVTOOLS). Never shows a token, password or SMS code.
 */
export function devToolsOptions(development: boolean, metaValue: string): DevToolsEnhancerOptions | false {
  if (!development && metaValue !== '1') return false;
  return {
    name: '网页生成系统',
    actionSanitizer: (action) => maskSecrets(action),
    stateSanitizer: (state) => maskSecrets(state),
  };
}
