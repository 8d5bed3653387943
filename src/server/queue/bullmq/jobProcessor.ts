/**
 * One user job in a render worker process (npm run worker): claim its row, render it under its
 * kind's timeout in a worker thread, put its files in the shared store, and record the outcome in
 * the row, which the API servers read. A worker told to stop puts the job back in its place.
 */
import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { GenerationMessages } from '../../../contract/generation';
import type { Clock } from '../../clock';
import { userFacingMessage, type SideJobSpec, type RenderKind, type RenderProgress, type RenderResult, type RenderSpec } from '../../render/jobSpec';
import type { DataFiles } from '../../storage/dataFiles';
import { stageRenderInputs } from '../renderInputs';
import { renderUnderTimeout } from '../embedded/timedRender';
import { jobDir, renderTmpDir } from '../paths';
import type { BackgroundRenderHold } from '../backgroundRenderHold';
import { RenderAborted, type RenderObserver } from '../renderQueue';
import { MAX_RENDER_INTERRUPTIONS, durationStyleOf, renderTimeoutOf, type RenderRunner } from '../jobRules';
import type { RenderDurations } from '../renderDurations';
import { specOf, type JobRepository } from '../repository';
import { RENDER_PRIORITY, RenderHeldElsewhere, type GalleryOutput, type RenderJobData, type RenderJobs } from './renderJobs';
import type { WaitingIndex } from './waitingIndex';
import { isServiceOutage, patientSteps } from '../../serviceOutage';

export interface JobProcessorDeps {
  repo: JobRepository;
  index: WaitingIndex;
  runner: RenderRunner;
  files: DataFiles;
  durations: RenderDurations;
  now: Clock;
  log: FastifyBaseLogger;
  timeoutsMs: Record<RenderKind, number>;
  abortGraceMs: number;
  /** How often a render under way reads its row, to stop when an operator cancelled it (CANCEL_CHECK_MS). */
  cancelCheckMs?: number;
  /** Told of each user job's render as it ends (the worker's metrics). */
  observer?: RenderObserver;
  /** How long a job's row stays with this worker without a renewal (its BullMQ lock's time): then another worker may take it. */
  leaseMs?: number;
  /** How long the worker waits for the database or the bucket to come back before it gives a job up. */
  patienceMs?: number;
  /** How often a job's render may die with its worker and be taken over (MAX_RENDER_INTERRUPTIONS). */
  maxInterruptions?: number;
}

/** How often a render under way looks whether its job was cancelled: a second or two of a slot is cheap, a read per render is too. */
const CANCEL_CHECK_MS = 2_000;

/**
 * Aborts `controller` as cancelled once row `id` no longer says it runs (an operator cancelled it
 * on an API server, which cannot reach this process otherwise). A failed read changes nothing: the
 * database may be away for a moment, and the render goes on. Answers the watch's stop.
 */
