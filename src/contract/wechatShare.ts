/**
 * WeChat's share card of published pages: with the go-live WeChat service account configured
 * (QR_LOGIN_PROVIDER=wechat-mp and its WECHAT_* settings), a published page asks the PUBLIC route
 * below for the `wx.config` of its own URL, then sets the card (title, description, picture, link)
 * through WeChat's JS-SDK. The route signs only URLs of published pages on the origin they are
 * served at (PUBLISH_ORIGIN, else PUBLIC_ORIGIN, else the request's): never an arbitrary URL.
 * It answers any origin (published pages are sandboxed: `Origin: null`), without credentials.
 */

/** GET ?url=<the page's URL, its fragment left out or not> -> WechatJsConfig. */
export const WECHAT_JS_CONFIG_PATH = '/api/wechat/jsConfig';

/** What `wx.config` takes besides `debug` and `jsApiList`. */
export interface WechatJsConfig {
  appId: string;
  /** Seconds since the epoch, as WeChat's signature takes it. */
  timestamp: number;
  nonceStr: string;
  signature: string;
}

export const WechatShareLimits = {
  urlMaxLength: 2048,
  /** Per address and minute: a page asks once a view. */
  perIpPerMinute: 60,
} as const;

export const WechatShareMessages = {
  notConfigured: '未配置微信公众号，无法设置分享卡片',
  badUrl: '只能为本站已发布的页面签名',
  unavailable: '微信暂时无法连接，请稍后再试',
} as const;
