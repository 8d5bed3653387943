import type { SiteConfig } from '../../../contract/common';
import type { Sql } from '../../db/connection';
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
  private cached: { at: number; config: SiteConfig } | null = null;
  /** The feedback group's link this server last made its join QR from (null before the first read). */
  private qrMadeFrom: string | null = null;

  constructor(
    private readonly db: Sql,
    private readonly now: Clock,
    /** The tutorial shipped with the code for a type ('' for none), answered when the operator has set none. */
    private readonly shippedTutorials: { url(type: string): string } = { url: () => '' },
    /**
     * Makes this server's join QR from a link (ensureQqQrCode). Run when a read finds the link
     * changed: an operator's change (npm run site-config, on any machine) reaches every server's
     * picture within the cache time, not at its next start.
     */
    private readonly makeJoinQr: (link: string) => Promise<unknown> = async () => undefined,
  ) {}

  async siteConfig(): Promise<SiteConfig> {
    const at = this.now();
    if (this.cached && at - this.cached.at < SITE_CONFIG_CACHE_MS) return this.cached.config;
    const rows = await this.db.selectFrom('site_config').select(['key', 'value']).execute();
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    const config = { ...SITE_CONFIG_DEFAULTS };
    for (const key of SITE_CONFIG_KEYS) config[key] = stored.get(key) ?? '';
    // The join QR is made from qq1_link at start: without a link there is no picture to name.
    if (!config.qq1_link && config.qq1_url === SITE_CONFIG_DEFAULTS.qq1_url) config.qq1_url = '';
    if (config.qq1_link !== this.qrMadeFrom) {
      await this.makeJoinQr(config.qq1_link);
      this.qrMadeFrom = config.qq1_link;
    }
    this.cached = { at, config };
    return config;
  }

  /** The operator's video of that type, else the shipped one, else '' (an unknown type). */
  async videoUrl(type: string): Promise<string> {
    const row = await this.db.selectFrom('video_tutorials').select('url').where('type', '=', type).executeTakeFirst();
    return row?.url || this.shippedTutorials.url(type);
  }
}
