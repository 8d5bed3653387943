/**
 * WeChat JS-SDK's signature of `wx.config` (its docs, 附录1 "JS-SDK使用权限签名算法"): sha1 of the
 * fields sorted by name, as key=value pairs joined by &, values as they are (no URL escaping), the
 * URL without its fragment.
 */
import crypto from 'node:crypto';

export interface JsSdkFields {
  ticket: string;
  nonceStr: string;
  /** Seconds since the epoch. */
  timestamp: number;
  url: string;
}

export function jsSdkSignature({ ticket, nonceStr, timestamp, url }: JsSdkFields): string {
  const signed = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url.split('#', 1)[0]}`;
  return crypto.createHash('sha1').update(signed).digest('hex');
}
