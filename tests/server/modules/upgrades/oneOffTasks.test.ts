/**
 * One-off tasks on both databases: two servers starting together run a task once; one that fails
 * halfway resumes where it saved; a server that dies holding a task leaves it to another once its
 * lease is past; a task waits for those before it; one a server cannot do is left for another and
 * not marked done; a stop ends a task at its next save, unfinished.
 */
import pino from 'pino';
import { OneOffTasks, type OneOffTask } from '../../../../src/server/modules/upgrades/oneOffTasks';
import { TaskClaims } from '../../../../src/server/modules/upgrades/taskClaims';
import { describeEachDatabase } from '../../db/testDatabases';

const LEASE_MS = 60_000;
const silent = pino({ level: 'silent' });

describeEachDatabase('one-off tasks', (db) => {
  let now: number;
  beforeEach(() => {
    now = Date.UTC(2026, 0, 1);
  });

  const server = (tasks: OneOffTask[]) => new OneOffTasks({ claims: new TaskClaims(db().sql, () => now, LEASE_MS), log: silent, tasks });
  const run = async (runner: OneOffTasks): Promise<void> => {
    runner.kick();
    await runner.settled();
  };
  const rows = async () =>
    (await db().sql.selectFrom('one_off_tasks').select(['name', 'progress', 'claimed_by', 'done_at']).orderBy('name').execute()).map(({ done_at: doneAt, ...row }) => ({ ...row, done: doneAt !== null }));

  /** A task of `steps` steps that records each step it does, saving after each. */
  function steps(name: string, count: number, done: string[], failAt = -1): OneOffTask {
    return {
      name,
      run: async (progress) => {
        for (let step = progress.from ? Number(progress.from) + 1 : 0; step < count; step += 1) {
          if (step === failAt) throw new Error('disk full');
          done.push(`${name}:${step}`);
          await new Promise((resolve) => setImmediate(resolve));
          await progress.save(String(step));
        }
        return true;
      },
    };
  }

  it('runs a task once when two servers start together, and never again', async () => {
    const done: string[] = [];
    const a = server([steps('count', 5, done)]);
    const b = server([steps('count', 5, done)]);
    a.kick();
    b.kick();
    await Promise.all([a.settled(), b.settled()]);
    expect(done).toEqual(['count:0', 'count:1', 'count:2', 'count:3', 'count:4']);
    await run(server([steps('count', 5, done)]));
    expect(done).toHaveLength(5);
    expect(await rows()).toEqual([{ name: 'count', progress: '4', claimed_by: null, done: true }]);
  });

  it('resumes a failed task where it saved, and starts a task only once those before it are done', async () => {
    const done: string[] = [];
    await run(server([steps('first', 4, done, 2), steps('second', 1, done)]));
    expect(done).toEqual(['first:0', 'first:1']);
    expect(await rows()).toEqual([{ name: 'first', progress: '1', claimed_by: null, done: false }]);
    await run(server([steps('first', 4, done), steps('second', 1, done)]));
    expect(done).toEqual(['first:0', 'first:1', 'first:2', 'first:3', 'second:0']);
  });

  it('leaves a task a dead server holds until its lease is past, then resumes it', async () => {
    const done: string[] = [];
    const dead = new TaskClaims(db().sql, () => now, LEASE_MS);
    expect(await dead.claim('count')).toEqual({ progress: '' });
    await dead.save('count', '2');
    const other = server([steps('count', 5, done)]);
    await run(other);
    expect(done).toEqual([]);
    now += LEASE_MS + 1;
    await run(other);
    expect(done).toEqual(['count:3', 'count:4']);
    // The dead server, back, cannot keep what it lost.
    expect(await dead.save('count', '9')).toBe(false);
  });

  it('leaves a task this server cannot do unfinished for another, and goes on with the rest', async () => {
    const done: string[] = [];
    let asked = 0;
    const needsSetting: OneOffTask = {
      name: 'links',
      run: async () => {
        asked += 1;
        return false;
      },
    };
    const runner = server([needsSetting, steps('after', 1, done)]);
    await run(runner);
    await run(runner);
    expect(asked).toBe(1);
    expect(done).toEqual(['after:0']);
    expect((await rows()).map((row) => [row.name, row.done, row.claimed_by])).toEqual([
      ['after', true, null],
      ['links', false, null],
    ]);
  });

  it('stops a task at its next save when the app closes, unfinished and free for the next start', async () => {
    const done: string[] = [];
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: OneOffTask = {
      name: 'slow',
      run: async (progress) => {
        done.push('started');
        await gate;
        await progress.save('1');
        done.push('went on');
        return true;
      },
    };
    const runner = server([slow]);
    runner.kick();
    while (!done.length) await new Promise((resolve) => setImmediate(resolve));
    const stopped = runner.stop();
    release();
    await stopped;
    expect(done).toEqual(['started']);
    expect(await rows()).toEqual([{ name: 'slow', progress: '', claimed_by: null, done: false }]);
  });
});
