/**
 * The square mark of every style: the favicon shows the title's first character filling the square
 * with contrast and strokes, where a wordmark shrunk into it was a smear and the old first-character
 * sprite, small in its glow, a blob. Legibility is measured on the 32 px picture itself against the
 * same scene drawn without the mark.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { DEFAULT_LOGO_TEXTS } from '../../../../src/contract/generation';
import { icoEntries } from '../../../../src/server/render/logo/ico';
import { markCharacter } from '../../../../src/server/render/logo/markCharacter';
import { markFavicon } from '../../../../src/server/render/logo/markIcon';
import { hashString, Rng } from '../../../../src/server/render/logo/prng';
import { styleById } from '../../../../src/server/render/logo/registry';
import { LOGO_STYLES } from '../../../../src/server/render/styles';
import { legibility } from './legibility';

jest.setTimeout(120_000);

const TEXTS = { ...DEFAULT_LOGO_TEXTS, logotext: '星河战纪' };

/** The style's scene alone, made the favicon's size the way the favicon is. */
async function sceneAlone(styleId: number, side: number): Promise<Buffer> {
  const { key, style } = styleById(styleId);
  const canvas = createCanvas(256, 256);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, 256, 256);
  style.backdrop(ctx, 256, 256, new Rng(hashString(`backdrop:${key}`)));
  return sharp(await canvas.encode('png')).resize(side, side, { kernel: 'lanczos3' }).png().toBuffer();
}

it.each(LOGO_STYLES.map((style) => [style.id, style.name]))('style %i (%s): the 32 px favicon is a legible character filling the square', async (styleId) => {
  const { key, style } = styleById(styleId);
  const entry = icoEntries(await markFavicon(key, style, TEXTS)).find((picture) => picture.size === 32)!;
  const measured = await legibility(entry.png, await sceneAlone(styleId, 32));
  // Tall as well as wide: a wordmark is a thin horizontal band, the old sprite about half the side.
  expect(measured.height).toBeGreaterThanOrEqual(0.6);
  expect(measured.width).toBeGreaterThanOrEqual(0.5);
  // Two tones apart, each a real share of the mark's box, and strokes crossed through its middle.
  expect(measured.contrast).toBeGreaterThanOrEqual(0.15);
  expect(measured.minority).toBeGreaterThanOrEqual(0.15);
  expect(measured.strokes).toBeGreaterThanOrEqual(1);
});

it('marks a title by its first character that draws, a Latin letter in capitals', () => {
  expect(markCharacter('星河战纪')).toBe('星');
  expect(markCharacter(' 《星河》')).toBe('星');
  expect(markCharacter('galaxy war')).toBe('G');
  expect(markCharacter('——')).toBe('—');
});
