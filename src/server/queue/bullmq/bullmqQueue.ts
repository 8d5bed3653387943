/**
 * The distributed render queue (QUEUE_BACKEND=bullmq), the API servers' side: jobs are rows of the
 * shared database carried to render worker processes (npm run worker) by BullMQ; the line in Redis
 * (WaitingIndex) answers submits and polls on every server alike, without reading or writing rows
 * for active jobs; gallery pictures go to the same workers below users' jobs. Several API servers
 * run this side at once: what one must not do twice (expiring unpolled jobs) runs on one per period.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { QueueEvents } from 'bullmq';
import path from 'node:path';
import type { Clock } from '../../clock';
import type { DialectName, Sql } from '../../db/connection';
import { USER_JOB_KINDS, type SideJobSpec, type UserJobKind, type UserJobSpec } from '../../render/jobSpec';
import { addressLimitKey } from '../../security/clientAddress';
import type { SharedState } from '../../sharedState/types';
import type { DataFiles } from '../../storage/dataFiles';
import { FinishedResults } from '../finishedResults';
import { EndWaiters, QuickWaits, SerialRuns } from '../waitingCallers';
import { DurationRepository, RenderDurations, type RenderSeeds } from '../renderDurations';
import {
  RenderAborted,
  expectedAnswerSeconds,
  settingsOf,
  type FinishedJob,
  type GalleryPriority,
  type GalleryResult,
  type PollOutcome,
  type QueueSettings,
  type QueuedOutcome,
  type KindCount,
  type RenderQueue,
  type RetryOutcome,
  type SubmitOutcome,
  type SubmitRequest,
} from '../renderQueue';
import { RENDER_SEEDS } from '../renderSeeds';
import { DEFAULT_RENDER_SECONDS, JOB_ID_PATTERN, durationStyleOf, jobIdentity, jobScope, workKeyOf } from '../jobRules';
import { JobRepository, specOf, type JobRow } from '../repository';
import { Estimates, type RunningJob } from '../embedded/estimates';
import { QUEUE_NAME, RENDER_PRIORITY, RenderJobs, bullPrefix, galleryJobId, galleryPriorityOf, type GalleryOutput } from './renderJobs';
import { RenderSlots } from './renderSlots';
import { WaitingIndex, type JobPlace, type LineEntry } from './waitingIndex';
import { isServiceOutage, patientSteps } from '../../serviceOutage';

/** How a BullMQ job ended, as its events say. */
type JobEnd = { type: 'completed'; value: unknown } | { type: 'failed'; reason: string } | { type: 'removed' };

/** The longest an API server waits for a gallery picture from the workers before its callers hear it failed. */
const GALLERY_WAIT_MS = 10 * 60 * 1000;
/** How often the render times the workers recorded are read again. */
const DURATIONS_RELOAD_MS = 30_000;
/** How long the workers' slot count is taken as it was last read. */
const SLOTS_CACHE_MS = 5_000;
/** Waiting ids read at once by the unpolled-expiry sweep. */
const SWEEP_PAGE = 1_000;
/** How long a close waits for BullMQ to let go of Redis before it drops the connections. */
const CLOSE_GRACE_MS = 5_000;

export interface BullmqQueueOptions extends QueueSettings {
  db: Sql;
  dialect: DialectName;
  now: Clock;
  log: FastifyBaseLogger;
  files: DataFiles;
  /** Commands: the line, the slots and BullMQ's queue. Both connections are the queue's own: it closes them. */
  redis: Redis;
  /** A connection of its own for BullMQ's events (it blocks on it). */
  eventsRedis: Redis;
  redisKeyPrefix: string;
  /** One expiry sweep per period across the API servers. */
  state: SharedState;
  identityKey: Buffer;
  seeds?: RenderSeeds;
  quickWaitMs?: number;
  sweepIntervalMs?: number;
}

