/**
 * Every poll of a finished job asks for its extras in idle time (prepare): once they are all made,
 * the next polls within a minute look at nothing, neither the job nor its files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { DEFAULT_LOGO_TEXTS } from '../../../src/contract/generation';
import { ResultExtras, extrasDir } from '../../../src/server/modules/generation/resultExtras';
import type { FinishedJob, GalleryResult, RenderQueue } from '../../../src/server/queue/renderQueue';
import { JOB_FILES } from '../../../src/server/render/jobSpec';
import { DataFiles } from '../../../src/server/storage/dataFiles';
import { LocalFileStore } from '../../../src/server/storage/localStore';
import { waitUntil } from '../waitUntil';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-extras-prepare-'));
});
afterEach(() => {
  jest.restoreAllMocks();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('renders a finished logo brand kit once, then answers the next polls without reading the job again', async () => {
  const job: FinishedJob = { id: 'a'.repeat(32), files: ['logo.png'], finishedAt: 0, spec: { kind: 'tl', logoStyle: 1, texts: DEFAULT_LOGO_TEXTS } };
  const names = Object.values(JOB_FILES['brand-kit']);
  const finishedJob = jest.fn(() => Promise.resolve(job));
  const renderGallery = jest.fn(async (): Promise<GalleryResult> => {
    const out = fs.mkdtempSync(path.join(dataDir, 'render-'));
    for (const name of names) fs.writeFileSync(path.join(out, name), name);
    return { dir: out, files: names };
  });
  const queue = { finishedJob, renderGallery } as Partial<RenderQueue> as RenderQueue;
  const extras = new ResultExtras({ dataDir, files: new DataFiles(dataDir, new LocalFileStore(dataDir)), queue, log: pino({ level: 'silent' }) });
  let now = 1_000;
  jest.spyOn(performance, 'now').mockImplementation(() => now);

  extras.prepare(job.id, 'tl');
  await waitUntil(() => fs.existsSync(path.join(extrasDir(dataDir, job.id, 'brand-kit'), names[0])));
  await extras.close();
  const reopened = new ResultExtras({ dataDir, files: new DataFiles(dataDir, new LocalFileStore(dataDir)), queue, log: pino({ level: 'silent' }) });
  finishedJob.mockClear();

  // The first poll after a start looks once and finds the kit made; the next ones look at nothing.
  reopened.prepare(job.id, 'tl');
  await waitUntil(() => finishedJob.mock.calls.length === 1);
  await new Promise((resolve) => setImmediate(resolve));
  for (let n = 0; n < 5; n += 1) reopened.prepare(job.id, 'tl');
  await new Promise((resolve) => setImmediate(resolve));
  expect(finishedJob).toHaveBeenCalledTimes(1);
  expect(renderGallery).toHaveBeenCalledTimes(1);

  // A minute on, it looks again (and still renders nothing).
  now += 60_000;
  reopened.prepare(job.id, 'tl');
  await waitUntil(() => finishedJob.mock.calls.length === 2);
  await reopened.close();
  expect(renderGallery).toHaveBeenCalledTimes(1);
});
