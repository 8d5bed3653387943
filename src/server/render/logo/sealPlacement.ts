/**
 * Where the seals go: as near as possible to the spot the layout prefers (the title's top-right and
 * bottom-left corners), but never on an ornament that shows, on the slogan or on another seal.
 * Decided on the rendered pixels, not on boxes: wings, clouds, moons and branches are anything but
 * boxes, and a box test would push seals far from shapes that leave their corners empty.
 *
 * The parts are rasterised into a coarse grid of cells (a cell is marked when any pixel in it is
 * ink). A seal moves by whole cells, which are whole device pixels, so its layer is only shifted,
 * never redrawn or resampled, and a seal that misses every marked cell misses every ink pixel.
 */
import { createLayer, drawLayer, resetToDesign, type Box, type Layer } from './surface';

/** Alpha above this is ink; below it is the far tail of a glow, which nobody sees. */
const INK_ALPHA = 8;
/** Title pixels at least this opaque are the letters themselves (not their glow). */
const LETTER_ALPHA = 128;
/** A seal is about this many cells tall: fine enough to tuck it between feathers, coarse enough to be quick. */
const CELLS_PER_SEAL = 14;
/** Smaller seals to try when no spot in the region is free at full size, with their cost in ems. */
const SIZES: ReadonlyArray<readonly [factor: number, cost: number]> = [
  [1, 0],
  [0.84, 0.35],
  [0.7, 0.7],
];
/** Cost in ems of hiding all of a seal's area worth of letters (beyond what the preferred spot hides). */
const LETTER_COST = 3;
/** A seal may hide a little more of the letters than at its preferred spot, never a character's worth. */
const LETTERS_HIDDEN_MAX = 0.12;

export interface PlacedSeal {
  layer: Layer;
  /** The stamp's centre, for the stamping motion. */
  cx: number;
  cy: number;
}

export interface SealRequest {
  /** The seal drawn at `factor` times its size, centred where the layout prefers it; null when it has no text. */
  render(factor: number): PlacedSeal | null;
  /** The side to leave by when nothing near is free: +1 right, -1 left. */
  outward: 1 | -1;
  /**
   * Where the seal's centre may go (design px): a seal belongs to a corner of the title, and one
   * that wanders above the wings or under the slogan looks lost. Past all the artwork on the
   * outward side is the last resort when nothing in here is free.
   */
  region: Box;
}

export interface Surroundings {
  back: Layer | null;
  title: Layer;
  front: Layer | null;
  slogan: Layer | null;
  scale: number;
  em: number;
}

interface Grid {
  /** Device-pixel position of cell (0, 0). */
  x0: number;
  y0: number;
  cols: number;
  rows: number;
  /** Cell side in device pixels. */
  cell: number;
  cells: Uint8Array;
}

const deviceOf = (value: number, scale: number): number => Math.round(value * scale);

function unionOf(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  return { x: x0, y: y0, w: Math.max(...boxes.map((b) => b.x + b.w)) - x0, h: Math.max(...boxes.map((b) => b.y + b.h)) - y0 };
}

function emptyGrid(frame: Box, scale: number, cell: number): Grid {
  const x0 = deviceOf(frame.x, scale);
  const y0 = deviceOf(frame.y, scale);
  const cols = Math.ceil((deviceOf(frame.x + frame.w, scale) - x0) / cell) + 1;
  const rows = Math.ceil((deviceOf(frame.y + frame.h, scale) - y0) / cell) + 1;
  return { x0, y0, cols, rows, cell, cells: new Uint8Array(cols * rows) };
}

/** Marks the cells under the layer's pixels whose alpha is above `threshold`. */
function mark(grid: Grid, layer: Layer, threshold: number): void {
  const { width, height } = layer.canvas;
  const { data } = layer.ctx.getImageData(0, 0, width, height);
  const left = deviceOf(layer.box.x, layer.scale) - grid.x0;
  const top = deviceOf(layer.box.y, layer.scale) - grid.y0;
  // Column of each pixel x, or -1 off the grid: the inner loop then does one lookup per pixel.
  const colOf = new Int32Array(width);
  for (let x = 0; x < width; x += 1) {
    const col = Math.floor((left + x) / grid.cell);
    colOf[x] = col >= 0 && col < grid.cols ? col : -1;
  }
  const { cells, cols } = grid;
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor((top + y) / grid.cell);
    if (row < 0 || row >= grid.rows) continue;
    const rowBase = row * cols;
    for (let x = 0, i = y * width * 4 + 3; x < width; x += 1, i += 4) {
      if (data[i] > threshold && colOf[x] >= 0) cells[rowBase + colOf[x]] = 1;
    }
  }
}

