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
