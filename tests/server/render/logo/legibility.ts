/**
 * How legible a square icon's mark is, measured on pixels: where the icon differs from its scene
 * alone is the mark; inside that box, the luminance split in two by Otsu's threshold gives its
 * strokes and the gaps between them.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';

export interface Legibility {
  /** The box of what the mark changed in the scene, as shares of the side. */
  width: number;
  height: number;
  /** Mean luminance (0-1) of the box's lighter class less that of its darker class. */
  contrast: number;
  /** The smaller class's share of the box: a blob is nearly all one tone. */
  minority: number;
  /** Strokes crossed, on average, by the rows and columns through the middle half of the box. */
  strokes: number;
}

async function luminance(png: Buffer): Promise<{ side: number; lum: Float32Array }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  const lum = new Float32Array(image.width * image.height);
  for (let i = 0; i < lum.length; i += 1) lum[i] = (0.2126 * data[i * 4] + 0.7152 * data[i * 4 + 1] + 0.0722 * data[i * 4 + 2]) / 255;
  return { side: image.width, lum };
}

const mean = (values: number[]): number => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** `icon` and `scene` are PNGs of the same square size: the icon, and the same scene without the mark. */
export async function legibility(icon: Buffer, scene: Buffer): Promise<Legibility> {
  const { side, lum } = await luminance(icon);
  const bare = (await luminance(scene)).lum;
  // Rows and columns where the mark changed at least an eighth of the pixels by a clear step.
  const changed = (i: number): boolean => Math.abs(lum[i] - bare[i]) > 0.12;
  const line = (count: (k: number) => number): number[] => Array.from({ length: side }, (_, k) => count(k));
  const rowShare = line((y) => Array.from({ length: side }, (_, x) => changed(y * side + x)).filter(Boolean).length / side);
  const colShare = line((x) => Array.from({ length: side }, (_, y) => changed(y * side + x)).filter(Boolean).length / side);
  const span = (shares: number[]): [number, number] => [shares.findIndex((s) => s >= 0.125), side - 1 - [...shares].reverse().findIndex((s) => s >= 0.125)];
  const [y0, y1] = span(rowShare);
  const [x0, x1] = span(colShare);
  if (y0 < 0 || x0 < 0 || y1 < y0 || x1 < x0) return { width: 0, height: 0, contrast: 0, minority: 0, strokes: 0 };
  const box: number[] = [];
  for (let y = y0; y <= y1; y += 1) for (let x = x0; x <= x1; x += 1) box.push(lum[y * side + x]);
  let best = { between: -1, threshold: 0.5, low: 0, high: 0, lowShare: 0 };
  for (let step = 1; step < 64; step += 1) {
    const threshold = step / 64;
    const low = box.filter((v) => v < threshold);
    const high = box.filter((v) => v >= threshold);
    if (!low.length || !high.length) continue;
    const between = low.length * high.length * (mean(high) - mean(low)) ** 2;
    if (between > best.between) best = { between, threshold, low: mean(low), high: mean(high), lowShare: low.length / box.length };
  }
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const light = (x: number, y: number): boolean => box[y * w + x] >= best.threshold;
  // Counted in the box's rarer tone: strokes on a plain ground, or the gaps in a heavy character.
  const runs = (cells: boolean[]): number => cells.reduce((count, on, i) => count + (on && !cells[i - 1] ? 1 : 0), 0);
  const strokesAreLight = best.lowShare > 0.5;
  const crossings: number[] = [];
  for (let y = Math.floor(h / 4); y < Math.ceil((h * 3) / 4); y += 1) crossings.push(runs(Array.from({ length: w }, (_, x) => light(x, y) === strokesAreLight)));
  for (let x = Math.floor(w / 4); x < Math.ceil((w * 3) / 4); x += 1) crossings.push(runs(Array.from({ length: h }, (_, y) => light(x, y) === strokesAreLight)));
  return { width: w / side, height: h / side, contrast: best.high - best.low, minority: Math.min(best.lowShare, 1 - best.lowShare), strokes: mean(crossings) };
}
