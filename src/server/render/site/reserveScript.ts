/**
 * assets/reserve.js: the behaviour of the 预约 block (blocks/ReserveBlock.tsx), added to a page
 * with the block. It calls the product's public 预约 routes at the origin the block names, with no
 * credentials (the page is sandboxed or opened from disk: its origin is "null"; the routes answer
 * any origin). No cookie, no storage: after a 预约 the answer's ticket goes into the URL fragment
 * (#reserve=<ticket>), and a page loaded with one shows the success state again from the API.
 * Every text it writes goes through textContent; every refusal shows the API's own message.
 * Plain ES2017 so that it runs as written in any current browser.
 */
import { Limits } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import { ReserveLimits, ReserveMessages, ReservePlatformLabels, ReserveRoutes } from '../../../contract/reservations';

const TEXTS = {
  network: Messages.networkFailed,
  phoneRequired: ReserveMessages.phoneRequired,
  captchaRequired: Messages.captchaRequired,
  captchaFetchFailed: Messages.captchaFetchFailed,
  smsCodeRequired: ReserveMessages.smsCodeRequired,
  platformRequired: ReserveMessages.platformRequired,
  consentRequired: ReserveMessages.consentRequired,
  reserveDone: ReserveMessages.reserveDone,
  reserveAgain: ReserveMessages.reserveAgain,
  smsSent: '验证码已发送，请查收短信',
};

const ROUTES = {
  campaign: ReserveRoutes.campaign(''),
  captcha: ReserveRoutes.captcha,
  verifyCaptcha: ReserveRoutes.verifyCaptcha,
  sendSms: ReserveRoutes.sendSms,
  submit: ReserveRoutes.submit,
  ticket: ReserveRoutes.ticket(''),
};

