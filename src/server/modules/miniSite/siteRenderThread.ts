import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
// The thread's renderers decode pictures with sharp (render/picture.ts), and sharp must be loaded
// by the main thread before a worker thread loads it (sharp's documentation, "worker threads":
// otherwise its libraries may be unloaded while a thread still runs them, on glibc Linux).
import 'sharp';
import type { BuiltSiteRenderInput } from '../../render/builder/types';
import type { SiteRenderInput, SiteRenderResult } from '../../render/site/types';
import type { SiteRenderJob, SiteRenderReply, SiteRenderRequest } from './siteRenderWorker';

/** Like the render workers: tsx's hook first, so the thread runs TypeScript under tsx and jest alike. */
const SITE_RENDER_WORKER_FILE = path.join(__dirname, 'siteRenderWorker.ts');
const WORKER_EXEC_ARGV = ['--require', require.resolve('tsx/cjs')];
/** A render that takes longer than this has hung: its thread is ended and a new one started next time. */
const RENDER_TIMEOUT_MS = 60_000;

interface Pending {
  resolve: (result: SiteRenderResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Renders sites (mini sites and the builder's) in one long-lived worker thread, started on first
 * use: a site takes a few hundred milliseconds of React, font subsetting and canvas work that must
 * not hold up the API. Renders run one after another in it; the thread does not keep the process
 * alive while idle.
 */
export class SiteRenderThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** Bound, so that it can be handed around as a plain SiteRenderer function. */
  readonly render = (input: SiteRenderInput, outDir: string): Promise<SiteRenderResult> => this.run({ kind: 'miniSite', input }, outDir);

  /** The builder's composed sites; bound like `render`. */
  readonly renderBuilt = (input: BuiltSiteRenderInput, outDir: string): Promise<SiteRenderResult> => this.run({ kind: 'builder', input }, outDir);

  /**
   * Starts the thread and has it render the builder's default site once, into a folder removed
   * after: the first site a thread makes waits ~3 s for the renderers to load and the default
   * face to be decoded and cut, which the first user after a start would otherwise wait for.
   * Answers the files it made.
   */
  async warm(): Promise<string[]> {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'wpg-site-warm-'));
    try {
      return (await this.run({ kind: 'warm' }, dir)).files;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  private run(job: SiteRenderJob, outDir: string): Promise<SiteRenderResult> {
    if (this.closed) return Promise.reject(new Error('The site render thread is closed'));
    const worker = this.worker ?? this.spawn();
    const id = this.nextId++;
    worker.ref();
    return new Promise<SiteRenderResult>((resolve, reject) => {
      const timer = setTimeout(() => this.lose(worker, new Error(`Site render timed out after ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, job, outDir } satisfies SiteRenderRequest);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (worker) this.lose(worker, new Error('The site render thread is closed'));
  }

  private spawn(): Worker {
    const worker = new Worker(SITE_RENDER_WORKER_FILE, { execArgv: WORKER_EXEC_ARGV });
    this.worker = worker;
    worker.on('message', (reply: SiteRenderReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      clearTimeout(waiting.timer);
      if (!this.pending.size) worker.unref();
      if (reply.type === 'done') waiting.resolve(reply.result);
      else waiting.reject(Object.assign(new Error(reply.message), { name: reply.name, stack: reply.stack }));
    });
    worker.on('error', (error) => {
      this.log.error({ err: error }, 'site render thread crashed');
      this.lose(worker, error);
    });
    worker.on('exit', () => this.lose(worker, new Error('The site render thread exited')));
    return worker;
  }

  /** Fails every render waiting on `worker` and ends it; the next render starts a new thread. */
  private lose(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    this.pending.clear();
    void worker.terminate();
  }
}
