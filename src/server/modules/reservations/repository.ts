import { DEFAULT_RESERVE_SETTINGS, RESERVE_PLATFORMS, type GiftCodeCounts, type ReservePlatform, type ReserveSettings } from '../../../contract/reservations';
import type { Clock } from '../../clock';
import type { Selectable } from 'kysely';
import type { DialectName, Sql } from '../../db/connection';
import type { ReservationsTable } from '../../db/schema';

/** The site a campaign belongs to, as the owner routes resolve it (its row id). */
export type ReserveSite = { kind: 'builder'; id: number } | { kind: 'miniSite'; id: number };

export interface Campaign {
  id: number;
  publicId: string;
  userId: number;
  settings: ReserveSettings;
}

/** A 预约 record as read. */
export type ReservationRow = Selectable<ReservationsTable>;

/** Stored settings, read back; anything unexpected falls back to the defaults (never throws on a page load). */
function settingsOf(json: string): ReserveSettings {
  try {
    const parsed = JSON.parse(json) as Partial<ReserveSettings>;
    return {
      ...DEFAULT_RESERVE_SETTINGS,
      ...parsed,
      platforms: RESERVE_PLATFORMS.filter((platform) => parsed.platforms?.includes(platform)),
    };
  } catch {
    return DEFAULT_RESERVE_SETTINGS;
  }
}

const INSERT_CHUNK = 500;

/** reserve_campaigns, reservations and reserve_gift_codes. */
export class ReserveRepository {
  constructor(
    private readonly db: Sql,
    private readonly dialect: DialectName,
    private readonly now: Clock,
  ) {}

  /** The row id of the user's site; null for another user's site or a missing one. */
  async ownedSite(ref: { builderId?: number; miniSiteDir?: string }, userId: number): Promise<ReserveSite | null> {
    if (ref.builderId) {
      const row = await this.db.selectFrom('builder_sites').select('id').where('id', '=', ref.builderId).where('user_id', '=', userId).executeTakeFirst();
      return row ? { kind: 'builder', id: row.id } : null;
    }
    if (ref.miniSiteDir) {
      const row = await this.db.selectFrom('mini_sites').select('id').where('dir', '=', ref.miniSiteDir).where('user_id', '=', userId).executeTakeFirst();
      return row ? { kind: 'miniSite', id: row.id } : null;
    }
    return null;
  }

  /** The row id of a site whoever owns it (its caller checked that), or null for a missing one. */
  async siteOf(ref: { builderId?: number; miniSiteDir?: string }): Promise<ReserveSite | null> {
    if (ref.builderId) {
      const row = await this.db.selectFrom('builder_sites').select('id').where('id', '=', ref.builderId).executeTakeFirst();
      return row ? { kind: 'builder', id: row.id } : null;
    }
    if (ref.miniSiteDir) {
      const row = await this.db.selectFrom('mini_sites').select('id').where('dir', '=', ref.miniSiteDir).executeTakeFirst();
      return row ? { kind: 'miniSite', id: row.id } : null;
    }
    return null;
  }

  /** The site whose own folder (DATA_DIR/sites/<dir>/, its preview) is `dir`: a builder site's or a mini site's. */
  async siteOfDir(dir: string): Promise<ReserveSite | null> {
    const builder = await this.db.selectFrom('builder_sites').select('id').where('dir', '=', dir).executeTakeFirst();
    if (builder) return { kind: 'builder', id: builder.id };
    const mini = await this.db.selectFrom('mini_sites').select('id').where('dir', '=', dir).executeTakeFirst();
    return mini ? { kind: 'miniSite', id: mini.id } : null;
  }

  private campaigns(db: Sql = this.db) {
    return db.selectFrom('reserve_campaigns').select(['id', 'public_id', 'user_id', 'settings']);
  }

  private static campaignOf(row: { id: number; public_id: string; user_id: number; settings: string } | undefined): Campaign | null {
    return row ? { id: Number(row.id), publicId: row.public_id, userId: Number(row.user_id), settings: settingsOf(row.settings) } : null;
  }

  async campaignOfSite(site: ReserveSite): Promise<Campaign | null> {
    const column = site.kind === 'builder' ? 'builder_site_id' : 'mini_site_id';
    return ReserveRepository.campaignOf(await this.campaigns().where(column, '=', site.id).executeTakeFirst());
  }

  async campaignByPublicId(publicId: string): Promise<Campaign | null> {
    return ReserveRepository.campaignOf(await this.campaigns().where('public_id', '=', publicId).executeTakeFirst());
  }

