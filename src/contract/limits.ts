/** Business constants and limits of spec section 9, enforced by both the SPA and the API. */
export const Limits = {
  requestTimeoutMs: 10_000,
  bannerRequestTimeoutMs: 60_000,
  qrLifetimeSeconds: 120,
  qrPollIntervalMs: 1_000,
  smsCountdownSeconds: 60,
  passwordMin: 6,
  /** argon2 has no practical limit, but an unbounded body is a denial-of-service vector. */
  passwordMax: 64,
  userNameMax: 12,
  captchaMax: 6,
  smsCodeLength: 6,
  phonePattern: /^1[3-9]\d{9}$/,
  /** Visit-log fields are cut to these lengths (code points) rather than refused. */
  operateLogPathMax: 500,
  operateLogQueryMax: 2000,
  operateLogRemarkMax: 100,
} as const;

/** Server-side security figures (DESIGN.md section 8). */
export const Security = {
  tokenLifetimeSeconds: 7 * 24 * 3600,
  captchaLifetimeSeconds: 120,
  /** A verified captcha must be used (by an SMS send or a login) within this window. */
  captchaPassWindowSeconds: 120,
  smsCodeLifetimeSeconds: 300,
  smsCodeMaxWrongTries: 5,
  smsMinIntervalSeconds: 60,
  smsPerPhonePerHour: 5,
  smsPerPhonePerDay: 10,
  smsPerIpPerDay: 20,
  loginCaptchaAfterFailures: 3,
  loginLockAfterFailures: 10,
  loginFailureWindowSeconds: 15 * 60,
  loginLockSeconds: 15 * 60,
  captchaPerIpPerMinute: 30,
  loginPerIpPerMinute: 30,
  captchaLength: 4,
  qrPerIpPerMinute: 30,
  /** Visit-log writes past this are dropped silently: tracking must never disturb navigation. */
  operateLogPerIpPerMinute: 120,
} as const;