export class BullmqRenderQueue implements RenderQueue {
  private readonly repo: JobRepository;
  private readonly index: WaitingIndex;
  private readonly slots: RenderSlots;
  private readonly jobs: RenderJobs;
  private readonly durations: RenderDurations;
  private readonly finished: FinishedResults;
  private readonly sweepIntervalMs: number;
  private events: QueueEvents | null = null;
  /** Who waits for a BullMQ job to end, by its id. */
  private readonly endWaiters = new EndWaiters<JobEnd | null>();
  /** Gallery tasks this server waits for, by key. */
  private readonly gallery = new Map<string, { priority: GalleryPriority; promise: Promise<GalleryResult> }>();
  private readonly quickWaits: QuickWaits;
  private slotCount = { value: 1, readAt: -Infinity };
  private durationsReadAt = 0;
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly submits = new SerialRuns();
  private started = false;
  private closed = false;

  constructor(private readonly options: BullmqQueueOptions) {
    const { db, dialect, redis, redisKeyPrefix, files } = options;
    this.repo = new JobRepository(db, dialect);
    this.index = new WaitingIndex(redis, redisKeyPrefix);
    this.slots = new RenderSlots(redis, redisKeyPrefix);
    this.jobs = new RenderJobs(redis, redisKeyPrefix);
    this.durations = new RenderDurations(options.seeds ?? RENDER_SEEDS, DEFAULT_RENDER_SECONDS, new DurationRepository(db));
    this.finished = new FinishedResults(this.repo, files);
    this.sweepIntervalMs = options.sweepIntervalMs ?? 5_000;
    this.quickWaits = new QuickWaits(options.quickWaitMs);
  }

  get settings(): QueueSettings {
    return settingsOf(this.options);
  }

  async start(): Promise<void> {
    if (this.started) return;
    const { eventsRedis, redisKeyPrefix } = this.options;
    const events = new QueueEvents(QUEUE_NAME, { connection: eventsRedis, prefix: bullPrefix(redisKeyPrefix) });
    events.on('completed', ({ jobId, returnvalue }) => this.ended(jobId, { type: 'completed', value: returnvalue }));
    events.on('failed', ({ jobId, failedReason }) => this.ended(jobId, { type: 'failed', reason: failedReason }));
    events.on('removed', ({ jobId }) => this.ended(jobId, { type: 'removed' }));
    // Reported by the calls that fail; an unhandled 'error' event would end the process.
    events.on('error', (error) => this.options.log.warn({ err: error }, 'render queue events: connection trouble'));
    this.events = events;
    await events.waitUntilReady();
    await this.durations.restore();
    this.durationsReadAt = this.options.now();
    this.started = true;
    this.sweepTimer = setInterval(() => {
      this.sweepOnce().catch((error: unknown) => this.options.log.error({ err: error }, 'render queue sweep failed'));
    }, this.sweepIntervalMs);
    // Never the reason the process stays alive.
    this.sweepTimer.unref();
  }

  identityOf(spec: UserJobSpec, userId: number | null): string {
    return jobIdentity(spec, this.options.identityKey, jobScope(this.options.cacheScope, userId));
  }

  /** One submit at a time on this server, as in the embedded queue; the line's scripts keep servers apart. */
  submit(spec: UserJobSpec, request: SubmitRequest): Promise<SubmitOutcome> {
    return this.submits.run(() => this.submitNow(spec, request));
  }

