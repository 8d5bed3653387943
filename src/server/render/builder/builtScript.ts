/**
 * assets/site.js of a builder site: the mini site's script (banner video, music switch that copes
 * with blocked autoplay) and one addition: a clear navigation bar turns solid once the page has
 * scrolled past the first screen's top, so its links stay readable over the content.
 */
import { SITE_SCRIPT } from '../site/siteScript';

const HEAD_SCRIPT = `(function () {
  'use strict';
  var head = document.querySelector('[data-head]');
  if (!head) return;
  var update = function () { head.classList.toggle('is-scrolled', window.scrollY > 40); };
  window.addEventListener('scroll', update, { passive: true });
  update();
})();
`;

export const BUILT_SITE_SCRIPT = `${SITE_SCRIPT}${HEAD_SCRIPT}`;
