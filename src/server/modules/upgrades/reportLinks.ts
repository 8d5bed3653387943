import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import type { Sql } from '../../db/connection';
import type { DataFiles } from '../../storage/dataFiles';
import { hasReportLink, withReportLine } from '../moderation/reportLink';
import { writeCompressedCopies } from '../../render/site/compressedCopies';
import { editPublishedPage } from '../publishing/publishedPageEdit';
import type { PublishGuard } from '../publishing/sitePublishing';
import type { StorageQuota } from '../storageQuota/storageQuota';
import type { OneOffTask } from './oneOffTasks';

const PAGE = 'index.html';
/** The page and the compressed copies a stamp writes beside it (render/site/compressedCopies.ts). */
const PAGE_FILES = [PAGE, `${PAGE}.br`, `${PAGE}.gz`] as const;

export interface ReportLinksDeps {
  sql: Sql;
  files: DataFiles;
  /** What 发布 stamps a copy with: the same link, by the same code. */
  guard: Pick<PublishGuard, 'stamp'>;
  quota: Pick<StorageQuota, 'adjust'>;
  log: FastifyBaseLogger;
  /** PUBLIC_ORIGIN and PUBLISH_ORIGIN: with pages on an origin of their own, the link must name the app's, which only PUBLIC_ORIGIN tells here. */
  publicOrigin: string;
  publishOrigin: string;
}

/** The published pages' slugs after `from` ('' for all), in the order a task's progress is saved in. */
async function publishedSlugsAfter(sql: Sql, from: string): Promise<string[]> {
  let query = sql.selectFrom('published_sites').select('slug').orderBy('slug');
  if (from) query = query.where('slug', '>', from);
  return (await query.execute()).map((row) => row.slug);
}

/**
 * Pages published before 内容审核 have no 举报 link until their owner publishes them again. This
 * stamps each published copy's page as 发布 does (PublishGuard.stamp, with its compressed copies),
 * in place (publishing/publishedPageEdit.ts). A page that has its link is left as it is. With PUBLISH_ORIGIN
 * and no PUBLIC_ORIGIN the app's origin is not known here: a page without its link is left for a
 * server that has it (an install whose pages all have theirs is done all the same).
 */
export function reportLinks(deps: ReportLinksDeps): OneOffTask {
  const { sql, files, guard, quota, log } = deps;

  /**
   * Stamps the page of `slug` if it has no link yet; answers false for a page left without one
   * (the app's origin, null, not known).
   */
  async function stampPage(slug: string, appOrigin: string | null): Promise<boolean> {
    let lacking = false;
    await editPublishedPage({ files, quota }, slug, async (dir) => {
      if (hasReportLink(await fs.promises.readFile(path.join(dir, PAGE), 'utf8'))) return [];
      lacking = appOrigin === null;
      if (appOrigin === null) return [];
      await guard.stamp(dir, slug, appOrigin);
      return PAGE_FILES.filter((name) => fs.existsSync(path.join(dir, name)));
    });
    return !lacking;
  }

  return {
    name: 'published-report-links',
    run: async (progress) => {
      const appOrigin = deps.publishOrigin && !deps.publicOrigin ? null : deps.publicOrigin;
      let lacking = 0;
      for (const slug of await publishedSlugsAfter(sql, progress.from)) {
        if (!(await stampPage(slug, appOrigin))) lacking += 1;
        // Not moving on past a page left without its link: a later start with PUBLIC_ORIGIN looks at them all again.
        await progress.save(lacking ? progress.from : slug);
      }
      if (!lacking) return true;
      log.warn({ pages: lacking }, 'pages published before 内容审核 get their 举报 link once PUBLIC_ORIGIN is set: with PUBLISH_ORIGIN the link must name the app');
      return false;
    },
  };
}

/**
 * The first pages' 举报 link was a badge fixed in the corner, which on a phone covered the last
 * words of the page; 发布 now writes it as a line of its own after the content. This makes the
 * link of each page published before so, in place (publishing/publishedPageEdit.ts).
 */
export function reportLinkLines(deps: Pick<ReportLinksDeps, 'sql' | 'files' | 'quota'>): OneOffTask {
  const { sql, files, quota } = deps;
  return {
    name: 'published-report-link-lines',
    run: async (progress) => {
      for (const slug of await publishedSlugsAfter(sql, progress.from)) {
        await editPublishedPage({ files, quota }, slug, async (dir) => {
          const page = path.join(dir, PAGE);
          const html = await fs.promises.readFile(page, 'utf8');
          const lined = withReportLine(html);
          if (lined === html) return [];
          await fs.promises.writeFile(page, lined);
          return [PAGE, ...(await writeCompressedCopies(dir, [PAGE]))];
        });
        await progress.save(slug);
      }
      return true;
    },
  };
}