  private async submitNow(spec: UserJobSpec, request: SubmitRequest): Promise<SubmitOutcome> {
    this.assertOpen();
    const id = this.identityOf(spec, request.userId);
    const owner = ownerKey(request.userId);
    const ipKey = addressLimitKey(request.ip) ?? '';
    const at = this.options.now();
    // A create counts as a poll of a job under way, however long ago it was last polled.
    const known = await this.index.poll(id, '*', at, Number.MAX_SAFE_INTEGER);
    if (known.state === 'waiting' || known.state === 'running') return { type: 'queued', id, waitCount: known.state === 'waiting' ? known.ahead : 0, remainingMs: this.remainingOf(spec.kind, durationStyleOf(spec), known, at) };
    const row = await this.repo.byId(id);
    if (row?.status === 'done') {
      const outcome = await this.finished.outcomeOf(row, at);
      if (outcome?.type === 'done') return { type: 'exists', id, kind: row.kind, files: outcome.files };
    }
    // Before the inquiry: a user who may not queue is told so, not asked whether to queue.
    const active = await this.index.activeOf(owner, ipKey);
    if (owner && active.user >= this.options.maxActivePerUser) return { type: 'refused', limit: { by: 'user', limit: this.options.maxActivePerUser } };
    if (ipKey && active.ip >= this.options.maxActivePerIp) return { type: 'refused', limit: { by: 'ip', limit: this.options.maxActivePerIp } };
    const size = await this.index.size();
    const inLine = size.waiting + size.running;
    if (request.isFirst && inLine > this.options.inquiryThreshold) return { type: 'inquiry', waitCount: inLine };
    const style = durationStyleOf(spec);
    const ownMs = this.durations.estimateMs(spec.kind, style);
    // Before it joins the line: afterwards it would count among the jobs ahead of itself.
    const expectedDoneAt = at + (await this.waitAheadMs(at)) + ownMs;
    const seq = await this.repo.enqueue(id, spec, { userId: request.userId, ip: request.ip }, at);
    const entry: LineEntry = { work: workKeyOf(spec.kind, style), owner, ipKey, expectedDoneAt, polledAt: at };
    try {
      if (seq === null) {
        // Queued or running by another server meanwhile: follow it (and put it in line if it is missing there).
        const current = await this.repo.byId(id);
        if (current?.status === 'queued') await this.putInLine(current, entry);
      } else {
        await this.index.add(id, seq, entry);
        await this.jobs.add(id, RENDER_PRIORITY.user);
      }
    } catch (error) {
      if (!isServiceOutage(error)) throw error;
      // Redis went away after the row was written: the job is accepted all the same, its row is
      // the job, and the sweep puts it in line once Redis answers (requeueStranded).
      this.options.log.warn({ err: error, jobId: id }, 'a submitted job waits for Redis to be queued');
      const row = await this.repo.byId(id);
      return { type: 'queued', id, waitCount: row ? await this.repo.activeBefore(row.seq) : 0, remainingMs: ownMs };
    }
    const place = await this.index.placeOf(id);
    const remainingMs = this.remainingOf(spec.kind, style, { state: place.state === 'running' ? 'running' : 'waiting', expectedDoneAt }, this.options.now());
    return { type: 'queued', id, waitCount: aheadOf(place), remainingMs };
  }

  /** What job `row` carries into the line, as a submit at `at` would (the submit counts as its first poll). */
  private lineEntryOf(row: JobRow, expectedDoneAt: number, at: number): LineEntry {
    return { work: workKeyOf(row.kind, durationStyleOf(specOf(row))), owner: ownerKey(row.user_id), ipKey: addressLimitKey(row.ip) ?? '', expectedDoneAt, polledAt: at };
  }

  /** In the line and on BullMQ: both ignore a job they have already. */
  private async putInLine(row: JobRow, entry: LineEntry): Promise<void> {
    await this.index.add(row.id, row.seq, entry);
    await this.jobs.add(row.id, RENDER_PRIORITY.user);
  }

  waitForQuickJob(queued: QueuedOutcome, userId: number | null): Promise<boolean> {
    return this.quickWaits.wait(queued, userId, this.slotCount.value, (id, timeoutMs) => this.jobEnded(id, timeoutMs));
  }

  async jobEnded(id: string, timeoutMs: number): Promise<boolean> {
    if (this.closed) return false;
    // Listening before looking: an end between the two is not missed.
    const end = this.whenEnded(id, timeoutMs);
    try {
      if ((await this.index.placeOf(id)).state === 'absent') {
        this.ended(id, { type: 'removed' });
      }
    } catch (error) {
      // Redis away (a submit accepted meanwhile): its end would not be heard; its polls will tell.
      if (!isServiceOutage(error)) throw error;
      return false;
    }
    return (await end) !== null;
  }

