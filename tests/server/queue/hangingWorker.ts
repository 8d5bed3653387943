/** A render worker that takes requests and never answers, not even to an abort (workerPool tests). */
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', () => {
  // Deliberately silent.
});