function watchForCancel(deps: JobProcessorDeps, id: string, controller: AbortController): () => void {
  const timer = setInterval(() => {
    deps.repo.byId(id).then(
      (row) => {
        if (!row || row.status !== 'running') controller.abort(new RenderAborted('cancelled'));
      },
      () => undefined,
    );
  }, deps.cancelCheckMs ?? CANCEL_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

const DEFAULT_LEASE_MS = 30_000;

/**
 * Renders `spec` into `outDir` under its kind's timeout; the worker's stop (`signal`) aborts it as a
 * shutdown. A background task's `hold` stands it still while the worker renders users' jobs.
 */
async function renderForWorker(deps: JobProcessorDeps, spec: RenderSpec, outDir: string, signal: AbortSignal, hold?: BackgroundRenderHold, onProgress?: RenderProgress): Promise<RenderResult> {
  const controller = new AbortController();
  // A cancel keeps its reason; any other stop is the worker's shutdown.
  const stop = (): void => controller.abort(signal.reason instanceof RenderAborted ? signal.reason : new RenderAborted('shutdown'));
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  try {
    return await renderUnderTimeout(deps.runner, spec, outDir, controller, { timeoutMs: renderTimeoutOf(spec, deps.timeoutsMs), abortGraceMs: deps.abortGraceMs }, onProgress, hold);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/**
 * Renders the job of row `id`; rejects (the job put back) when `signal` says the worker stops, and
 * with RenderHeldElsewhere when another worker's lease on the row holds. Each step on the database
 * or the bucket waits out an outage of either (a restart) rather than failing a render that is fine.
 * A job whose render died with its worker is taken over, and failed once that happened once too
 * often: whatever BullMQ counts, the row decides.
 */
export async function processRenderJob(deps: JobProcessorDeps, id: string, signal: AbortSignal): Promise<void> {
  const { repo, index, files, durations, now, log } = deps;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const patiently = patientSteps(log, { jobId: id }, deps.patienceMs);
  const maxInterruptions = deps.maxInterruptions ?? MAX_RENDER_INTERRUPTIONS;
  const row = await patiently('claiming a render job', () => repo.claimById(id, now(), now() + leaseMs, maxInterruptions));
  if (!row) {
    const current = await patiently('reading a render job', () => repo.byId(id));
    if (current?.status === 'running') {
      const failed = await patiently('failing an interrupted render job', () => repo.failInterrupted(id, now(), maxInterruptions, GenerationMessages.renderInterrupted));
      if (!failed) throw new RenderHeldElsewhere(`Render job ${id} is rendered by another worker`);
      log.error({ jobId: id, kind: failed.kind, interruptions: failed.interruptions }, 'render job failed: its render died with its worker too often');
      deps.observer?.renderFailed(failed.kind, 'error');
    }
    // Expired or withdrawn while it waited, or done by a worker that lost its lock meanwhile: nothing to render.
    await index.remove(id);
    return;
  }
  // Renewed while it renders; one renewal that meets the database away is made good by the next.
  const renewal = setInterval(() => {
    repo.renewLeases([id], now() + leaseMs).catch(() => undefined);
  }, Math.max(100, Math.floor(leaseMs / 3)));
  renewal.unref();
  try {
    // False after a worker died with it: it was counted as running already.
    await index.start(id, now());
  } catch (error) {
    // Its lease lapses, for the job to be taken over once requeueGivenUp has put it back on BullMQ.
    clearInterval(renewal);
    throw error;
  }
  const spec = specOf(row);
  const startedAt = row.started_at ?? now();
  // An operator (and the fault tests) can tell from these two lines whether a job was rendered twice.
  log.info({ jobId: id, kind: row.kind, attempt: row.attempts }, 'render started');
  fs.mkdirSync(renderTmpDir(files.dataDir), { recursive: true });
  const tmp = fs.mkdtempSync(path.join(renderTmpDir(files.dataDir), `${id}-`));
  const cancel = new AbortController();
  const unwatch = watchForCancel(deps, id, cancel);
  try {
    await patiently('fetching a render\'s inputs', () => stageRenderInputs(files, spec, tmp));
    // Only a change of stage is told (a banner painting its key art, then its video): the polls name it.
    const onStage: RenderProgress = (_share, stage) => {
      if (stage) index.setStage(id, stage).catch((error: unknown) => log.warn({ err: error, jobId: id }, 'render stage could not be noted'));
    };
    const result = await renderForWorker(deps, spec, tmp, AbortSignal.any([signal, cancel.signal]), undefined, onStage);
    const missing = result.files.filter((file) => !fs.existsSync(path.join(tmp, file)));
    if (!result.files.length || missing.length) throw new Error(`The renderer reported files it did not write: ${missing.join(', ') || '(none)'}`);
    const final = jobDir(files.dataDir, id);
    fs.rmSync(final, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(final), { recursive: true });
    fs.renameSync(tmp, final);
    // mkdtemp made it private; a web server in front of us may serve it straight from disk.
    fs.chmodSync(final, 0o755);
    // In the store before the row says done: whichever server reads the row finds the files.
    await patiently('storing a render', () => files.publish(final));
    const at = now();
    const finished = await patiently('recording a render', () => repo.finish(id, startedAt, result.files, at, at - startedAt, startedAt - row.queued_at, row.touched_at));
    log.info({ jobId: id, renderMs: at - startedAt, recorded: finished }, 'render finished');
    // Out of the line as soon as the row says done: the jobs behind it move up.
    await index.remove(id);
    if (finished) {
      const style = durationStyleOf(spec);
      deps.observer?.renderFinished(row.kind, style, at - startedAt);
      await durations.record({ kind: row.kind, style, finishedAt: at, renderMs: at - startedAt }).catch((error: unknown) => log.warn({ err: error, jobId: id }, 'render time not recorded'));
    }
  } catch (error) {
    if (error instanceof RenderAborted && error.why === 'cancelled') {
      // The operator's API server ended the row and the line; this only frees the slot.
      log.info({ jobId: id, kind: row.kind }, 'render job cancelled by an operator: stopped');
      await index.remove(id);
      return;
    }
    if (error instanceof RenderAborted && error.why === 'shutdown') {
      await patiently('putting a render job back', () => repo.release(id));
      await index.putBack(id, row.seq);
      throw error;
    }
    const timedOut = error instanceof RenderAborted && error.why === 'timeout';
    log.error({ err: error, jobId: id, kind: row.kind, timedOut }, 'render job failed');
    deps.observer?.renderFailed(row.kind, timedOut ? 'timeout' : 'error');
    const message = timedOut ? GenerationMessages.renderTimedOut : isServiceOutage(error) ? GenerationMessages.renderStoreUnavailable : (userFacingMessage(error) ?? GenerationMessages.renderFailed);
    await patiently('recording a failed render', () => repo.fail(id, message, now(), row.touched_at));
    await index.remove(id);
  } finally {
    unwatch();
    clearInterval(renewal);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Where gallery renders wait in the store for the API server that asked for them (it deletes them). */
export const GALLERY_RENDERS_FOLDER = 'gallery-renders';

/**
 * Renders a gallery task and puts its files in the store for the API server that asked; rejects
 * with the render's error (its callers hear it) or, when the worker stops, with the abort. Like a
 * user job's, its steps on the bucket wait out an outage rather than fail a render that is fine.
 */
export async function processGalleryJob(
  deps: JobProcessorDeps,
  key: string,
  spec: SideJobSpec,
  signal: AbortSignal,
  hold?: BackgroundRenderHold,
  onProgress?: (share: number) => void,
): Promise<GalleryOutput> {
  const { files } = deps;
  const patiently = patientSteps(deps.log, { task: key }, deps.patienceMs);
  const root = path.join(files.dataDir, GALLERY_RENDERS_FOLDER);
  fs.mkdirSync(root, { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, 'task-'));
  try {
    await patiently('fetching a gallery render\'s inputs', () => stageRenderInputs(files, spec, dir));
    const result = await renderForWorker(deps, spec, dir, signal, hold, onProgress);
    await patiently('storing a gallery render', () => files.publish(dir));
    return { folder: files.keyOf(dir), files: result.files };
  } catch (error) {
    deps.log.error({ err: error, task: key }, 'gallery render failed');
    throw error;
  } finally {
    // With the local store the folder is the result: the API server moves its files out and deletes it.
    if (files.shared) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A render worker's job, whichever it is. */
export function processJob(deps: JobProcessorDeps, data: RenderJobData, signal: AbortSignal, hold?: BackgroundRenderHold, onProgress?: (share: number) => void): Promise<GalleryOutput | void> {
  return 'gallery' in data ? processGalleryJob(deps, data.gallery, data.spec, signal, hold, onProgress) : processRenderJob(deps, data.id, signal);
}

/**
 * A user job BullMQ gave up (it stalled more often than BullMQ allows, or its render's bookkeeping
 * threw): its row, not BullMQ, says whether it is over. Still queued or running, it goes back on
 * BullMQ under its id, to be rendered (or taken over, or failed once interrupted too often) as
 * usual; over, it leaves the line. Should this fail too (Redis away again), the API servers' sweep
 * puts it back (bullmqQueue.ts requeueStranded).
 */
export async function requeueGivenUp(deps: JobProcessorDeps, jobs: Pick<RenderJobs, 'add'>, data: RenderJobData): Promise<void> {
  if ('gallery' in data) return;
  const row = await deps.repo.byId(data.id);
  if (row?.status === 'queued' || row?.status === 'running') await jobs.add(data.id, RENDER_PRIORITY.user);
  else await deps.index.remove(data.id);
}
