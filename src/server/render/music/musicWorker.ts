/**
 * Entry of the music worker thread (started by modules/music/musicLibrary.ts): synthesises the tracks
 * it is given and encodes each to `<dir>/<slug>.mp3`, so that seconds of synthesis never block the
 * API. Each file is written under a temp name and renamed: a visitor gets a whole file or none.
 * ffmpeg reads each track from a raw file, so that one track encodes while the next is synthesised.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../threadPriority';
import { encodeMp3 } from './encode';
import { musicTrackBySlug, renderTrack } from './tracks';

export interface MusicWorkerInput {
  dir: string;
  slugs: string[];
}

/** The one message the thread takes: stop now (shutdown), killing its encoders. */
export interface MusicWorkerStop {
  type: 'stop';
}

/** `elapsedMs`: from the worker's start to the file in place. */
export type MusicWorkerReply = { type: 'done'; slug: string; synthMs: number; elapsedMs: number } | { type: 'failed'; slug: string; message: string };

async function run(input: MusicWorkerInput, reply: (message: MusicWorkerReply) => void, signal: AbortSignal): Promise<void> {
  const runStarted = performance.now();
  fs.mkdirSync(input.dir, { recursive: true });
  // ffmpeg runs beside this thread: encodes are collected and awaited at the end.
  const encodes: Promise<void>[] = [];
  for (const slug of input.slugs) {
    if (signal.aborted) break;
    const track = musicTrackBySlug(slug);
    if (!track) {
      reply({ type: 'failed', slug, message: `No music track ${slug}` });
      continue;
    }
    const started = performance.now();
    let pcm: ReturnType<typeof renderTrack>;
    try {
      pcm = renderTrack(track);
    } catch (error) {
      reply({ type: 'failed', slug, message: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const synthMs = performance.now() - started;
    const target = path.join(input.dir, `${slug}.mp3`);
    const temp = `${target}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    const failed = (error: unknown): void => {
      fs.rmSync(temp, { force: true });
      reply({ type: 'failed', slug, message: error instanceof Error ? error.message : String(error) });
    };
    try {
      // Called directly, not in a then(): ffmpeg must start now, not after the remaining syntheses.
      const encoding = encodeMp3(pcm, temp, track.name, signal);
      encodes.push(
        encoding.then(() => {
          fs.renameSync(temp, target);
          reply({ type: 'done', slug, synthMs, elapsedMs: performance.now() - runStarted });
        }, failed),
      );
    } catch (error) {
      failed(error);
    }
    // Lets a stop message in between two syntheses (ffmpeg is already under way).
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(encodes);
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  lowerThisThreadsPriority();
  const controller = new AbortController();
  port.on('message', (message: MusicWorkerStop) => {
    if (message.type === 'stop') controller.abort(new Error('music synthesis stopped'));
  });
  // run reports its outcome, failures included, through the messages it posts.
  void run(workerData as MusicWorkerInput, (message) => port.postMessage(message), controller.signal).finally(() => port.close());
}
