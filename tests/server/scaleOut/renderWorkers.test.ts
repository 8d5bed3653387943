/**
 * Render worker processes (npm run worker) on the distributed queue, as an operator runs them: a
 * worker killed with -9 mid-render loses its job to another worker once its lock lapses, and the
 * job is rendered to its end once with its files in the bucket once; a worker sent SIGTERM puts
 * its job back in its place and exits cleanly.
 */
import { Redis } from 'ioredis';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../src/contract/generation';
import { RENDER_PRIORITY, RenderJobs } from '../../../src/server/queue/bullmq/renderJobs';
import { WaitingIndex } from '../../../src/server/queue/bullmq/waitingIndex';
import { JobRepository } from '../../../src/server/queue/repository';
import type { UserJobSpec } from '../../../src/server/render/jobSpec';
import { redisUrl } from '../sharedState/testStates';
import { scaleOutServersAvailable, startCluster, startWorkerProcess, type Cluster, type WorkerProcess } from './kit';

jest.setTimeout(180_000);

const banner = (name: string): UserJobSpec => ({ kind: 'fsa', logoStyle: 3, bannerStyle: 2, texts: { ...DEFAULT_LOGO_TEXTS, logotext: name }, bannerTexts: DEFAULT_BANNER_TEXTS });

(scaleOutServersAvailable() ? describe : describe.skip)('render worker processes', () => {
  let cluster: Cluster;
  let redis: Redis;
  let jobs: RenderJobs;
  let index: WaitingIndex;
  let repo: JobRepository;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    cluster = await startCluster(0, { s3: true });
    redis = new Redis(redisUrl() ?? '', { maxRetriesPerRequest: null });
    const prefix = cluster.env.REDIS_KEY_PREFIX;
    jobs = new RenderJobs(redis, prefix);
    index = new WaitingIndex(redis, prefix);
    repo = new JobRepository(cluster.db.sql, 'postgres');
  });

  afterAll(async () => {
    for (const worker of workers) worker.dispose();
    await jobs?.close();
    await redis?.quit();
    await cluster?.close();
  });

  const startWorker = (): WorkerProcess => {
    const worker = startWorkerProcess(cluster);
    workers.push(worker);
    return worker;
  };

  const queue = async (id: string, spec: UserJobSpec): Promise<number> => {
    const seq = await repo.enqueue(id, spec, { userId: null, ip: null }, Date.now());
    if (seq === null) throw new Error('not queued');
    await index.add(id, seq);
    await jobs.add(id, RENDER_PRIORITY.user);
    return seq;
  };

  const until = async (what: () => Promise<boolean>, ms: number, log: string[]): Promise<void> => {
    const end = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > end) throw new Error(`timed out; worker log:\n${log.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const statusOf = async (id: string): Promise<string | undefined> => (await repo.byId(id))?.status;

  it('finishes once, on another worker, the job of a worker killed with -9 mid-render', async () => {
    const id = '1'.repeat(32);
    await queue(id, banner('断剑重铸'));
    const doomed = startWorker();
    await until(async () => (await statusOf(id)) === 'running', 60_000, doomed.log);
    doomed.process.kill('SIGKILL');
    await doomed.exited();

    const next = startWorker();
    await until(async () => (await statusOf(id)) === 'done', 120_000, next.log);
    const row = await repo.byId(id);
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    const stored = (await cluster.bucket?.list(`generated/${id}/`)) ?? [];
    expect(stored.sort()).toEqual((JSON.parse(row?.files ?? '[]') as string[]).map((file) => `generated/${id}/${file}`).sort());
    expect(await index.size()).toEqual({ waiting: 0, running: 0 });

    // SIGTERM mid-render: the job goes back to its place, the attempt not counted, and the worker exits cleanly.
    const second = '2'.repeat(32);
    const place = await queue(second, banner('星落长河'));
    await until(async () => (await statusOf(second)) === 'running', 60_000, next.log);
    next.process.kill('SIGTERM');
    expect(await next.exited()).toBe(0);
    expect(await repo.byId(second)).toMatchObject({ status: 'queued', seq: place, attempts: 0 });
    expect(await index.placeOf(second)).toEqual({ state: 'waiting', ahead: 0 });
  });
});
