import { BUILDER_TABS, BuilderLimits, BuilderMessages, type BuilderSite, type BuilderTab, type ComponentType } from '../../../contract/builder';
import { configFieldProblem, configFields } from '../../../contract/miniSite';

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
