import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BuilderMessages, type PublishAnswer } from '../../../contract/builder';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import { invalid } from '../../http/envelope';
import type { DataFiles } from '../../storage/dataFiles';
import { sitesTmpDir } from '../miniSite/paths';
import { publishFolder } from '../miniSite/siteFolder';
import { linkQrCode } from '../miniSite/phonePreview';
import { completedSiteDir } from './paths';

/** Where published sites are served: /pub/<slug>/. */
export const PUBLISHED_URL_PREFIX = '/pub/';
export const publishedRoot = (dataDir: string): string => path.join(dataDir, 'published');
const publishedDir = (dataDir: string, slug: string): string => path.join(publishedRoot(dataDir), slug);
/** A published site's link on `origin` (PUBLISH_ORIGIN, else the app's). */
export const publishedUrl = (origin: string, slug: string): string => `${origin}${PUBLISHED_URL_PREFIX}${slug}/`;

export const publishLimitMessage = (limit: number): string => `最多同时发布 ${limit} 个网站，请先下线其他网站`;

export interface SitePublishingDeps {
  sql: Sql;
  files: DataFiles;
  now: Clock;
  /** PUBLISH_MAX_PER_USER. */
  limit: number;
}

/**
 * 发布 / 更新发布 / 下线 of builder sites: a copy of the site's last completion (what 生成并下载
 * zipped) at a stable link, kept through restarts and housekeeping until its owner takes it down.
 * A copy, not the completion folder itself: editing and completing again changes the published
 * site only when the owner updates it.
 */
export class SitePublishing {
  constructor(private readonly deps: SitePublishingDeps) {}

  /** The slug of site `siteId` if published. */
  async slugOf(siteId: number): Promise<string | null> {
    const row = await this.deps.sql.selectFrom('published_sites').select('slug').where('site_id', '=', siteId).executeTakeFirst();
    return row?.slug ?? null;
  }

  /** The slugs of the published sites among `siteIds`. */
  async slugsOf(siteIds: readonly number[]): Promise<Map<number, string>> {
    if (!siteIds.length) return new Map();
    const rows = await this.deps.sql.selectFrom('published_sites').select(['site_id', 'slug']).where('site_id', 'in', [...siteIds]).execute();
    return new Map(rows.map((row) => [row.site_id, row.slug]));
  }

  /**
   * Publishes (or updates) site `siteId` of `userId`, already checked to be theirs, from its last
   * completion; answers its slug. A user past the limit must take one down first.
   */
  async publish(siteId: number, userId: number): Promise<string> {
    const { sql, files, now, limit } = this.deps;
    const { dataDir } = files;
    const completed = completedSiteDir(dataDir, siteId);
    if (!(await files.fetchFolder(completed)) || !fs.existsSync(path.join(completed, 'index.html'))) throw invalid(BuilderMessages.publishNeedsCompletion);
    let slug = await this.slugOf(siteId);
    if (!slug) {
      const count = await sql.selectFrom('published_sites').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
      if (Number(count?.n ?? 0) >= limit) throw invalid(publishLimitMessage(limit));
      slug = crypto.randomBytes(16).toString('hex');
    }
    const target = publishedDir(dataDir, slug);
    await publishFolder(sitesTmpDir(dataDir), target, async (temp) => fs.promises.cp(completed, temp, { recursive: true }));
    await files.publish(target);
    const at = now();
    await sql
      .insertInto('published_sites')
      .values({ slug, site_id: siteId, user_id: userId, created_at: at, updated_at: at })
      .onConflict((conflict) => conflict.column('site_id').doUpdateSet({ updated_at: at }))
      .execute();
    return slug;
  }

  /** 下线: the site's copy and its link go. */
  async unpublish(siteId: number): Promise<void> {
    const slug = await this.slugOf(siteId);
    if (!slug) throw invalid(BuilderMessages.notPublished);
    await this.deps.sql.deleteFrom('published_sites').where('slug', '=', slug).execute();
    await this.deps.files.remove(publishedDir(this.deps.files.dataDir, slug));
  }

  /** The link and QR code of a slug, on `origin` (PUBLISH_ORIGIN, else the app's). */
  static async answer(slug: string, origin: string): Promise<PublishAnswer> {
    const url = publishedUrl(origin, slug);
    return { url, qrcode: await linkQrCode(url) };
  }
}
