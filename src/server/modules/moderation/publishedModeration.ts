import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ModerationMessages, sensitiveWordRefused, type PublishedTakedown } from '../../../contract/moderation';
import type { Sql } from '../../db/connection';
import { invalid } from '../../http/envelope';
import { siteText } from './pageText';
import { NOTICE_PAGE } from './pages';
import { reportUrl, stampReportLink } from './reportLink';
import { SensitiveWords } from './sensitiveWords';
import { Takedowns } from './takedowns';

/** /pub/<slug>/ and what follows: the slug, and whether the page itself (its index.html) is asked for. */
const PUBLISHED_PATH = /^\/pub\/([0-9a-f]{32})(?=\/|$)(\/(?:index\.html)?$)?/;

/**
 * The slug a /pub/ request reaches and whether it asks for the page itself, read as the file
 * server reads the path (decoded, dot segments resolved): /pub/x/../<slug>/ reaches <slug> too.
 */
export function publishedTarget(url: string): { slug: string; page: boolean } | null {
  let pathname: string;
  try {
    pathname = path.posix.normalize(decodeURIComponent(url.split(/[?#]/, 1)[0]));
  } catch {
    return null;
  }
  const match = PUBLISHED_PATH.exec(pathname);
  return match ? { slug: match[1], page: match[2] !== undefined } : null;
}

export interface PublishedModerationDeps {
  sql: Sql;
  /** PUBLISH_ORIGIN: pages served on an origin of their own, whose 举报 link must lead back to the app's. */
  publishOrigin: string;
  /** The one counter of views (modules/analytics): 内容审核's count and the owner's 数据. */
  visits: PageViews;
}

/** What counts a page served: no cookie set, and nothing of the visitor kept. */
export interface PageViews {
  countRequest(slug: string, request: FastifyRequest): Promise<void>;
  flush(): Promise<void>;
}

/**
 * What 内容审核 does to published pages as they are published and served: a page an operator took
 * down answers a notice on every file, a page's views are counted, each published copy carries a
 * 举报 link, and a publish is refused while the page is down or its text holds a sensitive word.
 */
export class PublishedModeration {
  readonly takedowns: Takedowns;
  readonly visits: PageViews;
  readonly words: SensitiveWords;

  constructor(private readonly deps: PublishedModerationDeps) {
    this.takedowns = new Takedowns(deps.sql);
    this.visits = deps.visits;
    this.words = new SensitiveWords(deps.sql);
  }

  /** onRequest of /pub/: a taken-down page's files are not served. 451: unavailable for legal reasons. */
  readonly onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const target = publishedTarget(request.url);
    if (target && (await this.takedowns.isDown(target.slug))) {
      await reply.code(451).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOTICE_PAGE);
    }
  };

  /**
   * onResponse of /pub/: a view of a page is its index.html served (not its pictures, not a HEAD),
   * whole or as 304 to a browser that revalidated its copy (pages are sent no-cache): a reload is a view too.
   */
  readonly onResponse = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method !== 'GET' || (reply.statusCode !== 200 && reply.statusCode !== 304)) return;
    const target = publishedTarget(request.url);
    if (!target?.page) return;
    // The page is served already: a count that fails is logged, never the visitor's problem.
    await this.visits.countRequest(target.slug, request).catch((error: unknown) => request.log.warn({ err: error }, 'counting a published page view failed'));
  };

  /** Before 发布 / 更新发布 of `folder` (published at `slug` already, or not yet). */
  async check(slug: string | null, folder: string): Promise<void> {
    if (slug && (await this.takedowns.of([slug])).size) throw invalid(ModerationMessages.publishTakenDown);
    const word = await this.words.find(await siteText(folder));
    if (word) throw invalid(sensitiveWordRefused(word));
  }

  /** Before 下线 by the owner: a page an operator took down stays down, at its link, until restored. */
  async checkUnpublish(slug: string): Promise<void> {
    if ((await this.takedowns.of([slug])).size) throw invalid(ModerationMessages.unpublishTakenDown);
  }

  /** The published copy of `slug` in `dir`, before it goes live: its 举报 link, to the app that published it when pages are served apart. */
  stamp(dir: string, slug: string, appOrigin: string): Promise<void> {
    return stampReportLink(dir, reportUrl(this.deps.publishOrigin ? appOrigin : '', slug));
  }

  takedownsOf(slugs: readonly string[]): Promise<Map<string, PublishedTakedown>> {
    return this.takedowns.of(slugs);
  }
}
