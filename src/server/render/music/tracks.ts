/**
 * The background-music tracks of the mini site, composed here and synthesised by ./synth: ours to
 * ship in every generated site. Each is a seamless loop of 38 to 45 seconds.
 */
import { WAVES, bell, drum, midiOf, pluck, tableVoice } from './instruments';
import { renderSong, score, type Note, type Song, type StereoPcm } from './synth';

/** Bump when a track's notes or sound change: it names the folder the files live in. */
export const MUSIC_VERSION = 'm1';

export interface TrackDefinition {
  id: number;
  /** The value a music field holds, and the file's name. */
  slug: string;
  name: string;
  compose: () => Song;
}

const BEATS_PER_BAR = 4;

/** Notes of a pattern repeated for each bar; `make` answers the bar's notes with beats inside the bar. */
function everyBar(bars: number, make: (bar: number) => Note[]): Note[] {
  const notes: Note[] = [];
  for (let bar = 0; bar < bars; bar += 1) {
    for (const note of make(bar)) notes.push({ ...note, beat: note.beat + bar * BEATS_PER_BAR });
  }
  return notes;
}

const hit = (beat: number, velocity = 0.8, beats = 0.25): Note => ({ beat, beats, midi: 60, velocity });
const tone = (beat: number, midi: number, beats: number, velocity = 0.8): Note => ({ beat, beats, midi, velocity });

/** Scores written bar by bar, one string per line, joined into one part starting at `startBeat`. */
function lines(startBeat: number, velocity: number, ...bars: string[]): Note[] {
  return score(bars.join(' '), startBeat, velocity).notes;
}

// ---------------------------------------------------------------------------------------------
// 史诗征战: D minor, strings ostinato, brass, choir, taiko. 100 bpm, 16 bars.