export const RESERVE_SCRIPT = `(function () {
  'use strict';
  var root = document.querySelector('[data-reserve]');
  if (!root || !window.fetch) return;
  var T = ${JSON.stringify(TEXTS)};
  var R = ${JSON.stringify(ROUTES)};
  var LABELS = ${JSON.stringify(ReservePlatformLabels)};
  var COUNTDOWN = ${Limits.smsCountdownSeconds};
  var api = root.getAttribute('data-reserve-api') || '';
  var campaignId = root.getAttribute('data-reserve-campaign') || '';
  var q = function (name) { return root.querySelector('[data-reserve-' + name + ']'); };
  var form = q('form');
  var done = q('done');
  var msg = q('msg');
  var phone = q('phone');
  var captchaCode = q('captcha-code');
  var captchaButton = q('captcha');
  var captchaImg = captchaButton.querySelector('img');
  var sms = q('sms');
  var send = q('send');
  var consent = q('consent');
  var submit = q('submit');
  var copy = q('copy');
  var code = q('code');
  var captchaId = '';
  var captchaPassed = false;
  var ticking = 0;

  var params = new URLSearchParams(window.location.search);
  var channel = (params.get('from') || params.get('utm_source') || '').slice(0, ${ReserveLimits.channelInputMax});

  function call(method, path, body) {
    var init = { method: method, credentials: 'omit', cache: 'no-store' };
    if (body) {
      init.headers = { 'content-type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    return fetch(api + path, init).then(function (response) {
      return response.json().catch(function () { return null; });
    }, function () { return null; }).then(function (answer) {
      if (answer && answer.code === 200) return answer.data;
      throw new Error(answer && typeof answer.msg === 'string' && answer.msg ? answer.msg : T.network);
    });
  }
  function say(text) { msg.textContent = text || ''; }
  function refuse(text, field) {
    say(text);
    if (field) field.focus();
  }
  function busy(button, on) {
    button.disabled = on;
    button.setAttribute('aria-busy', on ? 'true' : 'false');
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function formatCount(count) { return String(count).replace(/\\B(?=(\\d{3})+(?!\\d))/g, ','); }
  function milestoneLabel(count) { return count >= 10000 && count % 1000 === 0 ? count / 10000 + '万' : String(count); }
  function fill(count, tiers) {
    var previous = 0;
    for (var i = 0; i < tiers.length; i++) {
      if (count < tiers[i].count) return Math.round(((i + (count - previous) / (tiers[i].count - previous)) / tiers.length) * 1000) / 10;
      previous = tiers[i].count;
    }
    return tiers.length ? 100 : 0;
  }
  function showProgress(count, tiers) {
    q('count').textContent = formatCount(count);
    var box = q('tiers');
    box.hidden = !tiers.length;
    var percent = fill(count, tiers);
    var bar = box.querySelector('.rsv-bar');
    bar.setAttribute('aria-valuenow', String(percent));
    bar.firstElementChild.style.width = percent + '%';
    var list = box.querySelector('.rsv-marks');
    list.textContent = '';
    list.style.gridTemplateColumns = 'repeat(' + Math.max(tiers.length, 1) + ',minmax(0,1fr))';
    tiers.forEach(function (tier) {
      var item = el('li', tier.reached ? 'rsv-mark is-reached' : 'rsv-mark');
      item.appendChild(el('b', '', milestoneLabel(tier.count)));
      item.appendChild(el('span', '', tier.reward));
      item.appendChild(el('em', '', tier.reached ? '已达成' : '未达成'));
      list.appendChild(item);
    });
  }
  function showDone(answer, moveFocus) {
    showProgress(answer.count, answer.tiers);
    form.hidden = true;
    done.hidden = false;
    q('done-title').textContent = answer.again ? T.reserveAgain : T.reserveDone;
    q('done-who').textContent = answer.maskedPhone + ' · ' + (LABELS[answer.platform] || '');
    q('gift').hidden = !answer.giftCode;
    q('later').hidden = !!answer.giftCode;
    code.textContent = answer.giftCode || '';
    if (moveFocus) {
      // The whole block in view (its count and tiers moved too), the success state focused for screen readers.
      root.scrollIntoView({ block: 'start' });
      done.focus({ preventScroll: true });
    }
  }
  function remember(ticket) {
    var fragment = '#reserve=' + encodeURIComponent(ticket);
    try {
      window.history.replaceState(null, '', fragment);
    } catch (error) {
      window.location.hash = fragment;
    }
  }
  // Only the latest captcha asked for is shown: its picture and its id go together.
  var captchaAsked = 0;
  var captchaLoading = false;
  function loadCaptcha() {
    var asked = ++captchaAsked;
    captchaId = '';
    captchaPassed = false;
    captchaCode.value = '';
    captchaLoading = true;
    return call('GET', R.captcha).then(function (answer) {
      if (asked !== captchaAsked) return;
      if (!answer || typeof answer.img !== 'string' || answer.img.indexOf('data:image/') !== 0) throw new Error(T.captchaFetchFailed);
      captchaId = answer.captchaId;
      captchaImg.src = answer.img;
      captchaImg.hidden = false;
    }).catch(function (error) { say(error.message); }).then(function () {
      if (asked === captchaAsked) captchaLoading = false;
    });
  }
  function countdown() {
    var left = COUNTDOWN;
    busy(send, true);
    var tick = function () {
      if (left <= 0) {
        clearInterval(ticking);
        ticking = 0;
        busy(send, false);
        send.textContent = '重新获取';
        loadCaptcha();
        return;
      }
      send.textContent = left + ' 秒后重发';
      left -= 1;
    };
    tick();
    ticking = setInterval(tick, 1000);
  }

  form.addEventListener('focusin', function () { if (!captchaId && !captchaLoading) loadCaptcha(); });
  captchaButton.addEventListener('click', function () { loadCaptcha(); });
  send.addEventListener('click', function () {
    if (ticking) return;
    var number = phone.value.trim();
    if (!number) return refuse(T.phoneRequired, phone);
    if (!captchaId) {
      if (!captchaLoading) loadCaptcha();
      return refuse(T.captchaRequired, captchaCode);
    }
    var typed = captchaCode.value.trim();
    if (!captchaPassed && !typed) return refuse(T.captchaRequired, captchaCode);
    busy(send, true);
    say('');
    var passed = captchaPassed ? Promise.resolve() : call('POST', R.verifyCaptcha, { captchaId: captchaId, code: typed });
    passed.then(function () {
      captchaPassed = true;
      return call('POST', R.sendSms, { campaignId: campaignId, phone: number, captchaId: captchaId });
    }).then(function () {
      say(T.smsSent);
      countdown();
      sms.focus();
    }, function (error) {
      busy(send, false);
      say(error.message);
      loadCaptcha();
    });
  });
  submit.addEventListener('click', function () {
    var chosen = root.querySelector('input[name="rsv-platform"]:checked');
    if (!chosen) return refuse(T.platformRequired, root.querySelector('input[name="rsv-platform"]'));
    if (!phone.value.trim()) return refuse(T.phoneRequired, phone);
    if (!sms.value.trim()) return refuse(T.smsCodeRequired, sms);
    if (!consent.checked) return refuse(T.consentRequired, consent);
    busy(submit, true);
    say('');
    var body = { campaignId: campaignId, phone: phone.value.trim(), smsCode: sms.value.trim(), platform: chosen.value, consent: true };
    if (channel) body.channel = channel;
    call('POST', R.submit, body).then(function (answer) {
      remember(answer.ticket);
      showDone(answer, true);
    }, function (error) {
      say(error.message);
    }).then(function () { busy(submit, false); });
  });
  sms.addEventListener('keydown', function (event) { if (event.key === 'Enter') submit.click(); });
  copy.addEventListener('click', function () {
    var copied = function () {
      copy.textContent = '已复制';
      setTimeout(function () { copy.textContent = '复制'; }, 2000);
    };
    var select = function () {
      var range = document.createRange();
      range.selectNodeContents(code);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      var ok = false;
      try { ok = document.execCommand('copy'); } catch (error) { ok = false; }
      if (ok) copied();
      else copy.textContent = '请长按复制';
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(code.textContent).then(copied, select);
    else select();
  });

  var kept = /(?:^#|&)reserve=([^&]+)/.exec(window.location.hash);
  var refresh = function () {
    call('GET', R.campaign + encodeURIComponent(campaignId)).then(function (answer) {
      showProgress(answer.count, answer.tiers);
    }, function (error) { say(error.message); });
  };
  var ticket = '';
  try { ticket = kept ? decodeURIComponent(kept[1]).slice(0, ${ReserveLimits.ticketMax}) : ''; } catch (error) { ticket = ''; }
  if (ticket) {
    call('GET', R.ticket + encodeURIComponent(ticket)).then(function (answer) { showDone(answer, false); }, function (error) {
      say(error.message);
      refresh();
    });
  } else {
    refresh();
  }
})();
`;
