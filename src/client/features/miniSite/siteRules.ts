import { GenerationMessages } from '../../../contract/generation';
import { configFieldProblem, configFields, MiniSiteLimits, MiniSiteMessages, withOwnName, type ConfigGroup, type CreateSiteRequest } from '../../../contract/miniSite';
import type { SampleField } from '../../components/SampleFieldsDialog';
import { isIdentityKey, type GameIdentity } from '../selections/gameIdentity';
import { templateSampleFields } from '../selections/samples';

/** Shown when 生成网站 is pressed before the template's form has loaded (or after it failed to). */
export const CONFIG_NOT_LOADED = '网站配置尚未加载完成，请稍后重试';

/** Everything the create call is made of, as the store holds it. */
export interface SiteDraft {
  templateId: number | null;
  logoId: number | null;
  bannerId: number | null;
  logoUrl: string;
  bannerUrl: string;
  /** The template's form, or null while it is not loaded for this template. */
  groups: ConfigGroup[] | null;
  /** What the user put in, by field key (the template's defaults fill the rest). */
  values: Record<string, string>;
  /** The game's name, licence numbers and links the user typed before, in any form. */
  identity?: GameIdentity;
}

const GAME_NAME_KEY = 'game_name';

/** The template's sample game: its game name field's default, which its sample texts name. */
function sampleGameOf(groups: readonly ConfigGroup[]): string {
  return configFields(groups).find((field) => field.key === GAME_NAME_KEY)?.value ?? '';
}

/**
 * Each field's value: what the user put into this form, else what they typed for their game before
 * (name, slogan, licence numbers, links), else the template's default with the template's sample
 * game renamed to the user's game, as the renderer does.
 */
export function formValuesOf(groups: readonly ConfigGroup[], stored: Record<string, string>, identity: GameIdentity = {}): Record<string, string> {
  const fields = configFields(groups);
  const own = (key: string): string | undefined => stored[key] ?? (isIdentityKey(key) ? identity[key] : undefined);
  const sampleName = sampleGameOf(groups);
  const ownName = (own(GAME_NAME_KEY) ?? sampleName).trim();
  const values: Record<string, string> = {};
  for (const field of fields) {
    const typed = own(field.key);
    const sample = field.type === 'text' || field.type === 'textarea' ? withOwnName(field.value, ownName, [sampleName]) : field.value;
    values[field.key] = typed ?? sample;
  }
  return values;
}

/**
 * The fields still holding a template's sample (a text with the sample game renamed or not, a
 * template's picture), listed before 生成网站 so that no other game's content ships unseen (the
 * shared rule of samples.ts, which the builder uses too).
 */
export function sampleFieldsOf(groups: readonly ConfigGroup[], values: Record<string, string>): SampleField[] {
  return templateSampleFields(groups, values, { nameKey: GAME_NAME_KEY, ownName: (values[GAME_NAME_KEY] ?? '').trim(), sampleNames: [sampleGameOf(groups)] });
}

/**
 * What stops 生成网站 before anything is sent, or null (spec section 5, mini-site flow): both
 * templates, both results generated first, then the form.
 */
export function siteDraftProblem(draft: SiteDraft): string | null {
  if (!draft.templateId) return MiniSiteMessages.siteTemplateRequired;
  if (!draft.logoId) return GenerationMessages.logoTemplateRequired;
  if (!draft.bannerId) return GenerationMessages.bannerTemplateRequired;
  if (!draft.logoUrl) return MiniSiteMessages.logoFirst;
  if (!draft.bannerUrl) return MiniSiteMessages.bannerFirst;
  if (!draft.groups) return CONFIG_NOT_LOADED;
  const values = formValuesOf(draft.groups, draft.values, draft.identity);
  const invalid = configFields(draft.groups).some((field) => configFieldProblem(field, values[field.key]) !== null);
  return invalid ? MiniSiteMessages.formInvalid : null;
}

/**
 * The create call's body for a draft that passed siteDraftProblem. The banner and banner_logo
 * fields hold the generated results: they are shown, not typed.
 */
export function createSiteRequestOf(draft: SiteDraft): CreateSiteRequest {
  const values = formValuesOf(draft.groups ?? [], draft.values, draft.identity);
  const config: Record<string, string> = {};
  for (const field of configFields(draft.groups ?? [])) {
    if (field.type === 'banner') config[field.key] = draft.bannerUrl;
    else if (field.type === 'banner_logo') config[field.key] = draft.logoUrl;
    else config[field.key] = values[field.key];
  }
  return {
    templateId: draft.templateId ?? 0,
    logoId: draft.logoId ?? 0,
    logoUrl: draft.logoUrl,
    bannerId: draft.bannerId ?? 0,
    bannerUrl: draft.bannerUrl,
    config,
  };
}

/**
 * The preview address of a created site, when it is one of ours: a same-origin path under
 * `/sites/<webSiteDir>/`. Anything else (another origin, another folder, a script URL) is refused,
 * since the page puts it in a frame.
 */
export function sitePreviewSrc(previewUrl: string | null, webSiteDir: string | null, origin: string): string | null {
  if (!previewUrl || !webSiteDir || !MiniSiteLimits.webSiteDirPattern.test(webSiteDir)) return null;
  let parsed: URL;
  try {
    parsed = new URL(previewUrl, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin || !parsed.pathname.startsWith(`/sites/${webSiteDir}/`)) return null;
  // Dot segments are resolved by the parser: '/sites/<dir>/../x' no longer starts with the folder.
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** A picked file's problem before it is sent (type by its MIME type, else its extension; size), or null. */
export function uploadProblem(file: { name: string; type: string; size: number }): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  const type = file.type.toLowerCase();
  const typeOk = type ? (MiniSiteLimits.uploadMimeTypes as readonly string[]).includes(type) : (MiniSiteLimits.uploadExtensions as readonly string[]).includes(extension);
  if (!typeOk) return MiniSiteMessages.uploadTypeRefused;
  if (file.size > MiniSiteLimits.uploadMaxBytes) return MiniSiteMessages.uploadTooLarge;
  return null;
}
