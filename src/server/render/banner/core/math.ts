/** Easing and small numeric helpers shared by the scenes and the overlay. */
export const TAU = Math.PI * 2;

export const clamp = (value: number, min = 0, max = 1): number => (value < min ? min : value > max ? max : value);
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
/** Positive fractional part, also for negative inputs (loop phases run both ways). */
export const frac = (value: number): number => value - Math.floor(value);

/** 0 before `start`, 1 after `end`, linear between. */
export const progress = (t: number, start: number, end: number): number => (end <= start ? (t >= end ? 1 : 0) : clamp((t - start) / (end - start)));

export const smoothstep = (edge0: number, edge1: number, x: number): number => {
  const t = clamp((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
};

export const easeOutCubic = (t: number): number => 1 - Math.pow(1 - clamp(t), 3);
export const easeInCubic = (t: number): number => Math.pow(clamp(t), 3);
export const easeInOutSine = (t: number): number => -(Math.cos(Math.PI * clamp(t)) - 1) / 2;
export const easeOutExpo = (t: number): number => (t >= 1 ? 1 : 1 - Math.pow(2, -10 * clamp(t)));
export const easeOutBack = (t: number, overshoot = 1.70158): number => {
  const x = clamp(t) - 1;
  return 1 + (overshoot + 1) * x * x * x + overshoot * x * x;
};
/** A ball landing: used by the pixel style's drops. */
export const easeOutBounce = (t: number): number => {
  const x = clamp(t);
  const n = 7.5625;
  const d = 2.75;
  if (x < 1 / d) return n * x * x;
  if (x < 2 / d) return n * (x - 1.5 / d) ** 2 + 0.75;
  if (x < 2.5 / d) return n * (x - 2.25 / d) ** 2 + 0.9375;
  return n * (x - 2.625 / d) ** 2 + 0.984375;
};

/** A bump that rises from 0 at `start` to 1 at `peak` and falls back to 0 at `end`. */
export const pulse = (t: number, start: number, peak: number, end: number): number => {
  if (t <= start || t >= end) return 0;
  return t < peak ? (t - start) / (peak - start) : 1 - (t - peak) / (end - peak);
};

/** `#rrggbb` plus an alpha -> `rgba(...)`. */
export function rgba(hex: string, alpha: number): string {
  const value = parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255},${(value >> 8) & 255},${value & 255},${Math.round(clamp(alpha) * 1000) / 1000})`;
}

/** Mixes two `#rrggbb` colours. */
export function mixHex(a: string, b: string, t: number): string {
  const x = parseInt(a.slice(1), 16);
  const y = parseInt(b.slice(1), 16);
  const channel = (shift: number) => Math.round(lerp((x >> shift) & 255, (y >> shift) & 255, clamp(t)));
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, '0')}`;
}
