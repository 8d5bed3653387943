/**
 * What the builder's site renderer takes and gives (DESIGN.md section 7, "Sites"). The builder
 * module resolves every URL of a site's form to a file on this server, then hands the renderer
 * files, never URLs; the renderer copies them into the folder and links them relatively.
 */
import type { ComponentType, SelectedComponentIds } from '../../../contract/builder';
import type { ConfigGroup } from '../../../contract/miniSite';
import type { SiteRenderResult, SourceFile } from '../site/types';

/** One component template of the catalogue: its fields with their defaults. */
export interface ComponentDefinition {
  id: number;
  type: ComponentType;
  name: string;
  config: ConfigGroup[];
}

/** A complete site configuration (the main tab): a template of every other type and a theme. */
export interface MainPreset extends ComponentDefinition {
  type: 'main';
  components: Omit<SelectedComponentIds, 'main'>;
  /** A key of the site palettes (render/site/themes.ts): colours, radius, display face, motif. */
  theme: string;
}

export interface BuiltSiteRenderInput {
  selected: SelectedComponentIds;
  /** Per type, field key -> text for text, textarea and video fields (validated, not escaped). */
  texts: Record<ComponentType, Record<string, string>>;
  /** Per type, field key -> file for image, banner and banner_logo fields. */
  files: Record<ComponentType, Record<string, SourceFile>>;
  /** The chosen background music, or null for none. */
  music: (SourceFile & { name: string }) | null;
}

export type BuiltSiteRenderResult = SiteRenderResult;

/** How a head (navigation bar) looks: its arrangement and its surface. */
export interface HeadDesign {
  /** bar: logo, links, button in a row; centered: links either side of the logo; stacked: logo over a link row; rail: logo and a tab strip with an underline. */
  layout: 'bar' | 'centered' | 'stacked' | 'rail';
  /** glass: clear over the banner, frosted once scrolled into the page; solid: the theme's surface; accent: the theme's accent. */
  surface: 'glass' | 'solid' | 'accent';
}

export interface BannerDesign {
  /** Where the logo, titles and buttons sit over the picture, or beside it (split, framed). */
  layout: 'center' | 'left' | 'right' | 'bottom' | 'split' | 'framed';
  /** The shade over the picture: fade (dark edges), tint (the theme's colours), ornate (a frame and corner marks). */
  finish: 'fade' | 'tint' | 'ornate';
}

export type NewsLook = 'list' | 'cards' | 'timeline';
export type FeatureLook = 'rows' | 'cards' | 'timeline';
export type GalleryLook = 'grid' | 'strip' | 'mosaic';
export type RoleLook = 'cards' | 'showcase';

/** One section of a content area, in page order. */
export type ContentSection =
  | { kind: 'intro'; look: 'picture' | 'quote' }
  | { kind: 'news'; look: NewsLook }
  | { kind: 'features'; look: FeatureLook }
  | { kind: 'roles'; look: RoleLook }
  | { kind: 'gallery'; look: GalleryLook }
  | { kind: 'events'; look: 'tiles' };

export interface ContentDesign {
  sections: ContentSection[];
}

export interface SidebarDesign {
  /** download: QR and store buttons; nav: the page's sections; social: official accounts; gift: a gift-pack call; service: player services. */
  layout: 'download' | 'nav' | 'social' | 'gift' | 'service';
  side: 'left' | 'right';
  surface: 'solid' | 'accent' | 'glass';
}

export interface FooterDesign {
  /** full: logo beside the compliance block; columns: link columns over it; centered: everything centred; compact: two lines. */
  layout: 'full' | 'columns' | 'centered' | 'compact';
  surface: 'dark' | 'theme' | 'accent';
}

export interface HeadDefinition extends ComponentDefinition {
  type: 'head';
  design: HeadDesign;
}
export interface BannerDefinition extends ComponentDefinition {
  type: 'banner';
  design: BannerDesign;
}
export interface ContentDefinition extends ComponentDefinition {
  type: 'content';
  design: ContentDesign;
}
export interface SidebarDefinition extends ComponentDefinition {
  type: 'sidebar';
  design: SidebarDesign;
}
export interface FooterDefinition extends ComponentDefinition {
  type: 'footer';
  design: FooterDesign;
}