  /**
   * A job's state for its user. A poll that meets Redis or the bucket away for a moment (a restart)
   * is answered from the job's row instead, so that the user keeps waiting without a word; only
   * with the database away too does it fail (a 503 the user is told to retry).
   */
  async poll(id: string, userId: number | null): Promise<PollOutcome> {
    if (!JOB_ID_PATTERN.test(id)) return { type: 'unknown' };
    try {
      return await this.pollNow(id, userId);
    } catch (error) {
      if (!isServiceOutage(error)) throw error;
      this.options.log.warn({ err: error, jobId: id }, 'a poll answered from the database: a service is unavailable');
      return this.pollFromRow(id, userId);
    }
  }

  /** A poll as the job's row answers it, without the line: its place counted in the database, its end as usual. */
  private async pollFromRow(id: string, userId: number | null): Promise<PollOutcome> {
    const row = await this.repo.byId(id);
    if (!row || !this.mayPoll(row, userId)) return { type: 'unknown' };
    const remainingMs = this.durations.estimateMs(row.kind, durationStyleOf(specOf(row)));
    const waiting = async (): Promise<PollOutcome> => ({ type: 'waiting', waitCount: row.status === 'queued' ? await this.repo.activeBefore(row.seq) : 0, running: row.status !== 'queued', remainingMs });
    if (row.status === 'queued' || row.status === 'running') return waiting();
    try {
      return (await this.finished.outcomeOf(row, this.options.now())) ?? (await waiting());
    } catch (error) {
      // Done, but its files cannot be looked at in the bucket now: the user waits until they can.
      if (!isServiceOutage(error)) throw error;
      return waiting();
    }
  }

  private async pollNow(id: string, userId: number | null): Promise<PollOutcome> {
    const at = this.options.now();
    // A job seen done a moment ago stays done: neither Redis nor the database need be asked again.
    const done = this.finished.recentlyDone(id);
    if (done) return this.mayPoll(done, userId) ? ((await this.finished.outcomeOf(done, at)) ?? { type: 'unknown' }) : { type: 'unknown' };
    const asker = this.options.cacheScope === 'shared' ? '*' : ownerKey(userId);
    let place = await this.index.poll(id, asker, at, this.options.unpolledExpiryMs);
    if (place.state === 'unpolled') {
      if (await this.expireJob(id, at)) return { type: 'expired' };
      // A worker took it first: it runs, and this poll counts.
      place = await this.index.poll(id, asker, at, Number.MAX_SAFE_INTEGER);
    }
    switch (place.state) {
      case 'foreign':
        return { type: 'unknown' };
      case 'waiting':
      case 'running': {
        const [kind, style] = splitWork(place.work);
        const stage = place.state === 'running' ? place.stage : null;
        return { type: 'waiting', waitCount: place.state === 'waiting' ? place.ahead : 0, running: place.state === 'running', remainingMs: this.remainingOf(kind, style, place, at), ...(stage ? { stage } : {}) };
      }
      default:
        break;
    }
    const row = await this.repo.byId(id);
    if (!row || !this.mayPoll(row, userId)) return { type: 'unknown' };
    const ended = await this.finished.outcomeOf(row, at);
    if (ended) return ended;
    // Active in its row but not in the line (Redis lost it, or a submit on another server is half way): back in line.
    const spec = specOf(row);
    const style = durationStyleOf(spec);
    const ownMs = this.durations.estimateMs(row.kind, style);
    if (row.status === 'queued') {
      await this.putInLine(row, { work: workKeyOf(row.kind, style), owner: ownerKey(row.user_id), ipKey: addressLimitKey(row.ip) ?? '', expectedDoneAt: at + ownMs, polledAt: at });
    }
    const again = await this.index.placeOf(id);
    return { type: 'waiting', waitCount: aheadOf(again), running: row.status === 'running', remainingMs: ownMs };
  }

  /** Whether `userId` may see job `row`: their own, or anyone's when results are shared. */
  private mayPoll(row: JobRow, userId: number | null): boolean {
    return this.options.cacheScope === 'shared' || row.user_id === userId;
  }

