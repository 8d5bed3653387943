/**
 * What every fault test does around its fault: two API servers with the distributed queue and two
 * render worker processes, a user who asks for renders through both servers and polls each job as
 * the SPA does, and the checks that hold whatever the fault: every answer a poll got was the job's
 * state or a refusal in Chinese, every accepted job ended done with its files in the bucket, and
 * each was rendered to its end once (counted from the workers' own log lines).
 */
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, type GenerationModule, type LogoCreateAnswer, type LogoPollingAnswer } from '../../../src/contract/generation';
import { Messages } from '../../../src/contract/messages';
import type { LoginAnswer } from '../../../src/contract/auth';
import { bearer, post, type TestApp } from '../helpers';
import { s3Endpoint } from '../storage/testStores';
import { startBucketProxy, startPrivateRedis, type BucketProxy, type RestartableServer } from './faultServers';
import { registerAcross, startCluster, startWorkerProcess, type Cluster, type WorkerProcess } from './kit';

/** An answer that is not the job's state: what the user would be shown. */
export interface Refusal {
  status: number;
  code: number;
  msg: string;
}

export interface FaultRun {
  cluster: Cluster;
  servers: TestApp[];
  workers: WorkerProcess[];
  /** Jobs accepted (a create answered with an id or with the finished result), by id. */
  jobs: Map<string, { kind: string; done: boolean }>;
  /** Every answer that was not the job's state, as its user would have seen it. */
  refusals: Refusal[];
  /** Polls answered with the job's state (waiting, running or done). */
  answered: number;
  /** Asks for a render of each module (an animated logo takes seconds, a logo a moment) through both servers in turn. */
  submit(modules: readonly GenerationModule[], label: string): Promise<void>;
  /** One poll of every job not done yet, each through one of the servers in turn. */
  pollOnce(): Promise<void>;
  /** Polls (every 300 ms, as a waiting page does) until every accepted job is done; fails after `ms`. */
  pollUntilDone(ms: number): Promise<void>;
  /** Polls until `condition` holds, every 300 ms. */
  pollWhile(condition: () => boolean | Promise<boolean>, ms: number): Promise<void>;
  /** Jobs whose rows say they render now. */
  runningJobs(): Promise<number>;
  /** How many renders each job started and finished, from the workers' logs. */
  renders(): { started: Map<string, number>; finished: Map<string, number> };
  /** What the run met, in a line: jobs, polls answered with a state, refusals by message. */
  summary(): string;
  /** The workers' logs, for a failing test to show. */
  logs(): string;
  close(): Promise<void>;
}

const CHINESE = /[\u4e00-\u9fff]/;

