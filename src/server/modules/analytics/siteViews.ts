import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import type { DatabaseSchema as Database } from '../../db/schema';
import { chinaDate, chinaDayOf } from '../../http/chinaTime';
import type { DailySalts } from './dailySalts';
import type { FastifyRequest } from 'fastify';
import { visitTraits, type VisitTraits } from './visitOf';

/** How often a server writes the views it counted. */
export const VIEWS_FLUSH_MS = 5000;

/** The dimensions of site_stats; 'all' holds the page's own figures. */
export type StatsDimension = 'all' | 'channel' | 'referrer' | 'device' | 'wechat' | 'bots';

/** The scope of a visitor mark that counts the page's visitors (a channel's scope is the channel). */
export const PAGE_SCOPE = '*';

/** Rows per statement: well under both databases' limits on parameters. */
const BATCH = 200;

/** A view as the server saw it: the page, its traits, and who (the address and browser, hashed at once). */
export interface ViewSeen {
  slug: string;
  traits: VisitTraits;
  address: string;
  userAgent: string;
}

interface Visitor {
  day: string;
  slug: string;
  hash: string;
  traits: VisitTraits;
  channels: Set<string>;
}

interface Figures {
  views: number;
  visitors: number;
}

const statsKey = (slug: string, day: string, dimension: StatsDimension, value: string) => JSON.stringify([slug, day, dimension, value]);

/**
 * The one counter of published pages' views (内容审核's page views and the owner's 数据): counted in
 * memory as pages are served and written every few seconds and on close, as upserts that add, so
 * several servers add up; a view costs no query. A visitor is a hash of the day's salt, the page,
 * the address and the browser, made at once: neither is kept, in memory or the database. The hash
 * counts once per day and page (and channel) because only its first insert into
 * site_visitor_marks, on any server, adds a visitor.
 */
