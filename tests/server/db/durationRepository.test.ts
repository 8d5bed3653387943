/** Render times on both engines: the newest DURATION_HISTORY of each style are kept, oldest first. */
import { DURATION_HISTORY, DurationRepository } from '../../../src/server/queue/renderDurations';
import { describeEachDatabase } from './testDatabases';

describeEachDatabase('DurationRepository', (db) => {
  it('keeps the newest times of each style and answers them oldest first', async () => {
    const store = new DurationRepository(db().sql);
    for (let n = 1; n <= DURATION_HISTORY + 5; n += 1) await store.add({ kind: 'tl', style: '1', finishedAt: n * 1000, renderMs: n + 0.4 });
    await store.add({ kind: 'fsa', style: '1', finishedAt: 500, renderMs: 12_000 });
    const all = await store.all();
    const logos = all.filter((sample) => sample.kind === 'tl');
    expect(logos).toHaveLength(DURATION_HISTORY);
    expect(logos[0]).toEqual({ kind: 'tl', style: '1', finishedAt: 6000, renderMs: 6 });
    expect(logos[logos.length - 1].finishedAt).toBe((DURATION_HISTORY + 5) * 1000);
    expect(all[0]).toEqual({ kind: 'fsa', style: '1', finishedAt: 500, renderMs: 12_000 });
  });
});