/** Parses the JSON lines of a process's log (pino), skipping anything else. */
export function logLines(chunks: readonly string[]): Array<Record<string, unknown>> {
  return chunks
    .join('')
    .split('\n')
    .flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

export async function startFaultRun(options: { databaseUrl?: string; redisUrl?: string; s3Endpoint?: string; workerEnv?: Record<string, string> } = {}): Promise<FaultRun> {
  const { workerEnv, ...servers } = options;
  const cluster = await startCluster(2, {
    s3: true,
    ...servers,
    env: { QUEUE_BACKEND: 'bullmq', QUEUE_MAX_ACTIVE_PER_USER: '100', QUEUE_MAX_ACTIVE_PER_IP: '100', QUEUE_INQUIRY_THRESHOLD: '1000' },
  });
  const phone = '13800000041';
  await registerAcross(cluster, phone, 'Secret#2026');
  const login = await post<LoginAnswer>(cluster.servers[0], '/api/auth/login', { username: phone, password: 'Secret#2026' });
  const owner = bearer(login.data.token);
  const workers = [startWorkerProcess(cluster, workerEnv), startWorkerProcess(cluster, workerEnv)];
  // Both at work before any fault: a fault meets a cluster that runs, not one that starts.
  const end = Date.now() + 60_000;
  while (!workers.every((worker) => worker.log.join('').includes('Render worker started'))) {
    if (Date.now() > end || workers.some((worker) => worker.process.exitCode !== null)) throw new Error(`the workers did not start:\n${workers.map((worker) => worker.log.join('')).join('\n---\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const jobs = new Map<string, { kind: string; done: boolean }>();
  const refusals: Refusal[] = [];
  let turn = 0;

  /** Notes an answer that is not a state; throws on one no user should see. */
  const refused = (answer: { status: number; code: number; msg: string }, what: string): void => {
    refusals.push({ status: answer.status, code: answer.code, msg: answer.msg });
    if (!CHINESE.test(answer.msg) || answer.msg === Messages.serverError) {
      throw new Error(`${what} answered HTTP ${answer.status} code ${answer.code} "${answer.msg}": not a message a user can act on`);
    }
  };

  const run: FaultRun = {
    cluster,
    servers: cluster.servers,
    workers,
    jobs,
    refusals,
    answered: 0,
    async submit(modules, label) {
      for (const [n, module] of modules.entries()) {
        const body = { isFirst: false, ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logotext: `${label}${n}`, logobg: 3, banner: 2, module };
        turn += 1;
        const created = await post<LogoCreateAnswer>(cluster.servers[turn % 2], '/index/common/logoCreate', body, owner);
        if (created.status !== 200 || created.code !== 200) {
          refused(created, 'logoCreate');
          continue;
        }
        jobs.set(created.data.uniqueId, { kind: module, done: created.data.exist });
      }
    },
    async pollOnce() {
      for (const [id, job] of jobs) {
        if (job.done) continue;
        turn += 1;
        const answer = await post<LogoPollingAnswer>(cluster.servers[turn % 2], '/index/common/logoPolling', { uniqueId: id }, owner);
        if (answer.status !== 200 || answer.code !== 200) {
          refused(answer, 'logoPolling');
          continue;
        }
        if (answer.data.expired) throw new Error(`job ${id} (${job.kind}) was reported lost: "${answer.data.errorMsg}"; worker logs:\n${run.logs()}`);
        run.answered += 1;
        if (answer.data.isCreate) job.done = true;
      }
    },
    async pollWhile(condition, ms) {
      const end = Date.now() + ms;
      let shown = Date.now();
      while (await condition()) {
        // FAULT_DEBUG=1: the rows every 5 s while a test waits, to see where a slow or stuck run is.
        if (process.env.FAULT_DEBUG && Date.now() - shown > 5000) {
          shown = Date.now();
          const rows = await cluster.db.sql.selectFrom('render_jobs').select(['id', 'status', 'attempts']).execute().catch(() => []);
          console.info(JSON.stringify({ rows: rows.map((row) => `${row.id.slice(0, 6)}:${row.status}:${row.attempts}`), done: [...jobs.values()].filter((job) => job.done).length, refusals: refusals.length }));
        }
        if (Date.now() > end) throw new Error(`timed out; worker logs:\n${run.logs()}`);
        await run.pollOnce();
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    },
    pollUntilDone(ms) {
      return run.pollWhile(() => [...jobs.values()].some((job) => !job.done), ms);
    },
    async runningJobs() {
      const rows = await cluster.db.sql.selectFrom('render_jobs').select('id').where('status', '=', 'running').execute();
      return rows.length;
    },
    renders() {
      const started = new Map<string, number>();
      const finished = new Map<string, number>();
      for (const worker of workers) {
        for (const line of logLines(worker.log)) {
          const id = typeof line.jobId === 'string' ? line.jobId : null;
          if (!id) continue;
          if (line.msg === 'render started') started.set(id, (started.get(id) ?? 0) + 1);
          if (line.msg === 'render finished') finished.set(id, (finished.get(id) ?? 0) + 1);
        }
      }
      return { started, finished };
    },
    summary() {
      const byMessage = new Map<string, number>();
      for (const refusal of refusals) byMessage.set(`HTTP ${refusal.status} ${refusal.msg}`, (byMessage.get(`HTTP ${refusal.status} ${refusal.msg}`) ?? 0) + 1);
      return `${jobs.size} jobs, ${run.answered} polls answered with the job's state, refused: ${JSON.stringify(Object.fromEntries(byMessage))}`;
    },
    logs() {
      return workers.map((worker) => worker.log.join('')).join('\n---\n');
    },
    async close() {
      for (const worker of workers) worker.dispose();
      await cluster.close();
    },
  };
  return run;
}

/**
 * What holds after every fault: each accepted job done once in its row with its files in the
 * bucket, rendered to its end by one worker once (the job of `killed` workers started again by
 * another each time), and the worker processes still the ones started.
 */
export async function expectNothingLostOrTwice(run: FaultRun, killed: { workers: WorkerProcess[]; job: string } | null = null): Promise<void> {
  const rows = await run.cluster.db.sql.selectFrom('render_jobs').select(['id', 'status', 'files', 'error']).execute();
  const { started, finished } = run.renders();
  for (const [id, job] of run.jobs) {
    expect({ id, done: job.done }).toEqual({ id, done: true });
    const row = rows.find((candidate) => candidate.id === id);
    expect(row).toMatchObject({ status: 'done', error: '' });
    // Its files (a logo's brand kit may have joined them since: the API servers make it when asked).
    const stored = (await run.cluster.bucket?.list(`generated/${id}/`)) ?? [];
    expect(stored).toEqual(expect.arrayContaining((JSON.parse(row?.files ?? '[]') as string[]).map((file) => `generated/${id}/${file}`)));
    expect({ id, finished: finished.get(id) ?? 0 }).toEqual({ id, finished: 1 });
    expect({ id, started: started.get(id) ?? 0 }).toEqual({ id, started: id === killed?.job ? killed.workers.length + 1 : 1 });
  }
  // The processes started at first, all still there (an exit is shown with its log).
  for (const [n, worker] of run.workers.entries()) {
    if (!killed?.workers.includes(worker)) expect({ worker: n, exitCode: worker.process.exitCode, log: worker.process.exitCode === null ? '' : worker.log.join('') }).toEqual({ worker: n, exitCode: null, log: '' });
  }
  // Renders that no accepted job accounts for would be work done twice under another name.
  expect([...finished.keys()].filter((id) => !run.jobs.has(id))).toEqual([]);
}

/**
 * Registers, in the calling describe, a fault run whose Redis is a private one the test stops and
 * starts: `run` and `redis` are there once beforeAll has run, and everything is closed after.
 */
export function faultRunOnPrivateRedis(): { run: FaultRun; redis: RestartableServer } {
  const live = {} as { run: FaultRun; redis: RestartableServer };
  beforeAll(async () => {
    live.redis = await startPrivateRedis();
    live.run = await startFaultRun({ redisUrl: live.redis.url });
  });
  afterAll(async () => {
    // Up again whatever failed: the cluster's close deletes its keys there.
    await live.redis?.start();
    await live.run?.close();
    await live.redis?.dispose();
  });
  return live;
}

/**
 * Registers, in the calling describe, a fault run whose bucket is reached through a proxy the test
 * makes unavailable: `run` and `proxy` are there once beforeAll has run, and everything is closed after.
 */
export function faultRunBehindBucketProxy(): { run: FaultRun; proxy: BucketProxy } {
  const live = {} as { run: FaultRun; proxy: BucketProxy };
  beforeAll(async () => {
    const bucket = s3Endpoint();
    if (!bucket) throw new Error('TEST_S3_ENDPOINT is not set: start the test servers with config/scripts/testServers.sh start');
    live.proxy = await startBucketProxy(bucket);
    live.run = await startFaultRun({ s3Endpoint: live.proxy.endpoint });
  });
  afterAll(async () => {
    if (live.proxy) live.proxy.unavailable = false;
    await live.run?.close();
    await live.proxy?.close();
  });
  return live;
}
