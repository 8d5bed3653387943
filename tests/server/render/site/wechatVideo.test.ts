/**
 * assets/site.js in WeChat's browser, on a DOM (jsdom) with the hero's markup and stylesheet and
 * WeChat's user agents: on iOS the banner video is started, muted, once WeChat's bridge is ready
 * (WeixinJSBridgeReady, fired here as WeChat fires it); on Android the poster stays, the video is
 * not shown (no black box) and fetches nothing until the visitor taps the play button; a normal
 * browser is unchanged.
 */
import { JSDOM } from 'jsdom';
import { heroCss } from '../../../../src/server/render/site/blocks/Hero';
import { SITE_SCRIPT } from '../../../../src/server/render/site/siteScript';

const AGENTS = {
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.120 Mobile Safari/537.36 XWEB/1220133 MMWEBSDK/20240404 MMWEBID/2307 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  chromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
} as const;

const HERO = `<section class="hero"><div class="hero-media">
<img class="hero-poster" src="assets/banner.jpg" alt="">
<video class="hero-video" data-banner="" data-src="assets/banner.mp4" data-src-phone="assets/banner-phone.mp4" muted loop playsinline preload="none"></video>
<div class="hero-fx"></div></div></section>`;

/**
 * A page in `agent`'s browser with the hero, its site.js run once the document is parsed (a deferred
 * script); with `bridgeFirst`, WeChat's bridge is there before it (its ready event already gone).
 */
function page(agent: string, { bridgeFirst = false } = {}) {
  const dom = new JSDOM(`<!doctype html><html><head><style>img,video,svg{display:block}${heroCss}</style></head><body>${HERO}</body></html>`, {
    runScripts: 'outside-only',
    pretendToBeVisual: true,
  });
  const { window } = dom;
  Object.defineProperty(window.navigator, 'userAgent', { value: agent });
  const plays: { muted: boolean; src: string | null }[] = [];
  /** Plays asked from within a call to WeChat's bridge, the moment WeChat on iOS lets a page play. */
  const bridgePlays: string[] = [];
  let inBridgeCall: string | null = null;
  window.HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
    plays.push({ muted: this.muted, src: this.getAttribute('src') });
    if (inBridgeCall) bridgePlays.push(inBridgeCall);
    return Promise.resolve();
  };
  if (bridgeFirst) {
    Object.assign(window, {
      WeixinJSBridge: {
        invoke(name: string, _args: unknown, callback: (answer: { err_msg: string }) => void) {
          inBridgeCall = name;
          try {
            callback({ err_msg: `${name}:ok` });
          } finally {
            inBridgeCall = null;
          }
        },
      },
    });
  }
  window.HTMLMediaElement.prototype.pause = () => undefined;
  window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;
  // Parsed, still loading its pictures: the load event comes later (or, in WeChat on iOS, the bridge first).
  Object.defineProperty(window.document, 'readyState', { value: 'interactive', configurable: true });
  window.eval(SITE_SCRIPT);
  const video = window.document.querySelector('video') as HTMLVideoElement;
  const shown = (element: Element) => window.getComputedStyle(element).display !== 'none';
  const bridgeReady = () => window.document.dispatchEvent(new window.Event('WeixinJSBridgeReady'));
  return { window, video, plays, bridgePlays, shown, bridgeReady, playButton: () => window.document.querySelector<HTMLButtonElement>('[data-video-play]') };
}

describe('the banner video in WeChat', () => {
  it('on iOS starts muted when WeChat\'s bridge is ready, before the page has loaded', () => {
    const { video, plays, bridgeReady, playButton, shown } = page(AGENTS.wechatIos);
    expect(plays).toEqual([]);
    bridgeReady();
    expect(plays).toEqual([{ muted: true, src: 'assets/banner.mp4' }]);
    expect(video.getAttribute('x5-playsinline')).toBe('');
    expect(video.getAttribute('webkit-playsinline')).toBe('');
    expect(playButton()).toBeNull();
    expect(shown(video)).toBe(true);
  });

  it('on iOS with WeChat\'s bridge there before the script, starts the video from within a call to the bridge', () => {
    const { video, plays, bridgePlays, playButton } = page(AGENTS.wechatIos, { bridgeFirst: true });
    expect(bridgePlays).toEqual(['getNetworkType']);
    expect(plays[plays.length - 1]).toEqual({ muted: true, src: 'assets/banner.mp4' });
    expect(video.muted).toBe(true);
    expect(playButton()).toBeNull();
  });

  it('on Android shows the poster and a play button, and no video until the tap', () => {
    const { window, video, plays, bridgeReady, playButton, shown } = page(AGENTS.wechatAndroid);
    window.dispatchEvent(new window.Event('load'));
    bridgeReady();
    // No black box: the video is not drawn and fetches nothing; the poster is the view.
    expect(shown(video)).toBe(false);
    expect(video.getAttribute('src')).toBeNull();
    expect(plays).toEqual([]);
    expect(shown(window.document.querySelector('.hero-poster') as Element)).toBe(true);
    const button = playButton();
    expect(button).not.toBeNull();
    expect(button?.getAttribute('aria-label')).toBe('播放视频');
    expect(shown(button as Element)).toBe(true);
    expect(window.getComputedStyle(button as Element).position).toBe('absolute');

    button?.click();
    expect(playButton()).toBeNull();
    expect(shown(video)).toBe(true);
    expect(plays).toEqual([{ muted: true, src: 'assets/banner.mp4' }]);
  });

  it('in another browser is unchanged: started on load, with no bridge and no button', () => {
    const { window, video, plays, bridgeReady, playButton, shown } = page(AGENTS.chromium);
    bridgeReady();
    expect(plays).toEqual([]);
    window.dispatchEvent(new window.Event('load'));
    expect(plays).toEqual([{ muted: true, src: 'assets/banner.mp4' }]);
    expect(playButton()).toBeNull();
    expect(shown(video)).toBe(true);
    expect(video.hasAttribute('x5-playsinline')).toBe(false);
  });
});
