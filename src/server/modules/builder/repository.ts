import type { BuilderFormData, SelectedComponentIds, SiteStatusValue } from '../../../contract/builder';
import type { Clock } from '../../clock';
import { sql } from 'kysely';
import type { Sql } from '../../db/connection';
import { likeLiteral } from '../../db/like';

export interface BuilderSiteRow {
  id: number;
  user_id: number;
  web_name: string;
  status: SiteStatusValue;
  selected: string;
  form_data: string;
  dir: string;
  revision: number;
  zip_url: string;
  created_at: number;
  updated_at: number;
}

/** A row with its JSON columns read. */
export interface BuilderSiteRecord {
  id: number;
  userId: number;
  webName: string;
  status: SiteStatusValue;
  selected: SelectedComponentIds;
  formData: BuilderFormData;
  dir: string;
  revision: number;
  zipUrl: string;
  createdAt: number;
  updatedAt: number;
}

export function recordOf(row: BuilderSiteRow): BuilderSiteRecord {
  return {
    id: row.id,
    userId: row.user_id,
    webName: row.web_name,
    status: row.status,
    selected: JSON.parse(row.selected) as SelectedComponentIds,
    formData: JSON.parse(row.form_data) as BuilderFormData,
    dir: row.dir,
    revision: row.revision,
    zipUrl: row.zip_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}


/** builder_sites and builder_banner_tasks: whose site is whose, and which banners a user asked for. */
export class BuilderRepository {
  constructor(
    private readonly db: Sql,
    private readonly now: Clock,
  ) {}

  async insert(site: { userId: number; webName: string; selected: SelectedComponentIds; formData: BuilderFormData; dir: string }): Promise<number> {
    const at = this.now();
    const row = await this.db
      .insertInto('builder_sites')
      .values({ user_id: site.userId, web_name: site.webName, status: 1, selected: JSON.stringify(site.selected), form_data: JSON.stringify(site.formData), dir: site.dir, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The site if `userId` owns it; null for another user's site or an unknown id. */
  async owned(id: number, userId: number): Promise<BuilderSiteRecord | null> {
    const row = await this.db.selectFrom('builder_sites').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return row ? recordOf(row) : null;
  }

  /** Any user's site: for work the server does on its own behalf (a preview render). */
  async byId(id: number): Promise<BuilderSiteRecord | null> {
    const row = await this.db.selectFrom('builder_sites').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? recordOf(row) : null;
  }

  /** Whether a builder site's preview lives in DATA_DIR/sites/<dir>/. */
  async hasDir(dir: string): Promise<boolean> {
    return (await this.db.selectFrom('builder_sites').select('id').where('dir', '=', dir).executeTakeFirst()) !== undefined;
  }

  async save(site: { id: number; userId: number; webName: string; selected: SelectedComponentIds; formData: BuilderFormData }): Promise<void> {
    await this.db
      .updateTable('builder_sites')
      .set({ web_name: site.webName, selected: JSON.stringify(site.selected), form_data: JSON.stringify(site.formData), updated_at: this.now() })
      .where('id', '=', site.id)
      .where('user_id', '=', site.userId)
      .execute();
  }

  /** Counts one more preview render; answers the new revision. */
  async nextRevision(id: number): Promise<number> {
    const row = await this.db
      .updateTable('builder_sites')
      .set((eb) => ({ revision: eb('revision', '+', 1) }))
      .where('id', '=', id)
      .returning('revision')
      .executeTakeFirst();
    return row?.revision ?? 0;
  }

  /** Whether the site was still there (deleted meanwhile: false). */
  async complete(id: number, userId: number, zipUrl: string): Promise<boolean> {
    const updated = await this.db.updateTable('builder_sites').set({ status: 2, zip_url: zipUrl, updated_at: this.now() }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** Deletes `userId`'s site `id`; answers its preview folder and zip as they were, or null when there was none. */
  async remove(id: number, userId: number, db: Sql = this.db): Promise<{ dir: string; zipUrl: string } | null> {
    const row = await db.deleteFrom('builder_sites').where('id', '=', id).where('user_id', '=', userId).returning(['dir', 'zip_url']).executeTakeFirst();
    return row ? { dir: row.dir, zipUrl: row.zip_url } : null;
  }

  /** Whether site `id` still exists; `db` may be a transaction that holds its owner's row. */
  async exists(id: number, db: Sql = this.db): Promise<boolean> {
    return (await db.selectFrom('builder_sites').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** The zip URL of the last completion, made anew (the site itself is unchanged). */
  async setZipUrl(id: number, userId: number, zipUrl: string): Promise<void> {
    await this.db.updateTable('builder_sites').set({ zip_url: zipUrl }).where('id', '=', id).where('user_id', '=', userId).execute();
  }

  /**
   * A page of the user's sites, newest change first; `name` matches anywhere in web_name, whatever
   * the case of Latin letters (as SQLite's LIKE does on its own and PostgreSQL's does not).
   */
  async page(userId: number, name: string, page: number, pageSize: number): Promise<{ rows: BuilderSiteRecord[]; total: number }> {
    const pattern = `%${likeLiteral(name.toLowerCase())}%`;
    const mine = this.db.selectFrom('builder_sites').where('user_id', '=', userId).where(sql<boolean>`lower(web_name) LIKE ${pattern} ESCAPE '\\'`);
    const count = await mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await mine.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
    return { rows: rows.map(recordOf), total: Number(count?.n ?? 0) };
  }

  /** Every site's folder and form values: what housekeeping must keep. */
  async allForms(): Promise<Array<{ dir: string; formData: BuilderFormData }>> {
    const rows = await this.db.selectFrom('builder_sites').select(['dir', 'form_data']).execute();
    return rows.map((row) => ({ dir: row.dir, formData: JSON.parse(row.form_data) as BuilderFormData }));
  }

  async rememberTask(userId: number, taskId: string, siteId: number): Promise<void> {
    await this.db
      .insertInto('builder_banner_tasks')
      .values({ user_id: userId, task_id: taskId, site_id: siteId, created_at: this.now() })
      .onConflict((conflict) => conflict.columns(['user_id', 'task_id']).doUpdateSet((eb) => ({ site_id: eb.ref('excluded.site_id'), created_at: eb.ref('excluded.created_at') })))
      .execute();
  }

  async ownsTask(userId: number, taskId: string): Promise<boolean> {
    const row = await this.db.selectFrom('builder_banner_tasks').select('task_id').where('user_id', '=', userId).where('task_id', '=', taskId).executeTakeFirst();
    return row !== undefined;
  }
}
