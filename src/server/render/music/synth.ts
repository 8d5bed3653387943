/**
 * A small deterministic synthesiser for the mini site's background music: wavetable, plucked-string
 * (Karplus-Strong), bell and drum voices, mixed into a stereo loop with a reverb and an echo. Every
 * random choice comes from a seeded generator, so a track renders to the same samples every time.
 *
 * Loops: a note or an effect tail that runs past the end wraps around to the start, and the effects
 * run over the loop twice (the first pass only warms them up), so the last sample leads into the
 * first as if the music had always been playing.
 */

export const SAMPLE_RATE = 44_100;

/** mulberry32: tiny, fast and good enough for musical choices and noise. */
export type Rng = () => number;
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOTE_OFFSETS: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** 'C4' -> 60, 'F#3' -> 54, 'Bb1' -> 34 (MIDI numbers). */
export function midiOf(name: string): number {
  const match = /^([A-G])(#|b)?(-?\d)$/.exec(name);
  if (!match) throw new Error(`Not a note name: ${name}`);
  const accidental = match[2] === '#' ? 1 : match[2] === 'b' ? -1 : 0;
  return 12 * (Number(match[3]) + 1) + NOTE_OFFSETS[match[1]] + accidental;
}

export const frequencyOf = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);

/** Makes the samples of one note: mono, starting at the note's start, tail included. */
export type Instrument = (frequency: number, seconds: number, velocity: number, rng: Rng) => Float32Array;

// ---------------------------------------------------------------------------------------------
// Wavetables

const TABLE_SIZE = 2048;
/** Envelopes, vibrato and filter sweeps move once per this many samples (0.7 ms). */
const CONTROL_BLOCK = 32;
const tableCache = new Map<string, Float32Array>();

/**
 * One cycle made of harmonics 1..count with the given amplitudes, peak-normalised. Tables are
 * cached by name and harmonic count: a note only gets the harmonics below about 18 kHz, so high
 * notes do not alias.
 */
function wavetable(name: string, amplitude: (harmonic: number) => number, count: number): Float32Array {
  const key = `${name}:${count}`;
  const known = tableCache.get(key);
  if (known) return known;
  const table = new Float32Array(TABLE_SIZE + 1);
  for (let k = 1; k <= count; k += 1) {
    const a = amplitude(k);
    if (a === 0) continue;
    for (let i = 0; i < TABLE_SIZE; i += 1) table[i] += a * Math.sin((2 * Math.PI * k * i) / TABLE_SIZE);
  }
  let peak = 0;
  for (let i = 0; i < TABLE_SIZE; i += 1) peak = Math.max(peak, Math.abs(table[i]));
  for (let i = 0; i < TABLE_SIZE; i += 1) table[i] /= peak || 1;
  // The guard sample makes interpolation at the end of the cycle branch-free.
  table[TABLE_SIZE] = table[0];
  tableCache.set(key, table);
  return table;
}

export interface Waveform {
  name: string;
  amplitude: (harmonic: number) => number;
  /** The most harmonics it ever has (fewer for high notes). */
  maxHarmonics: number;
}

export const WAVES = {
  sine: { name: 'sine', amplitude: (k) => (k === 1 ? 1 : 0), maxHarmonics: 1 },
  saw: { name: 'saw', amplitude: (k) => 1 / k, maxHarmonics: 40 },
  /** A darker saw: the strings' and brass' body. */
  warm: { name: 'warm', amplitude: (k) => 1 / k ** 1.6, maxHarmonics: 24 },
  square: { name: 'square', amplitude: (k) => (k % 2 ? 1 / k : 0), maxHarmonics: 31 },
  /** A 25 % pulse: the classic chiptune lead. */
  pulse25: { name: 'pulse25', amplitude: (k) => Math.abs(Math.sin((Math.PI * k) / 4)) / k, maxHarmonics: 32 },
  triangle: { name: 'triangle', amplitude: (k) => (k % 2 ? 1 / (k * k) : 0), maxHarmonics: 15 },
  /** Harmonics weighted around two vowel formants (about 700 and 1150 Hz for a low voice): an 'ah' choir. */
  choir: { name: 'choir', amplitude: (k) => 1 / k + 0.9 * Math.exp(-(((k - 5) / 1.6) ** 2)) + 0.5 * Math.exp(-(((k - 8) / 2) ** 2)), maxHarmonics: 14 },
  /** Odd harmonics falling fast with a little even colour: a mellow flute or pipe. */
  flute: { name: 'flute', amplitude: (k) => (k === 1 ? 1 : k === 2 ? 0.18 : k === 3 ? 0.12 : k === 4 ? 0.03 : 0), maxHarmonics: 4 },
} satisfies Record<string, Waveform>;

function tableFor(wave: Waveform, frequency: number): Float32Array {
  const count = Math.max(1, Math.min(wave.maxHarmonics, Math.floor(18_000 / frequency)));
  return wavetable(wave.name, wave.amplitude, count);
}

// ---------------------------------------------------------------------------------------------
// Envelopes and filters

export interface Adsr {
  attack: number;
  decay: number;
  sustain: number;
  release: number;
}

