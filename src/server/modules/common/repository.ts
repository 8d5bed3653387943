import type { SiteConfig } from '../../../contract/common';
import type { Sql } from '../../db/connection';
import { SITE_CONFIG_DEFAULTS } from './seed';

const SITE_CONFIG_KEYS = Object.keys(SITE_CONFIG_DEFAULTS) as (keyof SiteConfig)[];

/** site_config (key/value) and video_tutorials (type -> url, the operator's videos). */
export class CommonRepository {
  /** The feedback group's link this server last made its join QR from, and the making (null before the first read). */
  private joinQr: { link: string; made: Promise<unknown> } | null = null;

  constructor(
    private readonly db: Sql,
    /** The tutorial shipped with the code for a type ('' for none), answered when the operator has set none. */
    private readonly shippedTutorials: { url(type: string): string } = { url: () => '' },
    /**
     * Makes this server's join QR from a link (ensureQqQrCode). Run when a read finds the link
     * changed: an operator's change (the console or npm run site-config, on any server or machine)
     * reaches every server's picture with its next read, not at its next start.
     */
    private readonly makeJoinQr: (link: string) => Promise<unknown> = async () => undefined,
  ) {}

  /**
   * Read from the database on every call, not cached: a page load asks once, and one indexed read
   * of a dozen rows costs less than any check whether they changed would (a version stamp is a
   * read too). So a change shows on every server with the next page load.
   */
  async siteConfig(): Promise<SiteConfig> {
    const rows = await this.db.selectFrom('site_config').select(['key', 'value']).execute();
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    const config = { ...SITE_CONFIG_DEFAULTS };
    for (const key of SITE_CONFIG_KEYS) config[key] = stored.get(key) ?? '';
    // The join QR is made from qq1_link at start: without a link there is no picture to name.
    if (!config.qq1_link && config.qq1_url === SITE_CONFIG_DEFAULTS.qq1_url) config.qq1_url = '';
    // One making per change of link, however many requests see the change at once; a failed one is tried again.
    if (config.qq1_link !== this.joinQr?.link) {
      const joinQr = { link: config.qq1_link, made: this.makeJoinQr(config.qq1_link) };
      this.joinQr = joinQr;
      joinQr.made.catch(() => {
        if (this.joinQr === joinQr) this.joinQr = null;
      });
    }
    await this.joinQr?.made;
    return config;
  }

  /** The operator's video of that type, else the shipped one, else '' (an unknown type). */
  async videoUrl(type: string): Promise<string> {
    const row = await this.db.selectFrom('video_tutorials').select('url').where('type', '=', type).executeTakeFirst();
    return row?.url || this.shippedTutorials.url(type);
  }
}
