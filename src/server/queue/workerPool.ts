import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { TASK_GATE_BUFFER } from '../render/aiBanner/taskGate';
import type { BackgroundRenderHold } from './backgroundRenderHold';
import type { RenderRunner } from './jobRules';
import type { RenderProgress, RenderResult, RenderSpec, RenderStage } from '../render/jobSpec';

/** Messages to a render worker thread (renderWorker.ts)... */
export type WorkerRequest =
  | { type: 'run'; id: number; spec: RenderSpec; outDir: string; held?: boolean }
  | { type: 'abort'; id: number }
  | { type: 'hold'; id: number; held: boolean }
  | { type: 'warm' };

/** ...and its answers: progress while a render draws its frames, then its end; the processes a hold stopped. */
export type WorkerReply =
  | { type: 'stopped'; pids: number[] }
  | { type: 'progress'; id: number; share: number; stage?: RenderStage }
  | { type: 'done'; id: number; result: RenderResult }
  | { type: 'failed'; id: number; error: { name: string; message: string; stack?: string } };

type WorkerEnd = Exclude<WorkerReply, { type: 'progress' } | { type: 'stopped' }>;

/**
 * The worker runs TypeScript like the rest of the server: tsx's CommonJS hook is loaded into the
 * thread first. This works the same under `npm start` (tsx) and under jest (@swc/jest), whose own
 * transform does not reach worker threads.
 */
export const RENDER_WORKER_FILE = path.join(__dirname, 'renderWorker.ts');
const WORKER_EXEC_ARGV = ['--require', require.resolve('tsx/cjs')];

export interface WorkerPoolOptions {
  /** Workers kept alive between renders (the queue's concurrency). */
  size: number;
  log: FastifyBaseLogger;
  /** After an abort, how long a render may take to stop before its thread is terminated. */
  abortGraceMs?: number;
  workerFile?: string;
  /** The threads' environment (renderers read BANNER_ART_* from it); the process's by default. */
  env?: Record<string, string | undefined>;
}

/** The thread died or was stopped before answering. */
interface Lost {
  type: 'lost';
  error: unknown;
}

interface Slot {
  worker: Worker;
  /** The render it is doing, if any. */
  current: { id: number; settle: (outcome: WorkerEnd | Lost) => void; onProgress?: RenderProgress } | null;
  /** The ffmpeg processes its render's hold has stopped (backgroundRenderHold.ts): killed if the thread goes first. */
  stopped: number[];
}

/**
 * The production RenderRunner: each render runs in a worker thread, so that drawing and encoding
 * never block the API. Threads are reused (fonts load once per thread); a render that does not
 * stop after an abort loses its thread.
 */
export class WorkerPool implements RenderRunner {
  private readonly idle: Slot[] = [];
  private readonly busy = new Set<Slot>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  run(spec: RenderSpec, outDir: string, signal: AbortSignal, onProgress?: RenderProgress, hold?: BackgroundRenderHold): Promise<RenderResult> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed'));
    if (signal.aborted) return Promise.reject(signal.reason);
    const slot = this.idle.pop() ?? this.spawn();
    slot.worker.ref();
    this.busy.add(slot);
    const id = this.nextId++;
    return new Promise<RenderResult>((resolve, reject) => {
      let grace: NodeJS.Timeout | undefined;
      const unwatch = hold?.watch((held) => slot.worker.postMessage({ type: 'hold', id, held } satisfies WorkerRequest));
      const onAbort = (): void => {
        slot.worker.postMessage({ type: 'abort', id } satisfies WorkerRequest);
        grace = setTimeout(() => {
          this.options.log.warn({ kind: spec.kind }, 'render did not stop after its abort: terminating its worker thread');
          this.discard(slot);
          slot.current?.settle({ type: 'lost', error: signal.reason });
        }, this.options.abortGraceMs ?? 3_000);
      };
      slot.current = {
        id,
        onProgress,
        settle: (outcome) => {
          slot.current = null;
          unwatch?.();
          clearTimeout(grace);
          signal.removeEventListener('abort', onAbort);
          this.release(slot);
          if (outcome.type === 'done') resolve(outcome.result);
          else if (outcome.type === 'lost') reject(outcome.error);
          else reject(Object.assign(new Error(outcome.error.message), { name: outcome.error.name, stack: outcome.error.stack }));
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      slot.worker.postMessage({ type: 'run', id, spec, outDir, held: hold?.held } satisfies WorkerRequest);
    });
  }

  /**
   * Starts the threads now and has them load the renderers, so that the first renders after a
   * start are as quick as the rest: a short logo is answered by its create call only if it is.
   */
  warm(): void {
    while (!this.closed && this.threadCount < this.options.size) {
      const slot = this.spawn();
      slot.worker.unref();
      this.idle.push(slot);
      slot.worker.postMessage({ type: 'warm' } satisfies WorkerRequest);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = [...this.idle.splice(0), ...this.busy];
    this.busy.clear();
    await Promise.all(
      slots.map(async (slot) => {
        slot.current?.settle({ type: 'lost', error: new Error('The worker pool is closed') });
        await slot.worker.terminate();
        this.killStopped(slot);
      }),
    );
  }

  /** Threads alive now (tests). */
  get threadCount(): number {
    return this.idle.length + this.busy.size;
  }

  private spawn(): Slot {
    const { env } = this.options;
    // The image service's turns are shared by every thread of the process (aiBanner/taskGate.ts).
    const worker = new Worker(this.options.workerFile ?? RENDER_WORKER_FILE, { execArgv: WORKER_EXEC_ARGV, workerData: { taskGate: TASK_GATE_BUFFER }, ...(env ? { env } : {}) });
    const slot: Slot = { worker, current: null, stopped: [] };
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'stopped') {
        slot.stopped = reply.pids;
        return;
      }
      if (!slot.current || reply.id !== slot.current.id) return;
      if (reply.type === 'progress') slot.current.onProgress?.(reply.share, reply.stage);
      else slot.current.settle(reply);
    });
    // An uncaught error inside the thread ends it: its render fails and a new thread takes its place.
    worker.on('error', (error) => {
      this.options.log.error({ err: error }, 'render worker thread crashed');
      this.discard(slot);
      slot.current?.settle({ type: 'lost', error });
    });
    worker.on('exit', (code) => {
      this.discard(slot);
      slot.current?.settle({ type: 'lost', error: new Error(`The render worker thread exited (code ${code})`) });
    });
    return slot;
  }

  private release(slot: Slot): void {
    if (!this.busy.delete(slot)) return;
    if (this.closed || this.idle.length >= this.options.size) {
      void slot.worker.terminate();
      return;
    }
    // An idle thread must not keep the process alive.
    slot.worker.unref();
    this.idle.push(slot);
  }

  private discard(slot: Slot): void {
    this.busy.delete(slot);
    const at = this.idle.indexOf(slot);
    if (at >= 0) this.idle.splice(at, 1);
    void slot.worker.terminate();
    this.killStopped(slot);
  }

  /**
   * Kills the ffmpeg processes that a thread being terminated had stopped for its hold: nothing
   * would continue them. A stopped process cannot exit on its own, so each id is still its own.
   */
  private killStopped(slot: Slot): void {
    for (const pid of slot.stopped.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  }
}