  finishedJob(id: string): Promise<FinishedJob | null> {
    return this.finished.finishedJob(id);
  }

  async touch(ids: readonly string[]): Promise<void> {
    await this.repo.touch(ids, this.options.now());
  }

  async expectedMs(kind: UserJobKind, style = ''): Promise<number> {
    const at = this.options.now();
    return (await this.waitAheadMs(at)) + this.durations.estimateMs(kind, style);
  }

  async expectedSeconds(kind: UserJobKind, style = ''): Promise<number> {
    return expectedAnswerSeconds(await this.expectedMs(kind, style));
  }

  /**
   * A gallery task on the workers, below users' jobs: one BullMQ job per key, whichever servers ask;
   * its files come back through the store into this server's DATA_DIR.
   */
  renderGallery(key: string, spec: SideJobSpec, priority: GalleryPriority): Promise<GalleryResult> {
    if (this.closed || !this.started) return Promise.reject(new RenderAborted('shutdown'));
    const known = this.gallery.get(key);
    if (known) {
      if (priority === 'demand' && known.priority === 'background') {
        known.priority = 'demand';
        this.jobs.addGallery(key, spec, galleryPriorityOf(spec, 'demand')).catch((error: unknown) => this.options.log.warn({ err: error, task: key }, 'gallery task could not be raised'));
      }
      return known.promise;
    }
    const promise = this.renderGalleryNow(key, spec, priority).finally(() => this.gallery.delete(key));
    this.gallery.set(key, { priority, promise });
    return promise;
  }

  galleryProgress(key: string): Promise<number> {
    return this.jobs.progressOf(galleryJobId(key));
  }

  /** Its steps on Redis and the bucket wait out an outage of either, as its render on a worker does. */
  private async renderGalleryNow(key: string, spec: SideJobSpec, priority: GalleryPriority): Promise<GalleryResult> {
    const jobId = galleryJobId(key);
    const patiently = patientSteps(this.options.log, { task: key });
    const end = this.whenEnded(jobId, GALLERY_WAIT_MS);
    await patiently('queueing a gallery render', () => this.jobs.addGallery(key, spec, galleryPriorityOf(spec, priority)));
    const outcome = await end;
    if (outcome === null) throw new RenderAborted(this.closed ? 'shutdown' : 'timeout');
    if (outcome.type === 'failed') throw new Error(outcome.reason);
    if (outcome.type === 'removed') throw new RenderAborted('shutdown');
    const output = outcome.value as GalleryOutput;
    const { files } = this.options;
    const dir = path.join(files.dataDir, ...output.folder.split('/'));
    if (!(await patiently('fetching a gallery render', () => files.fetchFolder(dir)))) throw new Error(`The gallery render of ${key} is not in the store`);
    // Here now: the store's copy was only the way over.
    if (files.shared) await patiently('deleting a fetched gallery render', () => files.store.deletePrefix(`${output.folder}/`));
    return { dir, files: output.files };
  }

  /**
   * The timer's sweep: every server reads the render times anew now and then; one server per period
   * expires what nobody polls any more (the others' polls expire the jobs they find stale).
   */
  private async sweepOnce(): Promise<void> {
    if (this.closed) return;
    const at = this.options.now();
    if (at - this.durationsReadAt >= DURATIONS_RELOAD_MS) {
      this.durationsReadAt = at;
      await this.durations.restore();
    }
    if (await this.options.state.claimPeriod('renders-sweep', Math.max(1, this.sweepIntervalMs - 500))) await this.sweep();
  }

  async sweep(): Promise<void> {
    if (this.closed || !this.started) return;
    const at = this.options.now();
    const stale: string[] = [];
    for (let offset = 0; ; offset += SWEEP_PAGE) {
      const ids = await this.index.waitingIds(offset, SWEEP_PAGE);
      const polled = await this.index.polledAt(ids);
      ids.forEach((id, n) => {
        const last = polled[n];
        if (last !== null && at - last > this.options.unpolledExpiryMs) stale.push(id);
      });
      if (ids.length < SWEEP_PAGE) break;
    }
    for (const id of stale) await this.expireJob(id, at);
    await this.requeueStranded(at);
  }

