import { sql as raw } from 'kysely';
import type { Sql } from '../../db/connection';

/**
 * 预约 (modules/reservations) made on a published page per channel, from `from` until `until`
 * (milliseconds), for each channel's conversion. Null when the page's site has no 预约 at all (no
 * campaign): the 数据 page then shows 预约 and conversion as "—" rather than a 0% that means nothing.
 */
export interface ReservationCounts {
  byChannel(slug: string, from: number, until: number): Promise<Map<string, number> | null>;
}

/** Read from the reservations' own tables: a page's campaign is its site's (builder or mini site). */
export class StoredReservationCounts implements ReservationCounts {
  constructor(private readonly sql: Sql) {}

  async byChannel(slug: string, from: number, until: number): Promise<Map<string, number> | null> {
    const campaign = await this.sql
      .selectFrom('published_sites as p')
      .innerJoin('reserve_campaigns as c', (join) => join.on((eb) => eb.or([eb('c.builder_site_id', '=', eb.ref('p.site_id')), eb('c.mini_site_id', '=', eb.ref('p.mini_site_id'))])))
      .select('c.id')
      .where('p.slug', '=', slug)
      .executeTakeFirst();
    if (!campaign) return null;
    // Channels are lowercased as views' are: ?from=WeChat and ?from=wechat are one channel.
    const channel = raw<string>`lower(channel)`;
    const rows = await this.sql
      .selectFrom('reservations')
      .select([channel.as('channel'), (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('campaign_id', '=', campaign.id)
      .where('created_at', '>=', from)
      .where('created_at', '<', until)
      .groupBy(channel)
      .execute();
    return new Map(rows.map((row) => [row.channel, Number(row.count)]));
  }
}
