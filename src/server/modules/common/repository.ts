import type { SiteConfig } from '../../../contract/common';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import { SITE_CONFIG_DEFAULTS } from './seed';

const SITE_CONFIG_KEYS = Object.keys(SITE_CONFIG_DEFAULTS) as (keyof SiteConfig)[];

/**
 * Every page asks for the site config; it changes only when an operator edits the table, so it is
 * read at most once per this many milliseconds.
 */
export const SITE_CONFIG_CACHE_MS = 5_000;

/** site_config (key/value) and video_tutorials (type -> url, the operator's videos). */
export class CommonRepository {
  private readonly configStmt;
  private readonly videoStmt;
  private cached: { at: number; config: SiteConfig } | null = null;

  constructor(
    db: Db,
    private readonly now: Clock,
    /** The tutorial shipped with the code for a type ('' for none), answered when the operator has set none. */
    private readonly shippedTutorials: { url(type: string): string } = { url: () => '' },
  ) {
    this.configStmt = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM site_config');
    this.videoStmt = db.prepare<[string], { url: string }>('SELECT url FROM video_tutorials WHERE type = ?');
  }

  siteConfig(): SiteConfig {
    const at = this.now();
    if (this.cached && at - this.cached.at < SITE_CONFIG_CACHE_MS) return this.cached.config;
    const stored = new Map(this.configStmt.all().map((row) => [row.key, row.value]));
    const config = { ...SITE_CONFIG_DEFAULTS };
    for (const key of SITE_CONFIG_KEYS) config[key] = stored.get(key) ?? '';
    // The join QR is made from qq1_link at start: without a link there is no picture to name.
    if (!config.qq1_link && config.qq1_url === SITE_CONFIG_DEFAULTS.qq1_url) config.qq1_url = '';
    this.cached = { at, config };
    return config;
  }

  /** The operator's video of that type, else the shipped one, else '' (an unknown type). */
  videoUrl(type: string): string {
    return this.videoStmt.get(type)?.url || this.shippedTutorials.url(type);
  }
}
