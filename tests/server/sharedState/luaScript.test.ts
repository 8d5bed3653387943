/** A Lua script runs by its SHA1, and still runs on a Redis that does not know it (restarted, or SCRIPT FLUSH). */
import { Redis } from 'ioredis';
import { LuaScript } from '../../../src/server/sharedState/luaScript';
import { deletePrefix, redisUrl, testPrefix } from './testStates';

const available = !!redisUrl() || !!process.env.WPG_REQUIRE_TEST_SERVERS;

(available ? describe : describe.skip)('LuaScript', () => {
  let redis: Redis;
  let prefix: string;

  beforeEach(() => {
    redis = new Redis(redisUrl() ?? '');
    prefix = testPrefix();
  });

  afterEach(async () => {
    await redis.quit();
    await deletePrefix(redisUrl() ?? '', prefix);
  });

  it('runs by its SHA1 once Redis knows it, and sends the script again when Redis has forgotten it', async () => {
    const add = new LuaScript(`return redis.call('INCRBY', KEYS[1], ARGV[1])`);
    const evalsha = jest.spyOn(redis, 'evalsha');
    const evalText = jest.spyOn(redis, 'eval');
    expect(await add.run(redis, [`${prefix}n`], [2])).toBe(2);
    expect(await add.run(redis, [`${prefix}n`], [3])).toBe(5);
    await redis.script('FLUSH');
    expect(await add.run(redis, [`${prefix}n`], [4])).toBe(9);
    // The script went in full at most on the first call and after the flush.
    expect(evalText.mock.calls.length).toBeLessThanOrEqual(2);
    expect(evalsha.mock.calls.length).toBe(3);
  });

  it('passes a script\u2019s own error on', async () => {
    const broken = new LuaScript(`return redis.call('NO_SUCH_COMMAND')`);
    await expect(broken.run(redis, [`${prefix}x`])).rejects.toThrow(/Unknown Redis command|unknown command/i);
  });
});
