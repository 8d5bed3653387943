import { TUTORIAL_TYPES, type SiteConfig, type TutorialType } from '../../../contract/common';
import { safeLinkHref } from '../../../contract/links';
import type { Sql } from '../../db/connection';
import { ensureQqQrCode } from './brandAssets';
import { SITE_CONFIG_DEFAULTS } from './seed';

export type SiteSettingKey = keyof SiteConfig;

const KEYS = Object.keys(SITE_CONFIG_DEFAULTS) as SiteSettingKey[];
const isKey = (key: string): key is SiteSettingKey => (KEYS as string[]).includes(key);
const LINK_KEYS: readonly SiteSettingKey[] = ['qq1_link', 'qq3_link', 'qq4_link', 'ad1_link', 'ad2_link'];
const MAX_VALUE_LENGTH = 500;

/**
 * Reads `key=value` pairs for the operator's settings (npm run site-config): every key must be a
 * setting, every link http(s) or a path of this site. Throws with the first problem, in Chinese.
 */
export function parseSiteSettings(args: readonly string[]): Partial<SiteConfig> {
  const settings: Partial<SiteConfig> = {};
  for (const arg of args) {
    const at = arg.indexOf('=');
    const key = at > 0 ? arg.slice(0, at) : arg;
    const value = at > 0 ? arg.slice(at + 1).trim() : '';
    if (at <= 0 || !isKey(key)) throw new Error(`不认识的设置：${arg}（可设置：${[...KEYS, ...TUTORIAL_KEYS].join('、')}，写成 名称=值）`);
    if (value.length > MAX_VALUE_LENGTH) throw new Error(`${key} 太长（最多 ${MAX_VALUE_LENGTH} 个字符）`);
    if (value && LINK_KEYS.includes(key) && !safeLinkHref(value)) throw new Error(`${key} 必须是 http(s) 链接或本站路径：${value}`);
    settings[key] = value;
  }
  return settings;
}

const TUTORIAL_PREFIX = 'tutorial';
const TUTORIAL_KEYS = TUTORIAL_TYPES.map(({ type }) => `${TUTORIAL_PREFIX}${type}`);
const isTutorialType = (type: string): type is TutorialType => TUTORIAL_TYPES.some((entry) => entry.type === type);

/**
 * Takes the `tutorial<type>=<url>` pairs out of npm run site-config's arguments: the operator's own
 * video for that flow (http(s) or a path of this site), or an empty value for the shipped one
 * again. Answers them and the other arguments, for parseSiteSettings.
 */
export function parseTutorialSettings(args: readonly string[]): { tutorials: Map<TutorialType, string>; rest: string[] } {
  const tutorials = new Map<TutorialType, string>();
  const rest: string[] = [];
  for (const arg of args) {
    const at = arg.indexOf('=');
    const key = at > 0 ? arg.slice(0, at) : arg;
    const type = key.slice(TUTORIAL_PREFIX.length);
    if (at <= 0 || !key.startsWith(TUTORIAL_PREFIX) || !isTutorialType(type)) {
      rest.push(arg);
      continue;
    }
    const value = arg.slice(at + 1).trim();
    if (value.length > MAX_VALUE_LENGTH) throw new Error(`${key} 太长（最多 ${MAX_VALUE_LENGTH} 个字符）`);
    if (value && !safeLinkHref(value)) throw new Error(`${key} 必须是 http(s) 链接或本站路径：${value}`);
    tutorials.set(type, value);
  }
  return { tutorials, rest };
}

/** Stores the operator's tutorial videos (an empty URL removes theirs); answers every type's as stored ('' = shipped). */
export async function applyTutorialSettings(db: Sql, tutorials: ReadonlyMap<TutorialType, string>): Promise<Record<TutorialType, string>> {
  await db.transaction().execute(async (trx) => {
    for (const [type, url] of tutorials) {
      if (url) {
        await trx
          .insertInto('video_tutorials')
          .values({ type, url })
          .onConflict((conflict) => conflict.column('type').doUpdateSet({ url }))
          .execute();
      } else {
        await trx.deleteFrom('video_tutorials').where('type', '=', type).execute();
      }
    }
  });
  const stored = new Map((await db.selectFrom('video_tutorials').select(['type', 'url']).execute()).map((row) => [row.type, row.url]));
  return Object.fromEntries(TUTORIAL_TYPES.map(({ type }) => [type, stored.get(type) ?? ''])) as Record<TutorialType, string>;
}

/** Stores `settings` and remakes the feedback group's QR from its link; answers every setting as stored. */
export async function applySiteSettings(db: Sql, dataDir: string, settings: Partial<SiteConfig>): Promise<Record<string, string>> {
  const rows = Object.entries(settings).map(([key, value]) => ({ key, value }));
  if (rows.length) {
    await db
      .insertInto('site_config')
      .values(rows)
      .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
  }
  const stored = Object.fromEntries((await db.selectFrom('site_config').select(['key', 'value']).orderBy('key').execute()).map((row) => [row.key, row.value]));
  await ensureQqQrCode(dataDir, stored.qq1_link ?? '');
  return stored;
}
