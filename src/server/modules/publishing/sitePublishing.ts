import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BuilderMessages, type PublishAnswer, type PublishedPageTakedown } from '../../../contract/builder';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import { invalid } from '../../http/envelope';
import type { DataFiles } from '../../storage/dataFiles';
import { sitesTmpDir } from '../siteFiles/paths';
import { publishFolder } from '../../storage/publishFolder';
import type { FastifyRequest } from 'fastify';
import { linkQrCode } from '../phonePreview/links';
import { requestOrigin } from '../../http/requestOrigin';
import type { StorageQuota } from '../storageQuota/storageQuota';
import { folderBytes } from '../storageQuota/folderBytes';
import { lockUsers } from '../auth/accountMerge';
import type { PublishRequest } from './publishableSites';
import { stampReserveBlock } from '../../render/site/reserveStamp';
import { editPublishedPage } from './publishedPageEdit';
import { publishedDir } from './publishedPaths';
import type { ReserveBlocks } from '../siteFiles/reserveBlocks';
import type { ReserveSiteRef } from '../../../contract/reservations';
import { stampShareMeta, stampWechatShare } from '../../render/site/shareStamp';
import { WECHAT_JS_CONFIG_PATH } from '../../../contract/wechatShare';

/** Where published sites are served: /pub/<slug>/. */
export const PUBLISHED_URL_PREFIX = '/pub/';
/** A published site's link on `origin` (PUBLISH_ORIGIN, else the app's). */
export const publishedUrl = (origin: string, slug: string): string => `${origin}${PUBLISHED_URL_PREFIX}${slug}/`;

/** The origin published links carry for `request`: PUBLISH_ORIGIN, else PUBLIC_ORIGIN, else the request's. */
export const publishedOriginFor =
  (origins: { publishOrigin: string; publicOrigin: string }) =>
  (request: FastifyRequest): string =>
    origins.publishOrigin || origins.publicOrigin || requestOrigin(request);

export const publishLimitMessage = (limit: number): string => `最多同时发布 ${limit} 个网站，请先下线其他网站`;

/** What 内容审核 (modules/moderation) says of a publish: who may, and what every published copy carries. */
export interface PublishGuard {
  /** Refuses 发布 / 更新发布 of `folder` (published at `slug` already, or not yet) with the reason. */
  check(slug: string | null, folder: string): Promise<void>;
  /** Refuses 下线 by the owner with the reason. */
  checkUnpublish(slug: string): Promise<void>;
  /** Adds to the copy of `slug` in `dir`, before it goes live; `appOrigin` is where the publish came from (the app's). */
  stamp(dir: string, slug: string, appOrigin: string): Promise<void>;
  /** Those of `slugs` an operator took down, with the reason their owner reads. */
  takedownsOf(slugs: readonly string[]): Promise<Map<string, { reason: string; reviewRequested: boolean }>>;
}

export interface SitePublishingDeps {
  sql: Sql;
  files: DataFiles;
  now: Clock;
  /** PUBLISH_MAX_PER_USER: builder and mini sites together. */
  limit: number;
  guard: PublishGuard;
  /** USER_STORAGE_QUOTA_MB: a copy takes its bytes from its owner's quota, 下线 gives them back. */
  quota: Pick<StorageQuota, 'reserve' | 'forget' | 'adjust'>;
  /** The 预约 block of a site whose campaign is enabled, added to its copy (the site's own folder never has it). */
  reserveBlocks?: ReserveBlocks;
  /** A WeChat account is configured: published copies set WeChat's share card (modules/wechatShare). */
  wechatShare?: boolean;
}

/** What is published: a builder site (its last completion) or a mini site, by its id. */
export type PublishedSource = { kind: 'builder'; id: number } | { kind: 'miniSite'; id: number };

const columnOf = (kind: PublishedSource['kind']) => (kind === 'builder' ? 'site_id' : 'mini_site_id');

/**
 * 发布 / 更新发布 / 下线: a copy of a site folder at a stable link, kept through restarts and
 * housekeeping until its owner takes it down. A copy, not the folder itself: editing and
 * completing a builder site again changes the published site only when the owner updates it.
 * Callers check ownership; this class keeps the copies, the rows and the per-user limit.
 */
export class SitePublishing {
  constructor(private readonly deps: SitePublishingDeps) {}

  /** The slug of `source` if published; `db` may be a transaction that must see its own writes. */
  async slugOf(source: PublishedSource, db: Sql = this.deps.sql): Promise<string | null> {
    const row = await db.selectFrom('published_sites').select('slug').where(columnOf(source.kind), '=', source.id).executeTakeFirst();
    return row?.slug ?? null;
  }

  /** The slugs of the published sites of one kind among `ids`. */
  async slugsOf(kind: PublishedSource['kind'], ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const column = columnOf(kind);
    const rows = await this.deps.sql.selectFrom('published_sites').select([column, 'slug']).where(column, 'in', [...ids]).execute();
    return new Map(rows.map((row) => [Number(row[column]), row.slug]));
  }

