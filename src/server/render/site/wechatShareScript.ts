/**
 * assets/wechat-share.js of a published copy, when the WeChat account is configured: in WeChat's
 * browser only, it loads WeChat's JS-SDK (from res.wx.qq.com, the one script host published pages
 * allow then: no other browser fetches anything from WeChat), asks our API for the wx.config of the
 * page's URL (contract/wechatShare.ts) and sets the share card, to a friend and to 朋友圈, from the
 * page's own share tags (shareStamp.ts). Anything failing leaves WeChat's default card.
 * Plain ES2017 so that it runs as written in WeChat's browsers.
 */
export const WECHAT_SHARE_SCRIPT_FILE = 'assets/wechat-share.js';
export const WECHAT_JS_SDK_ORIGIN = 'https://res.wx.qq.com';
export const WECHAT_JS_SDK_URL = `${WECHAT_JS_SDK_ORIGIN}/open/js/jweixin-1.6.0.js`;
/** The meta tag that names the signing route's absolute URL. */
export const WECHAT_SHARE_API_META = 'wechat-share-api';

export const WECHAT_SHARE_SCRIPT = `(function () {
  'use strict';
  if (!/MicroMessenger/i.test(navigator.userAgent || '')) return;
  var content = function (selector) {
    var tag = document.querySelector(selector);
    return tag ? tag.getAttribute('content') || '' : '';
  };
  var api = content('meta[name="${WECHAT_SHARE_API_META}"]');
  var card = {
    title: content('meta[property="og:title"]'),
    desc: content('meta[property="og:description"]'),
    link: content('meta[property="og:url"]'),
    imgUrl: content('meta[itemprop="image"]') || content('meta[property="og:image"]')
  };
  if (!api || !card.link) return;
  var sdk = document.createElement('script');
  sdk.src = '${WECHAT_JS_SDK_URL}';
  sdk.onload = function () {
    var wx = window.wx;
    if (!wx || !window.fetch) return;
    window.fetch(api + '?url=' + encodeURIComponent(location.href.split('#')[0]), { credentials: 'omit' })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (!answer || answer.code !== 200 || !answer.data) return;
        var signed = answer.data;
        wx.config({
          debug: false,
          appId: signed.appId,
          timestamp: signed.timestamp,
          nonceStr: signed.nonceStr,
          signature: signed.signature,
          jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData']
        });
        wx.ready(function () {
          wx.updateAppMessageShareData({ title: card.title, desc: card.desc, link: card.link, imgUrl: card.imgUrl });
          wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl });
        });
      })
      .catch(function () {});
  };
  document.head.appendChild(sdk);
})();
`;
