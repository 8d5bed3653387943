/**
 * The tables as the query builder sees them (Kysely), the same on SQLite and PostgreSQL: the
 * migrations (migrations/index.ts) make them on both, and a test holds the two databases to the same
 * tables, columns and indexes. Times are milliseconds since 1970 (BIGINT on PostgreSQL); JSON is kept as text.
 */
import type { Generated } from 'kysely';
import type { SiteVersionReason } from '../../contract/builder';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  mobile: string | null;
  openid: string | null;
  /** WeChat's unionid, when the user-info call or web authorization gave one (wechat-mp). */
  unionid: string | null;
  password_hash: string | null;
  token_version: Generated<number>;
  invite: string | null;
  created_at: number;
  updated_at: number;
  /** Set on an account given up in a merge (绑定手机号): the id of the account kept. */
  merged_into: number | null;
  role: Generated<UserRole>;
  /** When an operator stopped the account; null while it may log in. */
  disabled_at: number | null;
  /** What its owner is told when they try to log in. */
  disabled_reason: string | null;
}

export type UserRole = 'user' | 'operator';

/** The operators' log (操作日志): written once per action, never updated or deleted. */
export interface OperatorActionsTable {
  id: Generated<number>;
  operator_id: number | null;
  operator_name: string;
  action: string;
  target: string;
  /** JSON of what the target was before the action, and after it. */
  before: string;
  after: string;
  created_at: number;
}

export interface RateEventsTable {
  id: Generated<number>;
  /** The limit's name. */
  scope: string;
  key: string;
  at: number;
  /** A named event (counted once per window), or null. */
  member: string | null;
  amount: Generated<number>;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  status: 'pending' | 'passed';
  created_at: number;
  expires_at: number;
}

export interface SmsCodesTable {
  phone: string;
  purpose: string;
  code_hash: string;
  wrong_tries: Generated<number>;
  created_at: number;
  expires_at: number;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  code: string;
  purpose: string;
  created_at: number;
}

export interface QrTicketsTable {
  ticket: string;
  status: 'waiting' | 'scanned' | 'confirmed';
  user_id: number | null;
  created_at: number;
  expires_at: number;
  token_version: number | null;
}

export interface QrDevicesTable {
  secret_hash: string;
  openid: string;
  created_at: number;
  last_used_at: number;
}

export interface OperateLogsTable {
  id: Generated<number>;
  user_id: number | null;
  path: string;
  query: string;
  remark: string;
  ip: string;
  screen_size: string;
  created_at: number;
}

export interface SiteConfigTable {
  key: string;
  value: string;
}

export interface VideoTutorialsTable {
  type: string;
  url: string;
}

export interface RenderJobsTable {
  id: string;
  seq: number;
  kind: string;
  input: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'expired';
  attempts: Generated<number>;
  user_id: number | null;
  files: Generated<string>;
  error: Generated<string>;
  queued_at: number;
  touched_at: number;
  started_at: number | null;
  finished_at: number | null;
  lease_until: number | null;
  render_ms: number | null;
  wait_ms: number | null;
  /** Times the job was found running at start-up (its render interrupted by a kill or a crash). */
  interruptions: Generated<number>;
  /** The address the job was last queued from; null for jobs of no request and older rows. */
  ip: string | null;
}

export interface RenderDurationsTable {
  kind: string;
  style: string;
  finished_at: number;
  render_ms: number;
}

export interface UserWorksTable {
  user_id: number;
  job_id: string;
  title: string;
  created_at: number;
}

export interface MiniSitesTable {
  id: Generated<number>;
  dir: string;
  user_id: number;
  template_id: number;
  name: string;
  created_at: number;
}

