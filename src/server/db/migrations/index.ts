/**
 * The schema's history, the same on SQLite and PostgreSQL: a migration is written once with the
 * kit (kit.ts: Kysely's schema builder, and the few places the two databases differ) and run on
 * whichever the server uses (../migrate.ts). Its position + 1 is the version it brings a database
 * to.
 *
 * A change to the schema is a new file in this folder, appended to this list, and the tables'
 * types in ../schema.ts. Never edit a migration that has shipped: append a new one.
 */
import type { Migration } from './kit';
import { accounts } from './v01Accounts';
import { renderQueue } from './v02RenderQueue';
import { miniSites } from './v03MiniSites';
import { builderSites } from './v04BuilderSites';
import { jobInterruptions } from './v05JobInterruptions';
import { keyedJobIds } from './v06KeyedJobIds';
import { jobAddress } from './v07JobAddress';
import { qrDevices } from './v08QrDevices';
import { placeholderQqGroups } from './v09PlaceholderQqGroups';
import { renderDurations } from './v10RenderDurations';
import { userWorks } from './v11UserWorks';
import { builderSiteVersions } from './v12BuilderSiteVersions';
import { publishedSites } from './v13PublishedSites';
import { wechatUnionid } from './v14WechatUnionid';
import { mergedAccounts } from './v15MergedAccounts';
import { rateEventMembers } from './v16RateEventMembers';
import { operators } from './v17Operators';
import { moderation } from './v18Moderation';
import { storageQuota } from './v19StorageQuota';
import { oneOffTasks } from './v20OneOffTasks';
import { siteAnalytics } from './v21SiteAnalytics';
import { reservations } from './v22Reservations';

export const MIGRATIONS: readonly Migration[] = [
  accounts,
  renderQueue,
  miniSites,
  builderSites,
  jobInterruptions,
  keyedJobIds,
  jobAddress,
  qrDevices,
  placeholderQqGroups,
  renderDurations,
  userWorks,
  builderSiteVersions,
  publishedSites,
  wechatUnionid,
  mergedAccounts,
  rateEventMembers,
  operators,
  moderation,
  storageQuota,
  oneOffTasks,
  siteAnalytics,
  reservations,
];

/** The migrations before the one named `name`: a database as an older server left it (tests). */
export function migrationsBefore(name: string): readonly Migration[] {
  const index = MIGRATIONS.findIndex((migration) => migration.name === name);
  if (index < 0) throw new Error(`No migration is named ${name}.`);
  return MIGRATIONS.slice(0, index);
}
