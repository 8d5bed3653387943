/**
 * ffmpeg from @ffmpeg-installer/ffmpeg (shipped inside the npm package, so nothing is downloaded at
 * install time). Frames are drawn on canvas and piped raw to its stdin: no frame files on disk.
 */
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { isThreadHeld, onThreadHold } from './renderPause';

export const FFMPEG_PATH: string = ffmpegInstaller.path;

export interface RawVideoInput {
  width: number;
  height: number;
  fps: number;
  /** Arguments after the input: codec, filters, output file (ffmpeg's own syntax). */
  outputArgs: string[];
}

/** A running encoder: write RGBA frames in order, then `finish()`. */
export interface FrameSink {
  /** Resolves when ffmpeg has taken the frame (backpressure), so memory stays flat. */
  write(rgba: Buffer): Promise<void>;
  /** Ends the input and resolves when ffmpeg exits 0; rejects with its last lines of stderr otherwise. */
  finish(): Promise<void>;
  /** Stops ffmpeg at once (a failed or timed-out render). */
  kill(): void;
}

/**
 * Tags of a video encoded as BT.709 (the scale filter's out_color_matrix=bt709:out_range=tv), so
 * browsers show the colours that were drawn.
 */
export const BT709_TAGS = ['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'] as const;

/**
 * A WebM output (VP9 at its realtime speed, constant quality) of a transcode from a finished MP4:
 * realtime keeps it to a few seconds for a 6 s banner.
 */
export function webmOutputArgs(file: string): string[] {
  return ['-an', '-vf', 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p', '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-crf', '33', '-b:v', '0', ...BT709_TAGS, '-f', 'webm', file];
}

/** Before every command's own arguments: errors only on stderr, outputs overwritten. */
const QUIET = ['-hide_banner', '-loglevel', 'error', '-y'] as const;

/** The ffmpeg processes this thread has running: its hold (renderPause.ts) stops and continues them all. */
const running = new Set<ChildProcess>();
let stoppedListener: ((pids: number[]) => void) | null = null;

/** The process ids of the ffmpeg processes this thread has running (tests look at their state). */
export const runningFfmpegPids = (): number[] => [...running].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));

const reportStopped = (): void => stoppedListener?.(isThreadHeld() ? runningFfmpegPids() : []);

/**
 * Tells `listener` which processes the hold has stopped, whenever that changes. A stopped process
 * outlives a thread that ends without continuing it, and would stay stopped for good: the render
 * worker passes these on to its pool, which kills them if the thread dies while holding them.
 */
export function reportStoppedFfmpeg(listener: ((pids: number[]) => void) | null): void {
  stoppedListener = listener;
}

/** Stops (SIGSTOP) or continues (SIGCONT) a process, unless it has already exited. */
function signalHold(child: ChildProcess, hold: boolean): void {
  if (child.exitCode === null && child.signalCode === null) child.kill(hold ? 'SIGSTOP' : 'SIGCONT');
}

/**
 * A held render's encoders stand still: a frame render with them, its next frame waiting for the
 * encoder to take the last. A kill still works on a stopped process (SIGKILL needs no continue).
 */
onThreadHold((hold) => {
  for (const child of running) signalHold(child, hold);
  reportStopped();
});

/** Keeps `child` among the running ones until it exits; one started during a hold stops at once. */
function track<T extends ChildProcess>(child: T): T {
  const gone = (): void => {
    if (running.delete(child) && isThreadHeld()) reportStopped();
  };
  running.add(child);
  child.once('exit', gone);
  child.once('error', gone);
  if (isThreadHeld()) {
    signalHold(child, true);
    reportStopped();
  }
  return child;
}

/**
 * Resolves when `child` (an ffmpeg) exits 0; rejects with its last lines of stderr, prefixed by
 * `what`, otherwise.
 */
function exitOf(child: ChildProcessByStdio<Writable | null, null, Readable>, what: string): Promise<void> {
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, killedBy) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed to ${what} (${killedBy ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** Runs ffmpeg with `args` to the end. An abort kills it: it must not outlive its caller. */
export function runFfmpeg(args: readonly string[], what: string, signal?: AbortSignal): Promise<void> {
  // SIGKILL: a held (stopped) ffmpeg would not act on SIGTERM until continued.
  return exitOf(track(spawn(FFMPEG_PATH, [...QUIET, ...args], { stdio: ['ignore', 'ignore', 'pipe'], signal, killSignal: 'SIGKILL' })), what);
}

/** Starts ffmpeg reading raw RGBA frames of the given size from stdin. */
export function startRawVideoEncoder({ width, height, fps, outputArgs }: RawVideoInput): FrameSink {
  const args = [...QUIET, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-r', String(fps), '-i', 'pipe:0', ...outputArgs];
  const child = track(spawn(FFMPEG_PATH, args, { stdio: ['pipe', 'ignore', 'pipe'] }));
  const exited = exitOf(child, 'encode the frames');
  // A render that is aborted kills ffmpeg and never awaits `exited`: its rejection is expected then.
  exited.catch(() => {});
  // A write after ffmpeg died must reject, not throw EPIPE at the process.
  child.stdin.on('error', () => {});
  const frameBytes = width * height * 4;

  return {
    write(rgba) {
      if (rgba.length !== frameBytes) return Promise.reject(new Error(`A frame must be ${frameBytes} bytes (got ${rgba.length}).`));
      if (child.exitCode !== null || child.signalCode !== null) return exited.then(() => Promise.reject(new Error('ffmpeg has exited')));
      if (child.stdin.write(rgba)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const onDrain = () => {
          child.off('close', onClose);
          resolve();
        };
        const onClose = () => {
          child.stdin.off('drain', onDrain);
          exited.then(() => reject(new Error('ffmpeg has exited')), reject);
        };
        child.stdin.once('drain', onDrain);
        child.once('close', onClose);
      });
    },
    finish() {
      child.stdin.end();
      return exited;
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
}