/** ADSR level at time t for a note held for `held` seconds (linear segments). */
function adsrLevel(env: Adsr, t: number, held: number): number {
  const before = (time: number): number => {
    if (time < env.attack) return time / env.attack;
    const intoDecay = time - env.attack;
    return intoDecay < env.decay ? 1 - (1 - env.sustain) * (intoDecay / env.decay) : env.sustain;
  };
  if (t < held) return before(t);
  const release = t - held;
  return release >= env.release ? 0 : before(held) * (1 - release / env.release);
}

/** Fades the last 10 ms to silence: a voice cut at its length must not click. */
function fadeOut(samples: Float32Array): void {
  const fade = Math.min(samples.length, Math.ceil(0.01 * SAMPLE_RATE));
  for (let i = 0; i < fade; i += 1) samples[samples.length - 1 - i] *= i / fade;
}

const onePoleCoefficient = (cutoff: number): number => 1 - Math.exp((-2 * Math.PI * Math.min(cutoff, SAMPLE_RATE * 0.45)) / SAMPLE_RATE);

// ---------------------------------------------------------------------------------------------
// Voices

export interface TableVoiceOptions {
  wave: Waveform;
  env: Adsr;
  /** Detuned copies in cents: a chorus of oscillators. */
  detune?: number[];
  /** Vibrato in cents, starting after `delay` seconds. */
  vibrato?: { rate: number; cents: number; delay: number };
  /** A one-pole low-pass whose cutoff is a multiple of the note's frequency, moving from `start` to `end` over `time` s. */
  brightness?: { start: number; end: number; time: number };
  gain?: number;
}

/** Oscillators reading a band-limited wavetable, with envelope, vibrato and a low-pass. */
export function tableVoice(options: TableVoiceOptions): Instrument {
  const { wave, env, detune = [0], vibrato, brightness, gain = 1 } = options;
  return (frequency, seconds, velocity, rng) => {
    const length = Math.ceil((seconds + env.release) * SAMPLE_RATE);
    const out = new Float32Array(length);
    const table = tableFor(wave, frequency * 2 ** (Math.max(...detune) / 1200));
    const level = (gain * velocity) / Math.sqrt(detune.length);
    for (const cents of detune) {
      const increment = (frequency * 2 ** (cents / 1200) * TABLE_SIZE) / SAMPLE_RATE;
      let phase = rng() * TABLE_SIZE;
      const vibratoPhase = rng() * 2 * Math.PI;
      // Vibrato moves at control rate, once per block: inaudible, and far cheaper than per sample.
      for (let block = 0; block < length; block += CONTROL_BLOCK) {
        let step = increment;
        const t = block / SAMPLE_RATE;
        if (vibrato && t > vibrato.delay) {
          const depth = Math.min(1, (t - vibrato.delay) / 0.4) * vibrato.cents;
          step *= 2 ** ((depth * Math.sin(vibratoPhase + 2 * Math.PI * vibrato.rate * t)) / 1200);
        }
        const end = Math.min(length, block + CONTROL_BLOCK);
        for (let i = block; i < end; i += 1) {
          const index = phase | 0;
          out[i] += table[index] + (table[index + 1] - table[index]) * (phase - index);
          phase += step;
          if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
        }
      }
    }
    let filtered = 0;
    let coefficient = 1;
    // The envelope ramps linearly across each block and the filter moves once per block.
    let envelope = adsrLevel(env, 0, seconds) * level;
    for (let block = 0; block < length; block += CONTROL_BLOCK) {
      const end = Math.min(length, block + CONTROL_BLOCK);
      const t = block / SAMPLE_RATE;
      const target = adsrLevel(env, end / SAMPLE_RATE, seconds) * level;
      const slope = (target - envelope) / (end - block);
      if (brightness) {
        const progress = Math.min(1, t / brightness.time);
        coefficient = onePoleCoefficient(frequency * (brightness.start + (brightness.end - brightness.start) * progress));
      }
      for (let i = block; i < end; i += 1) {
        filtered += coefficient * (out[i] - filtered);
        out[i] = filtered * envelope;
        envelope += slope;
      }
      envelope = target;
    }
    return out;
  };
}

export interface PluckOptions {
  /** Seconds for the string to fall by 60 dB. */
  decay: number;
  /** 0..1: how bright the pluck is (the excitation's low-pass). */
  brightness: number;
  /** Seconds of damping after the note ends. */
  release: number;
  gain?: number;
}

