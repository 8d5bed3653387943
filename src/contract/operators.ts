/**
 * The operator console (运营后台, /user/admin): the calls of its 用户 and 操作日志 pages, under
 * /api/admin/. Every console call is for operators only: others get HTTP 403.
 */
import type { StorageUsage } from './storageQuota';

export type AccountRole = 'user' | 'operator';

export const OperatorLimits = {
  pageSize: 20,
  /** 用户 search: a phone, a name or an id. */
  searchMaxLength: 50,
  /** The reason a stopped account's owner is told. */
  reasonMaxLength: 200,
} as const;

/** GET /api/admin/users?q&page: accounts, newest first; `q` matches a phone, a name or an id. */
export interface ConsoleUserListRequest {
  q?: string;
  page?: number;
}

export interface ConsoleUser {
  id: number;
  name: string;
  /** '' for an account made by QR login without a phone. */
  mobile: string;
  /** Logs in with WeChat (a QR-login account). */
  wechat: boolean;
  role: AccountRole;
  /** The reason given when the account was stopped; '' while it may log in. */
  disabledReason: string;
  createdAt: number;
  works: number;
  sites: number;
  published: number;
}

export interface ConsoleUserList {
  list: ConsoleUser[];
  total: number;
}

export interface ConsoleWork {
  jobId: string;
  kind: string;
  title: string;
  createdAt: number;
}

export interface ConsoleSite {
  id: number;
  /** builder: made in the page builder (搭建); miniSite: a one-page mini site. */
  kind: 'builder' | 'miniSite';
  name: string;
  createdAt: number;
}

export interface ConsolePublished {
  slug: string;
  kind: 'builder' | 'miniSite';
  name: string;
  url: string;
  updatedAt: number;
}

/** GET /api/admin/users/:id */
export interface ConsoleUserDetail {
  user: ConsoleUser;
  works: ConsoleWork[];
  sites: ConsoleSite[];
  published: ConsolePublished[];
  /** What the account keeps against USER_STORAGE_QUOTA_MB. */
  storage: StorageUsage;
}

/** POST /api/admin/users/:id/disable */
export interface DisableUserRequest {
  reason: string;
}

/** POST /api/admin/users/:id/role */
export interface SetRoleRequest {
  role: AccountRole;
}

/** GET /api/admin/actions?page: the operators' log, newest first. */
export interface OperatorActionListRequest {
  page?: number;
}

export interface OperatorActionEntry {
  id: number;
  /** null: taken from the command line (npm run operator). */
  operatorId: number | null;
  operatorName: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  createdAt: number;
}

export interface OperatorActionList {
  list: OperatorActionEntry[];
  total: number;
}

/**
 * What the log calls each action. Every area of the console records its own actions through the
 * one log; the SPA shows the label, or the raw name of an action it does not know yet.
 */
export const OperatorActionLabels: Record<string, string> = {
  'user.disable': '停用账号',
  'user.enable': '启用账号',
  'user.role': '修改运营权限',
  'settings.update': '修改站点设置',
  'queue.cancel': '取消任务',
  'queue.retry': '重试任务',
  'site.takedown': '下线页面',
  'site.restore': '恢复页面',
  'report.dismiss': '驳回举报',
  'moderation.words': '修改敏感词',
};

/** What the console calls each kind of render job; a kind not listed shows as it is. */
export const JOB_KIND_LABELS: Record<string, string> = {
  tl: '透明LOGO',
  al: '动态LOGO',
  fsa: '整屏动画',
  ab: '搭建站banner',
  'brand-kit': 'LOGO套件',
  'banner-cuts': '整屏动画手机版',
  'banner-webm': '整屏动画WebM',
  'catalog-logo': '模板预览（LOGO）',
  'catalog-banner': '模板预览（整屏动画）',
};

export const jobKindLabel = (kind: string): string => JOB_KIND_LABELS[kind] ?? kind;
