/**
 * Where a key art's subject is: the part of the picture with the most detail, found from its edges
 * rather than its brightness. A figure is drawn with many strokes (a face, armour, folds, a weapon);
 * a moon or a sun is one bright disc whose only edge is its rim, and a sky is smooth. Each pixel's
 * edge strength is capped, so that one sharp rim counts no more than any other edge, and the
 * subject is the window of the picture holding most of them.
 */

/** A box in shares (0 to 1) of the picture's width and height. */
export interface SubjectBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Subject {
  /** The subject's centre, in shares of the picture. */
  cx: number;
  cy: number;
  /** The region around it holding detail. */
  box: SubjectBox;
  /** The share of the picture's detail in its left and in its top half. */
  left: number;
  top: number;
}

/** Past this step (of 255) an edge counts no more: a bright disc's rim is not a subject for it. */
const EDGE_CAP = 24;
/** The window the subject is looked for with, as a share of the picture's shorter side. */
const WINDOW = 0.3;

/** The subject of a picture from its RGBA pixels (a small copy, 100-200 px across, is enough). */
export function findSubject(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Subject {
  const lum = new Float32Array(width * height);
  const chroma = new Float32Array(width * height);
  for (let i = 0; i < width * height; i += 1) {
    const [r, g, b] = [rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]];
    lum[i] = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    chroma[i] = r - b;
  }
  const edge = new Float32Array(width * height);
  let total = 0;
  let leftSum = 0;
  let topSum = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const dl = Math.hypot(lum[i + 1] - lum[i - 1], lum[i + width] - lum[i - width]) / 2;
      const dc = Math.hypot(chroma[i + 1] - chroma[i - 1], chroma[i + width] - chroma[i - width]) / 2;
      const value = Math.min(EDGE_CAP, Math.max(dl, dc * 0.5));
      edge[i] = value;
      total += value;
      if (x < width / 2) leftSum += value;
      if (y < height / 2) topSum += value;
    }
  }
  // Sums over any rectangle from a summed-area table.
  const table = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += edge[y * width + x];
      table[(y + 1) * (width + 1) + x + 1] = table[y * (width + 1) + x + 1] + row;
    }
  }
  const sum = (x0: number, y0: number, x1: number, y1: number): number =>
    table[y1 * (width + 1) + x1] - table[y0 * (width + 1) + x1] - table[y1 * (width + 1) + x0] + table[y0 * (width + 1) + x0];
  const side = Math.max(2, Math.round(Math.min(width, height) * WINDOW));
  let best = { x: 0, y: 0, value: -1 };
  for (let y = 0; y + side <= height; y += 1) {
    for (let x = 0; x + side <= width; x += 1) {
      const value = sum(x, y, x + side, y + side);
      if (value > best.value) best = { x, y, value };
    }
  }
  // The region: the window grown while the rows and columns beside it hold at least half its density.
  const density = best.value / (side * side);
  let [x0, y0, x1, y1] = [best.x, best.y, best.x + side, best.y + side];
  for (let grown = true; grown; ) {
    grown = false;
    if (x0 > 0 && sum(x0 - 1, y0, x0, y1) / (y1 - y0) >= density / 2) [x0, grown] = [x0 - 1, true];
    if (x1 < width && sum(x1, y0, x1 + 1, y1) / (y1 - y0) >= density / 2) [x1, grown] = [x1 + 1, true];
    if (y0 > 0 && sum(x0, y0 - 1, x1, y0) / (x1 - x0) >= density / 2) [y0, grown] = [y0 - 1, true];
    if (y1 < height && sum(x0, y1, x1, y1 + 1) / (x1 - x0) >= density / 2) [y1, grown] = [y1 + 1, true];
  }
  return {
    cx: (best.x + side / 2) / width,
    cy: (best.y + side / 2) / height,
    box: { x: x0 / width, y: y0 / height, w: (x1 - x0) / width, h: (y1 - y0) / height },
    left: total ? leftSum / total : 0.5,
    top: total ? topSum / total : 0.5,
  };
}
