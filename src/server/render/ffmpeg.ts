/**
 * ffmpeg from @ffmpeg-installer/ffmpeg (shipped inside the npm package, so nothing is downloaded at
 * install time). Frames are drawn on canvas and piped raw to its stdin: no frame files on disk.
 */
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { spawn } from 'node:child_process';

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
 * Runs ffmpeg with `args` (after its quiet defaults) to the end; rejects with its last lines of
 * stderr, prefixed by `what`, when it fails. An abort kills it: it must not outlive its caller.
 */
export function runFfmpeg(args: readonly string[], what: string, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(FFMPEG_PATH, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'], signal });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.once('error', reject);
    child.once('close', (code, killedBy) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed to ${what} (${killedBy ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** Starts ffmpeg reading raw RGBA frames of the given size from stdin. */
export function startRawVideoEncoder({ width, height, fps, outputArgs }: RawVideoInput): FrameSink {
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-r', String(fps), '-i', 'pipe:0', ...outputArgs];
  const child = spawn(FFMPEG_PATH, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (${signal ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
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
