/**
 * Every logo style, for titles of 1 to 6 characters with the default seals and slogan, checked by the
 * pixels of its real rendered parts (the issue "Their game, not ours": gold wings cut off at the
 * canvas edge and the 官方 seal lying on a wing):
 *
 * - nothing touches the edge of the logo: no ink in a margin of 1 % of the side (at least 2 px);
 * - nothing was cut off on the way: the logo is trimmed to its artwork, so a part clipped by the layer
 *   it was drawn on would end in a straight cut that still keeps the margin. Each part (ornaments,
 *   title, slogan, seals) must therefore keep the same margin clear inside its own layer;
 * - no seal covers an ornament: a seal's ink must not land on ornament ink that shows in the logo
 *   (ornaments behind the title are hidden where the title is, and a seal may sit on the title).
 *   Seals also keep off the slogan and each other, so moving a seal cannot trade one overlap for another.
 */
import { DEFAULT_LOGO_TEXTS } from '../../../../src/contract/generation';
import { buildParts, flatten } from '../../../../src/server/render/logo/compose';
import { styleById } from '../../../../src/server/render/logo/registry';
import { createLayer, drawLayer, inDevicePixels, type Box, type Layer } from '../../../../src/server/render/logo/surface';
import { LOGO_STYLES } from '../../../../src/server/render/styles';

jest.setTimeout(120_000);

/** Renders at a third of full size: the same drawing (every layer draws in design pixels), fewer pixels. */
const SCALE = 0.3;
/** Alpha above this is ink; below it is the far tail of a glow or blur, which nobody sees. */
const INK = 8;
const TITLES = ['龙', '龙腾', '龙腾天', '龙腾天下', '龙腾天下霸', '龙腾天下霸业'];

/** The margin to keep clear along a side of `length` pixels. */
const marginFor = (length: number): number => Math.max(2, Math.ceil(length * 0.01));

/** Alpha of a rectangle of the layer's device pixels, row by row. */
function alphaOf(layer: Layer, x = 0, y = 0, width = layer.canvas.width, height = layer.canvas.height): Uint8ClampedArray {
  const { data } = layer.ctx.getImageData(x, y, width, height);
  const alpha = new Uint8ClampedArray(width * height);
  for (let i = 0; i < alpha.length; i += 1) alpha[i] = data[i * 4 + 3];
  return alpha;
}

/** Which sides of the layer have ink within the margin, e.g. ['left 3 px']. */
function inkNearEdges(layer: Layer): string[] {
  const { width, height } = layer.canvas;
  const mx = marginFor(width);
  const my = marginFor(height);
  // Only the strips along the sides are read: the middle of a layer cannot touch its edge.
  const strips: Array<[string, number, number, number, number]> = [
    [`left ${mx} px`, 0, 0, mx, height],
    [`right ${mx} px`, width - mx, 0, mx, height],
    [`top ${my} px`, 0, 0, width, my],
    [`bottom ${my} px`, 0, height - my, width, my],
  ];
  return strips.filter(([, x, y, w, h]) => alphaOf(layer, x, y, w, h).some((a) => a > INK)).map(([side]) => side);
}

/** `layers` drawn with their composite operations on one canvas covering `box`: its alpha per pixel. */
function composite(box: Box, scale: number, steps: Array<[Layer | null, GlobalCompositeOperation]>): Uint8ClampedArray {
  const canvas = createLayer(box, scale);
  for (const [layer, operation] of steps) {
    if (!layer) continue;
    canvas.ctx.globalCompositeOperation = operation;
    drawLayer(canvas.ctx, layer);
  }
  return alphaOf(canvas);
}

const overlap = (a: Uint8ClampedArray, b: Uint8ClampedArray): number => {
  let count = 0;
  for (let i = 0; i < a.length; i += 1) if (a[i] > INK && b[i] > INK) count += 1;
  return count;
};

