/**
 * The waiting line of the distributed queue, kept in Redis beside BullMQ (which has no cheap "how
 * many are ahead of this job"): a sorted set of queued job ids scored by their place in the line
 * (the database row's sequence number) and a set of running ids. The count a user sees, the jobs
 * running plus the queued ones ahead, is one ZRANK and one SCARD: O(log n), exact, the same
 * through every API server, and with no write per poll. Every change of state is one script, so a
 * reader never sees a job in both or in neither.
 */
import type { Redis } from 'ioredis';

/** {rank or -1, running}. KEYS: waiting, running; ARGV: id. */
const AHEAD = `
local rank = redis.call('ZRANK', KEYS[1], ARGV[1])
return {rank or -1, redis.call('SCARD', KEYS[2])}`;

/** A queued job starts: 1 when it was waiting. KEYS: waiting, running; ARGV: id. */
const START = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('SADD', KEYS[2], ARGV[1])
return 1`;

/** A running job goes back to its place in the line. KEYS: waiting, running; ARGV: id, place. */
const PUT_BACK = `
redis.call('SREM', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
return 1`;

export type JobPlace = { state: 'waiting'; ahead: number } | { state: 'running'; ahead: 0 } | { state: 'absent' };

export class WaitingIndex {
  private readonly waiting: string;
  private readonly running: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.waiting = `${prefix}renders:waiting`;
    this.running = `${prefix}renders:running`;
  }

  /** Puts a new job in line at `place` (its sequence number); a job already there keeps its place. */
  async add(id: string, place: number): Promise<void> {
    await this.redis.zadd(this.waiting, 'NX', place, id);
  }

  /** Where `id` is: waiting with the number of jobs ahead of it (running ones included), running, or neither. */
  async placeOf(id: string): Promise<JobPlace> {
    const [rank, running] = (await this.redis.eval(AHEAD, 2, this.waiting, this.running, id)) as [number, number];
    if (rank >= 0) return { state: 'waiting', ahead: running + rank };
    return (await this.redis.sismember(this.running, id)) ? { state: 'running', ahead: 0 } : { state: 'absent' };
  }

  /** Jobs waiting and running, for a new job's expected wait and the inquiry threshold. */
  async size(): Promise<{ waiting: number; running: number }> {
    const [waiting, running] = await Promise.all([this.redis.zcard(this.waiting), this.redis.scard(this.running)]);
    return { waiting, running };
  }

  /** A worker starts `id`: false when it was not waiting (expired, or started by another worker). */
  async start(id: string): Promise<boolean> {
    return (await this.redis.eval(START, 2, this.waiting, this.running, id)) === 1;
  }

  /** A job ended (done, failed or expired), wherever it was. */
  async remove(id: string): Promise<void> {
    await this.redis.multi().zrem(this.waiting, id).srem(this.running, id).exec();
  }

  /** A job whose render was interrupted (a worker stopped) goes back to its own place in line. */
  async putBack(id: string, place: number): Promise<void> {
    await this.redis.eval(PUT_BACK, 2, this.waiting, this.running, id, place);
  }

  /** The ids waiting, oldest first, from `offset` (the unpolled-expiry sweep reads them in pages). */
  async waitingIds(offset: number, count: number): Promise<string[]> {
    return this.redis.zrange(this.waiting, offset, offset + count - 1);
  }
}
