import path from 'node:path';

/** Where sites' files live inside DATA_DIR, and the URL space they are served under. */

/** Created sites: DATA_DIR/sites/<webSiteDir>/, served at /sites/<webSiteDir>/. */
export const sitesDir = (dataDir: string): string => path.join(dataDir, 'sites');
export const siteDir = (dataDir: string, dir: string): string => path.join(sitesDir(dataDir), dir);
export const SITES_URL_PREFIX = '/sites/';
export const sitePreviewUrl = (dir: string): string => `${SITES_URL_PREFIX}${dir}/index.html`;

/** A site is rendered here first and renamed into sites/ whole (same file system, so rename is atomic). */
export const sitesTmpDir = (dataDir: string): string => path.join(dataDir, 'sites-tmp');
