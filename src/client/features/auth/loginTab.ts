import type { LoginTab } from './auth.types';

/**
 * The tab a login opens on: the one the address names (`handleType`), else the QR code on a
 * desktop (the spec's default) and the account form on a phone, which cannot scan its own screen,
 * unless it is WeChat's browser with 微信一键登录 on offer (`wechatOneClick`): that pane then.
 */
export function loginTabOf(handleType: string | null | undefined, phone: boolean, wechatOneClick = false): LoginTab {
  if (handleType === 'account' || handleType === 'qrcode') return handleType;
  return phone && !wechatOneClick ? 'account' : 'qrcode';
}

/** The QR pane's tab title: it holds 微信一键登录 instead of a code in WeChat's browser. */
export const qrTabLabel = (wechatOneClick: boolean): string => (wechatOneClick ? '微信登录' : '扫码登录');
