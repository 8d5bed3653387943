/**
 * The waiting line of the distributed queue, kept in Redis beside BullMQ (which has no cheap "how
 * many are ahead of this job"): a sorted set of queued job ids scored by their place in the line
 * (the database row's sequence number) and a set of running ids. The count a user sees, the jobs
 * running plus the queued ones ahead, is one ZRANK and one SCARD: O(log n), exact, the same
 * through every API server, and with no write to the database per poll.
 *
 * Beside the line, what the API servers need to answer without reading rows: each active job's
 * owner, address, kind and style, expected end, start and last poll (a hash per job), the queued
 * work per kind and style (the expected wait) and the active jobs per user and address (their
 * limits). Every change of state is one script, so a reader never sees a job in both places or in
 * neither, and the counts always match the line. The scripts build the per-job key from its
 * prefix (one Redis, not a Cluster: out of scope).
 */
import type { Redis } from 'ioredis';
import type { RenderStage } from '../../render/jobSpec';
import { LuaScript } from '../../sharedState/luaScript';

/** What a job carries into the line. */
export interface LineEntry {
  /** Kind and style of its render (the expected wait counts by them). */
  work: string;
  /** The submitter's user id, '' for none. */
  owner: string;
  /** The submitter's address as addressLimitKey counts it, '' for none. */
  ipKey: string;
  /** When it should be done, as estimated when it was queued. */
  expectedDoneAt: number;
  /** The create that queued it counts as its first poll. */
  polledAt: number;
}

/** KEYS: waiting, running, work counts, user counts, ip counts. ARGV[1]: job key prefix. */
const COMMON = `
local jobKey = ARGV[1] .. ARGV[2]
local function count(change)
  local entry = redis.call('HMGET', jobKey, 'owner', 'ipKey')
  if entry[1] and entry[1] ~= '' then
    if redis.call('HINCRBY', KEYS[4], entry[1], change) <= 0 then redis.call('HDEL', KEYS[4], entry[1]) end
  end
  if entry[2] and entry[2] ~= '' then
    if redis.call('HINCRBY', KEYS[5], entry[2], change) <= 0 then redis.call('HDEL', KEYS[5], entry[2]) end
  end
end
local function queuedWork(change)
  local work = redis.call('HGET', jobKey, 'work')
  if work then
    if redis.call('HINCRBY', KEYS[3], work, change) <= 0 then redis.call('HDEL', KEYS[3], work) end
  end
end
`;

/** ARGV: prefix, id, place, work, owner, ipKey, expectedDoneAt, polledAt. 1 when added, 0 when it was in line already. */
const ADD = new LuaScript(`${COMMON}
if redis.call('ZSCORE', KEYS[1], ARGV[2]) or redis.call('SISMEMBER', KEYS[2], ARGV[2]) == 1 then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
redis.call('DEL', jobKey)
redis.call('HSET', jobKey, 'work', ARGV[4], 'owner', ARGV[5], 'ipKey', ARGV[6], 'expectedDoneAt', ARGV[7], 'polledAt', ARGV[8])
queuedWork(1)
count(1)
return 1`);

/** A queued job starts. ARGV: prefix, id, at. 1 when it was waiting. */
const START = new LuaScript(`${COMMON}
if redis.call('ZREM', KEYS[1], ARGV[2]) == 0 then return 0 end
redis.call('SADD', KEYS[2], ARGV[2])
queuedWork(-1)
redis.call('HSET', jobKey, 'startedAt', ARGV[3])
return 1`);

/** A job ended (done, failed or expired), wherever it was. ARGV: prefix, id. 1 when it was in line. */
const REMOVE = new LuaScript(`${COMMON}
local waiting = redis.call('ZREM', KEYS[1], ARGV[2])
local running = redis.call('SREM', KEYS[2], ARGV[2])
if waiting == 1 then queuedWork(-1) end
if waiting == 1 or running == 1 then count(-1) end
redis.call('DEL', jobKey)
return waiting + running`);

/** A running job goes back to its place in the line. ARGV: prefix, id, place. */
const PUT_BACK = new LuaScript(`${COMMON}
if redis.call('SREM', KEYS[2], ARGV[2]) == 0 then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
queuedWork(1)
redis.call('HDEL', jobKey, 'startedAt')
return 1`);

