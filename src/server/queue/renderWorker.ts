/**
 * Entry of a render worker thread (started by workerPool.ts): runs one render at a time and
 * answers with the files written or the error. An abort message aborts the render's signal; the
 * pool terminates the thread if the render does not stop.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { reportStoppedFfmpeg } from '../render/ffmpeg';
import { holdThisThread } from '../render/renderPause';
import { runRenderJob, warmUpRenderers } from '../render/jobs';
import type { RenderProgress } from '../render/jobSpec';
import { lowerThisThreadsPriority } from '../render/threadPriority';
import type { WorkerReply, WorkerRequest } from './workerPool';

function serialise(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  lowerThisThreadsPriority();
  const controllers = new Map<number, AbortController>();
  reportStoppedFfmpeg((pids) => port.postMessage({ type: 'stopped', pids } satisfies WorkerReply));
  // An aborted render can leave a promise that rejects after it answered (ffmpeg killed mid-encode).
  // Left alone it would end the thread and fail whichever render the thread had taken on next.
  process.on('unhandledRejection', (reason) => {
    console.error('render worker: a promise rejected after its render had ended', reason);
  });
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'abort') {
      const controller = controllers.get(request.id);
      if (!controller) return;
      // Released first: a held render could not stop.
      holdThisThread(false);
      controller.abort(new Error('render aborted'));
      return;
    }
    if (request.type === 'hold') {
      // An aborted render is on its way out: holding it again could only keep it from stopping.
      const controller = controllers.get(request.id);
      if (controller && !controller.signal.aborted) holdThisThread(request.held);
      return;
    }
    if (request.type === 'warm') {
      // Only speed is at stake: a failure here shows again, with its job, in the render that needs it.
      warmUpRenderers().catch((error: unknown) => console.error('render worker: warming up failed', error));
      return;
    }
    const controller = new AbortController();
    controllers.set(request.id, controller);
    const { id } = request;
    // A message per whole percent at most: a 1080p banner has 150 frames, an animated logo fewer.
    let reported = 0;
    const onProgress: RenderProgress = (share, stage) => {
      // A new stage is news whatever the share: the dialog names it.
      if (!stage && share - reported < 0.01 && share < 1) return;
      reported = share;
      port.postMessage({ type: 'progress', id, share, ...(stage ? { stage } : {}) } satisfies WorkerReply);
    };
    // A background render may start held: users' jobs render already.
    holdThisThread(request.held === true);
    runRenderJob(request.spec, request.outDir, controller.signal, onProgress).then(
      (result) => port.postMessage({ type: 'done', id: request.id, result } satisfies WorkerReply),
      (error: unknown) => port.postMessage({ type: 'failed', id: request.id, error: serialise(error) } satisfies WorkerReply),
    ).finally(() => {
      controllers.delete(request.id);
      // The next render starts as its request says, whatever this one's hold was at its end.
      holdThisThread(false);
    });
  });
}
