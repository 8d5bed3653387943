import type { BannerArtInfo, BannerTemplate, BannerTexts, GenerationModule, LogoTemplate, LogoTexts } from '../../../contract/generation';
import type { SiteTemplate } from '../../../contract/miniSite';
import type { GameIdentity } from './gameIdentity';

/**
 * The flows that choose a logo, each keeping its own choice (spec section 3: the 'alone' suffix
 * for modules tl and al, otherwise the module value): the standalone logo ('alone'), the banner
 * flow ('fsa') and the mini site ('miniSite', which opens the logo list without a module).
 */
export type LogoFlow = 'alone' | 'fsa' | 'miniSite';

/**
 * Where a flow's form (texts and results) is kept. The banner flow's form is the spec's
 * selectedBannerConfig: it holds the logo texts too, as one form on one page.
 */
export type ConfigSlot = 'alone' | 'banner' | 'miniSite';

/** A flow's form: the texts the user typed and the results generated from them. */
export interface FlowConfig extends LogoTexts, BannerTexts {
  logoUrl: string;
  bannerUrl: string;
  /**
   * The banner forms' key art: an uploaded picture's URL the video is drawn over, '' for the
   * style's own scene. Optional: forms kept before it existed have none.
   */
  keyArt?: string;
  /** What the banner is drawn over; absent in forms kept before the choice existed (KeyArtSource). */
  keyArtSource?: KeyArtSource;
  /** AI生成主视觉's description as the user left it: drafted from the game's texts when AI is chosen. */
  keyArtPrompt?: string;
  /**
   * The key art the AI last painted for this form (kept by the server as an upload), with the
   * description it painted and the service's name: used again, unpainted, while the description stays.
   */
  aiKeyArt?: { url: string; prompt: string; label: string };
  /** Who made the picture under the last generated banner, as the server said. */
  bannerArt?: BannerArtInfo;
  /** The module of the last result (tl or al in the logo flow), so that its preview leads back to it. */
  module: GenerationModule | null;
  /**
   * The texts the results were made from (the logo's, and the banner's lines), which later edits
   * of the form do not change. Optional: forms kept before it existed have none.
   */
  madeFrom?: { logo?: LogoTexts; banner?: BannerTexts };
}

/** A banner's picture: the style's own scene (drawn by our program), the studio's upload, or AI生成主视觉. */
export type KeyArtSource = 'scene' | 'upload' | 'ai';

/** The choice a form holds, or what a form kept before the choice existed meant. */
export function keyArtSourceOf(config: Pick<FlowConfig, 'keyArtSource' | 'keyArt'>): KeyArtSource {
  return config.keyArtSource ?? (config.keyArt ? 'upload' : 'scene');
}

export interface BannerSelection {
  template: BannerTemplate;
  /** The module the banner list was opened with (fsa), handed on to the logo list. */
  module: GenerationModule;
}

export interface SelectionsState {
  logoTemplates: Partial<Record<LogoFlow, LogoTemplate>>;
  bannerTemplate: BannerSelection | null;
  configs: Partial<Record<ConfigSlot, FlowConfig>>;
  /** The mini site's template (spec section 3: selectedSiteTemplate). */
  siteTemplate: SiteTemplate | null;
  /** What the user put into the site template's form, by field key (selectedSiteTemplateConfig). */
  siteTemplateConfig: Record<string, string>;
  /**
   * The mini site's banner style: chosen on its config page, or the site template's own
   * (banner_id) once found. Null until then; the banner list's choice (bannerTemplate) is another flow's.
   */
  miniSiteBanner: BannerTemplate | null;
  /** The game's name, slogan, licence numbers and links as the user last typed them, in any form. */
  identity: GameIdentity;
}

/** The logo list's `module` query -> the flow whose choice it stores. */
export function logoFlowOf(module: string | null | undefined): LogoFlow {
  if (module === 'tl' || module === 'al') return 'alone';
  if (module === 'fsa') return 'fsa';
  return 'miniSite';
}

/** The upload key of a banner form's key art (the mini site's uploads are keyed by field). */
export const keyArtUploadKey = (slot: ConfigSlot): string => `keyArt:${slot}`;

/** The form whose key art an upload key names, or null for a site template's field. */
export function keyArtSlotOf(key: string): ConfigSlot | null {
  const slot = key.startsWith('keyArt:') ? key.slice('keyArt:'.length) : '';
  return slot === 'banner' || slot === 'miniSite' || slot === 'alone' ? slot : null;
}

/** The form that a logo flow's choice belongs to. */
export function configSlotOf(flow: LogoFlow): ConfigSlot {
  return flow === 'fsa' ? 'banner' : flow;
}

/** Where the logo list goes after a choice (spec screen 12). */
export function pathAfterLogoChoice(module: string | null | undefined): string {
  if (module === 'tl' || module === 'al') return `/logo/config?module=${module}`;
  if (module === 'fsa') return '/banner/config?module=fsa';
  return '/miniSite/config';
}
