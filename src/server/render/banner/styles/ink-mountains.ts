/** 水墨山河: layered ink-wash mountains on rice paper drifting in parallax, mist, a red sun, cranes crossing. */
import { createLayer, drawLayer, fillVertical, paintField, radialSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W, type Ctx, type Layer } from '../core/canvas';
import { clamp, frac, TAU } from '../core/math';
import { createNoise2D, ridgeNoise } from '../core/noise';
import { drawDrift } from '../core/particles';
import type { BannerStyleDef } from '../core/types';

interface Range {
  width: number;
  /** Ink darkness at the ridge (0 paper, 1 black). */
  ink: number;
  /** Height of the layer; the ridge rises from its bottom. */
  height: number;
  /** Peaks as [x in 0..1, height in 0..1 of the layer, half-width in design units]. */
  peaks: Array<[number, number, number]>;
}

/** One ink-wash range: dark along the ridge, fading into mist below, with brush texture. */
function inkRange(scale: number, seed: number, r: Range): Layer {
  const layer = createLayer(r.width, r.height, scale);
  const ctx = layer.ctx;
  const jitter = ridgeNoise(seed, 24, 5, 0.6);
  const shoulder = ridgeNoise(seed + 1, 9, 3);
  // Pointed, lopsided bumps: the tall peaks of Chinese landscape painting, not rolling hills.
  const lift = (x: number) => {
    let best = 0;
    r.peaks.forEach(([px, ph, hw], i) => {
      const dx = x - px * r.width;
      const side = dx < 0 ? 0.75 + 0.2 * (i % 2) : 1.25 - 0.2 * (i % 2);
      const d = Math.abs(dx) / (hw * side);
      best = Math.max(best, ph * Math.pow(Math.max(0, 1 - d), 1.35), (ph * 0.3) / (1 + d * d));
    });
    return best;
  };
  // The ridge is sampled once per design unit: the texture pass below asks for it per pixel.
  const ridgeAt = new Float32Array(Math.ceil(r.width) + 2);
  for (let i = 0; i < ridgeAt.length; i++) {
    const u = i / r.width;
    ridgeAt[i] = r.height * (1 - lift(i) * (0.85 + 0.3 * shoulder(u))) + (jitter(u) - 0.5) * 70;
  }
  const y = (x: number) => ridgeAt[Math.max(0, Math.min(ridgeAt.length - 1, Math.round(x)))];
  ctx.beginPath();
  ctx.moveTo(0, r.height);
  for (let x = 0; x <= r.width; x += 3) ctx.lineTo(x, y(x));
  ctx.lineTo(r.width, r.height);
  ctx.closePath();
  const ink = Math.round(24 + (1 - r.ink) * 150);
  const tone = (a: number) => `rgba(${ink},${ink + 4},${ink + 8},${a})`;
  ctx.fillStyle = tone(0.9 * r.ink + 0.1);
  ctx.fill();
  // Fade into mist from the peak line down: wash each column from its own ridge.
  const tex = createNoise2D(seed + 3);
  const texture = createLayer(r.width, r.height, scale);
  paintField(texture, 4, (x, yy) => {
    const depth = clamp((yy - y(x)) / (r.height * 0.55));
    const n = tex.fbm(x / 26, yy / 140, 4);
    // Vertical strokes (cun) near the ridge, paper showing through lower down.
    const keep = clamp(1 - depth * 1.25 + (n - 0.5) * 1.1);
    return [0, 0, 0, keep * 255];
  });
  ctx.globalCompositeOperation = 'destination-in';
  ctx.drawImage(texture.canvas, 0, 0, texture.width, texture.height);
  ctx.globalCompositeOperation = 'source-over';
  ctx.strokeStyle = tone(0.55 * r.ink + 0.1);
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  for (let x = 0; x <= r.width; x += 3) ctx.lineTo(x, y(x) + 1);
  ctx.stroke();
  return layer;
}