/**
 * A poll: where the job is and what the answer needs, and its last poll moved on (at most once a
 * second: the expiry counts minutes), unless it is someone else's (user scope) or was left unpolled
 * past the expiry (the caller expires it).
 * ARGV: prefix, id, asker ('*' for anyone), at, expiryMs.
 * Returns {state, ahead, expectedDoneAt, startedAt, work}: state 0 absent, 1 waiting, 2 running,
 * 3 someone else's, 4 waiting but unpolled too long.
 */
const POLL = new LuaScript(`${COMMON}
local rank = redis.call('ZRANK', KEYS[1], ARGV[2])
local running = redis.call('SISMEMBER', KEYS[2], ARGV[2]) == 1
if not rank and not running then return {0, 0, '', '', ''} end
local entry = redis.call('HMGET', jobKey, 'owner', 'polledAt', 'expectedDoneAt', 'startedAt', 'work')
if ARGV[3] ~= '*' and (entry[1] or '') ~= ARGV[3] then return {3, 0, '', '', ''} end
if rank and tonumber(ARGV[4]) - tonumber(entry[2] or ARGV[4]) > tonumber(ARGV[5]) then return {4, 0, '', '', ''} end
if tonumber(entry[2] or 0) < tonumber(ARGV[4]) - 1000 then redis.call('HSET', jobKey, 'polledAt', ARGV[4]) end
if rank then
  return {1, rank + redis.call('SCARD', KEYS[2]), entry[3] or '', '', entry[5] or '', ''}
end
return {2, 0, entry[3] or '', entry[4] or '', entry[5] or '', redis.call('HGET', jobKey, 'stage') or ''}`);

/** A running job's render moved on to a stage (RenderStage). ARGV: prefix, id, stage. Nothing for a job no longer in line. */
const SET_STAGE = new LuaScript(`
local jobKey = ARGV[1] .. ARGV[2]
if redis.call('SISMEMBER', KEYS[2], ARGV[2]) == 1 then redis.call('HSET', jobKey, 'stage', ARGV[3]) end
return 0`);

/** {rank or -1, running count, 1 when running}. KEYS: waiting, running; ARGV: id. */
const AHEAD = new LuaScript(`
local rank = redis.call('ZRANK', KEYS[1], ARGV[1])
return {rank or -1, redis.call('SCARD', KEYS[2]), redis.call('SISMEMBER', KEYS[2], ARGV[1])}`);

export type JobPlace = { state: 'waiting'; ahead: number } | { state: 'running'; ahead: 0 } | { state: 'absent' };

export type PolledPlace =
  | { state: 'absent' | 'foreign' | 'unpolled' }
  | { state: 'waiting'; ahead: number; expectedDoneAt: number | null; work: string }
  | { state: 'running'; expectedDoneAt: number | null; startedAt: number | null; work: string; stage: RenderStage | null };

/** A running job as the estimates need it. */
export interface RunningEntry {
  id: string;
  work: string;
  startedAt: number | null;
}

const numberOrNull = (value: string | null | undefined): number | null => (value ? Number(value) : null);

