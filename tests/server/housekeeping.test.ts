/**
 * The housekeeping registry: what each area adds runs once a period, keepers before sweeps; a
 * failed keeper leaves the sweeps for the next period, a failed sweep does not stop the others,
 * and a second server in the same period sweeps only its own memory and cache.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Housekeeping } from '../../src/server/plugins/housekeeping';
import { MemoryState } from '../../src/server/sharedState/memoryState';
import { createClock } from './helpers';

function quietLog(errors: unknown[]): FastifyBaseLogger {
  return { error: (details: unknown) => errors.push(details) } as unknown as FastifyBaseLogger;
}

describe('housekeeping', () => {
  it('runs local sweeps, then keepers, then sweeps, in the order the areas added them', async () => {
    const ran: string[] = [];
    const housekeeping = new Housekeeping(new MemoryState(createClock().now), quietLog([]));
    housekeeping.addSweep('results', () => void ran.push('sweep results'));
    housekeeping.addKeeper('builder', () => void ran.push('keep builder'));
    housekeeping.addLocalSweep('cache', () => void ran.push('local cache'));
    housekeeping.addSweep('uploads', () => void ran.push('sweep uploads'));
    await housekeeping.run();
    expect(ran).toEqual(['local cache', 'keep builder', 'sweep results', 'sweep uploads']);
  });

  it('sweeps nothing shared after a failed keeper, and goes on past a failed sweep', async () => {
    const errors: unknown[] = [];
    const ran: string[] = [];
    const clock = createClock();
    const housekeeping = new Housekeeping(new MemoryState(clock.now), quietLog(errors));
    let keeperFails = true;
    housekeeping.addKeeper('builder', () => {
      if (keeperFails) throw new Error('database away');
    });
    housekeeping.addSweep('results', () => {
      throw new Error('disk full');
    });
    housekeeping.addSweep('uploads', () => void ran.push('uploads'));
    await housekeeping.run();
    expect(ran).toEqual([]);
    expect(errors).toHaveLength(1);

    keeperFails = false;
    clock.advance(10 * 60 * 1000);
    await housekeeping.run();
    expect(ran).toEqual(['uploads']);
    expect(errors).toHaveLength(2);
  });

  it('leaves the shared sweeps to the server that took the period', async () => {
    const clock = createClock();
    const state = new MemoryState(clock.now);
    const ran: string[] = [];
    for (const server of ['a', 'b']) {
      const housekeeping = new Housekeeping(state, quietLog([]));
      housekeeping.addLocalSweep('cache', () => void ran.push(`${server} cache`));
      housekeeping.addSweep('results', () => void ran.push(`${server} results`));
      await housekeeping.run();
    }
    expect(ran).toEqual(['a cache', 'a results', 'b cache']);
  });
});
