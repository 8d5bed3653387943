/**
 * assets/wechat-share.js on a published page's head (jsdom): in WeChat's browser it loads the
 * JS-SDK, asks the signing route for the page's URL without its fragment, configures wx with the
 * answer and sets both share cards from the page's share tags; elsewhere it loads nothing.
 */
import { JSDOM } from 'jsdom';
import { WECHAT_JS_SDK_URL, WECHAT_SHARE_SCRIPT } from '../../../../src/server/render/site/wechatShareScript';

const WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN';
const CHROMIUM = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PAGE = 'https://pages.example.com/pub/0123456789abcdef0123456789abcdef/';
const HEAD = `<meta property="og:title" content="云海仙途"/><meta property="og:description" content="修仙新作"/><meta property="og:url" content="${PAGE}"/>
<meta itemprop="image" content="${PAGE}assets/share-square.png"/><meta name="wechat-share-api" content="https://app.example.com/api/wechat/jsConfig"/>`;

async function run(agent: string) {
  const dom = new JSDOM(`<!doctype html><html><head>${HEAD}</head><body></body></html>`, { url: `${PAGE}?from=qq#reserve=x`, runScripts: 'outside-only' });
  const { window } = dom;
  Object.defineProperty(window.navigator, 'userAgent', { value: agent });
  const asked: string[] = [];
  const calls: { name: string; value: unknown }[] = [];
  const signed = { appId: 'wx0123456789abcdef', timestamp: 1, nonceStr: 'abc', signature: 'sig' };
  Object.assign(window, {
    fetch: (url: string, init: { credentials: string }) => {
      asked.push(`${url} ${init.credentials}`);
      return Promise.resolve({ json: () => Promise.resolve({ code: 200, msg: '', data: signed }) });
    },
  });
  window.eval(WECHAT_SHARE_SCRIPT);
  const sdk = window.document.querySelector('script');
  if (sdk) {
    // WeChat's SDK arrives.
    Object.assign(window, {
      wx: {
        config: (value: unknown) => calls.push({ name: 'config', value }),
        ready: (callback: () => void) => callback(),
        updateAppMessageShareData: (value: unknown) => calls.push({ name: 'friend', value }),
        updateTimelineShareData: (value: unknown) => calls.push({ name: 'timeline', value }),
      },
    });
    sdk.dispatchEvent(new window.Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { sdk: sdk?.getAttribute('src') ?? null, asked, calls };
}

it('in WeChat sets both share cards with the signed config of the page\'s URL', async () => {
  const { sdk, asked, calls } = await run(WECHAT);
  expect(sdk).toBe(WECHAT_JS_SDK_URL);
  expect(asked).toEqual([`https://app.example.com/api/wechat/jsConfig?url=${encodeURIComponent(`${PAGE}?from=qq`)} omit`]);
  const card = { title: '云海仙途', link: PAGE, imgUrl: `${PAGE}assets/share-square.png` };
  expect(calls).toEqual([
    { name: 'config', value: { debug: false, appId: 'wx0123456789abcdef', timestamp: 1, nonceStr: 'abc', signature: 'sig', jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] } },
    { name: 'friend', value: { ...card, desc: '修仙新作' } },
    { name: 'timeline', value: card },
  ]);
});

it('in another browser loads nothing from WeChat and asks nothing', async () => {
  const { sdk, asked, calls } = await run(CHROMIUM);
  expect(sdk).toBeNull();
  expect(asked).toEqual([]);
  expect(calls).toEqual([]);
});
