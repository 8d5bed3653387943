import type { BuilderFormData, SelectedComponentIds, SiteVersionReason } from '../../../contract/builder';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';

/** A kept version of a site, its JSON read. */
export interface SiteVersionRecord {
  id: number;
  siteId: number;
  reason: SiteVersionReason;
  webName: string;
  selected: SelectedComponentIds;
  formData: BuilderFormData;
  picture: string;
  createdAt: number;
}

export type NewSiteVersion = Omit<SiteVersionRecord, 'id' | 'createdAt'>;

type VersionRow = { id: number; site_id: number; reason: SiteVersionReason; web_name: string; selected: string; form_data: string; picture: string; created_at: number };

function recordOf(row: VersionRow): SiteVersionRecord {
  return {
    id: row.id,
    siteId: row.site_id,
    reason: row.reason,
    webName: row.web_name,
    selected: JSON.parse(row.selected) as SelectedComponentIds,
    formData: JSON.parse(row.form_data) as BuilderFormData,
    picture: row.picture,
    createdAt: row.created_at,
  };
}

/** builder_site_versions: the versions kept of each site, at most `limit` a site. */
export class SiteVersionStore {
  constructor(
    private readonly db: Sql,
    private readonly now: Clock,
    private readonly limit: number,
  ) {}

  /** Keeps a version, then lets the oldest of its site go past the limit. */
  async add(version: NewSiteVersion): Promise<number> {
    const row = await this.db
      .insertInto('builder_site_versions')
      .values({
        site_id: version.siteId,
        reason: version.reason,
        web_name: version.webName,
        selected: JSON.stringify(version.selected),
        form_data: JSON.stringify(version.formData),
        picture: version.picture,
        created_at: this.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const kept = this.db.selectFrom('builder_site_versions').select('id').where('site_id', '=', version.siteId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(this.limit);
    await this.db.deleteFrom('builder_site_versions').where('site_id', '=', version.siteId).where('id', 'not in', kept).execute();
    return row.id;
  }

  /** A site's versions, newest first. */
  async list(siteId: number): Promise<SiteVersionRecord[]> {
    const rows = await this.db.selectFrom('builder_site_versions').selectAll().where('site_id', '=', siteId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(recordOf);
  }

  /** Version `id` if it is one of site `siteId`'s; null otherwise (another site's id included). */
  async get(siteId: number, id: number): Promise<SiteVersionRecord | null> {
    const row = await this.db.selectFrom('builder_site_versions').selectAll().where('id', '=', id).where('site_id', '=', siteId).executeTakeFirst();
    return row ? recordOf(row) : null;
  }

  async newest(siteId: number): Promise<SiteVersionRecord | null> {
    const row = await this.db.selectFrom('builder_site_versions').selectAll().where('site_id', '=', siteId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row ? recordOf(row) : null;
  }

  /** Every version's form: housekeeping keeps the files they name, so that a restore finds its pictures. */
  async allForms(): Promise<BuilderFormData[]> {
    const rows = await this.db.selectFrom('builder_site_versions').select('form_data').execute();
    return rows.map((row) => JSON.parse(row.form_data) as BuilderFormData);
  }
}
