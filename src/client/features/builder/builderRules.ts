import { artPromptOf } from '../../../contract/artPrompt';
import { BUILDER_TABS, BuilderLimits, BuilderMessages, COMPONENT_TYPE_LABELS, type BuilderSite, type BuilderTab, type ComponentType } from '../../../contract/builder';
import type { SampleField } from '../../components/SampleFieldsDialog';
import { configFieldProblem, configFields } from '../../../contract/miniSite';
import { BUILDER_NAME_KEY } from '../selections/gameIdentity';
import { templateSampleFields } from '../selections/samples';

/** The component types each drawer tab edits: the logo is chosen and generated in the banner tab. */
export const TAB_TYPES: Readonly<Record<BuilderTab, readonly ComponentType[]>> = {
  main: ['main'],
  head: ['head'],
  banner: ['banner', 'logo'],
  content: ['content'],
  sidebar: ['sidebar'],
  footer: ['footer'],
};

/** True when a field of these types fails spec section 5's rules (text, textarea, image, video). */
export function typesInvalid(site: BuilderSite, types: readonly ComponentType[]): boolean {
  return types.some((type) => {
    const values = site.formData[type] ?? {};
    return configFields(site.configData[type] ?? []).some((field) => configFieldProblem(field, values[field.key]) !== null);
  });
}

/** The first tab with a field that fails its rules, or null when the whole site is valid. */
export function firstInvalidTab(site: BuilderSite): BuilderTab | null {
  return BUILDER_TABS.find((tab) => typesInvalid(site, TAB_TYPES[tab])) ?? null;
}

const SAMPLE_KEY_SEPARATOR = ':';

/** A builder field's key in the sample list: its component type and its own key. */
export function sampleKeyOf(type: ComponentType, key: string): string {
  return `${type}${SAMPLE_KEY_SEPARATOR}${key}`;
}

export function parseSampleKey(sampleKey: string): { type: ComponentType; key: string } {
  const at = sampleKey.indexOf(SAMPLE_KEY_SEPARATOR);
  return { type: sampleKey.slice(0, at) as ComponentType, key: sampleKey.slice(at + 1) };
}

/**
 * The texts and pictures still as a template made them, tab by tab: listed before 生成并下载 so
 * that no sample ships unseen (the renderer names the user's game in sample texts, but a sample
 * news item is still not the studio's news). The mini site's rule (samples.ts): a picture is a
 * sample whichever template it came from; empty optional fields and what any game keeps are not.
 */
export function builderSampleFields(site: BuilderSite): SampleField[] {
  const shown = withShownBannerPrompt(site);
  return BUILDER_TABS.flatMap((tab) =>
    TAB_TYPES[tab].flatMap((type) =>
      templateSampleFields(shown.configData[type] ?? [], shown.formData[type] ?? {}, {
        nameKey: BUILDER_NAME_KEY,
        // The form keeps the samples as written: the renderer renames their games.
        ownName: '',
        sampleNames: [],
        keyOf: (key) => sampleKeyOf(type, key),
        groupOf: (name) => `${COMPONENT_TYPE_LABELS[tab]} · ${name}`,
      }),
    ),
  );
}

/** A picked file's problem before it is sent (spec section 5: builder images only, under 2 MB), or null. */
export function builderUploadProblem(file: { type: string; size: number }): string | null {
  if (!(BuilderLimits.uploadMimeTypes as readonly string[]).includes(file.type.toLowerCase())) return BuilderMessages.imagesOnly;
  if (file.size > BuilderLimits.uploadMaxBytes) return BuilderMessages.uploadTooLarge;
  return null;
}

/**
 * How far the banner's progress bar is after `elapsedMs` (spec section 4): linear, reaching the
 * cap (95 %) at the expected duration and staying there until the banner is done.
 */
export function bannerPercent(elapsedMs: number, durationSeconds: number): number {
  if (durationSeconds <= 0 || elapsedMs <= 0) return 0;
  return Math.min(BuilderLimits.progressCap, Math.floor((elapsedMs / (durationSeconds * 1000)) * BuilderLimits.progressCap));
}

/** The banner tab's 画面描述 (the painter's prompt), and the texts it is written from. */
export const BANNER_PROMPT_KEY = 'prompt';
const BANNER_TITLE_KEY = 'title';
const BANNER_SUBTITLE_KEY = 'subtitle';

/** What the user put in a field, '' while it holds its template's sample (another game's text) or is missing. */
function ownValue(site: BuilderSite, type: ComponentType, key: string): string {
  const field = configFields(site.configData[type] ?? []).find((candidate) => candidate.key === key);
  const value = (site.formData[type]?.[key] ?? '').trim();
  return field && value !== field.value.trim() ? value : '';
}

/** The 画面描述 the banner tab suggests: written from the user's game name, headline and subtitle in the chosen banner's style. */
export function suggestedBannerPrompt(site: BuilderSite): string {
  return artPromptOf({
    gameName: ownValue(site, 'main', BUILDER_NAME_KEY),
    slogan: ownValue(site, 'banner', BANNER_TITLE_KEY),
    texts: [ownValue(site, 'banner', BANNER_SUBTITLE_KEY)],
    style: site.bannerStyle,
  });
}

/**
 * The site as the banner tab shows it: a 画面描述 still holding its template's sample scene (the
 * user has typed none) shows, and 生成banner sends, the one written from the user's game, which
 * follows their name and headline until they type their own. A description the user typed (or
 * emptied) is theirs and stays as it is.
 */
export function withShownBannerPrompt(site: BuilderSite): BuilderSite {
  const field = configFields(site.configData.banner ?? []).find((candidate) => candidate.key === BANNER_PROMPT_KEY);
  const banner = site.formData.banner;
  if (!field || !banner || banner[BANNER_PROMPT_KEY] !== field.value) return site;
  return { ...site, formData: { ...site.formData, banner: { ...banner, [BANNER_PROMPT_KEY]: suggestedBannerPrompt(site) } } };
}
