/**
 * A small deterministic synthesiser for the mini site's background music: the voices of instruments.ts
 * mixed into a stereo loop with a reverb and an echo. Every
 * random choice comes from a seeded generator, so a track renders to the same samples every time.
 *
 * Loops: a note or an effect tail that runs past the end wraps around to the start, and the effects
 * run over the loop twice (the first pass only warms them up), so the last sample leads into the
 * first as if the music had always been playing.
 */

import { SAMPLE_RATE, createRng, frequencyOf, midiOf, type Instrument } from './instruments';

// ---------------------------------------------------------------------------------------------
// Scores and the mix

export interface Note {
  /** Start, in beats from the loop's start. */
  beat: number;
  /** Held for this many beats. */
  beats: number;
  /** MIDI number; ignored by drums. */
  midi: number;
  velocity: number;
}

export interface Part {
  instrument: Instrument;
  notes: Note[];
  /** -1 left .. 1 right. */
  pan?: number;
  gain?: number;
  /** Share sent to the reverb and to the echo. */
  reverb?: number;
  echo?: number;
  /** Delays the right side by a few ms (the Haas effect): a wide pad, at no cost. */
  wide?: boolean;
  /** Humanising: up to this many ms of random timing. */
  looseMs?: number;
}

export interface Song {
  bpm: number;
  beats: number;
  seed: number;
  parts: Part[];
  reverb?: { room: number; damping: number; level: number };
  /** An echo of `beats` beats with this feedback, ping-ponging between the sides. */
  echo?: { beats: number; feedback: number; level: number };
}

export interface StereoPcm {
  sampleRate: number;
  left: Float32Array;
  right: Float32Array;
}

/**
 * Parses a line of a score: `A4:2 D5:1.5 r:0.5 D4+F4+A4:4`, optionally `:velocity` after the
 * length; `|` marks bars for the reader and is ignored. Answers the notes and the beats used.
 */
export function score(line: string, startBeat = 0, velocity = 0.8): { notes: Note[]; beats: number } {
  const notes: Note[] = [];
  let beat = startBeat;
  for (const token of line.split(/\s+/).filter((part) => part && part !== '|')) {
    const [pitches, length, level] = token.split(':');
    const beats = Number(length);
    if (!Number.isFinite(beats) || beats <= 0) throw new Error(`Bad note length in "${token}"`);
    if (pitches !== 'r') {
      for (const pitch of pitches.split('+')) notes.push({ beat, beats, midi: midiOf(pitch), velocity: level ? Number(level) : velocity });
    }
    beat += beats;
  }
  return { notes, beats: beat - startBeat };
}

/** Adds `bus` times `gain` into `target`, `lag` samples later (wrapping round the loop). */
function mixBus(bus: Float32Array, target: Float32Array, gain: number, lag: number): void {
  const length = bus.length;
  const split = length - lag;
  for (let i = 0; i < split; i += 1) target[i + lag] += bus[i] * gain;
  for (let i = split; i < length; i += 1) target[i - split] += bus[i] * gain;
}

/** Adds `source` into `target` at `offset`, wrapping past the end to the start (a loop). */
function addWrapped(target: Float32Array, source: Float32Array, offset: number): void {
  const length = target.length;
  let at = ((offset % length) + length) % length;
  let i = 0;
  while (i < source.length) {
    const run = Math.min(source.length - i, length - at);
    for (let k = 0; k < run; k += 1) target[at + k] += source[i + k];
    i += run;
    at = 0;
  }
}

const WIDE_DELAY = Math.round(0.013 * SAMPLE_RATE);

/** Freeverb's tunings (at 44.1 kHz); the right side's lines are 23 samples longer. */
const COMB_SIZES = [1116, 1188, 1277, 1356, 1422, 1491];
const ALLPASS_SIZES = [556, 441, 341];

/**
 * The effects first run over the loop's last seconds, so that they enter the loop's start holding
 * what its end left in them: as long as their tails take to fall by about 60 dB.
 */