  /**
   * Jobs whose row says a worker may take them (queued, or running with a lapsed lease) but that
   * BullMQ does not hold: a submit that met Redis away between writing its row and queueing it, a
   * job BullMQ gave up that its worker could not put back, a Redis that lost its data. Each goes
   * in line and on BullMQ again under its id, which both ignore when they hold it already: no job
   * is queued twice, and its row's claim keeps it from being rendered twice.
   */
  private async requeueStranded(at: number): Promise<void> {
    const rows = await this.repo.takeable(at);
    const missing = new Set(await this.jobs.missing(rows.map((row) => row.id)));
    for (const row of rows) {
      if (!missing.has(row.id)) continue;
      // Read again: one that ended meanwhile (taken and done, expired, cancelled) stays out.
      const current = await this.repo.byId(row.id);
      if (!current || !(current.status === 'queued' || (current.status === 'running' && (current.lease_until ?? 0) < at))) continue;
      this.options.log.warn({ jobId: row.id, status: current.status }, 'a render job BullMQ did not hold is queued again');
      await this.putInLine(current, this.lineEntryOf(current, at + this.durations.estimateMs(current.kind, durationStyleOf(specOf(current))), at));
    }
  }

  /**
   * The row first (a worker that takes the job now finds nothing to render), then off BullMQ and out
   * of the line. A render under way on a worker sees its row ended and stops (jobProcessor.ts).
   */
  async cancel(id: string, message: string): Promise<boolean> {
    if (!JOB_ID_PATTERN.test(id) || !(await this.repo.cancel(id, message, this.options.now()))) return false;
    await this.jobs.withdraw(id);
    await this.index.remove(id);
    return true;
  }

  /**
   * While its cancelled render has not stopped, the job's BullMQ entry is still there under its id,
   * and adding the job again would be a no-op that leaves it queued for ever: the operator waits.
   */
  retry(id: string): Promise<RetryOutcome> {
    return this.submits.run(async () => {
      this.assertOpen();
      if (!JOB_ID_PATTERN.test(id)) return 'notFailed';
      if (await this.jobs.has(id)) return (await this.repo.byId(id))?.status === 'failed' ? 'stopping' : 'notFailed';
      const at = this.options.now();
      const waitMs = await this.waitAheadMs(at);
      const row = await this.repo.requeueFailed(id, at);
      if (!row) return 'notFailed';
      await this.putInLine(row, this.lineEntryOf(row, at + waitMs + this.durations.estimateMs(row.kind, durationStyleOf(specOf(row))), at));
      return 'queued';
    });
  }

  async activeByKind(): Promise<KindCount[]> {
    const [work, running] = await Promise.all([this.index.queuedWork(), this.index.runningJobs()]);
    const counts = new Map(USER_JOB_KINDS.map((kind): [UserJobKind, KindCount] => [kind, { kind, waiting: 0, running: 0 }]));
    for (const [key, count] of work) {
      const entry = counts.get(splitWork(key)[0]);
      if (entry) entry.waiting += count;
    }
    for (const run of running) {
      const entry = counts.get(splitWork(run.work)[0]);
      if (entry) entry.running += 1;
    }
    return [...counts.values()];
  }

  /** Both connections up and Redis answering: a command queued while it reconnects would only wait. */
  async ping(): Promise<void> {
    this.assertOpen();
    const { redis, eventsRedis } = this.options;
    for (const [name, connection] of [['commands', redis], ['events', eventsRedis]] as const) {
      if (connection.status !== 'ready') throw new Error(`the queue's Redis connection (${name}) is ${connection.status}`);
    }
    await redis.ping();
  }

