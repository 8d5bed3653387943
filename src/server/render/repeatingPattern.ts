import type { Canvas, CanvasPattern, SKRSContext2D } from '@napi-rs/canvas';

/**
 * A repeating pattern of a tile drawn in memory. The canvas library answers null only for a picture
 * still loading, which a drawn tile never is: null here is a defect to see, not a case to draw around.
 */
export function repeatingPattern(ctx: Pick<SKRSContext2D, 'createPattern'>, tile: Canvas): CanvasPattern {
  const pattern = ctx.createPattern(tile, 'repeat');
  if (!pattern) throw new Error(`No pattern could be made of a ${tile.width}x${tile.height} tile`);
  return pattern;
}
