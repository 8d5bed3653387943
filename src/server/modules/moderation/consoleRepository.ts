import { sql } from 'kysely';
import type { ConsolePublishedPage, ConsoleReport, PublishedStatus, ReportCategory, ReportStatus } from '../../../contract/moderation';
import type { Sql } from '../../db/connection';
import { likeLiteral } from '../../db/like';

const ID_ONLY = /^\d{1,15}$/;

/** Published pages with their owner, their state and what was counted of them. */
function pages(db: Sql) {
  return db
    .selectFrom('published_sites as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('builder_sites as b', 'b.id', 'p.site_id')
    .leftJoin('mini_sites as m', 'm.id', 'p.mini_site_id')
    .leftJoin('published_takedowns as t', 't.slug', 'p.slug');
}

type Pages = ReturnType<typeof pages>;

function filtered(query: Pages, q: string, status: PublishedStatus | undefined): Pages {
  let found = query;
  if (status === 'online') found = found.where('t.slug', 'is', null);
  if (status === 'down') found = found.where('t.slug', 'is not', null).where('t.review_requested_at', 'is', null);
  if (status === 'review') found = found.where('t.review_requested_at', 'is not', null);
  if (!q) return found;
  const pattern = `%${likeLiteral(q.toLowerCase())}%`;
  return found.where((eb) =>
    eb.or([
      eb('p.slug', '=', q.toLowerCase()),
      eb('u.mobile', 'like', pattern),
      sql<boolean>`lower(u.name) LIKE ${pattern} ESCAPE '\\'`,
      sql<boolean>`lower(coalesce(b.web_name, m.name, '')) LIKE ${pattern} ESCAPE '\\'`,
      ...(ID_ONLY.test(q) ? [eb('u.id', '=', Number(q))] : []),
    ]),
  );
}

const statusOf = (takenDownAt: unknown, reviewAt: unknown): PublishedStatus => (takenDownAt === null ? 'online' : reviewAt === null ? 'down' : 'review');
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** What the console's 内容审核 page reads. */
export class ModerationRepository {
  constructor(private readonly db: Sql) {}

  async pages(q: string, status: PublishedStatus | undefined, page: number, pageSize: number, linkOf: (slug: string) => string): Promise<{ list: ConsolePublishedPage[]; total: number }> {
    const count = await filtered(pages(this.db), q, status)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await filtered(pages(this.db), q, status)
      .select(['p.slug', 'p.site_id', 'p.created_at', 'p.updated_at', 'u.id as owner_id', 'u.name as owner_name', 'u.mobile as owner_mobile', 'b.web_name', 'm.name as mini_name'])
      .select(['t.reason', 't.taken_down_at', 't.review_requested_at'])
      .select((eb) => [
        eb.selectFrom('published_visits as v').whereRef('v.slug', '=', 'p.slug').select((v) => v.fn.sum<number>('v.count').as('n')).as('visits'),
        eb.selectFrom('site_reports as r').whereRef('r.slug', '=', 'p.slug').where('r.resolution', 'is', null).select((r) => r.fn.countAll<number>().as('n')).as('open_reports'),
      ])
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.slug')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const list = rows.map((row) => ({
      slug: row.slug,
      kind: row.site_id === null ? ('miniSite' as const) : ('builder' as const),
      name: row.web_name ?? row.mini_name ?? '',
      url: linkOf(row.slug),
      owner: { id: Number(row.owner_id), name: row.owner_name, mobile: row.owner_mobile ?? '' },
      publishedAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      visits: Number(row.visits ?? 0),
      status: statusOf(row.taken_down_at, row.review_requested_at),
      reason: row.reason ?? '',
      takenDownAt: num(row.taken_down_at),
      reviewRequestedAt: num(row.review_requested_at),
      openReports: Number(row.open_reports ?? 0),
    }));
    return { list, total: Number(count.n) };
  }

  /** The published page `slug` with its owner, or null. */
  async page(slug: string, db: Sql = this.db): Promise<{ slug: string; userId: number; reason: string | null; reviewRequestedAt: number | null } | null> {
    const row = await db
      .selectFrom('published_sites as p')
      .leftJoin('published_takedowns as t', 't.slug', 'p.slug')
      .select(['p.slug', 'p.user_id', 't.reason', 't.review_requested_at'])
      .where('p.slug', '=', slug)
      .executeTakeFirst();
    return row ? { slug: row.slug, userId: Number(row.user_id), reason: row.reason, reviewRequestedAt: num(row.review_requested_at) } : null;
  }

  async reports(status: ReportStatus | undefined, page: number, pageSize: number, linkOf: (slug: string) => string): Promise<{ list: ConsoleReport[]; total: number }> {
    const base = () => {
      const query = this.db.selectFrom('site_reports as r');
      if (status === 'open') return query.where('r.resolution', 'is', null);
      if (status === 'resolved') return query.where('r.resolution', 'is not', null);
      return query;
    };
    const count = await base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base()
      .leftJoin('published_sites as p', 'p.slug', 'r.slug')
      .leftJoin('builder_sites as b', 'b.id', 'p.site_id')
      .leftJoin('mini_sites as m', 'm.id', 'p.mini_site_id')
      .leftJoin('published_takedowns as t', 't.slug', 'r.slug')
      .selectAll('r')
      .select(['p.slug as published_slug', 'b.web_name', 'm.name as mini_name', 't.taken_down_at', 't.review_requested_at'])
      .orderBy('r.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const list = rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      url: row.published_slug ? linkOf(row.slug) : '',
      siteName: row.web_name ?? row.mini_name ?? '',
      category: row.category as ReportCategory,
      text: row.text,
      contact: row.contact,
      createdAt: Number(row.created_at),
      status: row.resolution === null ? ('open' as const) : ('resolved' as const),
      resolution: row.resolution,
      note: row.note,
      resolvedBy: row.resolved_by,
      resolvedAt: num(row.resolved_at),
      pageStatus: row.published_slug ? statusOf(row.taken_down_at ?? null, row.review_requested_at ?? null) : ('gone' as const),
    }));
    return { list, total: Number(count.n) };
  }
}