  async prune(): Promise<number> {
    if (this.closed) return 0;
    return this.finished.prune(this.options.now());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.endWaiters.endAll(null);
    const { redis, eventsRedis, log } = this.options;
    const graceful = (async () => {
      await Promise.allSettled([this.events?.close(), this.jobs.close()]);
      // Its own connections (queue/index.ts made them for it).
      await Promise.allSettled([redis.quit(), eventsRedis.quit()]);
    })();
    // BullMQ's close waits for an 'end' that ioredis never emits when the connection is between two
    // reconnection attempts (a Redis that has just come back, bullmq#4585): a shutdown must not hang on it.
    let grace: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      graceful.then(() => false),
      new Promise<boolean>((resolve) => {
        grace = setTimeout(resolve, CLOSE_GRACE_MS, true);
      }),
    ]);
    clearTimeout(grace);
    if (!late) return;
    log.warn({ commands: redis.status, events: eventsRedis.status }, 'render queue: Redis did not let go in time, connections dropped');
    redis.disconnect();
    eventsRedis.disconnect();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The render queue is closed');
    if (!this.started) throw new Error('The render queue has not been started');
  }

  /** A waiting job nobody polls: expired in its row, off BullMQ and out of the line; false when a worker took it first. */
  private async expireJob(id: string, at: number): Promise<boolean> {
    if (!(await this.repo.expire(id, at))) {
      // Started meanwhile (its row is running), or ended: the line follows the row.
      const row = await this.repo.byId(id);
      if (row && row.status !== 'queued' && row.status !== 'running') await this.index.remove(id);
      return false;
    }
    await this.jobs.withdraw(id);
    await this.index.remove(id);
    return true;
  }

  /** Resolves with how BullMQ job `jobId` ended, or null after `timeoutMs` or at close. */
  private whenEnded(jobId: string, timeoutMs: number): Promise<JobEnd | null> {
    return this.endWaiters.wait(jobId, timeoutMs, null);
  }

  private ended(jobId: string, outcome: JobEnd): void {
    this.endWaiters.end(jobId, outcome);
  }

  /** The workers' render slots, read at most every few seconds; 1 while none has announced itself. */
  private async slotsAt(at: number): Promise<number> {
    if (at - this.slotCount.readAt >= SLOTS_CACHE_MS || at < this.slotCount.readAt) {
      this.slotCount = { value: Math.max(1, await this.slots.total(at)), readAt: at };
    }
    return this.slotCount.value;
  }

  /** How long a job queued now waits to start: the queued work and the running renders' rest, shared among the workers' slots. */
  private async waitAheadMs(at: number): Promise<number> {
    const [work, running, slots] = await Promise.all([this.index.queuedWork(), this.index.runningJobs(), this.slotsAt(at)]);
    const queued = [...work].map(([key, count]) => {
      const [kind, style] = splitWork(key);
      return { kind, style, count };
    });
    const runs: RunningJob[] = running.map((run) => {
      const [kind, style] = splitWork(run.work);
      return { kind, style, startedAt: run.startedAt ?? at, progress: 0 };
    });
    return new Estimates(this.durations, slots).waitAheadMs(queued, runs, at);
  }

  /** What a waiting or running job has left: its expected end, or its render's own estimate less the time it has run. */
  private remainingOf(kind: UserJobKind, style: string, place: { state: 'waiting' | 'running'; expectedDoneAt: number | null; startedAt?: number | null }, at: number): number {
    const run = place.state === 'running' ? { kind, style, startedAt: place.startedAt ?? at, progress: 0 } : null;
    return new Estimates(this.durations, this.slotCount.value).remainingMs({ kind, style, expectedDoneAt: place.expectedDoneAt }, run, at);
  }
}

/** A user as the line names owners: '' for none. */
const ownerKey = (userId: number | null): string => (userId === null ? '' : String(userId));

const aheadOf = (place: JobPlace): number => (place.state === 'waiting' ? place.ahead : 0);

/** The kind and style of a line's work key (workKeyOf). */
function splitWork(work: string): [UserJobKind, string] {
  const at = work.indexOf('\u0000');
  return at < 0 ? [work as UserJobKind, ''] : [work.slice(0, at) as UserJobKind, work.slice(at + 1)];
}
