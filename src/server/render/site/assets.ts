/**
 * The site templates' own files: their thumbnails and preview pictures, and the default pictures
 * of their image fields, served under one URL prefix from src/server/assets/site-templates.
 */
import fs from 'node:fs';
import path from 'node:path';

export const SITE_TEMPLATE_ASSETS_URL_PREFIX = '/site-templates/';

/** Resolved from this module's file, so the server finds it whatever its working directory. */
export const SITE_TEMPLATE_ASSETS_DIR = path.resolve(__dirname, '../../assets/site-templates');

export const SITE_TEMPLATE_DEFAULTS_DIR = path.join(SITE_TEMPLATE_ASSETS_DIR, 'defaults');

/** The grid card's thumbnail, the desktop full-page preview and the phone full-page preview. */
export function templatePictureFiles(id: number): { thumbnail: string; preview: string; phonePreview: string } {
  return { thumbnail: `${id}-thumb.webp`, preview: `${id}-preview.webp`, phonePreview: `${id}-preview-phone.webp` };
}

export function templatePictureUrls(id: number): { thumbnail: string; preview_image: string; preview_image_phone: string } {
  const files = templatePictureFiles(id);
  return {
    thumbnail: SITE_TEMPLATE_ASSETS_URL_PREFIX + files.thumbnail,
    preview_image: SITE_TEMPLATE_ASSETS_URL_PREFIX + files.preview,
    preview_image_phone: SITE_TEMPLATE_ASSETS_URL_PREFIX + files.phonePreview,
  };
}

/** A default picture's name: letters, digits and dashes, one known picture extension. */
const DEFAULT_PICTURE = /^[a-z0-9][a-z0-9-]{0,80}\.(?:webp|png|jpg|svg)$/;

/**
 * The file behind one of our default picture URLs (`/site-templates/defaults/<name>`), or null for
 * any other URL or a picture we do not have. The name is matched whole, so no dot-dot, slash or
 * encoding can leave the folder.
 */
export function templateAssetPath(url: string): string | null {
  const prefix = `${SITE_TEMPLATE_ASSETS_URL_PREFIX}defaults/`;
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  if (!DEFAULT_PICTURE.test(name)) return null;
  const file = path.join(SITE_TEMPLATE_DEFAULTS_DIR, name);
  return fs.existsSync(file) ? file : null;
}
