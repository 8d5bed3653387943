import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../../src/server/db/database';
import { runMigrations } from '../../../src/server/db/migrations';
import { RateLimiter, RateScope } from '../../../src/server/security/rateLimiter';
import { createClock } from '../helpers';

let dataDir: string;
let db: Db;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-rate-test-'));
  db = openDatabase(dataDir);
  runMigrations(db);
});

afterEach(() => {
  db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('RateLimiter', () => {
  it('counts events of one scope and key over a sliding window', () => {
    const clock = createClock();
    const limiter = new RateLimiter(db, clock.now);
    limiter.hit(RateScope.smsPhone, 'a');
    clock.advanceSeconds(30);
    limiter.hit(RateScope.smsPhone, 'a');
    limiter.hit(RateScope.smsPhone, 'b');
    limiter.hit(RateScope.smsIp, 'a');
    expect(limiter.count(RateScope.smsPhone, 'a', 60)).toBe(2);
    expect(limiter.count(RateScope.smsPhone, 'a', 20)).toBe(1);
    expect(limiter.secondsSinceLast(RateScope.smsPhone, 'a')).toBe(0);
    clock.advanceSeconds(45);
    expect(limiter.count(RateScope.smsPhone, 'a', 60)).toBe(1);
    expect(limiter.secondsSinceLast(RateScope.smsPhone, 'a')).toBe(45);
    expect(limiter.secondsSinceLast(RateScope.smsPhone, 'nobody')).toBeNull();
    limiter.clear(RateScope.smsPhone, 'a');
    expect(limiter.count(RateScope.smsPhone, 'a', 3600)).toBe(0);
    expect(limiter.count(RateScope.smsPhone, 'b', 3600)).toBe(1);
  });

  it('prunes events older than two days', () => {
    const clock = createClock();
    const limiter = new RateLimiter(db, clock.now);
    limiter.hit(RateScope.smsIp, 'x');
    clock.advanceSeconds(2 * 24 * 3600 + 1);
    limiter.hit(RateScope.smsIp, 'x');
    limiter.prune();
    expect((db.prepare('SELECT COUNT(*) AS n FROM rate_events').get() as { n: number }).n).toBe(1);
  });
});