const REVERB_WARM_UP_SECONDS = 5;
const ECHO_WARM_UP_SECONDS = 15;

/** The loop's last `seconds` followed by the whole loop; effects keep the last `signal.length` samples. */
function withWarmUp(signal: Float32Array, seconds: number): { extended: Float32Array; warmUp: number } {
  const warmUp = Math.min(signal.length, Math.round(seconds * SAMPLE_RATE));
  const extended = new Float32Array(warmUp + signal.length);
  extended.set(signal.subarray(signal.length - warmUp), 0);
  extended.set(signal, warmUp);
  return { extended, warmUp };
}

/**
 * A Freeverb-style reverb over a loop: parallel damped combs, then allpasses in series. It runs at
 * half the sample rate (a reverb's damped tail has little above 11 kHz) and each filter runs over
 * the whole signal in its own tight loop: together about eight times faster than the textbook way.
 */
function reverbLoop(send: Float32Array, room: number, damping: number, spread: number): Float32Array {
  const { extended, warmUp } = withWarmUp(send, REVERB_WARM_UP_SECONDS);
  const length = Math.ceil(extended.length / 2);
  const sum = new Float32Array(length);
  const input = new Float32Array(length);
  for (let j = 0; j < length; j += 1) input[j] = (extended[2 * j] + (extended[2 * j + 1] ?? 0)) * 0.5 * 0.015;
  for (const size of COMB_SIZES) {
    const line = new Float32Array(Math.round((size + spread) / 2));
    let at = 0;
    let store = 0;
    for (let j = 0; j < length; j += 1) {
      const output = line[at];
      store = output * (1 - damping) + store * damping;
      line[at] = input[j] + store * room;
      at = at + 1 === line.length ? 0 : at + 1;
      sum[j] += output;
    }
  }
  for (const size of ALLPASS_SIZES) {
    const line = new Float32Array(Math.round((size + spread) / 2));
    let at = 0;
    for (let j = 0; j < length; j += 1) {
      const delayed = line[at];
      const value = sum[j];
      line[at] = value + delayed * 0.5;
      at = at + 1 === line.length ? 0 : at + 1;
      sum[j] = delayed - value;
    }
  }
  const out = new Float32Array(send.length);
  for (let i = 0; i < send.length; i += 1) {
    const at = i + warmUp;
    const j = at >> 1;
    out[i] = at & 1 ? (sum[j] + (j + 1 < length ? sum[j + 1] : sum[j])) * 0.5 : sum[j];
  }
  return out;
}

/** A ping-pong echo over a loop. */
function echoLoop(send: Float32Array, delaySamples: number, feedback: number): { left: Float32Array; right: Float32Array } {
  const { extended, warmUp } = withWarmUp(send, ECHO_WARM_UP_SECONDS);
  const left = new Float32Array(extended.length);
  const right = new Float32Array(extended.length);
  const lineLeft = new Float32Array(delaySamples);
  const lineRight = new Float32Array(delaySamples);
  let at = 0;
  for (let i = 0; i < extended.length; i += 1) {
    const outLeft = lineLeft[at];
    const outRight = lineRight[at];
    lineLeft[at] = extended[i] + outRight * feedback;
    lineRight[at] = outLeft;
    at = at + 1 === delaySamples ? 0 : at + 1;
    left[i] = outLeft;
    right[i] = outRight;
  }
  return { left: left.slice(warmUp), right: right.slice(warmUp) };
}

