/** Types shared by the auth slices, sagas and components. */

/** The life of one request a form makes, for its submit button. */
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** The forms that have an SMS-code button; each has its own countdown. */
export type SmsFormId = 'register' | 'forget' | 'personal' | 'login' | 'bind';

/** The login page's account form: a password, or a code sent to the phone (短信验证码登录). */
export type LoginMode = 'password' | 'sms';

/** What a passed graphic captcha is for: the action that waits for it. */
export type CaptchaPurpose = 'login' | 'sms';

/**
 * Where a login (QR, account or a registration) runs: the pages navigate on success, the login
 * dialog just closes and the flow that opened it carries on in place.
 */
export type LoginPlace = 'loginPage' | 'loginDialog';

/** The login page's tabs; the login dialog has the same two, and its register form. */
export type LoginTab = 'account' | 'qrcode';
export type LoginDialogView = LoginTab | 'register';
