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
  return BUILDER_TABS.flatMap((tab) =>
    TAB_TYPES[tab].flatMap((type) =>
      templateSampleFields(site.configData[type] ?? [], site.formData[type] ?? {}, {
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