/** Renders a song to a seamless stereo loop, peak-normalised to about -1 dBFS with a soft knee. */
export function renderSong(song: Song): StereoPcm {
  const secondsPerBeat = 60 / song.bpm;
  const length = Math.round(song.beats * secondsPerBeat * SAMPLE_RATE);
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  const reverbSend = new Float32Array(length);
  const echoSend = new Float32Array(length);
  const rng = createRng(song.seed);

  // Each part's notes go onto its own bus first; the bus is then panned and sent in one pass.
  const bus = new Float32Array(length);
  for (const part of song.parts) {
    bus.fill(0);
    const gain = part.gain ?? 1;
    for (const note of part.notes) {
      const jitter = part.looseMs ? ((rng() * 2 - 1) * part.looseMs) / 1000 : 0;
      const offset = Math.round((note.beat * secondsPerBeat + jitter) * SAMPLE_RATE);
      addWrapped(bus, part.instrument(frequencyOf(note.midi), note.beats * secondsPerBeat, note.velocity, rng), offset);
    }
    // Constant-power panning.
    const angle = (((part.pan ?? 0) + 1) * Math.PI) / 4;
    const toLeft = gain * Math.cos(angle);
    const toRight = gain * Math.sin(angle);
    const toReverb = gain * (part.reverb ?? 0);
    const toEcho = gain * (part.echo ?? 0);
    mixBus(bus, left, toLeft, 0);
    mixBus(bus, right, toRight, part.wide ? WIDE_DELAY : 0);
    if (toReverb) mixBus(bus, reverbSend, toReverb, 0);
    if (toEcho) mixBus(bus, echoSend, toEcho, 0);
  }

  if (song.echo) {
    const echoed = echoLoop(echoSend, Math.round(song.echo.beats * secondsPerBeat * SAMPLE_RATE), song.echo.feedback);
    for (let i = 0; i < length; i += 1) {
      left[i] += echoed.left[i] * song.echo.level;
      right[i] += echoed.right[i] * song.echo.level;
      // The echoes ring in the room too.
      reverbSend[i] += (echoed.left[i] + echoed.right[i]) * 0.5 * song.echo.level;
    }
  }
  if (song.reverb) {
    const { room, damping, level } = song.reverb;
    const wetLeft = reverbLoop(reverbSend, room, damping, 0);
    const wetRight = reverbLoop(reverbSend, room, damping, 23);
    for (let i = 0; i < length; i += 1) {
      left[i] += wetLeft[i] * level;
      right[i] += wetRight[i] * level;
    }
  }
  return { sampleRate: SAMPLE_RATE, ...master(left, right) };
}

/** A rational tanh (Padé): close to it up to |x| = 3, and a fraction of its cost. */
function softTanh(x: number): number {
  if (x > 3) return 1;
  if (x < -3) return -1;
  const square = x * x;
  return (x * (27 + square)) / (27 + 9 * square);
}

/** Every track plays at about the same loudness: an RMS of -16 dBFS... */
const TARGET_RMS = 10 ** (-16 / 20);
/** ...with peaks above the knee bent softly under the ceiling (-3 dBFS: an MP3 of a sharp pluck overshoots its source by more than 1.5 dB). */
const KNEE = 0.5;
const CEILING = 10 ** (-3 / 20);

function limit(x: number): number {
  const size = Math.abs(x);
  if (size <= KNEE) return x;
  return Math.sign(x) * (KNEE + (CEILING - KNEE) * softTanh((size - KNEE) / (CEILING - KNEE)));
}

/** Removes any DC offset, brings the loop to the target loudness, and bends its peaks under the ceiling. */
function master(left: Float32Array, right: Float32Array): { left: Float32Array; right: Float32Array } {
  let power = 0;
  for (const channel of [left, right]) {
    let mean = 0;
    for (let i = 0; i < channel.length; i += 1) mean += channel[i];
    mean /= channel.length || 1;
    for (let i = 0; i < channel.length; i += 1) {
      channel[i] -= mean;
      power += channel[i] * channel[i];
    }
  }
  const rms = Math.sqrt(power / (2 * left.length || 1));
  const gain = rms > 0 ? TARGET_RMS / rms : 0;
  for (const channel of [left, right]) {
    for (let i = 0; i < channel.length; i += 1) channel[i] = limit(channel[i] * gain);
  }
  return { left, right };
}