/** A plucked string (Karplus-Strong): guqin, pizzicato, harp. */
export function pluck(options: PluckOptions): Instrument {
  const { decay, brightness, release, gain = 1 } = options;
  return (frequency, seconds, velocity, rng) => {
    // The averaging filter delays by half a sample: subtract it so that the pitch is right.
    const period = Math.max(2, Math.round(SAMPLE_RATE / frequency - 0.5));
    // The loss per trip round the string that gives a 60 dB fall over `decay` seconds.
    const loss = 10 ** (-3 / (decay * frequency));
    const buffer = new Float32Array(period);
    const smoothing = 0.1 + 0.9 * brightness;
    let previous = 0;
    for (let i = 0; i < period; i += 1) {
      previous += smoothing * (rng() * 2 - 1 - previous);
      buffer[i] = previous;
    }
    let mean = 0;
    for (let i = 0; i < period; i += 1) mean += buffer[i] / period;
    for (let i = 0; i < period; i += 1) buffer[i] -= mean;
    const length = Math.ceil((seconds + release) * SAMPLE_RATE);
    const releaseStart = Math.floor(seconds * SAMPLE_RATE);
    const out = new Float32Array(length);
    let index = 0;
    const level = gain * velocity * 1.6;
    for (let i = 0; i < length; i += 1) {
      const next = index + 1 === period ? 0 : index + 1;
      const value = buffer[index];
      buffer[index] = (value + buffer[next]) * 0.5 * loss;
      const fade = i < releaseStart ? 1 : 1 - (i - releaseStart) / (length - releaseStart);
      out[i] = value * level * fade;
      index = next;
    }
    return out;
  };
}

/** A bell or glockenspiel: inharmonic partials, each fading at its own rate. */
export function bell(options: { partials: Array<[ratio: number, amplitude: number, decay: number]>; gain?: number; length?: number }): Instrument {
  const { partials, gain = 1, length: seconds = 2.5 } = options;
  const sine = tableFor(WAVES.sine, 1);
  return (frequency, _held, velocity, rng) => {
    const length = Math.ceil(seconds * SAMPLE_RATE);
    const out = new Float32Array(length);
    for (const [ratio, amplitude, decay] of partials) {
      const f = frequency * ratio;
      if (f > 18_000) continue;
      const increment = (f * TABLE_SIZE) / SAMPLE_RATE;
      const fall = Math.exp(-1 / (decay * SAMPLE_RATE));
      let level = amplitude * gain * velocity;
      let phase = rng() * TABLE_SIZE;
      // A partial stops once it has fallen by 80 dB.
      const audible = Math.min(length, Math.ceil(decay * Math.log(1e4) * SAMPLE_RATE));
      for (let i = 0; i < audible; i += 1) {
        const index = phase | 0;
        out[i] += (sine[index] + (sine[index + 1] - sine[index]) * (phase - index)) * level;
        level *= fall;
        phase += increment;
        if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
      }
    }
    // A 2 ms attack keeps the strike from clicking, and a fade the cut at the end.
    const attack = Math.ceil(0.002 * SAMPLE_RATE);
    for (let i = 0; i < attack && i < length; i += 1) out[i] *= i / attack;
    fadeOut(out);
    return out;
  };
}

export interface DrumOptions {
  /** Pitch sweep of the body: from `start` Hz to `end` Hz with time constant `sweep` s; 0 Hz for none. */
  body?: { start: number; end: number; sweep: number; decay: number; level: number };
  /** Noise: its decay, level, and a colour from 0 (dark) to 1 (bright/hissy). */
  noise?: { decay: number; level: number; colour: number };
  /** 8-bit style noise: held for this many samples at a time. */
  steppedNoise?: number;
  length: number;
  gain?: number;
}

/** Kicks, snares, hats, taiko and timpani: a swept sine body plus coloured noise. */
export function drum(options: DrumOptions): Instrument {
  const { body, noise, steppedNoise = 1, length: seconds, gain = 1 } = options;
  const sine = tableFor(WAVES.sine, 1);
  return (_frequency, _held, velocity, rng) => {
    const length = Math.ceil(seconds * SAMPLE_RATE);
    const out = new Float32Array(length);
    if (body) {
      // Exponential sweeps and decays as running products: no exp() per sample.
      let phase = 0;
      let sweep = 1;
      let amplitude = body.level;
      const sweepFall = Math.exp(-1 / (body.sweep * SAMPLE_RATE));
      const fall = Math.exp(-1 / (body.decay * SAMPLE_RATE));
      for (let i = 0; i < length; i += 1) {
        const f = body.end + (body.start - body.end) * sweep;
        phase += (f * TABLE_SIZE) / SAMPLE_RATE;
        if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
        const index = phase | 0;
        out[i] += (sine[index] + (sine[index + 1] - sine[index]) * (phase - index)) * amplitude;
        sweep *= sweepFall;
        amplitude *= fall;
      }
    }
    if (noise) {
      // Bright noise: the signal minus its low-pass. Dark noise: the low-pass itself.
      const coefficient = onePoleCoefficient(300 + (1 - noise.colour) * 2500);
      const bright = noise.colour >= 0.5;
      const fall = Math.exp(-1 / (noise.decay * SAMPLE_RATE));
      let amplitude = noise.level;
      let low = 0;
      let held = 0;
      for (let i = 0; i < length; i += 1) {
        if (i % steppedNoise === 0) held = rng() * 2 - 1;
        low += coefficient * (held - low);
        out[i] += (bright ? held - low : low * 2.5) * amplitude;
        amplitude *= fall;
      }
    }
    const level = gain * velocity;
    const attack = Math.ceil(0.001 * SAMPLE_RATE);
    for (let i = 0; i < length; i += 1) out[i] *= level * (i < attack ? i / attack : 1);
    fadeOut(out);
    return out;
  };
}

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
