/**
 * The rules of a builder site's field values, free of files and the database: defaults, what a
 * template swap keeps, what a save accepts (a user mid-edit may leave required fields empty) and
 * what a completion demands (spec section 5, "Dynamic config fields").
 */
import { COMPONENT_TYPES, COMPONENT_TYPE_LABELS, IDENTITY_BUILDER_FIELDS, type BuilderFormData, type BuilderIdentity, type ComponentType } from '../../../contract/builder';
import { configFieldProblem, configFields, fieldMaxLength, type ConfigField, type ConfigGroup } from '../../../contract/miniSite';

/** Field types whose value is the URL of a picture on this server. */
export const PICTURE_FIELD_TYPES: ReadonlySet<ConfigField['type']> = new Set(['image', 'banner', 'banner_logo']);

/** The web_name of a site whose main tab leaves it empty. */
export const UNNAMED_SITE = '未命名网站';

/** The main template's field that names the site (the list, the zip). */
export const WEB_NAME_KEY = 'web_name';
/** The identity's key of the game's name: cut to fit, where its other values are left out when too long. */
const NAME_KEY = 'game_name';
/** The main template's background-music field. */
export const MUSIC_KEY = 'music';
/** The banner tab's picture field that a generated banner fills. */
export const BANNER_KEY = 'banner';
/** The banner tab's fields the banner generation reads. */
export const PROMPT_KEY = 'prompt';
export const LOGO_TEXT_KEY = 'logotext';

export type TemplateConfigs = Record<ComponentType, readonly ConfigGroup[]>;

/** A record with a value for every component type. */
export function perType<T>(make: (type: ComponentType) => T): Record<ComponentType, T> {
  const made = {} as Record<ComponentType, T>;
  for (const type of COMPONENT_TYPES) made[type] = make(type);
  return made;
}

/** "导航栏：请输入导航名称": a problem, with the tab it is in. */
export const inTab = (type: ComponentType, problem: string): string => `${COMPONENT_TYPE_LABELS[type]}：${problem}`;

export function defaultValues(config: readonly ConfigGroup[]): Record<string, string> {
  return Object.fromEntries(configFields(config).map((field) => [field.key, field.value]));
}

export function defaultForm(configs: TemplateConfigs): BuilderFormData {
  return perType((type) => defaultValues(configs[type]));
}

/**
 * What a save refuses in a value as typed: too long, or a video link that is not http(s). An empty
 * text passes (the user is mid-edit; completeWeb demands it). Picture and music values are checked
 * against the server's files and tracks by the caller.
 */
export function draftValueProblem(field: ConfigField, value: string): string | null {
  if ((field.type === 'text' || field.type === 'textarea') && !value.trim()) return null;
  return configFieldProblem(field, value);
}

/**
 * The values of `next` after a template swap: what the user put in a field the old template had
 * too (same key and type; a value other than the old template's sample: typed, uploaded,
 * generated) is kept when the new field accepts it; every other field starts at the new
 * template's default, so a switch brings the new template's pictures and sample texts.
 */
export function carryOver(previous: readonly ConfigGroup[], values: Readonly<Record<string, string>>, next: readonly ConfigGroup[]): Record<string, string> {
  const before = new Map(configFields(previous).map((field) => [field.key, field]));
  const kept: Record<string, string> = {};
  for (const field of configFields(next)) {
    const old = before.get(field.key);
    const value = values[field.key];
    const users = old !== undefined && old.type === field.type && typeof value === 'string' && value !== old.value;
    kept[field.key] = users && draftValueProblem(field, value) === null ? value : field.value;
  }
  return kept;
}

/**
 * The fields of `form` still at their template's default that the game's identity fills: the
 * field of the identity's key in any tab, or its builder name (IDENTITY_BUILDER_FIELDS). A value
 * the field would refuse is left out (the identity is a starting point, not a request to refuse);
 * the name is cut to the field's length, as a logo's name is.
 */
export function identityValues(configs: TemplateConfigs, form: BuilderFormData, identity: BuilderIdentity): Partial<Record<ComponentType, Record<string, string>>> {
  const filled: Partial<Record<ComponentType, Record<string, string>>> = {};
  const targets = new Map<string, { key: string; value: string }>();
  for (const [key, raw] of Object.entries(identity)) {
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (!value) continue;
    targets.set(`*:${key}`, { key, value });
    for (const [type, field] of IDENTITY_BUILDER_FIELDS[key] ?? []) targets.set(`${type}:${field}`, { key, value });
  }
  for (const type of COMPONENT_TYPES) {
    for (const field of configFields(configs[type])) {
      const wanted = targets.get(`${type}:${field.key}`) ?? targets.get(`*:${field.key}`);
      if (wanted === undefined || form[type][field.key] !== field.value) continue;
      const value = wanted.key === NAME_KEY ? Array.from(wanted.value).slice(0, fieldMaxLength(field)).join('') : wanted.value;
      if (value !== field.value && draftValueProblem(field, value) === null) filled[type] = { ...filled[type], [field.key]: value };
    }
  }
  return filled;
}

/**
 * The form of a save: for every field of the chosen templates, the value sent (checked by
 * `check`, which throws its refusal) or, when none was sent, the stored one (or the default).
 * Keys that no chosen template has are dropped. `check` is called only for values that changed,
 * so that a stored value whose file has gone meanwhile does not block every later save.
 */
export async function mergeForm(
  configs: TemplateConfigs,
  stored: Partial<BuilderFormData>,
  sent: Partial<Record<ComponentType, Record<string, unknown>>>,
  check: (type: ComponentType, field: ConfigField, value: string) => Promise<void>,
): Promise<BuilderFormData> {
  const merged = {} as BuilderFormData;
  for (const type of COMPONENT_TYPES) {
    const values: Record<string, string> = {};
    for (const field of configFields(configs[type])) {
      const storedValue = stored[type]?.[field.key];
      const previous = typeof storedValue === 'string' ? storedValue : field.value;
      const given = sent[type]?.[field.key];
      if (typeof given !== 'string' || given === previous) {
        values[field.key] = previous;
        continue;
      }
      await check(type, field, given);
      values[field.key] = given;
    }
    merged[type] = values;
  }
  return merged;
}

/** The first problem of a finished form, with its tab ('导航栏：请输入…'), or null. */
export function completionProblem(configs: TemplateConfigs, form: BuilderFormData): string | null {
  for (const type of COMPONENT_TYPES) {
    for (const field of configFields(configs[type])) {
      const problem = configFieldProblem(field, form[type][field.key]);
      if (problem) return inTab(type, problem);
    }
  }
  return null;
}

/** The name a site is listed and zipped under. */
export function webNameOf(form: BuilderFormData): string {
  return form.main[WEB_NAME_KEY]?.trim() || UNNAMED_SITE;
}
