/**
 * The synthesiser's voices (src/server/render/music/synth.ts mixes them): wavetable oscillators,
 * plucked strings (Karplus-Strong), bells and drums, each a function of its note and a seeded
 * generator, so a track renders to the same samples every time.
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
