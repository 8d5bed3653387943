/**
 * assets/site.js: the site's only script (the server's CSP allows scripts from the site itself,
 * none inline). It starts the banner video once the page has loaded (over its poster, muted and
 * inline; the phone copy on a screen as narrow as the phone layout's, the phone cut on a phone held
 * upright) and keeps it playing (in WeChat's browser: on iOS once WeChat's bridge is ready, the
 * only moment it lets a page play a video; on Android, which draws a video it was told to play as
 * a black box and never plays it unasked, the poster stays with a play button that starts it), and
 * closes the phone menu once a section is chosen from it (a <details> stays open otherwise, over
 * the section it led to), and runs the music switch:
 * try to play on load; when the browser blocks autoplay, show the switch as off and start on the
 * visitor's first click, tap or key press, unless they turned the music off themselves.
 * Plain ES2017 so that it runs as written in any current browser.
 */
export const SITE_SCRIPT = `(function () {
  'use strict';
  var video = document.querySelector('video[data-banner]');
  if (video) {
    video.muted = true;
    video.defaultMuted = true;
    video.playsInline = true;
    var tryVideo = function () {
      var attempt = video.play();
      if (attempt && attempt.catch) attempt.catch(function () {});
    };
    // The poster is the first view; the video's megabytes are fetched once the page has loaded.
    // The stylesheets' phone layout starts at 900 px; a screen that narrow shows the hero small.
    // A phone held upright shows the phone cut, when the site has one, in a hero as tall as it.
    var phone = video.getAttribute('data-src-phone');
    var portrait = video.getAttribute('data-src-portrait');
    var narrow = window.matchMedia && window.matchMedia('(max-width: 900px)').matches;
    var upright = window.matchMedia && window.matchMedia('(max-width: 900px) and (orientation: portrait)').matches;
    var startVideo = function () {
      if (!video.getAttribute('src')) {
        video.preload = 'auto';
        video.src = (upright && portrait) || (narrow && phone) || video.getAttribute('data-src');
      }
      tryVideo();
    };
    video.addEventListener('playing', function () { video.classList.add('is-playing'); });
    var agent = (window.navigator && window.navigator.userAgent) || '';
    var wechat = /MicroMessenger/i.test(agent);
    if (wechat) {
      // WeChat's Android browser (X5) plays inline, not in its own full-screen player, only when asked so.
      video.setAttribute('webkit-playsinline', '');
      video.setAttribute('x5-playsinline', '');
    }
    if (wechat && /Android/i.test(agent)) {
      video.hidden = true;
      var play = document.createElement('button');
      play.type = 'button';
      play.className = 'hero-play';
      play.setAttribute('data-video-play', '');
      play.setAttribute('aria-label', '播放视频');
      video.parentNode.insertBefore(play, video.nextSibling);
      play.addEventListener('click', function () {
        play.parentNode.removeChild(play);
        video.hidden = false;
        startVideo();
      });
    } else {
      if (document.readyState === 'complete') startVideo();
      else window.addEventListener('load', startVideo);
      if (wechat) {
        // Once the bridge is there, WeChat on iOS lets a page play from within a call to it (the
        // bridge may come before this script, which then never hears its ready event).
        var bridgeReady = function () {
          startVideo();
          var bridge = window.WeixinJSBridge;
          if (bridge && typeof bridge.invoke === 'function') bridge.invoke('getNetworkType', {}, startVideo);
        };
        if (window.WeixinJSBridge) bridgeReady();
        else document.addEventListener('WeixinJSBridgeReady', bridgeReady, false);
      }
    }
    document.addEventListener('visibilitychange', function () {
      if (!document.hidden && video.paused && video.getAttribute('src')) tryVideo();
    });
  }

  var menu = document.querySelector('[data-nav-menu]');
  if (menu) {
    menu.addEventListener('click', function (event) {
      if (event.target && event.target.closest && event.target.closest('a')) menu.removeAttribute('open');
    });
  }

  var audio = document.getElementById('bgm');
  var toggle = document.querySelector('[data-music-toggle]');
  if (!audio || !toggle) return;
  var wanted = true;
  var armed = false;
  var events = ['pointerdown', 'keydown', 'touchstart'];

  function show(on) {
    toggle.classList.toggle('is-on', on);
    toggle.setAttribute('aria-pressed', on ? 'true' : 'false');
    toggle.title = on ? '关闭音乐' : '开启音乐';
  }
  function disarm() {
    if (!armed) return;
    armed = false;
    events.forEach(function (type) { document.removeEventListener(type, onFirstInteraction, true); });
  }
  function arm() {
    if (armed) return;
    armed = true;
    events.forEach(function (type) { document.addEventListener(type, onFirstInteraction, true); });
  }
  function start() {
    var attempt;
    try { attempt = audio.play(); } catch (error) { attempt = null; }
    if (attempt && attempt.then) {
      attempt.then(function () { show(true); disarm(); }, function () { show(false); if (wanted) arm(); });
    } else {
      show(!audio.paused);
    }
  }
  function onFirstInteraction(event) {
    if (event.target && event.target.closest && event.target.closest('[data-music-toggle]')) return;
    disarm();
    if (wanted && audio.paused) start();
  }
  toggle.addEventListener('click', function () {
    if (audio.paused) {
      wanted = true;
      start();
    } else {
      wanted = false;
      audio.pause();
      disarm();
      show(false);
    }
  });
  audio.addEventListener('pause', function () { show(false); });
  audio.addEventListener('playing', function () { show(true); });
  show(false);
  start();
})();
`;
