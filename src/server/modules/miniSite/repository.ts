import type { Clock } from '../../clock';
import type { Db } from '../../db/database';

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
  private readonly insertStmt;
  private readonly ownedStmt;
  private readonly olderStmt;
  private readonly deleteStmt;

  constructor(
    db: Db,
    private readonly now: Clock,
  ) {
    this.insertStmt = db.prepare<[string, number, number, string, number]>('INSERT INTO mini_sites (dir, user_id, template_id, name, created_at) VALUES (?, ?, ?, ?, ?)');
    this.ownedStmt = db.prepare<[string, number], MiniSiteRow>('SELECT * FROM mini_sites WHERE dir = ? AND user_id = ?');
    this.olderStmt = db.prepare<[number], { dir: string }>('SELECT dir FROM mini_sites WHERE created_at < ?');
    this.deleteStmt = db.prepare<[string]>('DELETE FROM mini_sites WHERE dir = ?');
  }

  insert(site: { dir: string; userId: number; templateId: number; name: string }): void {
    this.insertStmt.run(site.dir, site.userId, site.templateId, site.name, this.now());
  }

  /** The site if `userId` made it; null for another user's site or an unknown folder. */
  owned(dir: string, userId: number): MiniSiteRow | null {
    return this.ownedStmt.get(dir, userId) ?? null;
  }

  /** Folders of sites made before `time`. */
  olderThan(time: number): string[] {
    return this.olderStmt.all(time).map((row) => row.dir);
  }

  delete(dir: string): void {
    this.deleteStmt.run(dir);
  }
}