export class SiteViews {
  private stats = new Map<string, Figures>();
  private visitors = new Map<string, Visitor>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly now: Clock,
    private readonly salts: DailySalts,
  ) {}

  async count(view: ViewSeen): Promise<void> {
    const day = chinaDate(chinaDayOf(this.now()));
    const { slug, traits } = view;
    if (traits.bot) {
      this.add(slug, day, 'bots', '', { views: 1, visitors: 0 });
      return;
    }
    const hash = hashVisitor(await this.salts.of(day), slug, view.address, view.userAgent);
    const one = { views: 1, visitors: 0 };
    this.add(slug, day, 'all', '', one);
    this.add(slug, day, 'channel', traits.channel, one);
    this.add(slug, day, 'referrer', traits.referrer, one);
    this.add(slug, day, 'device', traits.device, one);
    if (traits.wechat) this.add(slug, day, 'wechat', '1', one);
    const key = `${day} ${slug} ${hash}`;
    const visitor = this.visitors.get(key) ?? { day, slug, hash, traits, channels: new Set<string>() };
    visitor.channels.add(traits.channel);
    this.visitors.set(key, visitor);
  }

  /** A view of `slug`'s page served to `request` (modules/moderation's onResponse of /pub/). */
  countRequest(slug: string, request: FastifyRequest): Promise<void> {
    const userAgent = request.headers['user-agent'] ?? '';
    return this.count({ slug, traits: visitTraits(request.url, userAgent, request.headers.referer), address: request.ip, userAgent });
  }

  start(onError: (error: unknown) => void): void {
    this.timer = setInterval(() => this.flush().catch(onError), VIEWS_FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Adds what was counted since the last time to the database, in one transaction. */
  async flush(): Promise<void> {
    if (!this.stats.size && !this.visitors.size) return;
    const stats = this.stats;
    const visitors = [...this.visitors.values()];
    this.stats = new Map();
    this.visitors = new Map();
    await this.sql.transaction().execute(async (trx) => {
      await this.markVisitors(trx, visitors, stats);
      await writeStats(trx, stats);
      await writePageViews(trx, stats);
    });
  }

  private add(slug: string, day: string, dimension: StatsDimension, value: string, figures: Figures): void {
    addTo(this.stats, statsKey(slug, day, dimension, value), figures);
  }

  /** Inserts the visitors' marks; each mark new to the database (on any server) adds a visitor to `stats`. */
  private async markVisitors(trx: Transaction<Database>, visitors: Visitor[], stats: Map<string, Figures>): Promise<void> {
    const byMark = new Map<string, Visitor>();
    const marks = visitors.flatMap((visitor) =>
      [PAGE_SCOPE, ...visitor.channels].map((scope) => {
        byMark.set(JSON.stringify([visitor.day, visitor.slug, scope, visitor.hash]), visitor);
        return { day: visitor.day, slug: visitor.slug, scope, hash: visitor.hash };
      }),
    );
    for (let start = 0; start < marks.length; start += BATCH) {
      const inserted = await trx
        .insertInto('site_visitor_marks')
        .values(marks.slice(start, start + BATCH))
        .onConflict((conflict) => conflict.columns(['day', 'slug', 'scope', 'hash']).doNothing())
        .returning(['day', 'slug', 'scope', 'hash'])
        .execute();
      for (const mark of inserted) {
        const visitor = byMark.get(JSON.stringify([mark.day, mark.slug, mark.scope, mark.hash]));
        if (!visitor) continue;
        const one = { views: 0, visitors: 1 };
        if (mark.scope !== PAGE_SCOPE) {
          addTo(stats, statsKey(mark.slug, mark.day, 'channel', mark.scope), one);
          continue;
        }
        // The address and browser are in the hash: a visitor's device and browser are the same all day.
        addTo(stats, statsKey(mark.slug, mark.day, 'all', ''), one);
        addTo(stats, statsKey(mark.slug, mark.day, 'device', visitor.traits.device), one);
        if (visitor.traits.wechat) addTo(stats, statsKey(mark.slug, mark.day, 'wechat', '1'), one);
      }
    }
  }
}

/** The day's visitor hash: one-way, and of a salt deleted once the day is over. */
export function hashVisitor(salt: string, slug: string, address: string, userAgent: string): string {
  return createHash('sha256').update([salt, slug, address, userAgent].join('\n')).digest('base64url').slice(0, 32);
}

function addTo(stats: Map<string, Figures>, key: string, figures: Figures): void {
  const had = stats.get(key) ?? { views: 0, visitors: 0 };
  stats.set(key, { views: had.views + figures.views, visitors: had.visitors + figures.visitors });
}

/** In key order: two servers' transactions take the rows' locks in the same order, never each other's first. */
async function writeStats(trx: Transaction<Database>, stats: Map<string, Figures>): Promise<void> {
  const rows = [...stats].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, figures]) => {
    const [slug, day, dimension, value] = JSON.parse(key) as [string, string, StatsDimension, string];
    return { slug, day, dimension, value, ...figures };
  });
  for (let start = 0; start < rows.length; start += BATCH) {
    await trx
      .insertInto('site_stats')
      .values(rows.slice(start, start + BATCH))
      .onConflict((conflict) =>
        conflict.columns(['slug', 'day', 'dimension', 'value']).doUpdateSet((eb) => ({
          views: eb('site_stats.views', '+', eb.ref('excluded.views')),
          visitors: eb('site_stats.visitors', '+', eb.ref('excluded.visitors')),
        })),
      )
      .execute();
  }
}

/** 内容审核's count of a page's views (the console's list): every view served, bots' too, as before. */
async function writePageViews(trx: Transaction<Database>, stats: Map<string, Figures>): Promise<void> {
  const pages = new Map<string, number>();
  for (const [key, figures] of stats) {
    const [slug, day, dimension] = JSON.parse(key) as [string, string, StatsDimension];
    if ((dimension === 'all' || dimension === 'bots') && figures.views) pages.set(`${slug} ${day}`, (pages.get(`${slug} ${day}`) ?? 0) + figures.views);
  }
  for (const [page, count] of [...pages].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [slug, day] = page.split(' ');
    await trx
      .insertInto('published_visits')
      .values({ slug, day, count })
      .onConflict((conflict) => conflict.columns(['slug', 'day']).doUpdateSet((eb) => ({ count: eb('published_visits.count', '+', eb.ref('excluded.count')) })))
      .execute();
  }
}