  /** Saves the settings, making the campaign on the first save (a second first save meanwhile updates the one made). */
  async saveSettings(site: ReserveSite, userId: number, publicId: string, settings: ReserveSettings): Promise<void> {
    const at = this.now();
    const json = JSON.stringify(settings);
    const column = site.kind === 'builder' ? 'builder_site_id' : 'mini_site_id';
    await this.db
      .insertInto('reserve_campaigns')
      .values({ public_id: publicId, [column]: site.id, user_id: userId, settings: json, created_at: at, updated_at: at })
      .onConflict((conflict) => conflict.column(column).doUpdateSet({ settings: json, updated_at: at }))
      .execute();
  }

  async count(campaignId: number): Promise<number> {
    const row = await this.db.selectFrom('reservations').select((eb) => eb.fn.countAll<number>().as('n')).where('campaign_id', '=', campaignId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async codeCounts(campaignId: number): Promise<GiftCodeCounts> {
    const rows = await this.db
      .selectFrom('reserve_gift_codes')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('campaign_id', '=', campaignId)
      .groupBy('state')
      .execute();
    const given = Number(rows.find((row) => row.state === 'given')?.n ?? 0);
    const left = Number(rows.find((row) => row.state === 'free')?.n ?? 0);
    return { total: given + left, given, left };
  }

  async hasFreeCode(campaignId: number): Promise<boolean> {
    return (await this.db.selectFrom('reserve_gift_codes').select('id').where('campaign_id', '=', campaignId).where('state', '=', 'free').limit(1).executeTakeFirst()) !== undefined;
  }

  /** Adds codes; those the campaign has already are left out. Answers how many were new. */
  async addCodes(campaignId: number, codes: string[]): Promise<number> {
    let added = 0;
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < codes.length; start += INSERT_CHUNK) {
        const chunk = codes.slice(start, start + INSERT_CHUNK).map((code) => ({ campaign_id: campaignId, code, state: 'free' as const, given_at: null }));
        const inserted = await trx
          .insertInto('reserve_gift_codes')
          .values(chunk)
          .onConflict((conflict) => conflict.columns(['campaign_id', 'code']).doNothing())
          .returning('id')
          .execute();
        added += inserted.length;
      }
    });
    return added;
  }

  /**
   * Takes the next free code for good, in the caller's transaction: one statement that marks it
   * given only if it is still free. On PostgreSQL the row is chosen FOR UPDATE SKIP LOCKED, so that
   * concurrent 预约s on several servers each lock a different code instead of waiting for the same
   * one and then finding it given; SQLite has one writer at a time. Null when none is left.
   */
  async takeCode(campaignId: number, db: Sql): Promise<string | null> {
    const next = db.selectFrom('reserve_gift_codes').select('id').where('campaign_id', '=', campaignId).where('state', '=', 'free').orderBy('id').limit(1);
    const row = await db
      .updateTable('reserve_gift_codes')
      .set({ state: 'given', given_at: this.now() })
      .where('id', '=', this.dialect === 'postgres' ? next.forUpdate().skipLocked() : next)
      .where('state', '=', 'free')
      .returning('code')
      .executeTakeFirst();
    return row?.code ?? null;
  }

  async reservationOf(campaignId: number, phone: string, db: Sql = this.db): Promise<ReservationRow | null> {
    return (await db.selectFrom('reservations').selectAll().where('campaign_id', '=', campaignId).where('phone', '=', phone).executeTakeFirst()) ?? null;
  }

  async reservationById(campaignId: number, id: number): Promise<ReservationRow | null> {
    return (await this.db.selectFrom('reservations').selectAll().where('campaign_id', '=', campaignId).where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async insertReservation(record: { campaignId: number; phone: string; platform: ReservePlatform; channel: string; giftCode: string | null }, db: Sql): Promise<ReservationRow> {
    return db
      .insertInto('reservations')
      .values({ campaign_id: record.campaignId, phone: record.phone, platform: record.platform, channel: record.channel, gift_code: record.giftCode, created_at: this.now() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Newest first. */
  async page(campaignId: number, offset: number, limit: number): Promise<ReservationRow[]> {
    return this.db.selectFrom('reservations').selectAll().where('campaign_id', '=', campaignId).orderBy('id', 'desc').offset(offset).limit(limit).execute();
  }

  /** Oldest first, for the export. */
  async all(campaignId: number): Promise<ReservationRow[]> {
    return this.db.selectFrom('reservations').selectAll().where('campaign_id', '=', campaignId).orderBy('id').execute();
  }

  /** Deletes one record; its gift code stays given. */
  async remove(campaignId: number, id: number): Promise<boolean> {
    return (await this.db.deleteFrom('reservations').where('campaign_id', '=', campaignId).where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;
  }
}
