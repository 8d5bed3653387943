/**
 * The back office's 我的作品: what a user generated outside the builder (mini sites, logos and
 * banners), beside the builder's site list. Not in the spec; the path follows DESIGN.md's
 * convention for the paths the spec leaves open.
 */

export const WORK_TYPES = ['miniSite', 'logo', 'animatedLogo', 'banner'] as const;
export type WorkType = (typeof WORK_TYPES)[number];

export const workTypeLabels: Record<WorkType, string> = {
  miniSite: '迷你站',
  logo: 'LOGO',
  animatedLogo: '动态LOGO',
  banner: '整屏动画',
};

/** What a result's zip is called after the game: 星河战纪-LOGO, 星河战纪-动态LOGO, 星河战纪-整屏动画. */
const RESULT_ZIP_SUFFIX = { tl: 'LOGO', al: '动态LOGO', fsa: '整屏动画' } as const;

/** The zip name of a result: the game's name (its logo's text) and what the result is; just the latter without a name. */
export function resultZipName(title: string, module: keyof typeof RESULT_ZIP_SUFFIX): string {
  const name = title.trim();
  return name ? `${name}-${RESULT_ZIP_SUFFIX[module]}` : RESULT_ZIP_SUFFIX[module];
}

export function isWorkType(value: unknown): value is WorkType {
  return typeof value === 'string' && (WORK_TYPES as readonly string[]).includes(value);
}

/** GET /api/works/getWorkList?type&page&page_size (login required) */
export interface WorkListRequest {
  /** '' lists every type. */
  type?: WorkType | '';
  page: number;
  page_size: number;
}

/** Result files packed by POST /index/common/createZipUrlByFile. */
export interface WorkFilesDownload {
  fileName: string;
  fileList: string[];
}

/** A mini site, packed by POST /index/minisite/getDownloadZipUrl. */
export interface WorkSiteDownload {
  webSiteDir: string;
}

export interface WorkRecord {
  /** Unique in the list: `site:<dir>` or `job:<id>`. */
  key: string;
  type: WorkType;
  /** The game's name (a mini site) or the logo text. */
  title: string;
  /** A still picture of it: the site's share picture, the logo, the banner's poster. */
  picture: string;
  /** What opens on 查看: the site's page, the logo, the banner video. */
  viewUrl: string;
  /** 'YYYY-MM-DD HH:mm:ss', China time. */
  create_time: string;
  /** The day it is deleted unless used again (results) or at all (sites), 'YYYY-MM-DD'. */
  expire_date: string;
  download: WorkFilesDownload | WorkSiteDownload;
  /** A published mini site's link's slug, which its 数据 page is named by; absent otherwise. */
  publishedSlug?: string;
  /** A banner's maker as the UI names it (artMakerText: AI with its service, uploaded key art, or drawn scene); absent otherwise. */
  maker?: string;
}

export interface WorkListAnswer {
  list: WorkRecord[];
  total: number;
}

export const WorkLimits = {
  pageSize: 12,
  maxPageSize: 48,
} as const;

export const WorkMessages = {
  typeInvalid: '作品类型不正确',
  empty: '还没有作品：生成的迷你站、LOGO和整屏动画会出现在这里',
} as const;
