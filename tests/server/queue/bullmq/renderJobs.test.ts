/**
 * Render jobs on BullMQ against a real Redis: users' jobs first, then gallery pictures asked for,
 * then background ones, each first come first served; an id added twice is one job; a worker that
 * stops cleanly puts its job back in front; a worker that dies loses its job to another worker
 * once its lock lapses (again when that one dies too), and the job is rendered to its end once.
 */
import { Redis } from 'ioredis';
import { RENDER_PRIORITY, RenderHeldElsewhere, RenderJobs, RenderWorker, type RenderJobData } from '../../../../src/server/queue/bullmq/renderJobs';
import type { BackgroundRenderHold } from '../../../../src/server/queue/backgroundRenderHold';
import { deletePrefix, redisUrl, testPrefix } from '../../sharedState/testStates';
import { waitUntil } from '../../waitUntil';

jest.setTimeout(30_000);

const available = !!redisUrl() || !!process.env.WPG_REQUIRE_TEST_SERVERS;

(available ? describe : describe.skip)('render jobs on BullMQ', () => {
  let prefix: string;
  const connections: Redis[] = [];
  const workers: RenderWorker[] = [];
  let jobs: RenderJobs;

  const connect = (): Redis => {
    const url = redisUrl();
    if (!url) throw new Error('TEST_REDIS_URL is not set: start the test servers with config/scripts/testServers.sh start');
    // BullMQ's workers block on their connection: it must retry for ever rather than fail a command.
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    connections.push(connection);
    return connection;
  };

  const idOf = (data: RenderJobData): string => ('id' in data ? data.id : data.gallery);

  const worker = (render: (id: string, signal: AbortSignal) => Promise<void>, concurrency = 1, lockMs = 5000): RenderWorker => {
    const started = new RenderWorker({ connection: connect(), redisKeyPrefix: prefix, concurrency, lockMs, render: (data, signal) => render(idOf(data), signal), onGivenUp: () => {} });
    workers.push(started);
    return started;
  };

  beforeEach(() => {
    prefix = testPrefix();
    jobs = new RenderJobs(connect(), prefix);
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((started) => started.close().catch(() => {})));
    await jobs.close();
    await Promise.all(connections.splice(0).map((connection) => connection.quit().catch(() => {})));
    await deletePrefix(redisUrl() ?? '', prefix);
  });

  it('renders users\u2019 jobs first, then gallery pictures asked for, then background ones, each in order, and an id once', async () => {
    await jobs.add('background-1', RENDER_PRIORITY.galleryBackground);
    await jobs.add('user-1', RENDER_PRIORITY.user);
    await jobs.add('demand-1', RENDER_PRIORITY.galleryDemand);
    await jobs.add('user-2', RENDER_PRIORITY.user);
    await jobs.add('user-1', RENDER_PRIORITY.user);
    await jobs.add('user-3', RENDER_PRIORITY.user);
    const order: string[] = [];
    worker(async (id) => {
      order.push(id);
    });
    await waitUntil(() => order.length === 5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual(['user-1', 'user-2', 'user-3', 'demand-1', 'background-1']);
  });

  /** A worker of two slots whose renders wait to be finished (or the worker closed), keeping the hold each was given. */
  const holdingWorker = (): { started: RenderWorker; holds: Map<string, BackgroundRenderHold | undefined>; finish: Map<string, () => void> } => {
    const holds = new Map<string, BackgroundRenderHold | undefined>();
    const finish = new Map<string, () => void>();
    const render = (data: RenderJobData, signal: AbortSignal, hold?: BackgroundRenderHold): Promise<void> =>
      new Promise<void>((resolve) => {
        holds.set(idOf(data), hold);
        finish.set(idOf(data), resolve);
        signal.addEventListener('abort', () => resolve());
      });
    const started = new RenderWorker({ connection: connect(), redisKeyPrefix: prefix, concurrency: 2, lockMs: 5000, render, onGivenUp: () => {} });
    workers.push(started);
    return { started, holds, finish };
  };

  it('holds a background gallery render while the same worker renders a user\u2019s job, and releases it after', async () => {
    const { started, holds, finish } = holdingWorker();
    await jobs.addGallery('cuts-1', { kind: 'catalog-logo', styleId: 1 }, RENDER_PRIORITY.galleryBackground);
    await waitUntil(() => holds.has('cuts-1'));
    const hold = holds.get('cuts-1');
    expect(hold?.held).toBe(false);
    await jobs.add('user-1', RENDER_PRIORITY.user);
    await waitUntil(() => holds.has('user-1'));
    expect(holds.get('user-1')).toBeUndefined();
    expect(hold?.held).toBe(true);
    finish.get('user-1')?.();
    await waitUntil(() => hold?.held === false);
    finish.get('cuts-1')?.();
    await waitUntil(() => started.active === 0);
  });

  it('does not hold a gallery render someone waits for', async () => {
    const { started, holds, finish } = holdingWorker();
    await jobs.addGallery('kit-1', { kind: 'catalog-logo', styleId: 1 }, RENDER_PRIORITY.galleryDemand);
    await jobs.add('user-1', RENDER_PRIORITY.user);
    await waitUntil(() => holds.size === 2);
    expect(holds.get('kit-1')).toBeUndefined();
    for (const end of finish.values()) end();
    await waitUntil(() => started.active === 0);
  });

  it('does not hold a background gallery render raised to demand while it waited', async () => {
    await jobs.addGallery('cuts-1', { kind: 'catalog-logo', styleId: 1 }, RENDER_PRIORITY.galleryBackground);
    await jobs.addGallery('cuts-1', { kind: 'catalog-logo', styleId: 1 }, RENDER_PRIORITY.galleryDemand);
    await jobs.add('user-1', RENDER_PRIORITY.user);
    const { started, holds, finish } = holdingWorker();
    await waitUntil(() => holds.size === 2);
    expect(holds.get('cuts-1')).toBeUndefined();
    for (const end of finish.values()) end();
    await waitUntil(() => started.active === 0);
  });

  it('releases a held background gallery render as soon as it is raised to demand, while the user\u2019s job still renders', async () => {
    const { started, holds, finish } = holdingWorker();
    await jobs.addGallery('cuts-1', { kind: 'catalog-logo', styleId: 1 }, RENDER_PRIORITY.galleryBackground);
    await waitUntil(() => holds.has('cuts-1'));
    await jobs.add('user-1', RENDER_PRIORITY.user);
    await waitUntil(() => holds.has('user-1'));
    const hold = holds.get('cuts-1');
    expect(hold?.held).toBe(true);
    await jobs.addGallery('cuts-1', { kind: 'catalog-logo', styleId: 1 }, RENDER_PRIORITY.galleryDemand);
    await waitUntil(() => hold?.held === false);
    // Someone waits for it: a user job starting after does not hold it again.
    finish.get('user-1')?.();
    await jobs.add('user-2', RENDER_PRIORITY.user);
    await waitUntil(() => holds.has('user-2'));
    expect(hold?.held).toBe(false);
    for (const end of finish.values()) end();
    await waitUntil(() => started.active === 0);
  });

  it('puts a job back in front when its worker stops cleanly, for the next worker to render', async () => {
    const first: string[] = [];
    const stopping = worker(
      (id, signal) =>
        new Promise<void>((_resolve, reject) => {
          first.push(id);
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    );
    await jobs.add('user-1', RENDER_PRIORITY.user);
    await waitUntil(() => first.length === 1);
    await jobs.add('user-2', RENDER_PRIORITY.user);
    await stopping.close();
    const second: string[] = [];
    worker(async (id) => {
      second.push(id);
    });
    await waitUntil(() => second.length === 2);
    expect(second).toEqual(['user-1', 'user-2']);
  });

  it('gives the job of a worker that died to another once its lock lapses, and it ends once', async () => {
    const dying: string[] = [];
    // A render that never ends, on a connection that goes away: as a process killed with -9.
    const deadConnection = connect();
    const dead = new RenderWorker({ connection: deadConnection, redisKeyPrefix: prefix, concurrency: 1, lockMs: 1000, onGivenUp: () => {}, render: async (data) => {
      dying.push(idOf(data));
      await new Promise(() => {});
    } });
    await jobs.add('user-1', RENDER_PRIORITY.user);
    await waitUntil(() => dying.length === 1);
    deadConnection.disconnect();
    const finished: string[] = [];
    worker(async (id) => {
      finished.push(id);
    }, 1, 1000);
    await waitUntil(() => finished.length === 1, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(finished).toEqual(['user-1']);
    expect(dying).toEqual(['user-1']);
    await dead.close(true);
  });

  it('gives the job of a worker that died to another each time, twice in a row, and neither fails it nor gives it up', async () => {
    const dying: string[] = [];
    const givenUp: string[] = [];
    /** A worker whose render never ends and whose connection goes away: a process killed with -9. */
    const doomed = (): { worker: RenderWorker; connection: Redis } => {
      const connection = connect();
      const started = new RenderWorker({ connection, redisKeyPrefix: prefix, concurrency: 1, lockMs: 1000, onGivenUp: (data) => givenUp.push(idOf(data)), render: async (data) => {
        dying.push(idOf(data));
        await new Promise(() => {});
      } });
      return { worker: started, connection };
    };
    const dead: RenderWorker[] = [];
    try {
      const first = doomed();
      dead.push(first.worker);
      await jobs.add('user-1', RENDER_PRIORITY.user);
      await waitUntil(() => dying.length === 1);
      first.connection.disconnect();
      const second = doomed();
      dead.push(second.worker);
      await waitUntil(() => dying.length === 2, 15_000);
      second.connection.disconnect();
      const finished: string[] = [];
      worker(async (id) => {
        finished.push(id);
      }, 1, 1000);
      await waitUntil(() => finished.length + givenUp.length === 1, 15_000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect({ dying, finished, givenUp }).toEqual({ dying: ['user-1', 'user-1'], finished: ['user-1'], givenUp: [] });
    } finally {
      await Promise.all(dead.map((started) => started.close(true)));
    }
  });
});

(available ? describe : describe.skip)('a render job another worker still holds', () => {
  it('comes back once its lock time has passed, not failed and not given up', async () => {
    const url = redisUrl() ?? '';
    const prefix = testPrefix();
    const connections = [new Redis(url, { maxRetriesPerRequest: null }), new Redis(url, { maxRetriesPerRequest: null })];
    const jobs = new RenderJobs(connections[0], prefix);
    const tries: number[] = [];
    const givenUp: string[] = [];
    const started = new RenderWorker({
      connection: connections[1],
      redisKeyPrefix: prefix,
      concurrency: 1,
      lockMs: 300,
      render: async () => {
        tries.push(Date.now());
        // The first time, its row's lease still holds elsewhere (a worker cut off from Redis renders it).
        if (tries.length === 1) throw new RenderHeldElsewhere('held');
      },
      onGivenUp: (data) => givenUp.push('id' in data ? data.id : data.gallery),
    });
    try {
      await jobs.add('user-1', RENDER_PRIORITY.user);
      await waitUntil(() => tries.length === 2, 10_000);
      expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(250);
      expect(givenUp).toEqual([]);
    } finally {
      await started.close();
      await jobs.close();
      await Promise.all(connections.map((connection) => connection.quit().catch(() => {})));
      await deletePrefix(url, prefix);
    }
  });
});
