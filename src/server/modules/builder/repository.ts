import type { BuilderFormData, SelectedComponentIds, SiteStatusValue } from '../../../contract/builder';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';

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

/** `%`, `_` and the escape character itself match literally in a LIKE pattern after this. */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** builder_sites and builder_banner_tasks: whose site is whose, and which banners a user asked for. */
export class BuilderRepository {
  private readonly insertStmt;
  private readonly ownedStmt;
  private readonly byIdStmt;
  private readonly byDirStmt;
  private readonly saveStmt;
  private readonly revisionStmt;
  private readonly completeStmt;
  private readonly zipUrlStmt;
  private readonly countStmt;
  private readonly pageStmt;
  private readonly allFormsStmt;
  private readonly rememberTaskStmt;
  private readonly ownsTaskStmt;

  constructor(
    db: Db,
    private readonly now: Clock,
  ) {
    this.insertStmt = db.prepare<[number, string, string, string, string, number, number]>(
      'INSERT INTO builder_sites (user_id, web_name, status, selected, form_data, dir, created_at, updated_at) VALUES (?, ?, 1, ?, ?, ?, ?, ?)',
    );
    this.ownedStmt = db.prepare<[number, number], BuilderSiteRow>('SELECT * FROM builder_sites WHERE id = ? AND user_id = ?');
    this.byIdStmt = db.prepare<[number], BuilderSiteRow>('SELECT * FROM builder_sites WHERE id = ?');
    this.byDirStmt = db.prepare<[string], { id: number }>('SELECT id FROM builder_sites WHERE dir = ?');
    this.saveStmt = db.prepare<[string, string, string, number, number, number]>('UPDATE builder_sites SET web_name = ?, selected = ?, form_data = ?, updated_at = ? WHERE id = ? AND user_id = ?');
    this.revisionStmt = db.prepare<[number], { revision: number }>('UPDATE builder_sites SET revision = revision + 1 WHERE id = ? RETURNING revision');
    this.completeStmt = db.prepare<[string, number, number, number]>('UPDATE builder_sites SET status = 2, zip_url = ?, updated_at = ? WHERE id = ? AND user_id = ?');
    this.zipUrlStmt = db.prepare<[string, number, number]>('UPDATE builder_sites SET zip_url = ? WHERE id = ? AND user_id = ?');
    // The `name` filter is optional: an empty pattern matches every name.
    this.countStmt = db.prepare<[number, string], { n: number }>("SELECT COUNT(*) AS n FROM builder_sites WHERE user_id = ? AND web_name LIKE ? ESCAPE '\\'");
    this.pageStmt = db.prepare<[number, string, number, number], BuilderSiteRow>(
      "SELECT * FROM builder_sites WHERE user_id = ? AND web_name LIKE ? ESCAPE '\\' ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?",
    );
    this.allFormsStmt = db.prepare<[], { dir: string; form_data: string }>('SELECT dir, form_data FROM builder_sites');
    this.rememberTaskStmt = db.prepare<[number, string, number, number]>(
      'INSERT INTO builder_banner_tasks (user_id, task_id, site_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id, task_id) DO UPDATE SET site_id = excluded.site_id, created_at = excluded.created_at',
    );
    this.ownsTaskStmt = db.prepare<[number, string], { n: number }>('SELECT COUNT(*) AS n FROM builder_banner_tasks WHERE user_id = ? AND task_id = ?');
  }

  insert(site: { userId: number; webName: string; selected: SelectedComponentIds; formData: BuilderFormData; dir: string }): number {
    const at = this.now();
    return Number(this.insertStmt.run(site.userId, site.webName, JSON.stringify(site.selected), JSON.stringify(site.formData), site.dir, at, at).lastInsertRowid);
  }

  /** The site if `userId` owns it; null for another user's site or an unknown id. */
  owned(id: number, userId: number): BuilderSiteRecord | null {
    const row = this.ownedStmt.get(id, userId);
    return row ? recordOf(row) : null;
  }

  /** Any user's site: for work the server does on its own behalf (a preview render). */
  byId(id: number): BuilderSiteRecord | null {
    const row = this.byIdStmt.get(id);
    return row ? recordOf(row) : null;
  }

  /** Whether a builder site's preview lives in DATA_DIR/sites/<dir>/. */
  hasDir(dir: string): boolean {
    return this.byDirStmt.get(dir) !== undefined;
  }

  save(site: { id: number; userId: number; webName: string; selected: SelectedComponentIds; formData: BuilderFormData }): void {
    this.saveStmt.run(site.webName, JSON.stringify(site.selected), JSON.stringify(site.formData), this.now(), site.id, site.userId);
  }

  /** Counts one more preview render; answers the new revision. */
  nextRevision(id: number): number {
    return this.revisionStmt.get(id)?.revision ?? 0;
  }

  complete(id: number, userId: number, zipUrl: string): void {
    this.completeStmt.run(zipUrl, this.now(), id, userId);
  }

  /** The zip URL of the last completion, made anew (the site itself is unchanged). */
  setZipUrl(id: number, userId: number, zipUrl: string): void {
    this.zipUrlStmt.run(zipUrl, id, userId);
  }

  /** A page of the user's sites, newest change first; `name` matches anywhere in web_name. */
  page(userId: number, name: string, page: number, pageSize: number): { rows: BuilderSiteRecord[]; total: number } {
    const pattern = `%${likeLiteral(name)}%`;
    const total = this.countStmt.get(userId, pattern)?.n ?? 0;
    const rows = this.pageStmt.all(userId, pattern, pageSize, (page - 1) * pageSize).map(recordOf);
    return { rows, total };
  }

  /** Every site's folder and form values: what housekeeping must keep. */
  allForms(): Array<{ dir: string; formData: BuilderFormData }> {
    return this.allFormsStmt.all().map((row) => ({ dir: row.dir, formData: JSON.parse(row.form_data) as BuilderFormData }));
  }

  rememberTask(userId: number, taskId: string, siteId: number): void {
    this.rememberTaskStmt.run(userId, taskId, siteId, this.now());
  }

  ownsTask(userId: number, taskId: string): boolean {
    return (this.ownsTaskStmt.get(userId, taskId)?.n ?? 0) > 0;
  }
}
