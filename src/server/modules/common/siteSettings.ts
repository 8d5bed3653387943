import { TUTORIAL_TYPES, type SiteConfig, type TutorialType } from '../../../contract/common';
import { SETTING_KEYS, settingProblem, tutorialKey, type SettingsValues, type SettingsUpdate } from '../../../contract/siteSettings';
import type { Sql } from '../../db/connection';
import { SITE_CONFIG_DEFAULTS } from './seed';

/**
 * Reads `key=value` pairs (npm run site-config) into an update: every key a setting, every value
 * checked as the console checks it. Throws with the first problem, in Chinese.
 */
export function parseSettingArgs(args: readonly string[]): SettingsUpdate {
  const update: Record<string, string> = {};
  for (const arg of args) {
    const at = arg.indexOf('=');
    if (at <= 0) throw new Error(`不认识的设置：${arg}（可设置：${SETTING_KEYS.join('、')}，写成 名称=值）`);
    const key = arg.slice(0, at);
    const value = arg.slice(at + 1).trim();
    const problem = settingProblem(key, value);
    if (problem) throw new Error(problem.startsWith('不认识的设置') ? `${problem}（可设置：${SETTING_KEYS.join('、')}）` : problem);
    update[key] = value;
  }
  return update;
}

/** Every setting as stored: site_config's rows, and the operator's tutorial videos ('' = the shipped one). */
export async function readSettings(db: Sql): Promise<SettingsValues> {
  const site = new Map((await db.selectFrom('site_config').select(['key', 'value']).execute()).map((row) => [row.key, row.value]));
  const videos = new Map((await db.selectFrom('video_tutorials').select(['type', 'url']).execute()).map((row) => [row.type, row.url]));
  const values = {} as SettingsValues;
  for (const key of Object.keys(SITE_CONFIG_DEFAULTS) as (keyof SiteConfig)[]) values[key] = site.get(key) ?? '';
  for (const { type } of TUTORIAL_TYPES) values[tutorialKey(type)] = videos.get(type) ?? '';
  return values;
}

/** What a fresh install has: the seeded settings, and the shipped videos. */
export const DEFAULT_SETTINGS: SettingsValues = {
  ...SITE_CONFIG_DEFAULTS,
  ...(Object.fromEntries(TUTORIAL_TYPES.map(({ type }) => [tutorialKey(type), ''])) as Record<`tutorial${TutorialType}`, string>),
};

const tutorialTypeOf = (key: string): TutorialType | null => TUTORIAL_TYPES.find(({ type }) => tutorialKey(type) === key)?.type ?? null;

/** Stores checked settings (an empty video brings the shipped one back); run it in the caller's transaction. */
export async function writeSettings(db: Sql, update: SettingsUpdate): Promise<void> {
  for (const [key, value = ''] of Object.entries(update)) {
    const type = tutorialTypeOf(key);
    if (type && value) {
      await db
        .insertInto('video_tutorials')
        .values({ type, url: value })
        .onConflict((conflict) => conflict.column('type').doUpdateSet({ url: value }))
        .execute();
    } else if (type) {
      await db.deleteFrom('video_tutorials').where('type', '=', type).execute();
    } else {
      await db
        .insertInto('site_config')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    }
  }
}
