import { QueuePositions } from '../../../src/server/queue/queuePositions';

describe('QueuePositions', () => {
  it('counts the members below a number like a scan would, through adds, deletes and window moves', () => {
    const index = new QueuePositions();
    const members = new Set<number>();
    let next = 1;
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let step = 0; step < 20_000; step += 1) {
      if (random() < 0.55 || members.size === 0) {
        // Numbers only grow, sometimes with gaps (jobs of other kinds, re-queued jobs).
        next += 1 + Math.floor(random() * 3);
        index.add(next);
        members.add(next);
      } else {
        const all = [...members];
        const gone = random() < 0.6 ? Math.min(...all) : all[Math.floor(random() * all.length)];
        expect(index.delete(gone)).toBe(true);
        members.delete(gone);
      }
      if (step % 97 === 0) {
        const probe = next - Math.floor(random() * 50);
        expect(index.countBelow(probe)).toBe([...members].filter((m) => m < probe).length);
      }
    }
    expect(index.size).toBe(members.size);
    // The window moved forward many times instead of growing with every number ever used.
    expect(index.capacity).toBeLessThan(next);
  });

  it('answers 0 below its smallest member and the size above its largest', () => {
    const index = new QueuePositions();
    [100, 200, 300].forEach((n) => index.add(n));
    expect(index.countBelow(1)).toBe(0);
    expect(index.countBelow(100)).toBe(0);
    expect(index.countBelow(101)).toBe(1);
    expect(index.countBelow(300)).toBe(2);
    expect(index.countBelow(1_000_000)).toBe(3);
    expect(index.delete(200)).toBe(true);
    expect(index.has(200)).toBe(false);
    expect(index.countBelow(301)).toBe(2);
    expect(index.delete(200)).toBe(false);
  });

  it('reads a logarithmic number of nodes with 10,000 members', () => {
    const index = new QueuePositions();
    for (let n = 1; n <= 10_000; n += 1) index.add(n);
    expect(index.countBelow(10_000)).toBe(9_999);
    expect(index.lastProbeSteps).toBeLessThanOrEqual(14);
  });
});
