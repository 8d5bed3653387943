import type { SiteConfig } from '../../../contract/common';
import type { Db } from '../../db/database';

/**
 * The public site settings a fresh install starts with. The QQ groups are the operator's own and
 * start empty, so the pages show none until one is set (`npm run site-config`, README); the images
 * are real files served under /static/brand/.
 */
export const SITE_CONFIG_DEFAULTS: SiteConfig = {
  logoUrl: '/static/brand/logo.svg',
  copyright: '© 2026 网页生成系统 版权所有',
  qq1: '',
  qq1_link: '',
  // Made from qq1_link at start (see brandAssets.ts).
  qq1_url: '/static/brand/qq1-qrcode.png',
  qq3: '',
  qq3_link: '',
  qq4: '',
  qq4_link: '',
  ad1_url: '/static/brand/ad1.svg',
  ad1_link: '/user/logo/selectPage?module=tl',
  ad2_url: '/static/brand/ad2.svg',
  ad2_link: '/user/banner/selectPage?module=fsa',
};

/** Inserts the defaults that are missing; values an operator changed are kept across restarts. */
export function seedCommon(db: Db): void {
  const insert = db.prepare<[string, string]>('INSERT OR IGNORE INTO site_config (key, value) VALUES (?, ?)');
  db.transaction(() => {
    for (const [key, value] of Object.entries(SITE_CONFIG_DEFAULTS)) insert.run(key, value);
  })();
  // video_tutorials starts empty: it holds the operator's videos only; without one, each flow's
  // shipped video is answered (tutorials.ts).
}
