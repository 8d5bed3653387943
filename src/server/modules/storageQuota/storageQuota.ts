import path from 'node:path';
import { StorageQuotaMessages, type StorageUsage } from '../../../contract/storageQuota';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import { invalid } from '../../http/envelope';
import type { DataFiles } from '../../storage/dataFiles';

/**
 * A row younger than this is left alone by the sweep: a reservation is written just before its
 * file, and a folder being published to the shared store is not listed there yet.
 */
const SWEEP_GRACE_MS = 60 * 60 * 1000;

export interface StorageQuotaDeps {
  sql: Sql;
  files: DataFiles;
  now: Clock;
  /** USER_STORAGE_QUOTA_MB in bytes; 0 checks nothing (the sizes are still kept, for 个人中心 and a quota set later). */
  quotaBytes: number;
}

/**
 * USER_STORAGE_QUOTA_MB: what each user keeps (their uploads, their site folders, their builder
 * sites' completions, their published copies) as rows of stored_bytes, one per file or folder by
 * its storage key. Writing a folder again replaces its row, so the sum cannot drift from repeated
 * writes; housekeeping drops the rows of what its sweeps deleted (sweep).
 *
 * Writes whose size is known before they land (an upload once streamed, a folder rendered or copied
 * into its temp folder) reserve it: the user's row is held while the sum is read (PostgreSQL locks
 * it, SQLite has one writer), so two writes at once cannot both take the last room. Writes whose
 * size only a render tells (a new site's first preview) are refused only once the user is at the
 * quota, and recorded after: those overshoot by at most one such folder each.
 */
export class StorageQuota {
  constructor(private readonly deps: StorageQuotaDeps) {}

  get quotaBytes(): number {
    return this.deps.quotaBytes;
  }

  async usage(userId: number, db: Sql = this.deps.sql): Promise<StorageUsage> {
    const row = await db
      .selectFrom('stored_bytes')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.lit(0)).as('used'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { usedBytes: Number(row?.used ?? 0), quotaBytes: this.deps.quotaBytes };
  }

  /** Refuses, with the figures, a user already at the quota. */
  async assertRoom(userId: number): Promise<void> {
    if (!this.deps.quotaBytes) return;
    const usage = await this.usage(userId);
    if (usage.usedBytes >= usage.quotaBytes) throw invalid(StorageQuotaMessages.full(usage));
  }

  /**
   * Takes `bytes` for the file or folder at `localPath` (what was kept there before is given back),
   * or refuses with the figures when the user's total would pass the quota; nothing changes then.
   */
  async reserve(userId: number, localPath: string, bytes: number): Promise<void> {
    const key = this.deps.files.keyOf(localPath);
    await this.deps.sql.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', userId)
        .execute();
      if (this.deps.quotaBytes) {
        const usage = await this.usage(userId, trx);
        const previous = await trx.selectFrom('stored_bytes').select('bytes').where('key', '=', key).where('user_id', '=', userId).executeTakeFirst();
        if (usage.usedBytes - Number(previous?.bytes ?? 0) + bytes > usage.quotaBytes) throw invalid(StorageQuotaMessages.full(usage));
      }
      await this.write(trx, userId, key, bytes);
    });
  }

  /** Records what a write that is never refused left at `localPath` (a preview rendered again after a save). */
  async record(userId: number, localPath: string, bytes: number): Promise<void> {
    await this.write(this.deps.sql, userId, this.deps.files.keyOf(localPath), bytes);
  }

  /**
   * What is kept at `localPath` changed by `bytes` in place (a picture in it written again without
   * its metadata, a page given its 举报 link); nothing when it has no row.
   */
  async adjust(localPath: string, bytes: number): Promise<void> {
    await this.deps.sql
      .updateTable('stored_bytes')
      .set((eb) => ({ bytes: eb('bytes', '+', bytes) }))
      .where('key', '=', this.deps.files.keyOf(localPath))
      .where('bytes', '>=', -bytes)
      .execute();
  }

  /** The file or folder at `localPath` is gone. */
  async forget(localPath: string): Promise<void> {
    await this.deps.sql.deleteFrom('stored_bytes').where('key', '=', this.deps.files.keyOf(localPath)).execute();
  }

  /**
   * Housekeeping: drops the rows of files and folders that are gone (uploads past their 14 days,
   * mini sites past theirs, previews left alone, whichever server deleted them); answers how many.
   */
  async sweep(): Promise<number> {
    const { sql, files, now } = this.deps;
    const rows = await sql.selectFrom('stored_bytes').select('key').where('updated_at', '<', now() - SWEEP_GRACE_MS).execute();
    const byFolder = new Map<string, string[]>();
    for (const { key } of rows) {
      const folder = key.split('/')[0];
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), key]);
    }
    const gone: string[] = [];
    for (const [folder, keys] of byFolder) {
      const present = new Set(await files.entriesOf(path.join(files.dataDir, folder)));
      gone.push(...keys.filter((key) => !present.has(key.slice(folder.length + 1))));
    }
    for (let start = 0; start < gone.length; start += 500) {
      await sql.deleteFrom('stored_bytes').where('key', 'in', gone.slice(start, start + 500)).execute();
    }
    return gone.length;
  }

  private async write(db: Sql, userId: number, key: string, bytes: number): Promise<void> {
    const at = this.deps.now();
    await db
      .insertInto('stored_bytes')
      .values({ key, user_id: userId, bytes, updated_at: at })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ user_id: userId, bytes, updated_at: at }))
      .execute();
  }
}