export interface BuilderSitesTable {
  id: Generated<number>;
  user_id: number;
  web_name: string;
  status: Generated<1 | 2>;
  selected: string;
  form_data: string;
  dir: string;
  revision: Generated<number>;
  zip_url: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface BuilderSiteVersionsTable {
  id: Generated<number>;
  site_id: number;
  reason: SiteVersionReason;
  web_name: string;
  selected: string;
  form_data: string;
  picture: string;
  created_at: number;
}

export interface ReserveCampaignsTable {
  id: Generated<number>;
  /** The random id the page carries (never the site's id). */
  public_id: string;
  builder_site_id: number | null;
  mini_site_id: number | null;
  user_id: number;
  /** ReserveSettings as JSON. */
  settings: string;
  created_at: number;
  updated_at: number;
}

export interface ReservationsTable {
  id: Generated<number>;
  campaign_id: number;
  phone: string;
  platform: string;
  channel: string;
  gift_code: string | null;
  created_at: number;
}

export interface ReserveGiftCodesTable {
  id: Generated<number>;
  campaign_id: number;
  code: string;
  state: 'free' | 'given';
  given_at: number | null;
}

export interface PublishedSitesTable {
  slug: string;
  /** A builder site's id, or null for a mini site. */
  site_id: number | null;
  /** A mini site's id, or null for a builder site. */
  mini_site_id: number | null;
  user_id: number;
  created_at: number;
  updated_at: number;
}

export interface PublishedTakedownsTable {
  slug: string;
  reason: string;
  operator_name: string;
  taken_down_at: number;
  review_requested_at: number | null;
}

export interface PublishedVisitsTable {
  slug: string;
  /** 'YYYY-MM-DD' in China time. */
  day: string;
  count: number;
}

/** Launch analytics: a page's views and unique visitors per China-time day and dimension value. */
export interface SiteStatsTable {
  slug: string;
  /** 'YYYY-MM-DD' in China time. */
  day: string;
  /** 'all' | 'channel' | 'referrer' | 'device' | 'wechat' | 'bots' */
  dimension: string;
  value: string;
  views: number;
  visitors: number;
}

/** The salt of a China-time day's visitor hashes, deleted when the day is over. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

/** A visitor hash seen today, per page and scope ('*' or a channel). */
export interface SiteVisitorMarksTable {
  day: string;
  slug: string;
  scope: string;
  hash: string;
}

export interface SiteReportsTable {
  id: Generated<number>;
  slug: string;
  category: string;
  text: string;
  contact: string;
  created_at: number;
  resolution: 'takedown' | 'dismiss' | null;
  note: Generated<string>;
  resolved_by: Generated<string>;
  resolved_at: number | null;
}

export interface SensitiveWordsTable {
  word: string;
}

/** What a user keeps (USER_STORAGE_QUOTA_MB): a file or folder by its storage key, and its bytes. */
export interface StoredBytesTable {
  key: string;
  user_id: number;
  bytes: number;
  updated_at: number;
}

/** Work an install does once after an upgrade (migration v20): who holds it, where it got to, when it was finished. */
export interface OneOffTasksTable {
  name: string;
  claimed_by: string | null;
  claimed_until: number | null;
  progress: Generated<string>;
  done_at: number | null;
}

export interface BuilderBannerTasksTable {
  user_id: number;
  task_id: string;
  site_id: number;
  created_at: number;
}

export interface DatabaseSchema {
  users: UsersTable;
  rate_events: RateEventsTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  qr_tickets: QrTicketsTable;
  qr_devices: QrDevicesTable;
  operate_logs: OperateLogsTable;
  site_config: SiteConfigTable;
  video_tutorials: VideoTutorialsTable;
  render_jobs: RenderJobsTable;
  render_durations: RenderDurationsTable;
  user_works: UserWorksTable;
  mini_sites: MiniSitesTable;
  builder_sites: BuilderSitesTable;
  builder_banner_tasks: BuilderBannerTasksTable;
  builder_site_versions: BuilderSiteVersionsTable;
  published_sites: PublishedSitesTable;
  reserve_campaigns: ReserveCampaignsTable;
  reservations: ReservationsTable;
  reserve_gift_codes: ReserveGiftCodesTable;
  operator_actions: OperatorActionsTable;
  published_takedowns: PublishedTakedownsTable;
  published_visits: PublishedVisitsTable;
  site_reports: SiteReportsTable;
  sensitive_words: SensitiveWordsTable;
  stored_bytes: StoredBytesTable;
  one_off_tasks: OneOffTasksTable;
  site_stats: SiteStatsTable;
  analytics_salts: AnalyticsSaltsTable;
  site_visitor_marks: SiteVisitorMarksTable;
}
