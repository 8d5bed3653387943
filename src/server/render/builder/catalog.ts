/**
 * The builder's component catalogue (spec section 3, "Component selection per type"; DESIGN.md
 * section 7): the templates of every type with their fields and defaults, and the complete site
 * configurations. Ids are stable: sites and picture file names refer to them. Plain data: the API
 * loads it without React.
 */
import type { ComponentType } from '../../../contract/builder';
import type { ConfigGroup } from '../../../contract/miniSite';
import { GenerationLimits } from '../../../contract/generation';
import { optionalText } from './fields';
import { BANNERS } from './definitions/banner';
import { CONTENTS } from './definitions/content';
import { FOOTERS } from './definitions/footer';
import { HEADS } from './definitions/head';
import { MAIN_PRESETS } from './definitions/main';
import { SIDEBARS } from './definitions/sidebar';
import type { ComponentDefinition, MainPreset } from './types';

export { componentPictures } from './assets';

/** The configuration a new site starts from. */
export const DEFAULT_MAIN_PRESET_ID = 1;

/** Every type but `logo`, whose list is the logo style catalogue (the builder module maps it). */
export type CatalogueType = Exclude<ComponentType, 'logo'>;

const CATALOGUE: Readonly<Record<CatalogueType, readonly ComponentDefinition[]>> = {
  main: MAIN_PRESETS,
  head: HEADS,
  banner: BANNERS,
  content: CONTENTS,
  sidebar: SIDEBARS,
  footer: FOOTERS,
};

/** The templates of `type` in picker order; [] for `logo` (see CatalogueType). */
export function listComponents(type: ComponentType): readonly ComponentDefinition[] {
  return type === 'logo' ? [] : CATALOGUE[type];
}

export function findComponent(type: ComponentType, id: number): ComponentDefinition | undefined {
  return listComponents(type).find((component) => component.id === id);
}

export function findMainPreset(id: number): MainPreset | undefined {
  return MAIN_PRESETS.find((preset) => preset.id === id);
}

/**
 * The logo type's fields: the text the banner tab's logo is generated from. Empty, it follows the
 * site's name (logoTextOfSite), so a studio that named its site never gets a logo that says 游戏名称.
 */
export function logoComponentConfig(): ConfigGroup[] {
  return [
    {
      name: 'LOGO',
      children: [optionalText('logotext', 'LOGO文字', GenerationLimits.logoTextMax, '默认使用网站名称', '1 到 6 个字；留空则使用网站名称的前 6 个字。生成banner时一起生成LOGO')],
    },
  ];
}

/** The logo text a site's name gives: its first characters, as many as a logo takes. */
export function logoTextOfSite(webName: string): string {
  return Array.from(webName.trim()).slice(0, GenerationLimits.logoTextMax).join('');
}
