import type { SiteConfig } from '../../../contract/common';
import type { Db } from '../../db/database';

/**
 * The public site settings a fresh install starts with. The QQ numbers and join links are the
 * operator's to replace (UPDATE site_config ...); the images are real files served under /static/brand/.
 */
export const SITE_CONFIG_DEFAULTS: SiteConfig = {
  logoUrl: '/static/brand/logo.svg',
  copyright: '© 2026 网页生成系统 版权所有',
  qq1: '123456789',
  qq1_link: 'https://qm.qq.com/q/123456789',
  // Made from qq1_link at start when missing (see brandAssets.ts).
  qq1_url: '/static/brand/qq1-qrcode.png',
  qq3: '234567890',
  qq3_link: 'https://qm.qq.com/q/234567890',
  qq4: '345678901',
  qq4_link: 'https://qm.qq.com/q/345678901',
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
  // video_tutorials starts empty on purpose: no tutorial video exists yet.
}