export class WaitingIndex {
  private readonly waiting: string;
  private readonly running: string;
  private readonly work: string;
  private readonly byUser: string;
  private readonly byIp: string;
  private readonly jobPrefix: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.waiting = `${prefix}renders:waiting`;
    this.running = `${prefix}renders:running`;
    this.work = `${prefix}renders:queued-work`;
    this.byUser = `${prefix}renders:active-by-user`;
    this.byIp = `${prefix}renders:active-by-ip`;
    this.jobPrefix = `${prefix}renders:job:`;
  }

  private run(script: LuaScript, ...args: Array<string | number>): Promise<unknown> {
    return script.run(this.redis, [this.waiting, this.running, this.work, this.byUser, this.byIp], [this.jobPrefix, ...args]);
  }

  /**
   * Puts a new job in line at `place` (its sequence number); a job already in line (waiting or
   * running) keeps its place and its entry. True when it was added.
   */
  async add(id: string, place: number, entry: Partial<LineEntry> = {}): Promise<boolean> {
    const { work = '', owner = '', ipKey = '', expectedDoneAt = 0, polledAt = 0 } = entry;
    return (await this.run(ADD, id, place, work, owner, ipKey, expectedDoneAt, polledAt)) === 1;
  }

  /** Where `id` is: waiting with the number of jobs ahead of it (running ones included), running, or neither. */
  async placeOf(id: string): Promise<JobPlace> {
    const [rank, running, member] = (await AHEAD.run(this.redis, [this.waiting, this.running], [id])) as [number, number, number];
    if (rank >= 0) return { state: 'waiting', ahead: running + rank };
    return member ? { state: 'running', ahead: 0 } : { state: 'absent' };
  }

  /** A poll by `asker` ('*' for anyone) at `at`: see POLL. */
  async poll(id: string, asker: string, at: number, expiryMs: number): Promise<PolledPlace> {
    const [state, ahead, expected, started, work, stage] = (await this.run(POLL, id, asker, at, expiryMs)) as [number, number, string, string, string, string];
    switch (state) {
      case 1:
        return { state: 'waiting', ahead, expectedDoneAt: numberOrNull(expected), work };
      case 2:
        return { state: 'running', expectedDoneAt: numberOrNull(expected), startedAt: numberOrNull(started), work, stage: stage === 'painting' || stage === 'video' ? stage : null };
      case 3:
        return { state: 'foreign' };
      case 4:
        return { state: 'unpolled' };
      default:
        return { state: 'absent' };
    }
  }

  /** Jobs waiting and running, for a new job's expected wait and the inquiry threshold. */
  async size(): Promise<{ waiting: number; running: number }> {
    const [waiting, running] = await Promise.all([this.redis.zcard(this.waiting), this.redis.scard(this.running)]);
    return { waiting, running };
  }

  /** Queued jobs per kind and style (LineEntry.work). */
  async queuedWork(): Promise<Map<string, number>> {
    const counts = await this.redis.hgetall(this.work);
    return new Map(Object.entries(counts).map(([work, count]) => [work, Number(count)]));
  }

  /** The jobs running now with their kind, style and start (a handful: one per render slot). */
  async runningJobs(): Promise<RunningEntry[]> {
    const ids = await this.redis.smembers(this.running);
    if (!ids.length) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hmget(this.jobPrefix + id, 'work', 'startedAt');
    const replies = (await pipeline.exec()) ?? [];
    return ids.flatMap((id, n) => {
      const [work, startedAt] = (replies[n]?.[1] as Array<string | null> | undefined) ?? [null, null];
      // Ended between the two reads: its entry is gone with it.
      return work ? [{ id, work, startedAt: numberOrNull(startedAt) }] : [];
    });
  }

  /** Active jobs of a user and of an address (their limits), two hash reads. */
  async activeOf(owner: string, ipKey: string): Promise<{ user: number; ip: number }> {
    const [user, ip] = await Promise.all([owner ? this.redis.hget(this.byUser, owner) : null, ipKey ? this.redis.hget(this.byIp, ipKey) : null]);
    return { user: Number(user ?? 0), ip: Number(ip ?? 0) };
  }

  /** A worker starts `id` at `at`: false when it was not waiting (expired, or started by another worker). */
  async start(id: string, at = Date.now()): Promise<boolean> {
    return (await this.run(START, id, at)) === 1;
  }

  /** A running job's render says where it is (a banner painting its key art, then its video), for the polls. */
  async setStage(id: string, stage: RenderStage): Promise<void> {
    await this.run(SET_STAGE, id, stage);
  }

  /** A job ended (done, failed or expired), wherever it was; false when it was in line nowhere. */
  async remove(id: string): Promise<boolean> {
    return Number(await this.run(REMOVE, id)) > 0;
  }

  /** A job whose render was interrupted (a worker stopped) goes back to its own place in line. */
  async putBack(id: string, place: number): Promise<void> {
    await this.run(PUT_BACK, id, place);
  }

  /** The ids waiting, oldest first, from `offset` (the unpolled-expiry sweep reads them in pages). */
  async waitingIds(offset: number, count: number): Promise<string[]> {
    return this.redis.zrange(this.waiting, offset, offset + count - 1);
  }

  /** When each of `ids` was last polled (null for a job no longer in line). */
  async polledAt(ids: readonly string[]): Promise<Array<number | null>> {
    if (!ids.length) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hget(this.jobPrefix + id, 'polledAt');
    const replies = (await pipeline.exec()) ?? [];
    return ids.map((_, n) => numberOrNull(replies[n]?.[1] as string | null));
  }
}
