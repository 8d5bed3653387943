/**
 * The builder's own files: each component's picker pictures (<type>-<id>-thumb.webp and
 * -preview.webp) and the default pictures of the components' fields (defaults/), all served under
 * one URL prefix from src/server/assets/builder-components. npm run builder-pictures makes them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ComponentType } from '../../../contract/builder';

export const BUILDER_ASSETS_URL_PREFIX = '/builder-assets/';

/** Resolved from this module's file, so the server finds it whatever its working directory. */
export const BUILDER_ASSETS_DIR = path.resolve(__dirname, '../../assets/builder-components');

export const BUILDER_DEFAULTS_DIR = path.join(BUILDER_ASSETS_DIR, 'defaults');

export const PICTURE_MANIFEST_FILE = 'manifest.json';

export function componentPictureFiles(type: ComponentType, id: number): { thumb: string; preview: string } {
  return { thumb: `${type}-${id}-thumb.webp`, preview: `${type}-${id}-preview.webp` };
}

/** The picker card's picture and the larger preview of a component (spec section 3: url, preview_image). */
export function componentPictures(type: ComponentType, id: number): { url: string; preview_image: string } {
  const files = componentPictureFiles(type, id);
  return { url: BUILDER_ASSETS_URL_PREFIX + files.thumb, preview_image: BUILDER_ASSETS_URL_PREFIX + files.preview };
}

/** The URL of a default picture (a file of defaults/). */
export function defaultAssetUrl(name: string): string {
  return `${BUILDER_ASSETS_URL_PREFIX}defaults/${name}`;
}

/** A file name: letters, digits and dashes, one known picture extension; optionally in defaults/. */
const ASSET_NAME = /^(?:defaults\/)?[a-z0-9][a-z0-9-]{0,80}\.(?:webp|png|jpg)$/;

/**
 * The file behind one of our URLs, or null for any other URL or a file we do not have. The name is
 * matched whole against a strict pattern, so no dot-dot, backslash or encoding can leave the folder.
 */
export function builderAssetFile(url: string): string | null {
  if (typeof url !== 'string' || !url.startsWith(BUILDER_ASSETS_URL_PREFIX)) return null;
  const name = url.slice(BUILDER_ASSETS_URL_PREFIX.length);
  if (!ASSET_NAME.test(name)) return null;
  const file = path.join(BUILDER_ASSETS_DIR, name);
  return fs.existsSync(file) ? file : null;
}
