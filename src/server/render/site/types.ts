/**
 * What the static-site renderer takes and gives (DESIGN.md section 7, "Sites"). The mini-site
 * module resolves every URL of a request to a file on this server, then hands the renderer files,
 * never URLs: the renderer copies them into the site folder and links them relatively.
 */
import type { ConfigGroup } from '../../../contract/miniSite';

/** A site template: its catalogue entry, its fields with their defaults, and its page. */
export interface SiteTemplateDefinition {
  id: number;
  name: string;
  categoryId: number;
  /** The banner style (1-based id of the banner catalogue) the design is made around. */
  bannerId: number;
  /** The fields a user fills; `value`s are the defaults shown in the form. */
  config: ConfigGroup[];
}

/** A file on this server that goes into the site folder. */
export interface SourceFile {
  /** Absolute path on disk. */
  path: string;
}

export interface SiteRenderInput {
  templateId: number;
  /** Field key -> text for text, textarea and video fields (already validated, not yet escaped). */
  texts: Record<string, string>;
  /** Field key -> picture for image fields the user gave; the others show default pictures. */
  images: Record<string, SourceFile>;
  /** The banner style the site's banner was made with: the default pictures follow its genre (genrePictures.ts). */
  bannerId?: number;
  /** The generated transparent logo PNG. */
  logo: SourceFile;
  /** The generated 1080p banner video and its poster. */
  bannerVideo: SourceFile;
  bannerPoster: SourceFile;
  /** The banner's phone cut (1080x1920) and its poster, which phones held upright show; absent without one. */
  bannerPortrait?: { video: SourceFile; poster: SourceFile } | null;
  /** The chosen background music, or null for none. */
  music: (SourceFile & { name: string }) | null;
}

export interface SiteRenderResult {
  /** Every file written, relative to the site folder (index.html first). */
  files: string[];
}
