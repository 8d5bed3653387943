import { BuilderLimits, type SiteListAnswer, type SiteListRequest } from '../../../contract/builder';
import { chinaTime } from '../../http/chinaTime';
import { invalid } from '../../http/envelope';
import { publishedUrl, type SitePublishing } from '../publishing/sitePublishing';
import type { BuilderRepository } from './repository';

export const PAGE_SIZE_REFUSED = `每页条数只能是 ${BuilderLimits.siteListPageSizes.join('、')}`;

/** GET /api/webSiteLog/getSiteList: the caller's sites, newest change first, searched by name. */
export async function siteList(repo: BuilderRepository, publishing: SitePublishing, userId: number, request: SiteListRequest, publishOrigin: string): Promise<SiteListAnswer> {
  const pageSize = request.page_size || BuilderLimits.siteListDefaultPageSize;
  if (!(BuilderLimits.siteListPageSizes as readonly number[]).includes(pageSize)) throw invalid(PAGE_SIZE_REFUSED);
  const page = Math.max(Math.trunc(request.page) || 1, 1);
  const { rows, total } = await repo.page(userId, (request.name ?? '').trim(), page, pageSize);
  const slugs = await publishing.slugsOf('builder', rows.map((row) => row.id));
  const takedowns = await publishing.takedownsOf([...slugs.values()]);
  const linkOf = (id: number): string => {
    const slug = slugs.get(id);
    return slug ? publishedUrl(publishOrigin, slug) : '';
  };
  return {
    list: rows.map((row) => ({
      id: row.id,
      web_name: row.webName,
      status: row.status,
      create_time: chinaTime(row.createdAt),
      update_time: chinaTime(row.updatedAt),
      published_url: linkOf(row.id),
      takedown: takedowns.get(slugs.get(row.id) ?? '') ?? null,
    })),
    total,
  };
}