/** The cells a seal covers where it was drawn. */
function footprint(grid: Grid, seal: Layer): Array<[number, number]> {
  const { width, height } = seal.canvas;
  const { data } = seal.ctx.getImageData(0, 0, width, height);
  const left = deviceOf(seal.box.x, seal.scale) - grid.x0;
  const top = deviceOf(seal.box.y, seal.scale) - grid.y0;
  const seen = new Set<number>();
  const cells: Array<[number, number]> = [];
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor((top + y) / grid.cell);
    for (let x = 0; x < width; x += 1) {
      if (data[(y * width + x) * 4 + 3] <= INK_ALPHA) continue;
      const col = Math.floor((left + x) / grid.cell);
      // Cells may lie outside the grid (a seal past the artwork): key them on a wide lattice.
      const key = (row + 100_000) * 1_000_000 + (col + 100_000);
      if (seen.has(key)) continue;
      seen.add(key);
      cells.push([col, row]);
    }
  }
  return cells;
}

/** Grows the marked cells by one in every direction: a seal keeps a cell of air from what it avoids. */
function dilate(grid: Grid): Grid {
  const out = new Uint8Array(grid.cells.length);
  for (let row = 0; row < grid.rows; row += 1) {
    for (let col = 0; col < grid.cols; col += 1) {
      if (!grid.cells[row * grid.cols + col]) continue;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const r = row + dy;
          const c = col + dx;
          if (r >= 0 && r < grid.rows && c >= 0 && c < grid.cols) out[r * grid.cols + c] = 1;
        }
      }
    }
  }
  return { ...grid, cells: out };
}

function hits(grid: Grid, cells: ReadonlyArray<readonly [number, number]>, dc: number, dr: number): number {
  let count = 0;
  for (const [col, row] of cells) {
    const c = col + dc;
    const r = row + dr;
    if (c >= 0 && c < grid.cols && r >= 0 && r < grid.rows && grid.cells[r * grid.cols + c]) count += 1;
  }
  return count;
}

/** Whether any of the cells, moved by (dc, dr), is marked: stops at the first. */
function collides(grid: Grid, cells: ReadonlyArray<readonly [number, number]>, dc: number, dr: number): boolean {
  for (const [col, row] of cells) {
    const c = col + dc;
    const r = row + dr;
    if (c >= 0 && c < grid.cols && r >= 0 && r < grid.rows && grid.cells[r * grid.cols + c]) return true;
  }
  return false;
}

interface Offset {
  dc: number;
  dr: number;
  /** In ems, outward moves weighted. */
  distance: number;
}

/** Every move (in cells of `step` design px) that keeps the seal's centre in the region, nearest first. */
function movesWithin(draft: PlacedSeal, region: Box, step: number, emDesign: number, outward: 1 | -1): Offset[] {
  const offsets: Offset[] = [];
  const dc0 = Math.ceil((region.x - draft.cx) / step);
  const dc1 = Math.floor((region.x + region.w - draft.cx) / step);
  const dr0 = Math.ceil((region.y - draft.cy) / step);
  const dr1 = Math.floor((region.y + region.h - draft.cy) / step);
  for (let dr = dr0; dr <= dr1; dr += 1) {
    for (let dc = dc0; dc <= dc1; dc += 1) {
      // Moving outward detaches the seal from the title more than sliding along it or in over it.
      const across = dc * outward > 0 ? dc * 1.3 : dc;
      offsets.push({ dc, dr, distance: (Math.hypot(across, dr) * step) / emDesign });
    }
  }
  // Ties broken by position, so the choice never depends on the sort's stability.
  return offsets.sort((a, b) => a.distance - b.distance || a.dr - b.dr || a.dc - b.dc);
}

/** The same pixels moved by whole device pixels. */
function shifted(seal: PlacedSeal, dx: number, dy: number): PlacedSeal {
  const { layer } = seal;
  const moved: Layer = { ...layer, box: { ...layer.box, x: layer.box.x + dx / layer.scale, y: layer.box.y + dy / layer.scale } };
  resetToDesign(moved);
  return { layer: moved, cx: seal.cx + dx / layer.scale, cy: seal.cy + dy / layer.scale };
}

