import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { RENDER_NICENESS } from '../../../src/server/render/threadPriority';

const onLinux = fs.existsSync('/proc/thread-self') ? it : it.skip;

describe('render thread priority', () => {
  onLinux('lowers only the calling thread, not the process the API runs in', async () => {
    const before = os.getPriority();
    // A plain JS worker that calls the function through tsx's loader, as the render threads do.
    const worker = new Worker(
      `const { lowerThisThreadsPriority } = require(${JSON.stringify(require.resolve('../../../src/server/render/threadPriority'))});
       const fs = require('node:fs'); const os = require('node:os');
       lowerThisThreadsPriority();
       const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
       require('node:worker_threads').parentPort.postMessage(os.getPriority(tid));`,
      { eval: true, execArgv: ['--require', require.resolve('tsx/cjs')] },
    );
    const inWorker = await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(inWorker).toBeGreaterThanOrEqual(RENDER_NICENESS);
    expect(os.getPriority()).toBe(before);
  });
});
