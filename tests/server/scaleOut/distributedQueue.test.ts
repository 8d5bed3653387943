/**
 * The distributed queue end to end (issue 14, test 3): two API servers with QUEUE_BACKEND=bullmq
 * and three render worker processes (npm run worker) on one PostgreSQL, Redis and bucket. Thirty
 * logos asked for through either server: every poll, through either server, reports the number of
 * jobs ahead as the database has it at that moment, falling as jobs finish, and each job is
 * rendered once with its files in the bucket.
 */
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { LoginAnswer } from '../../../src/contract/auth';
import { DEFAULT_LOGO_TEXTS, type LogoCreateAnswer, type LogoPollingAnswer } from '../../../src/contract/generation';
import { bearer, post, type TestApp } from '../helpers';
import { registerAcross, scaleOutServersAvailable, startCluster, startWorkerProcess, type Cluster, type WorkerProcess } from './kit';

jest.setTimeout(240_000);

const JOBS = 30;

(scaleOutServersAvailable() ? describe : describe.skip)('the distributed queue with three worker processes', () => {
  let cluster: Cluster;
  let servers: TestApp[];
  let owner: Record<string, string>;
  const workers: WorkerProcess[] = [];
  let redis: Redis;

  beforeAll(async () => {
    cluster = await startCluster(2, {
      s3: true,
      env: { QUEUE_BACKEND: 'bullmq', QUEUE_MAX_ACTIVE_PER_USER: '100', QUEUE_MAX_ACTIVE_PER_IP: '100', QUEUE_INQUIRY_THRESHOLD: '1000' },
    });
    servers = cluster.servers;
    await registerAcross(cluster, '13800000031', 'Secret#2026');
    const login = await post<LoginAnswer>(servers[0], '/api/auth/login', { username: '13800000031', password: 'Secret#2026' });
    owner = bearer(login.data.token);
    redis = new Redis(cluster.env.REDIS_URL);
  });

  afterAll(async () => {
    for (const worker of workers) worker.dispose();
    await redis?.quit();
    await cluster?.close();
  });

  /**
   * The most a poll may count ahead of a job: the jobs queued or running before it in the
   * database, and those the database has done whose worker has not yet taken them out of the line
   * (`finishing`, its last step after the row). A job a worker has just claimed may still be
   * waiting in the line for a moment, so this holds whatever the job's own row says.
   */
  const mostAhead = async (job: { seq: number }, finishing: readonly string[]): Promise<number> => {
    const { rows } = await sql<{ n: string }>`
      SELECT COUNT(*) AS n FROM render_jobs WHERE seq < ${job.seq} AND (status IN ('queued', 'running') OR (status = 'done' AND id IN (${sql.join(['', ...finishing])})))`.execute(cluster.db.sql);
    return Number(rows[0].n);
  };
  /** The least: none once the job's row says it runs, else the jobs queued or running before it. */
  const leastAhead = async (job: { id: string; seq: number }): Promise<number> => {
    const { rows } = await sql<{ n: string }>`
      SELECT CASE WHEN (SELECT status FROM render_jobs WHERE id = ${job.id}) = 'queued'
        THEN (SELECT COUNT(*) FROM render_jobs WHERE status IN ('queued', 'running') AND seq < ${job.seq}) ELSE 0 END AS n`.execute(cluster.db.sql);
    return Number(rows[0].n);
  };
  const poll = (server: TestApp, uniqueId: string) => post<LogoPollingAnswer>(server, '/index/common/logoPolling', { uniqueId }, owner);

  it('reports through either server exactly the jobs ahead, falling as each finishes, and renders each once', async () => {
    const jobs: Array<{ id: string; seq: number }> = [];
    for (let n = 0; n < JOBS; n += 1) {
      const created = await post<LogoCreateAnswer>(servers[n % 2], '/index/common/logoCreate', { isFirst: false, ...DEFAULT_LOGO_TEXTS, logotext: `星河${n}`, logobg: 1, module: 'tl' }, owner);
      expect(created.code).toBe(200);
      // No worker runs yet: each has every earlier job ahead of it.
      expect(created.data).toMatchObject({ exist: false, waitCount: n });
      const { seq } = await cluster.db.sql.selectFrom('render_jobs').select('seq').where('id', '=', created.data.uniqueId).executeTakeFirstOrThrow();
      jobs.push({ id: created.data.uniqueId, seq });
    }
    for (const [n, job] of jobs.entries()) {
      for (const server of servers) expect((await poll(server, job.id)).data).toMatchObject({ isCreate: false, expired: false, waitCount: n });
    }

    for (let i = 0; i < 3; i += 1) workers.push(startWorkerProcess(cluster));
    const seen = new Map<string, number[]>(jobs.map((job) => [job.id, []]));
    const done = new Set<string>();
    let round = 0;
    const deadline = Date.now() + 180_000;
    while (done.size < JOBS) {
      if (Date.now() > deadline) throw new Error(`not all rendered in time; worker logs:\n${workers.map((worker) => worker.log.join('')).join('\n---\n')}`);
      for (const job of jobs) {
        if (done.has(job.id)) continue;
        const server = servers[(round + jobs.indexOf(job)) % 2];
        // Read before the database: a job that leaves the line in between is counted by neither.
        const before = await mostAhead(job, await redis.smembers(`${cluster.env.REDIS_KEY_PREFIX}renders:running`));
        const answer = (await poll(server, job.id)).data;
        const after = await leastAhead(job);
        expect(answer.expired).toBe(false);
        expect(answer.errorMsg).toBe('');
        if (answer.isCreate) {
          done.add(job.id);
          continue;
        }
        // Whatever finished between the reads, the answer lies between them.
        expect(answer.waitCount).toBeLessThanOrEqual(before);
        expect(answer.waitCount).toBeGreaterThanOrEqual(after);
        seen.get(job.id)?.push(answer.waitCount);
      }
      round += 1;
    }
    // Never up again, on whichever server it was asked.
    for (const counts of seen.values()) expect(counts).toEqual([...counts].sort((x, y) => y - x));
    // The last job saw the line fall step by step from its place.
    expect(new Set(seen.get(jobs[JOBS - 1].id)).size).toBeGreaterThan(3);

    const rows = await cluster.db.sql.selectFrom('render_jobs').select(['id', 'status', 'attempts', 'files']).execute();
    expect(rows).toHaveLength(JOBS);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'done', attempts: 1 });
      const stored = (await cluster.bucket?.list(`generated/${row.id}/`)) ?? [];
      expect(stored).toEqual((JSON.parse(row.files) as string[]).map((file) => `generated/${row.id}/${file}`));
    }
    // Each worker rendered some of them.
    for (const worker of workers) expect(worker.log.join('')).toContain('Render worker started');
  });
});
