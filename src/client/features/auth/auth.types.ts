/** Types shared by the auth slices, sagas and components. */

/** The life of one request a form makes, for its submit button. */
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** The forms that have an SMS-code button; each has its own countdown. */
export type SmsFormId = 'register' | 'forget' | 'personal' | 'login';

/** The login page's account form: a password, or a code sent to the phone (短信验证码登录). */
export type LoginMode = 'password' | 'sms';

/** What a passed graphic captcha is for: the action that waits for it. */
export type CaptchaPurpose = 'login' | 'sms';

/** Where a QR login runs: the login page navigates on success, the login dialog just closes. */
export type QrLoginPlace = 'loginPage' | 'loginDialog';
