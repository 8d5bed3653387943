import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from '../../../contract/auth';
import type { LoginMode, LoginPlace } from './auth.types';

/**
 * Who is logged in. Persisted in localStorage (spec section 3: token, user info, saved username);
 * the token and user info only when "remember me" was on, otherwise they live in memory only.
 */
export interface AuthState {
  token: string | null;
  userInfo: UserInfo | null;
  /** Keep the token across reloads (account login's "remember me"; QR login always remembers). */
  remember: boolean;
  /** The phone last used to log in with "remember me" on, prefilled on the login form. */
  savedUsername: string;
  /** The login request's status, for the submit button. */
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  /** The login page's account form: password or SMS code. Not persisted. */
  loginMode: LoginMode;
  /** Why password login was refused (answer 423), shown above the SMS form it switched to. */
  passwordLockNotice: string | null;
}

export const initialAuthState: AuthState = {
  token: null,
  userInfo: null,
  remember: true,
  savedUsername: '',
  status: 'idle',
  loginMode: 'password',
  passwordLockNotice: null,
};

export interface LoggedInPayload {
  token: string;
  userInfo: UserInfo;
  remember: boolean;
  /** The phone to prefill next time; absent for QR login. */
  username?: string;
}

/** What the account form submits; `captchaId` is set when retrying after answer 428. */
export interface LoginRequestedPayload {
  username: string;
  password: string;
  remember: boolean;
  /** The `redirect` query of the login page; only a safe in-app path is honoured. */
  redirect?: string;
  captchaId?: string;
  /** The login page (by default) or the login dialog, which stays on its page. */
  place?: LoginPlace;
}

/** What the account form submits in SMS mode (POST /api/auth/smsLogin, plus the page's own fields). */
export interface SmsLoginRequestedPayload {
  mobile: string;
  verifyCode: string;
  remember: boolean;
  redirect?: string;
  place?: LoginPlace;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loginRequested(state, _action: PayloadAction<LoginRequestedPayload>) {
      state.status = 'loading';
    },
    smsLoginRequested(state, _action: PayloadAction<SmsLoginRequestedPayload>) {
      state.status = 'loading';
    },
    loginFailed(state) {
      state.status = 'failed';
    },
    /** The user picked 密码登录 or 短信验证码登录 on the account form. */
    loginModeSwitched(state, action: PayloadAction<LoginMode>) {
      state.loginMode = action.payload;
      state.passwordLockNotice = null;
    },
    /**
     * Password login answered 423 (this address, or every address, is locked out of the phone):
     * the form turns to SMS login, which the lock does not stop, and says why.
     */
    passwordLoginLocked(state, action: PayloadAction<{ message: string }>) {
      state.status = 'failed';
      state.loginMode = 'sms';
      state.passwordLockNotice = action.payload.message;
    },
    /** Any successful login (account, QR page or login dialog). */
    loggedIn(state, action: PayloadAction<LoggedInPayload>) {
      const { token, userInfo, remember, username } = action.payload;
      state.token = token;
      state.userInfo = userInfo;
      state.remember = remember;
      state.status = 'succeeded';
      // The next visit of the login page starts with the password form again.
      state.loginMode = 'password';
      state.passwordLockNotice = null;
      if (username !== undefined) state.savedUsername = remember ? username : '';
    },
    userInfoLoaded(state, action: PayloadAction<UserInfo>) {
      state.userInfo = action.payload;
    },
    logoutRequested(_state, _action: PayloadAction<{ redirect?: string } | undefined>) {},
    /** The session is over (logout, HTTP 401, answer 400, user-info failure): forget the token. */
    sessionEnded(state) {
      state.token = null;
      state.userInfo = null;
      state.status = 'idle';
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectUserInfo: (state) => state.userInfo,
    selectIsLoggedIn: (state) => state.token !== null,
    selectRemember: (state) => state.remember,
    selectSavedUsername: (state) => state.savedUsername,
    selectLoginStatus: (state) => state.status,
    selectLoginMode: (state) => state.loginMode,
    selectPasswordLockNotice: (state) => state.passwordLockNotice,
  },
});

export const {
  loginRequested,
  smsLoginRequested,
  loginFailed,
  loginModeSwitched,
  passwordLoginLocked,
  loggedIn,
  userInfoLoaded,
  logoutRequested,
  sessionEnded,
} = authSlice.actions;
export const {
  selectToken,
  selectUserInfo,
  selectIsLoggedIn,
  selectRemember,
  selectSavedUsername,
  selectLoginStatus,
  selectLoginMode,
  selectPasswordLockNotice,
} = authSlice.selectors;
