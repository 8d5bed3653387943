import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectSqlite, type DatabaseConnection } from '../../../src/server/db/connection';
import { RateLimiter, RateScope } from '../../../src/server/security/rateLimiter';
import { createClock } from '../helpers';

let dataDir: string;
let database: DatabaseConnection;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-rate-test-'));
  database = connectSqlite(dataDir);
});

afterEach(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('RateLimiter', () => {
  it('counts events of one scope and key over a sliding window', async () => {
    const clock = createClock();
    const limiter = new RateLimiter(database.sql, clock.now);
    await limiter.hit(RateScope.smsPhone, 'a');
    clock.advanceSeconds(30);
    await limiter.hit(RateScope.smsPhone, 'a');
    await limiter.hit(RateScope.smsPhone, 'b');
    await limiter.hit(RateScope.smsIp, 'a');
    expect(await limiter.count(RateScope.smsPhone, 'a', 60)).toBe(2);
    expect(await limiter.count(RateScope.smsPhone, 'a', 20)).toBe(1);
    expect(await limiter.secondsSinceLast(RateScope.smsPhone, 'a')).toBe(0);
    clock.advanceSeconds(45);
    expect(await limiter.count(RateScope.smsPhone, 'a', 60)).toBe(1);
    expect(await limiter.secondsSinceLast(RateScope.smsPhone, 'a')).toBe(45);
    expect(await limiter.secondsSinceLast(RateScope.smsPhone, 'nobody')).toBeNull();
    await limiter.clear(RateScope.smsPhone, 'a');
    expect(await limiter.count(RateScope.smsPhone, 'a', 3600)).toBe(0);
    expect(await limiter.count(RateScope.smsPhone, 'b', 3600)).toBe(1);
  });

  it('prunes events older than two days', async () => {
    const clock = createClock();
    const limiter = new RateLimiter(database.sql, clock.now);
    await limiter.hit(RateScope.smsIp, 'x');
    clock.advanceSeconds(2 * 24 * 3600 + 1);
    await limiter.hit(RateScope.smsIp, 'x');
    await limiter.prune();
    expect(await database.sql.selectFrom('rate_events').selectAll().execute()).toHaveLength(1);
  });
});
