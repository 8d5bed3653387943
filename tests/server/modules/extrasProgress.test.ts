/**
 * A banner's phone-cut bar never falls back: once the render has drawn its last frame it leaves the
 * queue's view (which then says 0), while its files are still being put in place (copied, and sent
 * to the shared store, which may take a while); the bar says done-but-not-there until they are.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../src/contract/generation';
import { ResultExtras } from '../../../src/server/modules/generation/resultExtras';
import type { FinishedJob, GalleryResult, RenderQueue } from '../../../src/server/queue/renderQueue';
import { JOB_FILES } from '../../../src/server/render/jobSpec';
import { DataFiles } from '../../../src/server/storage/dataFiles';
import { LocalFileStore } from '../../../src/server/storage/localStore';
import { waitUntil } from '../waitUntil';

/** DATA_DIR's files, whose publishing to the shared store waits until the test lets it go. */
class HeldFiles extends DataFiles {
  private release: () => void = () => undefined;
  readonly held = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  publishing = 0;

  override async publish(): Promise<void> {
    this.publishing += 1;
    await this.held;
  }

  letGo(): void {
    this.release();
  }
}

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-extras-progress-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('says 1 from the last frame until the files are in place, where the queue already says 0', async () => {
  let progress = 0;
  const renders: Array<(result: GalleryResult) => void> = [];
  const queue = {
    renderGallery: () => new Promise<GalleryResult>((resolve) => renders.push(resolve)),
    galleryProgress: () => Promise.resolve(progress),
  } as Partial<RenderQueue> as RenderQueue;
  const files = new HeldFiles(dataDir, new LocalFileStore(dataDir));
  const extras = new ResultExtras({ dataDir, files, queue, log: pino({ level: 'silent' }) });
  const job: FinishedJob = { id: 'j1', files: [], finishedAt: 0, spec: { kind: 'fsa', logoStyle: 1, bannerStyle: 1, texts: DEFAULT_LOGO_TEXTS, bannerTexts: DEFAULT_BANNER_TEXTS } };

  const finishWith = async (kind: 'banner-cuts' | 'banner-webm'): Promise<void> => {
    const nth = kind === 'banner-cuts' ? 0 : 1;
    await waitUntil(() => renders.length > nth);
    const out = fs.mkdtempSync(path.join(dataDir, 'render-'));
    const names = Object.values(JOB_FILES[kind]);
    for (const name of names) fs.writeFileSync(path.join(out, name), name);
    renders[nth]({ dir: out, files: names });
  };

  expect(await extras.readyNow(job)).toEqual({});
  progress = 0.4;
  expect(await extras.progressOf(job, 'banner-cuts')).toBe(0.4);

  // The last frame: the queue forgets the render, and its files are on their way.
  progress = 0;
  await finishWith('banner-cuts');
  await waitUntil(() => files.publishing > 0);
  expect(await extras.progressOf(job, 'banner-cuts')).toBe(1);
  expect(await extras.readyNow(job)).toEqual({});

  files.letGo();
  await waitUntil(async () => Boolean((await extras.readyNow(job))['banner-cuts']));
  // Made: the queue's word again (the caller shows 100 by the folder).
  expect(await extras.progressOf(job, 'banner-cuts')).toBe(0);
  // The WebMs, made from the phone cut, come after it.
  await finishWith('banner-webm');
  await extras.close();
});
