import { BRAND_UPLOAD_URL_PREFIX, SETTING_KEYS, SettingKinds, SettingsMessages, updateProblem, type ConsoleSettings, type SettingKey, type SettingsUpdate } from '../../../contract/siteSettings';
import type { Sql } from '../../db/connection';
import { invalid } from '../../http/envelope';
import { DEFAULT_SETTINGS, readSettings, writeSettings } from '../common/siteSettings';
import type { Actor, OperatorLog } from '../operators/operatorLog';

export interface SiteSettingsDeps {
  sql: Sql;
  log: OperatorLog;
  /** Whether a URL of ours names a file (a picture shipped or made, or a picture or video uploaded on any server). */
  fileExists(url: string): Promise<boolean>;
}

/** The one line of the operators' log every change of the settings writes. */
export const SETTINGS_ACTION = 'settings.update';

/**
 * 站点设置: the public settings, read and changed by the console and by npm run site-config alike.
 * A change and its log line (the changed keys, before and after) are one transaction. Every
 * server reads the settings on each request for them (common/repository.ts), so a change shows
 * everywhere on the next page load.
 */
export class SiteSettings {
  constructor(private readonly deps: SiteSettingsDeps) {}

  async read(db: Sql = this.deps.sql): Promise<ConsoleSettings> {
    const values = await readSettings(db);
    return { values, defaults: DEFAULT_SETTINGS, atDefault: SETTING_KEYS.filter((key) => values[key] === DEFAULT_SETTINGS[key]) };
  }

  /** Checks and stores `update` (only the keys it names); answers the settings as stored and whether anything changed. */
  async update(actor: Actor, update: Record<string, unknown>): Promise<{ settings: ConsoleSettings; changed: SettingKey[] }> {
    const problem = updateProblem(update);
    if (problem) throw invalid(problem);
    const checked = update as SettingsUpdate;
    for (const [key, value] of Object.entries(checked) as [SettingKey, string][]) {
      // The default picture is always there (the QR is made from the link on each server).
      const ours = value.startsWith(BRAND_UPLOAD_URL_PREFIX) || (SettingKinds[key] === 'picture' && value && value !== DEFAULT_SETTINGS[key]);
      if (ours && !(await this.deps.fileExists(value))) throw invalid(`${SettingsMessages.fileMissing}（${key}）`);
    }
    return this.deps.sql.transaction().execute(async (trx) => {
      const { values: before } = await this.read(trx);
      const changed = (Object.keys(checked) as SettingKey[]).filter((key) => checked[key] !== before[key]);
      if (changed.length) {
        const pick = (values: Partial<Record<SettingKey, string>>) => Object.fromEntries(changed.map((key) => [key, values[key]]));
        await writeSettings(trx, Object.fromEntries(changed.map((key) => [key, checked[key]])));
        await this.deps.log.record(actor, { action: SETTINGS_ACTION, target: 'settings', before: pick(before), after: pick(checked) }, trx);
      }
      return { settings: await this.read(trx), changed };
    });
  }
}
