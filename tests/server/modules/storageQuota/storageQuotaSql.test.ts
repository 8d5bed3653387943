/**
 * The quota's bookkeeping on both databases: sums as numbers, a folder written again replaces its
 * size, a refused reservation changes nothing, reservations racing for the last room give it to
 * one, and the sweep drops the rows of what is gone (and only after its grace).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StorageQuotaMessages } from '../../../../src/contract/storageQuota';
import { StorageQuota } from '../../../../src/server/modules/storageQuota/storageQuota';
import { DataFiles } from '../../../../src/server/storage/dataFiles';
import { LocalFileStore } from '../../../../src/server/storage/localStore';
import { describeEachDatabase, insertUser } from '../../db/testDatabases';

const QUOTA = 1000;
const HOUR = 60 * 60 * 1000;

describeEachDatabase('the storage quota’s rows', (db) => {
  let dataDir: string;
  let now: number;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-quota-'));
    now = Date.UTC(2026, 0, 1);
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const quotaOf = (quotaBytes = QUOTA) => new StorageQuota({ sql: db().sql, files: new DataFiles(dataDir, new LocalFileStore(dataDir)), now: () => now, quotaBytes });
  const at = (...parts: string[]) => path.join(dataDir, ...parts);

  it('sums each user’s rows, replaces a folder written again, and refuses past the quota with the figures', async () => {
    const quota = quotaOf();
    const alice = await insertUser(db(), '13800000001');
    const bob = await insertUser(db(), '13800000002');
    await quota.reserve(alice, at('published', 'a'), 400);
    await quota.reserve(alice, at('published', 'a'), 600);
    await quota.reserve(alice, at('uploads', 'x.png'), 300);
    expect(await quota.usage(alice)).toEqual({ usedBytes: 900, quotaBytes: QUOTA });
    await expect(quota.reserve(alice, at('uploads', 'y.png'), 101)).rejects.toThrow(StorageQuotaMessages.full({ usedBytes: 900, quotaBytes: QUOTA }));
    expect(await quota.usage(alice)).toEqual({ usedBytes: 900, quotaBytes: QUOTA });
    // What a folder held before is given back when it is written again.
    await quota.reserve(alice, at('published', 'a'), 700);
    expect((await quota.usage(alice)).usedBytes).toBe(1000);
    await expect(quota.assertRoom(alice)).rejects.toThrow('存储空间不足');
    // Another user is not touched.
    expect(await quota.usage(bob)).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
    await quota.assertRoom(bob);
    await quota.forget(at('published', 'a'));
    expect((await quota.usage(alice)).usedBytes).toBe(300);
    // Quota 0: sizes kept, nothing refused.
    const unlimited = quotaOf(0);
    await unlimited.reserve(alice, at('uploads', 'big.png'), 10 * QUOTA);
    await unlimited.assertRoom(alice);
    expect(await unlimited.usage(alice)).toEqual({ usedBytes: 300 + 10 * QUOTA, quotaBytes: 0 });
  });

  it('gives the last room to one of many reservations at once', async () => {
    const quota = quotaOf();
    const alice = await insertUser(db(), '13800000001');
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => quota.reserve(alice, at('uploads', `${n}.png`), 400)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    expect((await quota.usage(alice)).usedBytes).toBe(800);
  });

  it('sweeps the rows of files that are gone, once their grace has passed', async () => {
    const quota = quotaOf();
    const alice = await insertUser(db(), '13800000001');
    fs.mkdirSync(at('sites', 'kept'), { recursive: true });
    fs.mkdirSync(at('uploads'), { recursive: true });
    fs.writeFileSync(at('uploads', 'kept.png'), 'x');
    for (const key of [['sites', 'kept'], ['sites', 'gone'], ['uploads', 'kept.png'], ['uploads', 'gone.png'], ['published', 'gone']]) await quota.reserve(alice, at(...key), 100);
    expect(await quota.sweep()).toBe(0);
    now += HOUR + 1;
    await quota.reserve(alice, at('builder-sites', '7'), 50);
    expect(await quota.sweep()).toBe(3);
    // The young row of a folder not written yet stays.
    expect((await quota.usage(alice)).usedBytes).toBe(250);
  });
});