/** Every problem of one style and title, in words; empty when the logo is clean. */
function problems(styleId: number, title: string, scale = SCALE): string[] {
  const { key, style } = styleById(styleId);
  const parts = buildParts(key, style, { ...DEFAULT_LOGO_TEXTS, logotext: title }, scale);
  const found: string[] = [];
  const label = `${key} "${title}" at ${scale}`;

  const still = flatten(parts);
  for (const side of inkNearEdges(still)) found.push(`${label}: the logo has ink at its ${side}`);

  const named: Array<[string, Layer | null]> = [
    ['back ornaments', parts.back],
    ['title', parts.title],
    ['front ornaments', parts.front],
    ['slogan', parts.slogan],
    ...parts.seals.map((seal): [string, Layer] => [`${seal.kind} seal`, seal.layer]),
  ];
  for (const [name, layer] of named) {
    if (!layer) continue;
    for (const side of inkNearEdges(layer)) found.push(`${label}: the ${name} reach the ${side} of their layer (cut off)`);
  }

  // Each seal is checked on a canvas covering its own layer, so pixel i is the same spot of the logo
  // in every mask. Ornaments as they show in the still (drawn in flatten's order): the back ones
  // less what the title and the front ones cover, then the front ones, less what the slogan covers.
  for (const seal of parts.seals) {
    const frame = seal.layer.box;
    const alpha = composite(frame, scale, [[seal.layer, 'source-over']]);
    const ornaments = composite(frame, scale, [
      [parts.back, 'source-over'],
      [parts.title, 'destination-out'],
      [parts.front, 'source-over'],
      [parts.slogan, 'destination-out'],
    ]);
    const onOrnaments = overlap(alpha, ornaments);
    if (onOrnaments > 0) found.push(`${label}: the ${seal.kind} seal covers ${onOrnaments} px of ornaments`);
    const onSlogan = parts.slogan ? overlap(alpha, composite(frame, scale, [[parts.slogan, 'source-over']])) : 0;
    if (onSlogan > 0) found.push(`${label}: the ${seal.kind} seal covers ${onSlogan} px of the slogan`);
    for (const other of parts.seals.filter((s) => s !== seal)) {
      const onSeal = overlap(alpha, composite(frame, scale, [[other.layer, 'source-over']]));
      if (onSeal > 0) found.push(`${label}: the ${seal.kind} seal covers ${onSeal} px of the ${other.kind} seal`);
    }
  }
  return found;
}

describe('logo bounds: every style, titles of 1 to 6 characters, default seals and slogan', () => {
  it('the default texts show both seals and a slogan, so every check has something to look at', () => {
    expect(DEFAULT_LOGO_TEXTS.rightsealtext).toBe('官方');
    expect(DEFAULT_LOGO_TEXTS.bottomsealtext.trim()).not.toBe('');
    expect(DEFAULT_LOGO_TEXTS.bottomtext.trim()).not.toBe('');
    const { key, style } = styleById(1);
    const parts = buildParts(key, style, DEFAULT_LOGO_TEXTS, SCALE);
    expect(parts.seals.map((s) => s.kind).sort()).toEqual(['bottom', 'right']);
    expect(parts.back).not.toBeNull();
    expect(parts.slogan).not.toBeNull();
  });

  it.each(LOGO_STYLES.map((s) => [s.id, s.key] as const))('style %i (%s): nothing touches an edge or is cut off, and no seal covers an ornament', (id) => {
    expect(TITLES.flatMap((title) => problems(id, title))).toEqual([]);
  });

  it('gold wings (the style of the issue) pass at full size too, where seals are placed on a finer grid of pixels', () => {
    const goldWings = LOGO_STYLES.find((s) => s.key === 'gold-metal');
    expect([TITLES[0], TITLES[2], TITLES[5]].flatMap((title) => problems(goldWings!.id, title, 1))).toEqual([]);
  });

  it('the checks see the faults they look for', () => {
    // A part drawn to the edge of its layer, and a seal laid on an ornament, are reported.
    const frame: Box = { x: -100, y: -50, w: 400, h: 200 };
    const cut = createLayer(frame, SCALE);
    inDevicePixels(cut, (ctx) => ctx.fillRect(0, cut.canvas.height / 3, 2, cut.canvas.height / 3));
    expect(inkNearEdges(cut)).toEqual([`left ${marginFor(cut.canvas.width)} px`]);
    const ornament = createLayer(frame, SCALE);
    ornament.ctx.fillRect(frame.x, frame.y, frame.w / 2, frame.h);
    const seal = createLayer(frame, SCALE);
    seal.ctx.fillRect(frame.x + frame.w / 4, frame.y, frame.w / 2, frame.h / 2);
    expect(overlap(composite(frame, SCALE, [[seal, 'source-over']]), composite(frame, SCALE, [[ornament, 'source-over']]))).toBeGreaterThan(0);
  });
});
