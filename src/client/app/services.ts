/**
 * The side-effect services that sagas use, provided through saga context (DESIGN.md section 4) so
 * that tests can replace each one. No saga imports antd, the router or window directly.
 */
/**
 * The notices of one flow share a key: a newer one takes the place of the one before instead of
 * stacking under it (验证码已发送 stayed on screen under 注册成功，已为你登录, the news of a form
 * already gone). `account` is the session's: a login, a registration, and the session ending,
 * which several calls meet at once (a stopped account's login page showed 获取用户信息失败 and
 * 登录已过期 above the reason its login was refused with).
 */
export type NoticeKey = 'account';

export interface Notify {
  success(text: string, key?: NoticeKey): void;
  info(text: string, key?: NoticeKey): void;
  warning(text: string, key?: NoticeKey): void;
  error(text: string, key?: NoticeKey): void;
}

export interface NavigateOptions {
  replace?: boolean;
}

export interface Services {
  /** Navigates inside the SPA; `to` is a path under the `/user` basename, e.g. '/auth/login?redirect=%2Fbackend'. */
  navigate(to: string, options?: NavigateOptions): void;
  /** One step back in the history (answer code 303). */
  back(): void;
  notify: Notify;
  /** Milliseconds since the epoch. */
  now(): number;
  /** The current SPA location (path + search, without the basename). */
  currentLocation(): { pathname: string; search: string };
  /** Starts the browser's download of `url`, saved as `fileName` (a temporary <a download>). */
  download(url: string, fileName: string): void;
  /** Saves a file the app fetched itself (an export sent only with the login token) as `fileName`. */
  saveFile(data: Blob, fileName: string): void;
  /**
   * A notice will follow soon (a generation is under way, and ends with one): whatever showing it
   * needs is loaded now, so that it does not add its loading time to the wait for the result.
   */
  prepareNotices?(): void;
}

/** The saga context key under which the services are provided. */
export const SERVICES = 'services';