  /**
   * Publishes (or updates) the request's source of `userId` from its folder, a finished site with an
   * index.html (without one: refused with its `missing`); answers its slug. A user past the limit
   * must take one down first. `appOrigin` is the app's (the 预约 API, the 举报 form), `pageOrigin`
   * where the copy is served (its share metadata's absolute URLs).
   */
  async publish({ source, folder, missing, recheck, reserveSite }: PublishRequest, userId: number, appOrigin = '', pageOrigin = appOrigin): Promise<string> {
    const { sql, files, now } = this.deps;
    // The store's copy: another server may have completed the site again since this one fetched it.
    if (!(await files.freshFolder(folder)) || !fs.existsSync(path.join(folder, 'index.html'))) throw invalid(missing);
    await this.deps.guard.check(await this.slugOf(source), folder);
    const { slug, reserved } = await this.reserve(source, userId, recheck);
    const target = publishedDir(files.dataDir, slug);
    try {
      await publishFolder(sitesTmpDir(files.dataDir), target, async (temp) => {
        await fs.promises.cp(folder, temp, { recursive: true });
        await this.deps.guard.stamp(temp, slug, appOrigin);
        const block = reserveSite && (await this.deps.reserveBlocks?.blockFor(reserveSite, appOrigin, 'page'));
        if (block) await stampReserveBlock(temp, block);
        if (pageOrigin) await stampShareMeta(temp, publishedUrl(pageOrigin, slug));
        if (pageOrigin && appOrigin && this.deps.wechatShare) await stampWechatShare(temp, `${appOrigin}${WECHAT_JS_CONFIG_PATH}`);
        // Refused past the quota before it goes live: an update refused leaves the copy online as it was.
        await this.deps.quota.reserve(userId, target, await folderBytes(temp));
      });
      await files.publish(target);
    } catch (error) {
      if (reserved) {
        await sql.deleteFrom('published_sites').where('slug', '=', slug).execute();
        await files.remove(target);
        await this.deps.quota.forget(target);
      }
      throw error;
    }
    // Taken down (下线 in another tab) while its files were copied: the copy goes too.
    const updated = await sql.updateTable('published_sites').set({ updated_at: now() }).where('slug', '=', slug).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await files.remove(target);
      await this.deps.quota.forget(target);
      throw invalid(BuilderMessages.notPublished);
    }
    return slug;
  }

  /**
   * The slug of `source`, or a new one reserved for it within its user's limit. The user's row is
   * held while counting (PostgreSQL locks it until commit; SQLite has one writer at a time), so two
   * publishes at once cannot both take the last place, nor give one site two links.
   */
  private reserve(source: PublishedSource, userId: number, recheck?: PublishRequest['recheck']): Promise<{ slug: string; reserved: boolean }> {
    const { limit, now } = this.deps;
    return this.deps.sql.transaction().execute(async (trx) => {
      await lockUsers(trx, [userId]);
      await recheck?.(trx);
      const existing = await this.slugOf(source, trx);
      if (existing) return { slug: existing, reserved: false };
      const count = await trx.selectFrom('published_sites').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
      if (Number(count?.n ?? 0) >= limit) throw invalid(publishLimitMessage(limit));
      const slug = crypto.randomBytes(16).toString('hex');
      const at = now();
      await trx
        .insertInto('published_sites')
        .values({ slug, site_id: source.kind === 'builder' ? source.id : null, mini_site_id: source.kind === 'miniSite' ? source.id : null, user_id: userId, created_at: at, updated_at: at })
        .execute();
      return { slug, reserved: true };
    });
  }

  /**
   * The 预约 block of the live page of `source`, if published, as its campaign `site` is now: a
   * studio switching 预约 on or off, or changing what the block shows, sees it on the page at once
   * rather than at its next 更新发布. `appOrigin` as for publish. False when `source` is not published.
   */
  async restampReserveBlock(source: PublishedSource, site: ReserveSiteRef, appOrigin: string): Promise<boolean> {
    const { reserveBlocks } = this.deps;
    const slug = await this.slugOf(source);
    if (!slug) return false;
    if (!reserveBlocks) return true;
    await editPublishedPage(this.deps, slug, async (dir) => stampReserveBlock(dir, await reserveBlocks.blockFor(site, appOrigin, 'page')));
    return true;
  }

  /** 下线: the site's copy and its link go. */
  async unpublish(source: PublishedSource): Promise<void> {
    const slug = await this.slugOf(source);
    if (!slug) throw invalid(BuilderMessages.notPublished);
    await this.deps.guard.checkUnpublish(slug);
    await this.deps.sql.deleteFrom('published_sites').where('slug', '=', slug).execute();
    await this.deps.files.remove(publishedDir(this.deps.files.dataDir, slug));
    await this.deps.quota.forget(publishedDir(this.deps.files.dataDir, slug));
  }

  /** Those of `slugs` an operator took down (内容审核), as their owner's lists show them. */
  async takedownsOf(slugs: readonly string[]): Promise<Map<string, PublishedPageTakedown>> {
    const found = await this.deps.guard.takedownsOf(slugs);
    return new Map([...found].map(([slug, takedown]) => [slug, { slug, ...takedown }]));
  }

  /** The link and QR code of a slug, on `origin` (PUBLISH_ORIGIN, else the app's). */
  static async answer(slug: string, origin: string): Promise<PublishAnswer> {
    const url = publishedUrl(origin, slug);
    return { url, qrcode: await linkQrCode(url) };
  }
}