/**
 * Ornament pixels as they show in the still, where back ornaments are hidden by the title and
 * front ornaments, and both by the slogan (the order `flatten` draws them in).
 */
function visibleOrnaments(parts: Surroundings, frame: Box): Layer | null {
  if (!parts.back && !parts.front) return null;
  const canvas = createLayer(frame, parts.scale);
  const steps: Array<[Layer | null, GlobalCompositeOperation]> = [
    [parts.back, 'source-over'],
    [parts.title, 'destination-out'],
    [parts.front, 'source-over'],
    [parts.slogan, 'destination-out'],
  ];
  for (const [layer, operation] of steps) {
    if (!layer) continue;
    canvas.ctx.globalCompositeOperation = operation;
    drawLayer(canvas.ctx, layer);
  }
  canvas.ctx.globalCompositeOperation = 'source-over';
  return canvas;
}

interface Choice {
  draft: PlacedSeal;
  /** The move, in cells. */
  dc: number;
  dr: number;
  cost: number;
}

/** Places the seals in order, each keeping off the ornaments, the slogan and the seals placed before it. */
export function placeSeals(requests: readonly SealRequest[], parts: Surroundings): Array<PlacedSeal | null> {
  const drafts = requests.map((request) => request.render(1));
  const first = drafts.find((draft): draft is PlacedSeal => draft !== null);
  if (!first) return drafts;
  const { scale, em } = parts;
  // The seal layer is 1.4 seals tall (room for its tilt and rough edge).
  const cell = Math.max(1, Math.round((first.layer.box.h * scale) / (1.4 * CELLS_PER_SEAL)));
  const frame = unionOf([parts.title.box, ...[parts.back, parts.front, parts.slogan].flatMap((l) => (l ? [l.box] : []))]);
  const blocked = emptyGrid(frame, scale, cell);
  const ornaments = visibleOrnaments(parts, frame);
  if (ornaments) mark(blocked, ornaments, INK_ALPHA);
  if (parts.slogan) mark(blocked, parts.slogan, INK_ALPHA);
  const letters = emptyGrid(frame, scale, cell);
  mark(letters, parts.title, LETTER_ALPHA);

  return requests.map((request, index) => {
    const home = drafts[index];
    if (!home) return null;
    const avoid = dilate(blocked);
    let budget = Infinity;
    let best: Choice | undefined;
    for (const [factor, sizeCost] of SIZES) {
      if (sizeCost >= budget) break;
      const draft = factor === 1 ? home : request.render(factor);
      const choice = draft ? nearestFree(draft, request, avoid, letters, em, sizeCost, budget) : null;
      if (choice) {
        best = choice;
        budget = choice.cost;
      }
    }
    // Past all the artwork on the outward side a seal is always free.
    const chosen = best ?? leaveOutward(home, avoid, request.outward);
    const seal = shifted(chosen.draft, chosen.dc * cell, chosen.dr * cell);
    mark(blocked, seal.layer, INK_ALPHA);
    return seal;
  });
}

/** The cheapest free spot in the region, if it costs less than `budget`. */
function nearestFree(draft: PlacedSeal, request: SealRequest, avoid: Grid, letters: Grid, em: number, sizeCost: number, budget: number): Choice | null {
  const cells = footprint(avoid, draft.layer);
  if (cells.length === 0) return { draft, dc: 0, dr: 0, cost: sizeCost };
  const lettersAtHome = hits(letters, cells, 0, 0);
  let best: Choice | null = null;
  let limit = budget;
  for (const { dc, dr, distance } of movesWithin(draft, request.region, avoid.cell / draft.layer.scale, em, request.outward)) {
    const floor = sizeCost + distance;
    if (floor >= limit) break;
    if (collides(avoid, cells, dc, dr)) continue;
    const covered = Math.max(0, hits(letters, cells, dc, dr) - lettersAtHome) / cells.length;
    if (covered > LETTERS_HIDDEN_MAX) continue;
    const cost = floor + covered * LETTER_COST;
    if (cost < limit) {
      best = { draft, dc, dr, cost };
      limit = cost;
    }
  }
  return best;
}

/** Slides the seal straight out to the side until it is clear of everything. */
function leaveOutward(draft: PlacedSeal, avoid: Grid, outward: 1 | -1): Choice {
  const cells = footprint(avoid, draft.layer);
  let dc = 0;
  while (collides(avoid, cells, dc, 0)) dc += outward;
  return { draft, dc, dr: 0, cost: Infinity };
}
