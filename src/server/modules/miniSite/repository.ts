import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';

export interface MiniSiteRow {
  id: number;
  dir: string;
  user_id: number;
  template_id: number;
  name: string;
  created_at: number;
}

/** mini_sites: which user made which site folder. */
export class MiniSiteRepository {
  constructor(
    private readonly db: Sql,
    private readonly now: Clock,
  ) {}

  async insert(site: { dir: string; userId: number; templateId: number; name: string }): Promise<void> {
    await this.db.insertInto('mini_sites').values({ dir: site.dir, user_id: site.userId, template_id: site.templateId, name: site.name, created_at: this.now() }).execute();
  }

  /** The site if `userId` made it; null for another user's site or an unknown folder. */
  async owned(dir: string, userId: number): Promise<MiniSiteRow | null> {
    return (await this.db.selectFrom('mini_sites').selectAll().where('dir', '=', dir).where('user_id', '=', userId).executeTakeFirst()) ?? null;
  }

  /**
   * Folders of sites made before `time`, but for published ones and those with a 预约 campaign:
   * housekeeping keeps those (a campaign's records and a zip's working form live as long as the site).
   */
  async olderThan(time: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('mini_sites')
      .leftJoin('published_sites', 'published_sites.mini_site_id', 'mini_sites.id')
      .leftJoin('reserve_campaigns', 'reserve_campaigns.mini_site_id', 'mini_sites.id')
      .select('mini_sites.dir')
      .where('mini_sites.created_at', '<', time)
      .where('published_sites.slug', 'is', null)
      .where('reserve_campaigns.id', 'is', null)
      .execute();
    return rows.map((row) => row.dir);
  }

  async delete(dir: string): Promise<void> {
    await this.db.deleteFrom('mini_sites').where('dir', '=', dir).execute();
  }
}
