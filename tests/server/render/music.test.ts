/**
 * The background-music composer: scores, the synthesiser's loops and levels, the five tracks, and
 * the MP3 encoding. The served files themselves are probed in tests/server/modules/miniSite.test.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FFMPEG_PATH } from '../../../src/server/render/ffmpeg';
import { encodeMp3, toS16le } from '../../../src/server/render/music/encode';
import { SAMPLE_RATE, WAVES, bell, drum, midiOf, pluck, tableVoice } from '../../../src/server/render/music/instruments';
import { renderSong, score, type Song } from '../../../src/server/render/music/synth';
import { MUSIC_TRACKS } from '../../../src/server/render/music/tracks';

const rms = (samples: Float32Array): number => Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length);
const peak = (samples: Float32Array): number => samples.reduce((max, x) => Math.max(max, Math.abs(x)), 0);

describe('scores', () => {
  it('names notes as MIDI numbers', () => {
    expect(midiOf('C4')).toBe(60);
    expect(midiOf('A4')).toBe(69);
    expect(midiOf('F#3')).toBe(54);
    expect(midiOf('Bb1')).toBe(34);
    expect(() => midiOf('H2')).toThrow(/note name/);
  });

  it('reads lengths, rests, chords, velocities and bar lines', () => {
    const { notes, beats } = score('A4:2 | r:1 C4+E4:1:0.5', 8, 0.7);
    expect(beats).toBe(4);
    expect(notes).toEqual([
      { beat: 8, beats: 2, midi: 69, velocity: 0.7 },
      { beat: 11, beats: 1, midi: 60, velocity: 0.5 },
      { beat: 11, beats: 1, midi: 64, velocity: 0.5 },
    ]);
    expect(() => score('A4:0')).toThrow(/length/);
  });
});

describe('the synthesiser', () => {
  const voice = tableVoice({ wave: WAVES.saw, env: { attack: 0.01, decay: 0.1, sustain: 0.6, release: 0.3 } });
  const song = (parts: Song['parts'], extra: Partial<Song> = {}): Song => ({ bpm: 120, beats: 8, seed: 9, parts, ...extra });

  it('makes a loop exactly as long as its beats, the same every time', () => {
    const make = (): Song => song([{ instrument: voice, notes: score('C4:1 E4:1 G4:2 C5:4').notes }], { reverb: { room: 0.8, damping: 0.3, level: 0.4 } });
    const first = renderSong(make());
    const second = renderSong(make());
    expect(first.sampleRate).toBe(SAMPLE_RATE);
    expect(first.left.length).toBe(4 * SAMPLE_RATE);
    expect(Buffer.from(first.left.buffer).equals(Buffer.from(second.left.buffer))).toBe(true);
    expect(Buffer.from(first.right.buffer).equals(Buffer.from(second.right.buffer))).toBe(true);
  });

  it('wraps a note that rings past the end round to the start', () => {
    // A pluck on the last beat rings for seconds: the loop's first samples must carry it.
    const string = pluck({ decay: 2, brightness: 0.5, release: 1 });
    const pcm = renderSong(song([{ instrument: string, notes: [{ beat: 7.5, beats: 0.5, midi: 57, velocity: 1 }] }]));
    expect(rms(pcm.left.subarray(0, SAMPLE_RATE / 4))).toBeGreaterThan(0.01);
  });

  it('joins the end to the start without a click', () => {
    const pcm = renderSong(
      song([{ instrument: voice, notes: score('C3:8 | E4:8').notes.map((note, i) => ({ ...note, beat: i * 4 })), reverb: 0.5, echo: 0.5 }], {
        reverb: { room: 0.85, damping: 0.3, level: 0.5 },
        echo: { beats: 0.75, feedback: 0.4, level: 0.3 },
      }),
    );
    let largestStep = 0;
    for (let i = 1; i < pcm.left.length; i += 1) largestStep = Math.max(largestStep, Math.abs(pcm.left[i] - pcm.left[i - 1]));
    expect(Math.abs(pcm.left[0] - pcm.left[pcm.left.length - 1])).toBeLessThanOrEqual(largestStep);
  });

  it('brings every song to the same loudness with its peaks under -3 dBFS', () => {
    const quiet = renderSong(song([{ instrument: voice, notes: score('C4:8').notes, gain: 0.05 }]));
    const loud = renderSong(song([{ instrument: voice, notes: score('C4:8').notes, gain: 5 }]));
    for (const pcm of [quiet, loud]) {
      expect(20 * Math.log10(rms(pcm.left))).toBeCloseTo(-16, 0);
      expect(peak(pcm.left)).toBeLessThanOrEqual(10 ** (-3 / 20) + 1e-6);
    }
  });

  it('has bells and drums that sound and then fade', () => {
    const chime = bell({ partials: [[1, 1, 0.3], [2.76, 0.4, 0.1]], length: 1 })(880, 0.2, 1, () => 0.5);
    const kick = drum({ body: { start: 150, end: 50, sweep: 0.03, decay: 0.1, level: 1 }, length: 0.5 })(0, 0.1, 1, () => 0.5);
    for (const samples of [chime, kick]) {
      expect(rms(samples.subarray(0, 2000))).toBeGreaterThan(0.05);
      expect(peak(samples.subarray(samples.length - 20))).toBeLessThan(0.01);
    }
  });
});

describe('the tracks', () => {
  it('are five or more loops of 30 to 60 seconds with their own slugs and Chinese names', () => {
    expect(MUSIC_TRACKS.length).toBeGreaterThanOrEqual(5);
    expect(new Set(MUSIC_TRACKS.map((track) => track.slug)).size).toBe(MUSIC_TRACKS.length);
    expect(new Set(MUSIC_TRACKS.map((track) => track.id)).size).toBe(MUSIC_TRACKS.length);
    for (const track of MUSIC_TRACKS) {
      expect(track.slug).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(track.name).toMatch(/^[\u4e00-\u9fa5]{2,8}$/);
      const song = track.compose();
      const seconds = (song.beats * 60) / song.bpm;
      expect(seconds).toBeGreaterThanOrEqual(30);
      expect(seconds).toBeLessThanOrEqual(60);
      for (const part of song.parts) {
        for (const note of part.notes) {
          expect(note.beat).toBeGreaterThanOrEqual(0);
          expect(note.beat).toBeLessThan(song.beats);
        }
      }
    }
  });

  // A whole track is synthesised in the music worker thread and its MP3 measured (loudness,
  // length, format) in tests/server/modules/miniSite.test.ts: jest's module sandbox runs this
  // number-crunching several times slower than the worker does.
});

describe('encoding', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-music-'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('interleaves left and right as 16-bit little-endian samples', () => {
    const bytes = toS16le({ sampleRate: SAMPLE_RATE, left: Float32Array.from([0, 1, -1]), right: Float32Array.from([0.5, -2, 0]) });
    expect([...Array(6).keys()].map((i) => bytes.readInt16LE(i * 2))).toEqual([0, 16384, 32767, -32768, -32767, 0]);
  });

  it('writes an MP3 that ffmpeg reads back at the same length, and leaves no raw file', async () => {
    const pcm = renderSong({ bpm: 120, beats: 4, seed: 1, parts: [{ instrument: tableVoice({ wave: WAVES.triangle, env: { attack: 0.01, decay: 0.1, sustain: 0.8, release: 0.1 } }), notes: score('A4:4').notes }] });
    const file = path.join(dir, 'tone.mp3');
    await encodeMp3(pcm, file, '测试');
    expect(fs.readdirSync(dir)).toEqual(['tone.mp3']);
    const run = spawnSync(FFMPEG_PATH, ['-hide_banner', '-nostats', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
    expect(run.stderr).toMatch(/Audio: mp3, 44100 Hz, stereo/);
    const time = [...run.stderr.matchAll(/time=00:00:([\d.]+)/g)].pop();
    expect(Number(time?.[1])).toBeCloseTo(2, 1);
  });

  it('rejects with ffmpeg’s words when it cannot write', async () => {
    const pcm = { sampleRate: SAMPLE_RATE, left: new Float32Array(100), right: new Float32Array(100) };
    fs.mkdirSync(path.join(dir, 'blocked.mp3'));
    await expect(encodeMp3(pcm, path.join(dir, 'blocked.mp3'), 'x')).rejects.toThrow(/ffmpeg failed/);
    expect(fs.existsSync(path.join(dir, 'blocked.mp3.raw'))).toBe(false);
  });
});
