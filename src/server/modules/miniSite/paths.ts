import path from 'node:path';
import { CATALOG_MUSIC_FOLDER, CATALOG_URL_PREFIX, catalogRoot } from '../../queue/paths';

/** Where the mini site's files live inside DATA_DIR, and the URL spaces they are served under. */

/** Created sites: DATA_DIR/sites/<webSiteDir>/, served at /sites/<webSiteDir>/. */
export const sitesDir = (dataDir: string): string => path.join(dataDir, 'sites');
export const siteDir = (dataDir: string, dir: string): string => path.join(sitesDir(dataDir), dir);
export const SITES_URL_PREFIX = '/sites/';
export const sitePreviewUrl = (dir: string): string => `${SITES_URL_PREFIX}${dir}/index.html`;

/** A site is rendered here first and renamed into sites/ whole (same file system, so rename is atomic). */
export const sitesTmpDir = (dataDir: string): string => path.join(dataDir, 'sites-tmp');

export { uploadsDir, UPLOADS_URL_PREFIX } from '../../queue/paths';
/** An upload is streamed here, checked, then renamed into uploads/. */
export const uploadsTmpDir = (dataDir: string): string => path.join(dataDir, 'uploads-tmp');

/**
 * Background music: DATA_DIR/catalog/music/<music version>/<slug>.mp3, served at
 * /generated/catalog/music/<music version>/<slug>.mp3 beside the gallery pictures.
 */
export const musicRoot = (dataDir: string): string => path.join(catalogRoot(dataDir), CATALOG_MUSIC_FOLDER);
export const MUSIC_URL_PREFIX = `${CATALOG_URL_PREFIX}${CATALOG_MUSIC_FOLDER}/`;
