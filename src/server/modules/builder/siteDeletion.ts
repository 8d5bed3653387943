import path from 'node:path';
import { BuilderMessages } from '../../../contract/builder';
import { SiteDeletionMessages } from '../../../contract/siteDeletion';
import type { Sql } from '../../db/connection';
import { invalid, tooMany } from '../../http/envelope';
import type { DataFiles } from '../../storage/dataFiles';
import { lockUsers } from '../auth/accountMerge';
import type { UserRow } from '../auth/repository';
import { zipLocation } from '../generation/zip';
import type { SitePublishing } from '../publishing/sitePublishing';
import { siteDir } from '../siteFiles/paths';
import type { StorageQuota } from '../storageQuota/storageQuota';
import { completedSiteDir, zipKeyAndName } from './paths';
import type { BuilderLimiters } from './rateLimits';
import type { BuilderRepository } from './repository';
import { siteUnknown } from './service';

export interface SiteDeletionDeps {
  dataDir: string;
  sql: Sql;
  files: DataFiles;
  repo: BuilderRepository;
  publishing: Pick<SitePublishing, 'slugOf' | 'takedownsOf'>;
  limiters: BuilderLimiters;
  quota: Pick<StorageQuota, 'forget'>;
}

/**
 * 删除 in the site list: the site, its kept versions, its preview (and so every 手机预览 link to
 * it), its last completion and that completion's zip; what they held leaves the owner's storage at
 * once. A published site is refused: its link goes through 下线, and a page an operator took down
 * cannot be taken down by its owner, so its record (published_sites, which would go with the site's
 * row) stays for the operators (内容审核).
 *
 * The row goes first and the files after. A render that was running meanwhile (a save's preview, a
 * 生成并下载) writes its folder and then finds the row gone, and removes what it wrote itself
 * (PreviewRenders, SiteCompletion): either way nothing of the site is left.
 */
export class SiteDeletion {
  constructor(private readonly deps: SiteDeletionDeps) {}

  /** POST /api/webSiteLog/deleteSite: another user's site answers as a missing one. */
  async delete(id: number, user: UserRow): Promise<void> {
    const { repo, limiters, publishing, dataDir, files, quota } = this.deps;
    if (!id) throw invalid(BuilderMessages.noSiteId);
    if (!(await repo.owned(id, user.id))) throw siteUnknown();
    if (!(await limiters.changePerUser.take(String(user.id)))) throw tooMany();
    const outcome = await this.deps.sql.transaction().execute(async (trx): Promise<{ slug: string } | { removed: { dir: string; zipUrl: string } | null }> => {
      // A publish of this user holds the same row while it reserves its link: it sees the site gone, or we see it published.
      await lockUsers(trx, [user.id]);
      const slug = await publishing.slugOf({ kind: 'builder', id }, trx);
      if (slug) return { slug };
      // Its versions and banner tasks go with the row (ON DELETE CASCADE).
      return { removed: await repo.remove(id, user.id, trx) };
    });
    if ('slug' in outcome) {
      const takenDown = (await publishing.takedownsOf([outcome.slug])).has(outcome.slug);
      throw invalid(takenDown ? SiteDeletionMessages.takenDown : SiteDeletionMessages.published);
    }
    // Deleted by a second click meanwhile.
    if (!outcome.removed) throw siteUnknown();
    const folders = [siteDir(dataDir, outcome.removed.dir), completedSiteDir(dataDir, id)];
    for (const folder of folders) {
      await files.remove(folder);
      await quota.forget(folder);
    }
    const zip = zipKeyAndName(outcome.removed.zipUrl);
    if (zip) await files.remove(path.dirname(zipLocation(dataDir, zip.key, zip.name).file));
  }
}
