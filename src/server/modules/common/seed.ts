import type { SiteConfig } from '../../../contract/common';
import type { Sql } from '../../db/connection';

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
export async function seedCommon(db: Sql): Promise<void> {
  await db
    .insertInto('site_config')
    .values(Object.entries(SITE_CONFIG_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  // video_tutorials starts empty: it holds the operator's videos only; without one, each flow's
  // shipped video is answered (tutorials.ts).
}
