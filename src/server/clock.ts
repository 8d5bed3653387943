/** Milliseconds since the epoch. Passed to everything that expires, so tests move time instead of sleeping. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export const seconds = (s: number): number => s * 1000;