/** A red-crowned crane in flight; `flap` in radians. */
function crane(ctx: Ctx, x: number, y: number, size: number, flap: number): void {
  const wing = Math.sin(flap);
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 100, size / 100);
  ctx.fillStyle = '#f4efe4';
  ctx.strokeStyle = '#1b1b1b';
  ctx.lineWidth = 2.5;
  // Body and the long neck stretched forward (to the left: it flies leftwards).
  ctx.beginPath();
  ctx.ellipse(0, 0, 26, 9, -0.05, 0, TAU);
  ctx.fill();
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(-22, -2);
  ctx.lineTo(-70, -8);
  ctx.stroke();
  ctx.fillStyle = '#c8251e';
  ctx.beginPath();
  ctx.arc(-72, -9, 3.5, 0, TAU);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(-74, -9);
  ctx.lineTo(-88, -6);
  ctx.stroke();
  // Legs trailing behind.
  ctx.beginPath();
  ctx.moveTo(22, 2);
  ctx.lineTo(70, 8);
  ctx.stroke();
  // Wings: white with black flight feathers.
  for (const side of [1, -0.6]) {
    ctx.fillStyle = '#f4efe4';
    ctx.beginPath();
    ctx.moveTo(-12, -2);
    ctx.quadraticCurveTo(-4, -60 * wing * side, 24, -92 * wing * side);
    ctx.quadraticCurveTo(20, -40 * wing * side, 14, 0);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = '#1b1b1b';
    ctx.beginPath();
    ctx.moveTo(4, -58 * wing * side);
    ctx.quadraticCurveTo(14, -80 * wing * side, 24, -92 * wing * side);
    ctx.quadraticCurveTo(22, -62 * wing * side, 15, -36 * wing * side);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

/** A fisherman's skiff: a thin hull, a hunched figure under a straw hat, a pole. */
function skiff(ctx: Ctx, x: number, y: number, tilt: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(tilt);
  ctx.fillStyle = '#1c1c1c';
  ctx.beginPath();
  ctx.moveTo(-90, -6);
  ctx.quadraticCurveTo(0, 14, 96, -10);
  ctx.quadraticCurveTo(0, 4, -90, -6);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(-8, -4);
  ctx.lineTo(-2, -30);
  ctx.lineTo(10, -30);
  ctx.lineTo(14, -4);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(-16, -28);
  ctx.lineTo(4, -42);
  ctx.lineTo(24, -28);
  ctx.fill();
  ctx.strokeStyle = '#1c1c1c';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(14, -18);
  ctx.lineTo(120, -70);
  ctx.stroke();
  // Ripples on the still water.
  ctx.strokeStyle = 'rgba(28,28,28,0.35)';
  ctx.lineWidth = 1.5;
  for (const [w, dy] of [
    [150, 8],
    [110, 14],
  ]) {
    ctx.beginPath();
    ctx.moveTo(-w, dy);
    ctx.lineTo(w, dy);
    ctx.stroke();
  }
  ctx.restore();
}

const PAN = 70;

export const inkMountains: BannerStyleDef = {
  key: 'ink-mountains',
  theme: {
    logo: { entrance: 'ink', idle: 'float', glow: '#f5efe1', glowAlpha: 0.95, sweep: null, flare: null },
    headline: {
      face: 'brush',
      size: 70,
      fill: ['#1a1a1a', '#2b2b2b'],
      glow: { color: 'rgba(246,240,226,1)', blur: 16 },
      spacing: 0.08,
      reveal: 'wipe',
    },
    tags: { face: 'elegant', size: 32, kind: 'seal', color: '#fbf3e4', fill: '#b3261e', border: 'rgba(251,243,228,0.75)', accent: '#b3261e' },
    backdrop: { color: '#f6f0e2', alpha: 0.7 },
    vignette: { color: '#6b5836', strength: 0.45 },
  },
  build(env) {
    const { scale, rng } = env;
    const seed = Math.floor(rng.next() * 1e9);

    const paper = createLayer(W, H, scale);
    fillVertical(paper.ctx, 0, 0, W, H, [
      [0, '#ebe3d0'],
      [0.45, '#f5efe2'],
      [1, '#ece4d2'],
    ]);
    const fiber = createNoise2D(seed + 1);
    paintField(paper, 6, (x, y) => {
      const n = fiber.fbm(x / 120, y / 120, 4);
      return [150, 128, 90, clamp((n - 0.5) * 2.5) * 26];
    });
    const sun = radialSprite(110, scale, [
      [0, 'rgba(200,48,36,0.9)'],
      [0.8, 'rgba(200,48,36,0.85)'],
      [1, 'rgba(200,48,36,0)'],
    ]);
    drawLayer(paper.ctx, sun, 1420 - 110, 250 - 110);

    const ranges = [
      inkRange(scale, seed + 10, {
        width: W + PAN * 0.6,
        ink: 0.25,
        height: 620,
        peaks: [
          [0.08, 0.85, 260],
          [0.3, 0.55, 200],
          [0.62, 0.5, 220],
          [0.86, 0.95, 280],
        ],
      }),
      inkRange(scale, seed + 20, {
        width: W + PAN * 1.2,
        ink: 0.45,
        height: 560,
        peaks: [
          [0.02, 0.8, 240],
          [0.2, 0.62, 180],
          [0.45, 0.35, 260],
          [0.74, 0.7, 200],
          [0.95, 0.75, 220],
        ],
      }),
      inkRange(scale, seed + 30, {
        width: W + PAN * 2,
        ink: 0.7,
        height: 460,
        peaks: [
          [0.12, 0.9, 230],
          [0.36, 0.4, 240],
          [0.66, 0.45, 200],
          [0.9, 0.85, 240],
        ],
      }),
      inkRange(scale, seed + 40, {
        width: W + PAN * 3,
        ink: 0.95,
        height: 360,
        peaks: [
          [-0.02, 1, 320],
          [0.5, 0.2, 400],
          [1.02, 0.95, 300],
        ],
      }),
    ];
    const tops = [H - 620 - 120, H - 560 - 40, H - 460, H - 360 + 10];

    const mistDrift = 240;
    const mist = createLayer(W + mistDrift * 2, 260, scale);
    const mistNoise = createNoise2D(seed + 5);
    paintField(mist, 10, (x, y) => {
      const n = mistNoise.fbm(x / 300, y / 60, 4);
      const band = Math.sin((y / 260) * Math.PI);
      return [246, 241, 230, clamp((n - 0.3) * 2.2) * band * 235];
    });

    const panCycles = env.cycles(14);
    const cranes = [
      { offset: 0.1, y: 230, size: 80, k: 0.2 },
      { offset: 0.2, y: 300, size: 62, k: 0.7 },
      { offset: 0.62, y: 170, size: 48, k: 0.4 },
    ];
    const flapCycles = env.cycles(0.9);

    return {
      background(ctx, { phase }) {
        const pan = Math.sin(TAU * phase * panCycles);
        drawLayer(ctx, paper, 0, 0);
        ranges.forEach((range, i) => {
          const amp = (PAN * (i + 1) * 0.6) / 2;
          drawLayer(ctx, range, -amp - pan * amp, tops[i]);
          if (i === 1) drawDrift(ctx, mist, phase, mistDrift, -mistDrift, 640, 0.85);
          if (i === 2) drawDrift(ctx, mist, frac(phase + 0.5), -mistDrift, -mistDrift, 820, 0.95);
        });
        const bob = Math.sin(TAU * phase * panCycles * 3);
        skiff(ctx, 1480 - pan * PAN * 1.5, 986 + bob * 3, bob * 0.015);
        for (const c of cranes) {
          const u = frac(c.offset + phase);
          const x = 2150 - u * 2500;
          const y = c.y + Math.sin(TAU * (u * 2 + c.k)) * 30;
          crane(ctx, x, y, c.size, TAU * (phase * flapCycles + c.k));
        }
      },
    };
  },
};
