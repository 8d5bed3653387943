/**
 * Encodes a synthesised track with the bundled ffmpeg: MP3 (libmp3lame), which every browser plays
 * in an <audio> element, at 128 kbit/s: well under 1 MB for 40 s of a background loop.
 */
import fs from 'node:fs';
import os from 'node:os';
import { runFfmpeg } from '../ffmpeg';
import type { StereoPcm } from './synth';

/** Interleaved signed 16-bit little-endian samples, what ffmpeg reads as `-f s16le`. */
export function toS16le(pcm: StereoPcm): Buffer {
  const frames = pcm.left.length;
  const samples = new Int16Array(frames * 2);
  for (let i = 0; i < frames; i += 1) {
    samples[2 * i] = Math.max(-32768, Math.min(32767, Math.round(pcm.left[i] * 32767)));
    samples[2 * i + 1] = Math.max(-32768, Math.min(32767, Math.round(pcm.right[i] * 32767)));
  }
  const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  return os.endianness() === 'LE' ? bytes : bytes.swap16();
}

export const MUSIC_BITRATE = '128k';

/**
 * Writes `outFile` (MP3); rejects with ffmpeg's last lines when it fails. The samples go through a
 * raw file beside it rather than a pipe, and both the file and ffmpeg are under way when this
 * returns: ffmpeg then encodes while the caller's thread does other work (the next synthesis).
 */
export function encodeMp3(pcm: StereoPcm, outFile: string, title: string, signal?: AbortSignal): Promise<void> {
  const raw = `${outFile}.raw`;
  fs.writeFileSync(raw, toS16le(pcm));
  const args = [
    ...['-f', 's16le', '-ar', String(pcm.sampleRate), '-ac', '2', '-i', raw],
    ...['-c:a', 'libmp3lame', '-b:a', MUSIC_BITRATE],
    // LAME's faster search: about twice as quick as ffmpeg's default, no audible loss for background music.
    ...['-compression_level', '7'],
    ...['-metadata', `title=${title}`, '-f', 'mp3', outFile],
  ];
  // An abort (shutdown) kills ffmpeg: it must not outlive the thread that started it.
  const encoded = runFfmpeg(args, `encode ${title}`, signal);
  return encoded.finally(() => fs.promises.rm(raw, { force: true }));
}