function epic(): Song {
  const bars = 16;
  // One chord every two bars: Dm Bb F C Dm Bb Gm A.
  const roots = ['D2', 'Bb1', 'F2', 'C2', 'D2', 'Bb1', 'G2', 'A1'].map(midiOf);
  const minor = [true, false, false, false, true, false, true, false];
  const chordOf = (bar: number): number => Math.floor(bar / 2);
  const third = (chord: number): number => (minor[chord] ? 3 : 4);

  const strings = tableVoice({ wave: WAVES.warm, env: { attack: 0.01, decay: 0.12, sustain: 0.5, release: 0.12 }, detune: [-7, 0, 7], brightness: { start: 7, end: 4, time: 0.2 } });
  const brass = tableVoice({ wave: WAVES.saw, env: { attack: 0.18, decay: 0.4, sustain: 0.8, release: 0.5 }, detune: [-4, 4], brightness: { start: 2, end: 5, time: 0.6 } });
  const horn = tableVoice({ wave: WAVES.warm, env: { attack: 0.08, decay: 0.3, sustain: 0.85, release: 0.35 }, detune: [-3, 3], vibrato: { rate: 5, cents: 12, delay: 0.35 }, brightness: { start: 3, end: 6, time: 0.4 } });
  const choir = tableVoice({ wave: WAVES.choir, env: { attack: 0.6, decay: 0.5, sustain: 0.9, release: 1.2 }, detune: [-9, 0, 9], vibrato: { rate: 4.5, cents: 10, delay: 0.5 }, brightness: { start: 4, end: 4, time: 1 } });
  const taiko = drum({ body: { start: 110, end: 52, sweep: 0.05, decay: 0.45, level: 1 }, noise: { decay: 0.05, level: 0.35, colour: 0.2 }, length: 1.2 });
  const timpani = drum({ body: { start: 95, end: 73, sweep: 0.12, decay: 0.9, level: 0.9 }, noise: { decay: 0.03, level: 0.15, colour: 0.3 }, length: 1.8 });
  const crash = drum({ noise: { decay: 1.4, level: 0.6, colour: 0.9 }, length: 3.5 });
  const shaker = drum({ noise: { decay: 0.04, level: 0.5, colour: 0.9 }, length: 0.15 });

  const ostinatoSteps = [0, 0, 12, 0, 0, 12, 0, 7];
  const ostinatoAccents = [1, 0.55, 0.6, 0.9, 0.55, 0.6, 0.95, 0.6];
  const ostinato = everyBar(bars, (bar) => {
    const root = roots[chordOf(bar)] + 12;
    return ostinatoSteps.map((step, i) => tone(i * 0.5, root + step, 0.45, ostinatoAccents[i] * (bar < 8 ? 0.6 : 0.8)));
  });

  const chordNotes = (octave: number, from: number, velocity: number): Note[] =>
    Array.from({ length: (bars - from) / 2 }, (_, i) => from / 2 + i).flatMap((chord) => {
      const root = roots[chord] + octave;
      return [root, root + third(chord), root + 7].map((midi) => tone(chord * 8, midi, 8, velocity));
    });

  const theme = [
    'A4:2 D5:2 E5:1 F5:1 E5:2',
    'D5:3 C5:1 Bb4:2 F4:2',
    'A4:2 C5:2 F5:3 E5:1',
    'E5:2 D5:1 C5:1 G4:4',
    'A4:2 D5:2 E5:1 F5:1 A5:2',
    'G5:3 F5:1 D5:2 Bb4:2',
    'G4:2 Bb4:2 D5:2 C5:1 Bb4:1',
    'A4:3 C#5:1 E5:2 A4:2',
  ];
  // Low and soft all through; from bar 9 the horns double it an octave up.
  const low = lines(0, 0.55, ...theme).map((note) => ({ ...note, midi: note.midi - 12 }));
  const high = lines(32, 0.8, ...theme.slice(4));

  const drums = everyBar(bars, (bar) => {
    const strong = bar >= 8;
    const notes = [hit(0, strong ? 1 : 0.8), hit(2.5, strong ? 0.8 : 0.6)];
    if (bar % 2 === 1) notes.push(hit(3.5, 0.6), hit(3.75, 0.7));
    if (strong) notes.push(hit(1.5, 0.5), hit(3, 0.65));
    return notes;
  });
  const timpaniNotes = Array.from({ length: bars / 2 }, (_, chord) => tone(chord * 8, roots[chord], 1, 0.85));
  const shakerNotes = everyBar(bars, (bar) => (bar >= 8 ? [0.5, 1.5, 2.5, 3.5].map((beat) => hit(beat, 0.35)) : []));

  return {
    bpm: 100,
    beats: bars * BEATS_PER_BAR,
    seed: 1,
    reverb: { room: 0.86, damping: 0.3, level: 0.5 },
    parts: [
      { instrument: strings, notes: ostinato, pan: -0.25, gain: 0.5, reverb: 0.4, looseMs: 4 },
      { instrument: brass, notes: chordNotes(12, 0, 0.45), pan: 0.2, gain: 0.35, reverb: 0.6, wide: true },
      { instrument: choir, notes: chordNotes(24, 8, 0.5), gain: 0.3, reverb: 0.8, wide: true },
      { instrument: horn, notes: [...low, ...high], pan: 0.1, gain: 0.55, reverb: 0.6, looseMs: 6 },
      { instrument: taiko, notes: drums, gain: 0.9, reverb: 0.35 },
      { instrument: timpani, notes: timpaniNotes, pan: -0.1, gain: 0.6, reverb: 0.4 },
      { instrument: crash, notes: [hit(0, 0.7), hit(32, 0.8)], pan: 0.3, gain: 0.35, reverb: 0.5 },
      { instrument: shaker, notes: shakerNotes, pan: 0.5, gain: 0.3, reverb: 0.2 },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// 山水清音: G pentatonic (G A B D E), guqin, bamboo flute and harmonics. 66 bpm, 12 bars.

function guqin(): Song {
  const qin = pluck({ decay: 3.2, brightness: 0.45, release: 1.4, gain: 0.9 });
  const qinBass = pluck({ decay: 4.5, brightness: 0.25, release: 2, gain: 0.9 });
  const dizi = tableVoice({ wave: WAVES.flute, env: { attack: 0.25, decay: 0.3, sustain: 0.85, release: 0.6 }, vibrato: { rate: 5.2, cents: 18, delay: 0.45 }, brightness: { start: 6, end: 6, time: 1 } });
  const breath = drum({ noise: { decay: 0.25, level: 0.25, colour: 0.8 }, length: 0.5 });
  const harmonic = bell({ partials: [[1, 1, 1.6], [2, 0.25, 0.8], [3, 0.08, 0.4]], length: 3 });
  const woodBlock = drum({ body: { start: 900, end: 780, sweep: 0.01, decay: 0.05, level: 0.8 }, length: 0.25 });

  const melody = lines(
    0,
    0.75,
    'D4:1.5 E4:0.5 G4:2',
    'A4:1 G4:0.5 E4:0.5 D4:2',
    'E4:1 G4:1 A4:1 B4:1',
    'A4:3 r:1',
    'B4:1.5 D5:0.5 E5:2',
    'D5:1 B4:0.5 A4:0.5 G4:2',
    'E4:1 D4:1 E4:0.5 G4:0.5 A4:1',
    'G4:4',
    'G4:0.5 A4:0.5 B4:1 D5:2',
    'E5:1 D5:0.5 B4:0.5 A4:2',
    'B4:1 A4:0.5 G4:0.5 E4:1 D4:1',
    'G3:2 D4:2',
  );
  // A quick grace note a step below some long notes, as a qin player slides into them.
  const graces = melody
    .filter((note) => note.beats >= 2 && note.midi > midiOf('E4'))
    .map((note) => ({ ...note, beat: note.beat - 0.12, beats: 0.12, midi: note.midi - 2, velocity: 0.35 }));
  const bassLine = ['G2', 'E2', 'A2', 'D2', 'E2', 'G2', 'A2', 'D2', 'G2', 'E2', 'D2', 'G2'].map((name, bar) => tone(bar * 4, midiOf(name), 4, 0.7));
  const flute = lines(16, 0.6, 'E5:4', 'D5:2 B4:2', 'A4:4', 'G4:4', 'B4:2 D5:2', 'E5:2 A4:2', 'B4:2 E5:2', 'D5:4');
  const chimes = [tone(14, midiOf('D6'), 1, 0.5), tone(15, midiOf('G6'), 1, 0.4), tone(30, midiOf('B5'), 1, 0.5), tone(31, midiOf('E6'), 1, 0.4), tone(46, midiOf('D6'), 2, 0.5)];
  const blocks = everyBar(12, (bar) => (bar % 4 === 3 ? [hit(3, 0.4), hit(3.5, 0.3)] : bar >= 4 ? [hit(0, 0.3)] : []));

  return {
    bpm: 66,
    beats: 12 * BEATS_PER_BAR,
    seed: 2,
    reverb: { room: 0.9, damping: 0.45, level: 0.7 },
    echo: { beats: 0.75, feedback: 0.3, level: 0.18 },
    parts: [
      { instrument: qin, notes: [...melody, ...graces], pan: -0.1, gain: 0.8, reverb: 0.5, echo: 0.3, looseMs: 12 },
      { instrument: qinBass, notes: bassLine, pan: -0.25, gain: 0.7, reverb: 0.5 },
      { instrument: dizi, notes: flute, pan: 0.3, gain: 0.32, reverb: 0.8, echo: 0.4 },
      { instrument: breath, notes: flute.map((note) => hit(note.beat, 0.4)), pan: 0.3, gain: 0.12, reverb: 0.5 },
      { instrument: harmonic, notes: chimes, pan: 0.2, gain: 0.35, reverb: 0.7, echo: 0.5 },
      { instrument: woodBlock, notes: blocks, pan: 0.45, gain: 0.25, reverb: 0.6 },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// 像素冒险: C major chiptune, pulse lead, square arpeggios, triangle bass, noise drums. 150 bpm, 24 bars.

function chiptune(): Song {
  const bars = 24;
  const chords = [
    ['C3', [0, 4, 7]],
    ['G2', [0, 4, 7]],
    ['A2', [0, 3, 7]],
    ['F2', [0, 4, 7]],
  ] as const;
  const lead = tableVoice({ wave: WAVES.pulse25, env: { attack: 0.003, decay: 0.08, sustain: 0.75, release: 0.04 }, vibrato: { rate: 6, cents: 15, delay: 0.2 } });
  const arp = tableVoice({ wave: WAVES.square, env: { attack: 0.002, decay: 0.06, sustain: 0.5, release: 0.02 } });
  const bass = tableVoice({ wave: WAVES.triangle, env: { attack: 0.003, decay: 0.05, sustain: 0.9, release: 0.03 } });
  const kick = drum({ body: { start: 180, end: 50, sweep: 0.025, decay: 0.12, level: 1 }, length: 0.25 });
  const snare = drum({ noise: { decay: 0.09, level: 0.9, colour: 0.6 }, steppedNoise: 4, body: { start: 220, end: 180, sweep: 0.02, decay: 0.05, level: 0.3 }, length: 0.25 });
  const hat = drum({ noise: { decay: 0.025, level: 0.7, colour: 0.95 }, steppedNoise: 2, length: 0.08 });

  const bassNotes = everyBar(bars, (bar) => {
    const root = midiOf(chords[bar % 4][0]) - 12;
    return [0, 12, 0, 12, 0, 12, 7, 12].map((step, i) => tone(i * 0.5, root + step, 0.42, i % 2 ? 0.6 : 0.85));
  });
  const arpNotes = everyBar(bars, (bar) => {
    const [rootName, steps] = chords[bar % 4];
    const root = midiOf(rootName) + 12;
    const order = [0, 1, 2, 1];
    return Array.from({ length: 16 }, (_, i) => {
      const degree = order[i % 4];
      const octave = i >= 8 ? 12 : 0;
      return tone(i * 0.25, root + steps[degree] + octave, 0.2, i % 4 === 0 ? 0.55 : 0.4);
    });
  });

  const themeA = [
    'C5:0.5 E5:0.5 G5:1 E5:0.5 G5:0.5 C6:1',
    'B5:1 G5:0.5 D5:0.5 G5:1 r:1',
    'A5:0.5 G5:0.5 E5:1 C5:0.5 E5:0.5 A5:1',
    'G5:0.5 F5:0.5 E5:0.5 D5:0.5 C5:2',
    'C5:0.5 E5:0.5 G5:1 A5:0.5 G5:0.5 E5:1',
    'D5:0.5 B4:0.5 D5:0.5 G5:0.5 B5:2',
    'C6:1 B5:0.5 A5:0.5 E5:1 A5:1',
    'F5:0.5 E5:0.5 D5:0.5 C5:0.5 D5:1 G4:1',
  ];
  const themeB = [
    'G5:1.5 E5:0.5 C5:1 E5:1',
    'D5:1.5 B4:0.5 G4:1 B4:1',
    'C5:0.5 D5:0.5 E5:0.5 G5:0.5 A5:1 G5:1',
    'F5:1 A5:1 C6:2',
    'E6:1 D6:0.5 C6:0.5 G5:2',
    'B5:0.5 A5:0.5 G5:0.5 F5:0.5 D5:2',
    'E5:0.5 A5:0.5 C6:0.5 A5:0.5 E5:1 C5:1',
    'F5:1 G5:1 A5:1 B5:1',
  ];
  const leadNotes = [...lines(0, 0.7, ...themeA), ...lines(32, 0.75, ...themeB), ...lines(64, 0.8, ...themeA)];
  // The last time round a second voice doubles the theme an octave down.
  const harmony = lines(64, 0.45, ...themeA).map((note) => ({ ...note, midi: note.midi - 12 }));

  const drums = (pattern: (bar: number) => number[], velocity: number): Note[] => everyBar(bars, (bar) => pattern(bar).map((beat) => hit(beat, velocity, 0.1)));

  return {
    bpm: 150,
    beats: bars * BEATS_PER_BAR,
    seed: 3,
    echo: { beats: 0.75, feedback: 0.25, level: 0.2 },
    reverb: { room: 0.6, damping: 0.5, level: 0.15 },
    parts: [
      { instrument: lead, notes: leadNotes, pan: 0.05, gain: 0.42, echo: 0.4, reverb: 0.2 },
      { instrument: lead, notes: harmony, pan: -0.35, gain: 0.25, echo: 0.2 },
      { instrument: arp, notes: arpNotes, pan: 0.35, gain: 0.16, echo: 0.2 },
      { instrument: bass, notes: bassNotes, gain: 0.6 },
      { instrument: kick, notes: drums((bar) => (bar % 4 === 3 ? [0, 1.5, 2, 2.75] : [0, 1.5, 2]), 0.9), gain: 0.75 },
      { instrument: snare, notes: drums((bar) => (bar % 8 === 7 ? [1, 3, 3.5, 3.75] : [1, 3]), 0.8), pan: -0.1, gain: 0.45 },
      { instrument: hat, notes: drums(() => [0.5, 1.5, 2.5, 3.5], 0.6), pan: 0.2, gain: 0.3 },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// 星海漂流: an ambient sci-fi pad in E minor, echoing bell arpeggios, sub bass. 64 bpm, 12 bars.

function ambient(): Song {
  const bars = 12;
  // One chord every two bars: Em9, Cmaj9, Am9, Dadd9, Em9 (brighter), B7sus4.
  const chords = [
    ['E2', 'B3 D4 F#4 G4'],
    ['C2', 'B3 D4 E4 G4'],
    ['A1', 'C4 E4 G4 B4'],
    ['D2', 'A3 D4 E4 F#4'],
    ['E2', 'B3 D4 F#4 B4'],
    ['B1', 'A3 B3 E4 F#4'],
  ] as const;
  const pad = tableVoice({ wave: WAVES.saw, env: { attack: 2.4, decay: 2, sustain: 0.8, release: 3 }, detune: [-11, -4, 4, 11], brightness: { start: 1.5, end: 3.5, time: 4 } });
  const glass = bell({ partials: [[1, 1, 1.2], [2.01, 0.35, 0.6], [3.98, 0.15, 0.3], [5.43, 0.08, 0.2]], length: 2.4 });
  const sub = tableVoice({ wave: WAVES.sine, env: { attack: 1.2, decay: 1, sustain: 0.9, release: 1.5 } });
  const wind = drum({ noise: { decay: 3, level: 0.5, colour: 0.1 }, length: 6 });

  const padNotes = chords.flatMap(([, voicing], chord) => voicing.split(' ').map((name) => tone(chord * 8, midiOf(name), 8, 0.5)));
  const subNotes = chords.map(([root], chord) => tone(chord * 8, midiOf(root), 8, 0.8));

  // Seeded choices: which chord tone each eighth plays, and whether it plays at all.
  let seed = 7;
  const next = (): number => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const arpNotes: Note[] = [];
  chords.forEach(([, voicing], chord) => {
    const tones = voicing.split(' ').map((name) => midiOf(name) + 12);
    for (let step = 0; step < 16; step += 1) {
      if (step % 4 !== 0 && next() < 0.45) continue;
      const midi = tones[Math.floor(next() * tones.length)] + (next() < 0.25 ? 12 : 0);
      arpNotes.push(tone(chord * 8 + step * 0.5, midi, 0.5, 0.35 + next() * 0.35));
    }
  });
  const swells = [0, 16, 32].map((beat) => hit(beat, 0.6));

  return {
    bpm: 64,
    beats: bars * BEATS_PER_BAR,
    seed: 4,
    reverb: { room: 0.93, damping: 0.2, level: 0.8 },
    echo: { beats: 0.75, feedback: 0.5, level: 0.45 },
    parts: [
      { instrument: pad, notes: padNotes, gain: 0.3, reverb: 0.7, wide: true },
      { instrument: sub, notes: subNotes, gain: 0.45 },
      { instrument: glass, notes: arpNotes, pan: 0.15, gain: 0.28, reverb: 0.6, echo: 0.7 },
      { instrument: wind, notes: swells, pan: -0.3, gain: 0.12, reverb: 0.8 },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// 轻快时光: a light F major piece, piano, pizzicato bass, glockenspiel, whistle, light drums. 120 bpm, 20 bars.

function cheerful(): Song {
  const bars = 20;
  const chords = [
    ['F2', [0, 4, 7]],
    ['D2', [0, 3, 7]],
    ['Bb1', [0, 4, 7]],
    ['C2', [0, 4, 7]],
  ] as const;
  const piano = tableVoice({ wave: WAVES.warm, env: { attack: 0.004, decay: 0.9, sustain: 0.15, release: 0.25 }, detune: [-3, 3], brightness: { start: 9, end: 3, time: 0.6 } });
  const pizzicato = pluck({ decay: 0.6, brightness: 0.5, release: 0.1, gain: 1 });
  const glockenspiel = bell({ partials: [[1, 1, 0.9], [2.76, 0.4, 0.3], [5.4, 0.15, 0.12], [8.93, 0.05, 0.06]], length: 1.8 });
  const whistle = tableVoice({ wave: WAVES.flute, env: { attack: 0.04, decay: 0.2, sustain: 0.8, release: 0.12 }, vibrato: { rate: 6, cents: 20, delay: 0.15 } });
  const kick = drum({ body: { start: 140, end: 55, sweep: 0.03, decay: 0.16, level: 1 }, noise: { decay: 0.005, level: 0.2, colour: 0.9 }, length: 0.4 });
  const clap = drum({ noise: { decay: 0.07, level: 0.9, colour: 0.7 }, length: 0.3 });
  const shaker = drum({ noise: { decay: 0.03, level: 0.6, colour: 0.95 }, length: 0.12 });

  const triad = (bar: number, octave: number): number[] => {
    const [root, steps] = chords[bar % 4];
    return steps.map((step) => midiOf(root) + octave + step);
  };
  const pianoNotes = everyBar(bars, (bar) => [0, 1.5, 2.5].flatMap((beat) => triad(bar, 24).map((midi) => tone(beat, midi, beat === 0 ? 1.2 : 0.6, beat === 0 ? 0.55 : 0.42))));
  const bassNotes = everyBar(bars, (bar) => {
    const root = midiOf(chords[bar % 4][0]) + 12;
    return [tone(0, root, 0.8, 0.85), tone(2, root + 7, 0.8, 0.7), tone(3.5, root + 12, 0.4, 0.6)];
  });
  const melodyA = lines(
    16,
    0.7,
    'A5:1 C6:0.5 A5:0.5 F5:1 G5:1',
    'A5:1.5 F5:0.5 D5:2',
    'D5:0.5 F5:0.5 Bb5:1 A5:0.5 G5:0.5 F5:1',
    'G5:1 E5:1 C5:2',
    'F5:0.5 G5:0.5 A5:1 C6:1 A5:1',
    'D6:1 C6:0.5 A5:0.5 F5:2',
    'G5:0.5 A5:0.5 Bb5:1 D6:1 Bb5:1',
    'C6:1.5 Bb5:0.5 G5:1 E5:1',
  );
  const melodyB = lines(
    48,
    0.65,
    'C5:1 F5:1 A5:1 F5:1',
    'D5:1 F5:1 A5:2',
    'Bb4:1 D5:1 F5:1 D5:1',
    'C5:1 E5:1 G5:2',
    'A5:0.5 G5:0.5 F5:0.5 G5:0.5 A5:1 C6:1',
    'D6:1 A5:1 F5:2',
    'D6:0.5 C6:0.5 Bb5:0.5 A5:0.5 G5:1 F5:1',
    'E5:1 G5:1 C5:1 E5:1',
  );
  const drums = (beats: number[], velocity: number, from = 0): Note[] => everyBar(bars, (bar) => (bar >= from ? beats.map((beat) => hit(beat, velocity, 0.1)) : []));

  return {
    bpm: 120,
    beats: bars * BEATS_PER_BAR,
    seed: 5,
    reverb: { room: 0.75, damping: 0.4, level: 0.35 },
    echo: { beats: 0.5, feedback: 0.2, level: 0.12 },
    parts: [
      { instrument: piano, notes: pianoNotes, pan: -0.2, gain: 0.3, reverb: 0.4, looseMs: 5 },
      { instrument: pizzicato, notes: bassNotes, pan: 0.1, gain: 0.55, reverb: 0.2 },
      { instrument: glockenspiel, notes: melodyA, pan: 0.25, gain: 0.45, reverb: 0.5, echo: 0.4 },
      { instrument: whistle, notes: melodyB, pan: 0.15, gain: 0.32, reverb: 0.5, echo: 0.3 },
      { instrument: kick, notes: drums([0, 2, 2.5], 0.85), gain: 0.7 },
      { instrument: clap, notes: drums([1, 3], 0.7, 2), pan: -0.1, gain: 0.35, reverb: 0.4 },
      { instrument: shaker, notes: drums([0.5, 1, 1.5, 2, 2.5, 3, 3.5].concat([0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 3.25, 3.75]), 0.35, 4), pan: 0.4, gain: 0.22 },
    ],
  };
}

export const MUSIC_TRACKS: readonly TrackDefinition[] = [
  { id: 1, slug: 'epic', name: '史诗征战', compose: epic },
  { id: 2, slug: 'guqin', name: '山水清音', compose: guqin },
  { id: 3, slug: 'chiptune', name: '像素冒险', compose: chiptune },
  { id: 4, slug: 'ambient', name: '星海漂流', compose: ambient },
  { id: 5, slug: 'cheerful', name: '轻快时光', compose: cheerful },
];

export function musicTrackBySlug(slug: string): TrackDefinition | undefined {
  return MUSIC_TRACKS.find((track) => track.slug === slug);
}

/** Synthesises a track's loop (stereo, 44.1 kHz). */
export function renderTrack(track: TrackDefinition): StereoPcm {
  return renderSong(track.compose());
}
