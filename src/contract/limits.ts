/** Business constants and limits of spec section 9, enforced by both the SPA and the API. */
export const Limits = {
  requestTimeoutMs: 10_000,
  bannerRequestTimeoutMs: 60_000,
  /**
   * A results zip may wait for the result's extras (a logo's brand kit, a banner's phone cut: at
   * most 15 s on the server, KIT_WAIT_MS) before it is written: longer than a plain request.
   */
  zipRequestTimeoutMs: 30_000,
  /**
   * Creating a mini site may wait for the banner's phone cut (15 s, KIT_WAIT_MS) and then render
   * (at most 60 s in the site render thread): the client waits for all of it, not 60 s.
   */
  createSiteTimeoutMs: 90_000,
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
  /**
   * Login throttling counts failures per (phone, address): the guesser's address needs a captcha
   * after 3 and is locked out of that phone after 10, while the owner's address is not touched.
   */
  loginCaptchaAfterFailures: 3,
  loginLockAfterFailures: 10,
  /** An address failing for many phones (credential stuffing) needs a captcha for every phone. */
  loginCaptchaAfterAddressFailures: 10,
  /**
   * Clear abuse from many addresses: this many failures for one phone from at least
   * loginPhoneLockMinAddresses addresses stop its password logins; SMS-code logins still work.
   */
  loginPhoneLockAfterFailures: 30,
  loginPhoneLockMinAddresses: 10,
  loginFailureWindowSeconds: 15 * 60,
  loginLockSeconds: 15 * 60,
  captchaPerIpPerMinute: 30,
  captchaChecksPerIpPerMinute: 60,
  loginPerIpPerMinute: 30,
  /**
   * Register, the password reset and the SMS-code login, per address and per phone: a prober
   * without codes learns nothing, and cannot try phones quickly either.
   */
  accountProbesPerIpPerWindow: 20,
  accountProbesPerPhonePerWindow: 10,
  accountProbeWindowSeconds: 10 * 60,
  captchaLength: 4,
  qrPerIpPerMinute: 30,
  /**
   * Accounts one address may make in a day (registration, and QR logins of phones the server does
   * not know): enough for a family or an office behind one address, not for a script.
   */
  newAccountsPerIpPerDay: 10,
  /** Visit-log writes past this are dropped silently: tracking must never disturb navigation. */
  operateLogPerIpPerMinute: 120,
} as const;
