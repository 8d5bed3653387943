/**
 * Shapes the styles decorate with: stars and glints, lightning, wings, swords, flames, auspicious
 * clouds, petals, ink splashes, gears, crowns, shards, bubbles. Each builds a path or paints in
 * design coordinates; colours and composition stay with the style.
 */
import type { Rng } from './prng';
import { linear, radial, type Ctx, type Paint } from './surface';

export function starPath(ctx: Ctx, x: number, y: number, r: number, points = 5, inner = 0.45, rotation = -Math.PI / 2): void {
  ctx.beginPath();
  for (let i = 0; i < points * 2; i += 1) {
    const a = rotation + (i / (points * 2)) * Math.PI * 2;
    const rr = i % 2 === 0 ? r : r * inner;
    ctx.lineTo(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
  }
  ctx.closePath();
}

/** A four-point glint with a soft halo: the sparkle on polished metal and gems. */
export function glint(ctx: Ctx, x: number, y: number, r: number, color = '#fff', halo = 'rgba(255,255,255,0.55)'): void {
  ctx.save();
  ctx.fillStyle = radial(ctx, x, y, 0, r * 0.8, [
    [0, halo],
    [1, 'rgba(255,255,255,0)'],
  ]);
  ctx.beginPath();
  ctx.arc(x, y, r * 0.8, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = color;
  starPath(ctx, x, y, r, 4, 0.14, 0);
  ctx.fill();
  starPath(ctx, x, y, r * 0.45, 4, 0.2, Math.PI / 4);
  ctx.fill();
  ctx.restore();
}

/** A jagged lightning path from one point to another, with optional forks. */
export function boltPath(ctx: Ctx, x0: number, y0: number, x1: number, y1: number, rng: Rng, segments = 9, spread = 0.18): Array<[number, number]> {
  const points: Array<[number, number]> = [[x0, y0]];
  const len = Math.hypot(x1 - x0, y1 - y0);
  const nx = -(y1 - y0) / len;
  const ny = (x1 - x0) / len;
  for (let i = 1; i < segments; i += 1) {
    const t = i / segments;
    const off = rng.jitter(len * spread * (1 - Math.abs(t - 0.5)));
    points.push([x0 + (x1 - x0) * t + nx * off, y0 + (y1 - y0) * t + ny * off]);
  }
  points.push([x1, y1]);
  ctx.beginPath();
  points.forEach(([px, py], i) => (i === 0 ? ctx.moveTo(px, py) : ctx.lineTo(px, py)));
  return points;
}

/** A lightning bolt with a white core and a coloured glow, plus forks. */
export function lightning(ctx: Ctx, x0: number, y0: number, x1: number, y1: number, rng: Rng, width: number, glow: string, scale: number): void {
  ctx.save();
  ctx.lineJoin = 'miter';
  ctx.lineCap = 'round';
  const main = boltPath(ctx, x0, y0, x1, y1, rng);
  ctx.shadowColor = glow;
  ctx.shadowBlur = width * 6 * scale;
  ctx.strokeStyle = glow;
  ctx.lineWidth = width * 2.2;
  ctx.stroke();
  ctx.shadowBlur = width * 2 * scale;
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = width;
  ctx.stroke();
  for (let f = 0; f < 2; f += 1) {
    const [sx, sy] = main[rng.int(2, main.length - 3)];
    const angle = Math.atan2(y1 - y0, x1 - x0) + rng.jitter(1.1);
    const flen = Math.hypot(x1 - x0, y1 - y0) * rng.range(0.2, 0.35);
    boltPath(ctx, sx, sy, sx + Math.cos(angle) * flen, sy + Math.sin(angle) * flen, rng, 5, 0.25);
    ctx.strokeStyle = glow;
    ctx.lineWidth = width * 1.1;
    ctx.stroke();
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = width * 0.45;
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * A spread wing rooted at (x, y), reaching `span` to one side (`side` +1 right, -1 left): rows of
 * pointed feathers hang from a curved arm, pointing down near the root and outward at the tip.
 * `paint(row)` colours the rows from the long primaries (0) to the coverts (2) and the arm (3).
 */
export function wing(ctx: Ctx, x: number, y: number, span: number, side: 1 | -1, paint: (row: number) => Paint, edge: string, edgeWidth: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(side, 1);
  const arm = (t: number): [number, number] => {
    // Quadratic arm from the root (0, 0) up and out to the tip (span, -0.5 span).
    const cx = span * 0.45;
    const cy = -span * 0.55;
    const u = 1 - t;
    return [2 * u * t * cx + t * t * span, 2 * u * t * cy + t * t * (-span * 0.42)];
  };
  const rows = [
    { count: 11, length: [0.42, 0.62], width: 0.1, from: 0.08 },
    { count: 9, length: [0.3, 0.42], width: 0.1, from: 0.06 },
    { count: 8, length: [0.16, 0.24], width: 0.09, from: 0.04 },
  ];
  rows.forEach((row, r) => {
    for (let i = 0; i < row.count; i += 1) {
      const t = row.from + (1 - row.from) * ((i + 0.5) / row.count) * (r === 0 ? 1 : r === 1 ? 0.9 : 0.8);
      const [ax, ay] = arm(t);
      // Hanging straight down at the root, sweeping out to nearly horizontal at the tip.
      const angle = (0.12 + t * 1.15) * (Math.PI / 2) * 0.95;
      const length = span * (row.length[0] + (row.length[1] - row.length[0]) * t);
      const w = span * row.width * (1 - t * 0.3);
      ctx.save();
      ctx.translate(ax, ay);
      ctx.rotate(-angle);
      ctx.beginPath();
      ctx.moveTo(-w / 2, -w * 0.3);
      ctx.bezierCurveTo(-w * 0.7, length * 0.45, -w * 0.3, length * 0.85, w * 0.12, length);
      ctx.bezierCurveTo(w * 0.55, length * 0.7, w * 0.62, length * 0.3, w / 2, -w * 0.3);
      ctx.closePath();
      ctx.fillStyle = paint(r);
      ctx.fill();
      ctx.strokeStyle = edge;
      ctx.lineWidth = edgeWidth;
      ctx.stroke();
      // The quill: a thin line down the feather.
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.quadraticCurveTo(-w * 0.05, length * 0.5, w * 0.08, length * 0.9);
      ctx.lineWidth = edgeWidth * 0.6;
      ctx.stroke();
      ctx.restore();
    }
  });
  ctx.beginPath();
  const steps = 16;
  for (let k = 0; k <= steps; k += 1) {
    const [px, py] = arm(k / steps);
    const thick = span * 0.07 * (1 - (k / steps) * 0.85);
    if (k === 0) ctx.moveTo(px, py - thick);
    else ctx.lineTo(px, py - thick);
  }
  for (let k = steps; k >= 0; k -= 1) {
    const [px, py] = arm(k / steps);
    const thick = span * 0.07 * (1 - (k / steps) * 0.85);
    ctx.lineTo(px, py + thick);
  }
  ctx.closePath();
  ctx.fillStyle = paint(3);
  ctx.fill();
  ctx.strokeStyle = edge;
  ctx.lineWidth = edgeWidth;
  ctx.stroke();
  ctx.restore();
}

/** A straight sword pointing along `angle` from its hilt at (x, y). */
export function sword(ctx: Ctx, x: number, y: number, length: number, angle: number, blade: readonly [string, string], hilt: string, edge: string): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  const w = length * 0.045;
  const grip = length * 0.17;
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(1.5, length * 0.006);
  ctx.strokeStyle = edge;
  // Blade, with a ridge down the middle.
  ctx.beginPath();
  ctx.moveTo(grip, -w / 2);
  ctx.lineTo(length * 0.9, -w / 2);
  ctx.lineTo(length, 0);
  ctx.lineTo(length * 0.9, w / 2);
  ctx.lineTo(grip, w / 2);
  ctx.closePath();
  ctx.fillStyle = linear(ctx, 0, -w / 2, 0, w / 2, [
    [0, blade[0]],
    [0.5, blade[0]],
    [0.52, blade[1]],
    [1, blade[1]],
  ]);
  ctx.fill();
  ctx.stroke();
  // Guard and grip.
  ctx.fillStyle = hilt;
  ctx.beginPath();
  ctx.moveTo(grip, -w * 2.4);
  ctx.quadraticCurveTo(grip + w * 0.9, 0, grip, w * 2.4);
  ctx.lineTo(grip - w * 0.7, w * 1.6);
  ctx.quadraticCurveTo(grip - w * 0.2, 0, grip - w * 0.7, -w * 1.6);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  ctx.beginPath();
  ctx.roundRect(length * 0.02, -w * 0.45, grip - w * 0.7 - length * 0.02, w * 0.9, w * 0.3);
  ctx.fill();
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(0, 0, w * 0.8, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}

/** One tongue of flame standing on (x, y): `h` tall, `w` wide, leaning by `lean`. */
export function flameTongue(ctx: Ctx, x: number, y: number, w: number, h: number, lean: number): void {
  ctx.beginPath();
  ctx.moveTo(x - w / 2, y);
  ctx.bezierCurveTo(x - w * 0.65, y - h * 0.45, x + lean * 0.3 - w * 0.15, y - h * 0.6, x + lean, y - h);
  ctx.bezierCurveTo(x + lean * 0.2 + w * 0.25, y - h * 0.55, x + w * 0.7, y - h * 0.35, x + w / 2, y);
  ctx.closePath();
}

/**
 * An auspicious cloud (祥云): a row of curls ending in a spiral, drawn as a filled band with an
 * outline, the motif of xianxia and palace art.
 */
export function auspiciousCloud(ctx: Ctx, x: number, y: number, size: number, flip: boolean, fill: Paint, line: Paint, lineWidth: number): void {
  ctx.save();
  ctx.translate(x, y);
  if (flip) ctx.scale(-1, 1);
  const r = size * 0.22;
  ctx.beginPath();
  ctx.moveTo(-size * 0.95, r * 0.9);
  ctx.lineTo(size * 0.55, r * 0.9);
  ctx.arc(size * 0.55, 0, r * 0.9, Math.PI / 2, -Math.PI / 2, true);
  ctx.arc(size * 0.25, -r * 0.5, r * 1.1, 0, Math.PI, true);
  ctx.arc(-size * 0.2, -r * 0.1, r * 1.35, -0.2, Math.PI, true);
  ctx.arc(-size * 0.7, r * 0.2, r * 0.75, -0.2, Math.PI * 0.9, true);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = line;
  ctx.lineWidth = lineWidth;
  ctx.stroke();
  // Spiral curls inside the two big lobes.
  for (const [cx, cy, rr] of [
    [-size * 0.2, -r * 0.1, r * 0.8],
    [size * 0.25, -r * 0.5, r * 0.6],
  ] as const) {
    ctx.beginPath();
    for (let a = 0; a < Math.PI * 3; a += 0.2) {
      const rad = rr * (1 - a / (Math.PI * 3.4));
      const px = cx + Math.cos(a + Math.PI) * rad;
      const py = cy + Math.sin(a + Math.PI) * rad;
      if (a === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.stroke();
  }
  ctx.restore();
}

/** A cherry blossom petal with its notched tip, `size` long, pointing along `rot`. */
export function petalPath(ctx: Ctx, x: number, y: number, size: number, rot: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(rot);
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.bezierCurveTo(size * 0.45, -size * 0.15, size * 0.55, -size * 0.75, size * 0.18, -size);
  ctx.lineTo(0, -size * 0.84);
  ctx.lineTo(-size * 0.18, -size);
  ctx.bezierCurveTo(-size * 0.55, -size * 0.75, -size * 0.45, -size * 0.15, 0, 0);
  ctx.closePath();
  ctx.restore();
}

export function blossom(ctx: Ctx, x: number, y: number, r: number, rot: number, petal: Paint, heart: string): void {
  ctx.fillStyle = petal;
  for (let i = 0; i < 5; i += 1) {
    petalPath(ctx, x, y, r, rot + (i / 5) * Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = heart;
  for (let i = 0; i < 5; i += 1) {
    const a = rot + (i / 5) * Math.PI * 2 + Math.PI / 5;
    ctx.beginPath();
    ctx.arc(x + Math.sin(a) * r * 0.3, y - Math.cos(a) * r * 0.3, r * 0.06, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.arc(x, y, r * 0.14, 0, Math.PI * 2);
  ctx.fill();
}

/** An ink splash: a wobbly blot with tendrils and flung droplets. */
export function inkSplash(ctx: Ctx, x: number, y: number, r: number, rng: Rng, paint: Paint): void {
  ctx.fillStyle = paint;
  ctx.beginPath();
  const n = 28;
  for (let i = 0; i <= n; i += 1) {
    const a = (i / n) * Math.PI * 2;
    const spike = rng.chance(0.22) ? rng.range(1.2, 1.7) : rng.range(0.85, 1.05);
    const rr = r * spike;
    const px = x + Math.cos(a) * rr;
    const py = y + Math.sin(a) * rr * 0.8;
    if (i === 0) ctx.moveTo(px, py);
    else ctx.quadraticCurveTo(x + Math.cos(a - Math.PI / n) * r * 0.9, y + Math.sin(a - Math.PI / n) * r * 0.72, px, py);
  }
  ctx.closePath();
  ctx.fill();
  for (let i = 0; i < 22; i += 1) {
    const a = rng.range(0, Math.PI * 2);
    const d = r * rng.range(1.2, 2.2);
    ctx.beginPath();
    ctx.arc(x + Math.cos(a) * d, y + Math.sin(a) * d * 0.8, r * rng.range(0.015, 0.07), 0, Math.PI * 2);
    ctx.fill();
  }
}

export function gearPath(ctx: Ctx, x: number, y: number, r: number, teeth: number, hole = 0.35): void {
  ctx.beginPath();
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i += 1) {
    const a = i * step;
    ctx.lineTo(x + Math.cos(a - step * 0.3) * r * 0.84, y + Math.sin(a - step * 0.3) * r * 0.84);
    ctx.lineTo(x + Math.cos(a - step * 0.18) * r, y + Math.sin(a - step * 0.18) * r);
    ctx.lineTo(x + Math.cos(a + step * 0.18) * r, y + Math.sin(a + step * 0.18) * r);
    ctx.lineTo(x + Math.cos(a + step * 0.3) * r * 0.84, y + Math.sin(a + step * 0.3) * r * 0.84);
  }
  ctx.closePath();
  ctx.moveTo(x + r * hole, y);
  ctx.arc(x, y, r * hole, 0, Math.PI * 2, true);
}

/** A five-point crown with jewels on its tips, base centred at (x, y). */
export function crownPath(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  ctx.beginPath();
  ctx.moveTo(x - w / 2, y);
  ctx.lineTo(x - w / 2 - w * 0.04, y - h * 0.75);
  ctx.lineTo(x - w * 0.28, y - h * 0.42);
  ctx.lineTo(x - w * 0.16, y - h * 0.95);
  ctx.lineTo(x, y - h * 0.5);
  ctx.lineTo(x + w * 0.16, y - h * 0.95);
  ctx.lineTo(x + w * 0.28, y - h * 0.42);
  ctx.lineTo(x + w / 2 + w * 0.04, y - h * 0.75);
  ctx.lineTo(x + w / 2, y);
  ctx.closePath();
}

/** A long thin crystal shard rising from (x, y). */
export function shardPath(ctx: Ctx, x: number, y: number, w: number, h: number, tilt: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(tilt);
  ctx.beginPath();
  ctx.moveTo(-w / 2, 0);
  ctx.lineTo(-w / 2, -h * 0.78);
  ctx.lineTo(0, -h);
  ctx.lineTo(w / 2, -h * 0.8);
  ctx.lineTo(w / 2, 0);
  ctx.closePath();
  ctx.restore();
}

export function bubble(ctx: Ctx, x: number, y: number, r: number, rim: string): void {
  ctx.save();
  ctx.fillStyle = radial(ctx, x - r * 0.3, y - r * 0.3, 0, r * 1.2, [
    [0, 'rgba(255,255,255,0.35)'],
    [0.7, 'rgba(255,255,255,0.05)'],
    [1, 'rgba(255,255,255,0.2)'],
  ]);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = rim;
  ctx.lineWidth = Math.max(1, r * 0.1);
  ctx.stroke();
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.beginPath();
  ctx.ellipse(x - r * 0.38, y - r * 0.38, r * 0.22, r * 0.12, -Math.PI / 4, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** A snowflake of six branches. */
export function snowflake(ctx: Ctx, x: number, y: number, r: number, color: string, width: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  for (let i = 0; i < 6; i += 1) {
    ctx.rotate(Math.PI / 3);
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(0, -r);
    ctx.moveTo(0, -r * 0.55);
    ctx.lineTo(r * 0.22, -r * 0.75);
    ctx.moveTo(0, -r * 0.55);
    ctx.lineTo(-r * 0.22, -r * 0.75);
    ctx.stroke();
  }
  ctx.restore();
}

/** A bat in flight, wings spread, centred at (x, y). */
export function batPath(ctx: Ctx, x: number, y: number, w: number): void {
  const h = w * 0.42;
  ctx.beginPath();
  ctx.moveTo(x, y - h * 0.25);
  ctx.lineTo(x + w * 0.06, y - h * 0.5);
  ctx.lineTo(x + w * 0.08, y - h * 0.2);
  ctx.quadraticCurveTo(x + w * 0.3, y - h * 0.75, x + w * 0.5, y - h * 0.35);
  ctx.quadraticCurveTo(x + w * 0.4, y - h * 0.05, x + w * 0.36, y + h * 0.2);
  ctx.quadraticCurveTo(x + w * 0.28, y + h * 0.02, x + w * 0.2, y + h * 0.12);
  ctx.quadraticCurveTo(x + w * 0.13, y - h * 0.02, x + w * 0.06, y + h * 0.25);
  ctx.lineTo(x, y + h * 0.1);
  ctx.lineTo(x - w * 0.06, y + h * 0.25);
  ctx.quadraticCurveTo(x - w * 0.13, y - h * 0.02, x - w * 0.2, y + h * 0.12);
  ctx.quadraticCurveTo(x - w * 0.28, y + h * 0.02, x - w * 0.36, y + h * 0.2);
  ctx.quadraticCurveTo(x - w * 0.4, y - h * 0.05, x - w * 0.5, y - h * 0.35);
  ctx.quadraticCurveTo(x - w * 0.3, y - h * 0.75, x - w * 0.08, y - h * 0.2);
  ctx.lineTo(x - w * 0.06, y - h * 0.5);
  ctx.closePath();
}

/** A dagger or kunai pointing along `angle`. */
export function daggerPath(ctx: Ctx, x: number, y: number, length: number, angle: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  const w = length * 0.11;
  ctx.beginPath();
  ctx.moveTo(length, 0);
  ctx.lineTo(length * 0.35, -w);
  ctx.lineTo(length * 0.3, -w * 0.35);
  ctx.lineTo(0, -w * 0.3);
  ctx.lineTo(-length * 0.08, -w * 0.75);
  ctx.lineTo(-length * 0.14, 0);
  ctx.lineTo(-length * 0.08, w * 0.75);
  ctx.lineTo(0, w * 0.3);
  ctx.lineTo(length * 0.3, w * 0.35);
  ctx.lineTo(length * 0.35, w);
  ctx.closePath();
  ctx.restore();
}

/** Speed lines streaming to the left of a box: motion for sports and action styles. */
export function speedLines(ctx: Ctx, x: number, y0: number, y1: number, reach: number, rng: Rng, paint: Paint, count: number, thickness: number): void {
  ctx.fillStyle = paint;
  for (let i = 0; i < count; i += 1) {
    const y = y0 + (y1 - y0) * rng.next();
    const len = reach * rng.range(0.35, 1);
    const t = thickness * rng.range(0.4, 1);
    const start = x - rng.range(0, reach * 0.2);
    ctx.beginPath();
    ctx.moveTo(start, y - t / 2);
    ctx.lineTo(start - len, y);
    ctx.lineTo(start, y + t / 2);
    ctx.closePath();
    ctx.fill();
  }
}

/** A crack: a jagged line that forks, for ice, stone and scorched metal. */
export function crack(ctx: Ctx, x: number, y: number, length: number, angle: number, rng: Rng, depth = 2): void {
  let px = x;
  let py = y;
  let a = angle;
  const steps = 5;
  ctx.beginPath();
  ctx.moveTo(px, py);
  for (let i = 0; i < steps; i += 1) {
    a += rng.jitter(0.6);
    px += Math.cos(a) * (length / steps);
    py += Math.sin(a) * (length / steps);
    ctx.lineTo(px, py);
  }
  ctx.stroke();
  if (depth > 0) {
    for (let f = 0; f < 2; f += 1) {
      const t = rng.range(0.25, 0.7);
      crack(ctx, x + (px - x) * t, y + (py - y) * t, length * 0.45, a + rng.jitter(1.2), rng, depth - 1);
    }
  }
}

/** Circuit traces: right-angled runs ending in pads, spreading from a box edge. */
export function circuit(ctx: Ctx, rng: Rng, x: number, y: number, dir: 1 | -1, length: number, step: number): void {
  let px = x;
  let py = y;
  ctx.beginPath();
  ctx.moveTo(px, py);
  let remaining = length;
  while (remaining > 0) {
    const run = Math.min(remaining, step * rng.int(1, 3));
    px += dir * run;
    ctx.lineTo(px, py);
    remaining -= run;
    if (remaining <= 0) break;
    const diag = step * rng.range(0.4, 0.9) * (rng.chance(0.5) ? 1 : -1);
    px += dir * Math.abs(diag);
    py += diag;
    ctx.lineTo(px, py);
    remaining -= Math.abs(diag);
  }
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(px, py, step * 0.14, 0, Math.PI * 2);
  ctx.stroke();
}
