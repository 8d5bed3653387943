import { WORK_TYPES, WorkLimits, WorkMessages, isWorkType, resultZipName, type WorkListAnswer, type WorkListRequest, type WorkRecord, type WorkType } from '../../../contract/works';
import { invalid } from '../../http/envelope';
import { jobFileUrl } from '../../queue/paths';
import { KEEP_DONE_MS } from '../../queue/renderQueue';
import { JOB_FILES } from '../../render/jobSpec';
import { ASSET_NAMES } from '../../render/site/content';
import { chinaTime } from '../../http/chinaTime';
import { artInfoOf, resultUrls } from '../generation/service';
import { specOf } from '../../queue/repository';
import { artMakerText } from '../../../contract/generation';
import { SITES_URL_PREFIX, sitePreviewUrl } from '../siteFiles/paths';
import { KEEP_SITES_MS } from '../miniSite/service';
import type { WorkRow, WorksRepository } from './repository';

const KIND_OF_TYPE: Record<WorkType, WorkRow['kind']> = { miniSite: 'site', logo: 'tl', animatedLogo: 'al', banner: 'fsa' };
const TYPE_OF_KIND = Object.fromEntries(WORK_TYPES.map((type) => [KIND_OF_TYPE[type], type])) as Record<WorkRow['kind'], WorkType>;

function siteRecord(row: WorkRow): Omit<WorkRecord, 'key' | 'type' | 'title' | 'create_time' | 'expire_date'> {
  return {
    picture: `${SITES_URL_PREFIX}${row.ref}/${ASSET_NAMES.share}`,
    viewUrl: sitePreviewUrl(row.ref),
    download: { webSiteDir: row.ref },
    ...(row.published_slug ? { publishedSlug: row.published_slug } : {}),
  };
}

function resultRecord(row: WorkRow & { kind: 'tl' | 'al' | 'fsa' }): Omit<WorkRecord, 'key' | 'type' | 'title' | 'create_time' | 'expire_date'> {
  const { logoUrl, bannerUrl } = resultUrls(row.ref, row.kind);
  const fileName = resultZipName(row.title, row.kind);
  if (row.kind === 'tl') return { picture: logoUrl, viewUrl: logoUrl, download: { fileName, fileList: [logoUrl] } };
  // An animation's first frames may be empty: the list shows its last frame, 查看 plays it.
  if (row.kind === 'al') return { picture: jobFileUrl(row.ref, JOB_FILES.al.still), viewUrl: logoUrl, download: { fileName, fileList: [logoUrl] } };
  // Who made the picture under the banner, from its spec: never AI unless a service painted it.
  const { artMaker, artMakerLabel } = row.input ? artInfoOf(specOf({ input: row.input }), row.ref) : { artMaker: 'scene' as const, artMakerLabel: '' };
  return { picture: jobFileUrl(row.ref, JOB_FILES.fsa.poster), viewUrl: bannerUrl, download: { fileName, fileList: [logoUrl, bannerUrl] }, maker: artMakerText(artMaker, artMakerLabel) };
}

function recordOf(row: WorkRow): WorkRecord {
  const keptFor = row.kind === 'site' ? KEEP_SITES_MS : KEEP_DONE_MS;
  return {
    key: `${row.kind === 'site' ? 'site' : 'job'}:${row.ref}`,
    type: TYPE_OF_KIND[row.kind],
    title: row.title,
    create_time: chinaTime(row.created_at),
    expire_date: chinaTime(row.kept_from + keptFor).slice(0, 10),
    ...(row.kind === 'site' ? siteRecord(row) : resultRecord({ ...row, kind: row.kind })),
  };
}

/** GET /api/works/getWorkList: the caller's mini sites, logos and banners still kept, newest first. */
export async function workList(repo: WorksRepository, userId: number, request: WorkListRequest): Promise<WorkListAnswer> {
  const type = request.type ?? '';
  if (type !== '' && !isWorkType(type)) throw invalid(WorkMessages.typeInvalid);
  const pageSize = Math.min(Math.max(Math.trunc(request.page_size) || WorkLimits.pageSize, 1), WorkLimits.maxPageSize);
  const page = Math.max(Math.trunc(request.page) || 1, 1);
  const { rows, total } = await repo.page(userId, type === '' ? '' : KIND_OF_TYPE[type], page, pageSize);
  return { list: rows.map(recordOf), total };
}
