import path from 'node:path';
import { ZIPS_URL_PREFIX } from '../../queue/paths';
import { SITES_URL_PREFIX } from '../siteFiles/paths';

/**
 * Where a builder site's files live. Its preview is a site folder like a mini site's
 * (DATA_DIR/sites/<dir>/, served at /sites/<dir>/ with the sites' CSP); the folder of its last
 * completion, which its zip is made from, is not served: DATA_DIR/builder-sites/<site id>/.
 */
export const completedSitesDir = (dataDir: string): string => path.join(dataDir, 'builder-sites');
export const completedSiteDir = (dataDir: string, siteId: number): string => path.join(completedSitesDir(dataDir), String(siteId));

export const templatePathOf = (dir: string): string => `${SITES_URL_PREFIX}${dir}/`;
/** The revision changes with every render, so the frame loads the new page instead of a cached one. */
export const previewUrlOf = (dir: string, revision: number): string => `${templatePathOf(dir)}index.html?v=${revision}`;

/** The key and name of a zip URL this server made (`/zips/<key>/<name>.zip`), or null. */
export function zipKeyAndName(zipUrl: string): { key: string; name: string } | null {
  const match = new RegExp(`^${ZIPS_URL_PREFIX}([0-9a-f]{32})/([^/]+)\\.zip$`).exec(zipUrl);
  if (!match) return null;
  try {
    return { key: match[1], name: decodeURIComponent(match[2]) };
  } catch {
    return null;
  }
}
