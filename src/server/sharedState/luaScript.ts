/**
 * A Lua script run by its SHA1 (EVALSHA): Redis keeps compiled scripts, so each call sends forty
 * characters instead of the script and Redis skips hashing it again. The first call on a server
 * that does not know the script yet (or after SCRIPT FLUSH or a restart) sends it once with EVAL.
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';

export class LuaScript {
  private readonly sha: string;

  constructor(private readonly lua: string) {
    this.sha = crypto.createHash('sha1').update(lua).digest('hex');
  }

  async run(redis: Redis, keys: readonly string[], args: ReadonlyArray<string | number> = []): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}
