import { sql, type ExpressionBuilder } from 'kysely';
import type { ConsolePublished, ConsoleSite, ConsoleUser, ConsoleWork } from '../../../contract/operators';
import type { Sql } from '../../db/connection';
import { likeLiteral } from '../../db/like';
import type { DatabaseSchema } from '../../db/schema';

type Users = ExpressionBuilder<DatabaseSchema, 'users'>;

const ID_ONLY = /^\d{1,15}$/;

/** Accounts with what they made, counted: the rows of the console's 用户 list. */
function withCounts(db: Sql) {
  return db
    .selectFrom('users')
    .where('merged_into', 'is', null)
    .select(['id', 'name', 'mobile', 'openid', 'role', 'disabled_reason', 'created_at'])
    .select((eb) => [
      eb.selectFrom('user_works').whereRef('user_works.user_id', '=', 'users.id').select((w) => w.fn.countAll<number>().as('n')).as('works'),
      sql<number>`(SELECT COUNT(*) FROM builder_sites b WHERE b.user_id = users.id) + (SELECT COUNT(*) FROM mini_sites m WHERE m.user_id = users.id)`.as('sites'),
      eb.selectFrom('published_sites').whereRef('published_sites.user_id', '=', 'users.id').select((p) => p.fn.countAll<number>().as('n')).as('published'),
    ]);
}

type CountedRow = {
  id: number;
  name: string;
  mobile: string | null;
  openid: string | null;
  role: 'user' | 'operator';
  disabled_reason: string | null;
  created_at: number;
  works: number | string | null;
  sites: number | string | null;
  published: number | string | null;
};

function consoleUser(row: CountedRow): ConsoleUser {
  return {
    id: Number(row.id),
    name: row.name,
    mobile: row.mobile ?? '',
    wechat: row.openid !== null,
    role: row.role,
    disabledReason: row.disabled_reason ?? '',
    createdAt: Number(row.created_at),
    works: Number(row.works ?? 0),
    sites: Number(row.sites ?? 0),
    published: Number(row.published ?? 0),
  };
}

/** A phone or a name containing `q` (whatever the case of Latin letters), or the id `q`. */
function matching(q: string) {
  const pattern = `%${likeLiteral(q.toLowerCase())}%`;
  return (eb: Users) => {
    const text = [eb('mobile', 'like', pattern), sql<boolean>`lower(name) LIKE ${pattern} ESCAPE '\\'`];
    return ID_ONLY.test(q) ? eb.or([eb('id', '=', Number(q)), ...text]) : eb.or(text);
  };
}

/** What the console's 用户 page reads: accounts found by phone, name or id, and what each made. */
export class AccountsRepository {
  constructor(private readonly db: Sql) {}

  async page(q: string, page: number, pageSize: number): Promise<{ list: ConsoleUser[]; total: number }> {
    let found = this.db.selectFrom('users').where('merged_into', 'is', null);
    let rows = withCounts(this.db);
    if (q) {
      found = found.where(matching(q));
      rows = rows.where(matching(q));
    }
    const count = await found.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await rows
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { list: list.map(consoleUser), total: Number(count.n) };
  }

  async user(id: number): Promise<ConsoleUser | null> {
    const row = await withCounts(this.db).where('id', '=', id).executeTakeFirst();
    return row ? consoleUser(row) : null;
  }

  async works(userId: number): Promise<ConsoleWork[]> {
    const rows = await this.db
      .selectFrom('user_works as w')
      .innerJoin('render_jobs as j', 'j.id', 'w.job_id')
      .select(['w.job_id as jobId', 'j.kind as kind', 'w.title as title', 'w.created_at as createdAt'])
      .where('w.user_id', '=', userId)
      .orderBy('w.created_at', 'desc')
      .limit(100)
      .execute();
    return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
  }

  async sites(userId: number): Promise<ConsoleSite[]> {
    const builder = await this.db.selectFrom('builder_sites').select(['id', 'web_name as name', 'created_at as createdAt']).where('user_id', '=', userId).execute();
    const mini = await this.db.selectFrom('mini_sites').select(['id', 'name', 'created_at as createdAt']).where('user_id', '=', userId).execute();
    return [
      ...builder.map((row) => ({ id: Number(row.id), kind: 'builder' as const, name: row.name, createdAt: Number(row.createdAt) })),
      ...mini.map((row) => ({ id: Number(row.id), kind: 'miniSite' as const, name: row.name, createdAt: Number(row.createdAt) })),
    ].sort((a, b) => b.createdAt - a.createdAt);
  }

  /** The user's published pages, with their links on `origin`. */
  async published(userId: number, linkOf: (slug: string) => string): Promise<ConsolePublished[]> {
    const rows = await this.db
      .selectFrom('published_sites as p')
      .leftJoin('builder_sites as b', 'b.id', 'p.site_id')
      .leftJoin('mini_sites as m', 'm.id', 'p.mini_site_id')
      .select(['p.slug', 'p.site_id', 'b.web_name', 'm.name as mini_name', 'p.updated_at'])
      .where('p.user_id', '=', userId)
      .orderBy('p.updated_at', 'desc')
      .execute();
    return rows.map((row) => ({
      slug: row.slug,
      kind: row.site_id === null ? ('miniSite' as const) : ('builder' as const),
      name: row.web_name ?? row.mini_name ?? '',
      url: linkOf(row.slug),
      updatedAt: Number(row.updated_at),
    }));
  }
}
