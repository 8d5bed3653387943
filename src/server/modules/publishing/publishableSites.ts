import type { ReserveSiteRef } from '../../../contract/reservations';
import type { Sql } from '../../db/connection';
import type { UserRow } from '../auth/repository';
import type { PublishedSource } from './sitePublishing';

/** What 发布 copies: a finished site's folder, and the message when it holds no page to copy. */
export interface PublishRequest {
  source: PublishedSource;
  /** The site as its 预约 campaign names it: the published copy carries the block when the campaign is enabled. */
  reserveSite?: ReserveSiteRef;
  folder: string;
  missing: string;
  /**
   * Asked again while the owner's row is held to reserve the link, and throws when the site went
   * meanwhile (a 删除 in another tab holds the same row): the user is told so, rather than the
   * database refusing a link to a row that is gone.
   */
  recheck?: (db: Sql) => Promise<void>;
}

/**
 * A kind of site that can be published (builder sites by id, mini sites by folder), as its own
 * module answers for it: the caller's site a request names, once that kind's checks have passed
 * (the owner, its own limits, a bound phone for 发布), in that kind's own order. Publishing keeps
 * the copies; it never reads a kind's tables itself.
 */
export interface PublishableSites<Key> {
  /** 发布 / 更新发布. */
  toPublish(key: Key, user: UserRow): Promise<PublishRequest>;
  /** 下线. */
  toUnpublish(key: Key, user: UserRow): Promise<PublishedSource>;
}

/** Sites whose page asks whether they are published (the mini site's preview page). */
export interface ShownSites<Key> {
  toShow(key: Key, user: UserRow): Promise<PublishedSource>;
}
