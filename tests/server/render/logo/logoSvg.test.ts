/**
 * logo.svg of every logo style, drawn by Chromium at logo.png's size beside logo.png (issue 15).
 * The measure, on premultiplied RGBA (0-255): the mean absolute difference over every pixel is at
 * most 3, at most 3 % of pixels differ by more than 32, and no 16 x 16 square differs by more than
 * 48 on average (today's worst styles: 2.63, 2.7 % and 37). What is left is where edges fall: the
 * canvas draws text hinted, snapped to the pixel grid and a little heavier than its outlines.
 * A detail the SVG leaves out (the worn spots of a seal) makes a square of 55 or more.
 * The SVG is vector: without its free-standing pictures (effects that have no vector form) it still
 * draws most of the logo; the raster drawn beside it is logo.png to the pixel; and it carries
 * nothing that runs or loads from elsewhere. The styles that nest deepest are also drawn by
 * librsvg, another renderer a studio's tools may use.
 */
import sharp from 'sharp';
import { DEFAULT_LOGO_TEXTS } from '../../../../src/contract/generation';
import { buildParts, flatten } from '../../../../src/server/render/logo/compose';
import { logoSvg } from '../../../../src/server/render/logo/logoSvg';
import { drawingForKey } from '../../../../src/server/render/logo/registry';
import { recordingVectors } from '../../../../src/server/render/logo/surface';
import { LOGO_STYLES } from '../../../../src/server/render/styles';
import { CHROMIUM, differenceOf, SvgRasteriser, solidKept, withoutPictures, type Difference } from '../../../fixtures/svgInChromium';

jest.setTimeout(300_000);

const describeInBrowser = CHROMIUM ? describe : describe.skip;
const TEXTS = { ...DEFAULT_LOGO_TEXTS, logotext: '星火<燎原>&', rightsealtext: '星火', bottomsealtext: '燎原', bottomtext: '热血国战 · 万人同服' };
/** Pixel art: the title is drawn small and scaled up without smoothing, which is a picture by nature. */
const PICTURE_STYLES = new Set(['pixel']);
/**
 * Styles whose SVG nests deepest (masks in masks, filters, blends) and so is hardest for other
 * renderers: librsvg (GNOME, sharp) stops at 50 nested layers, which an SVG writing a group per
 * item passed. These are also drawn by librsvg and held to the same measure.
 */
const DEEPEST_STYLES = new Set(['wasteland', 'thunder', 'blood-moon', 'gold-metal', 'neon', 'candy']);

/** The measure; a failure names the style and shows the figure that is over its limit. */
function expectClose(key: string, difference: Difference): void {
  const over = (value: number, limit: number): number | 'within' => (value <= limit ? 'within' : value);
  expect({ key, mean: over(difference.mean, 3), far: over(difference.far, 0.03), worstSquare: over(difference.worstSquare, 48) }).toEqual({
    key,
    mean: 'within',
    far: 'within',
    worstSquare: 'within',
  });
}

describeInBrowser('logo.svg', () => {
  let chromium: SvgRasteriser;

  beforeAll(async () => {
    chromium = await SvgRasteriser.open();
  });

  afterAll(async () => {
    await chromium?.close();
  });

  it.each(LOGO_STYLES.map((info) => [info.key]))('of style %s looks like its logo.png and is drawn with paths', async (key) => {
    const style = drawingForKey(key)!;
    const { svg, logo } = logoSvg(
      recordingVectors(() => buildParts(key, style, TEXTS, 1)),
      TEXTS.logotext,
    );
    const png = await logo.canvas.encode('png');
    const plain = flatten(buildParts(key, style, TEXTS, 1)).canvas;
    expect([logo.canvas.width, logo.canvas.height]).toEqual([plain.width, plain.height]);
    expect(Buffer.from(logo.ctx.getImageData(0, 0, plain.width, plain.height).data).equals(Buffer.from(plain.getContext('2d').getImageData(0, 0, plain.width, plain.height).data))).toBe(true);

    expect(svg).toMatch(new RegExp(`^<\\?xml[^>]*\\?>\\n<svg [^>]*width="${plain.width}" height="${plain.height}"`));
    expectClose(key, await chromium.difference(svg, png));
    const reference = await sharp(png).raw().toBuffer();
    if (DEEPEST_STYLES.has(key)) {
      const byLibrsvg = await sharp(Buffer.from(svg), { density: 72 }).ensureAlpha().raw().toBuffer();
      expectClose(`${key} (librsvg)`, differenceOf(reference, byLibrsvg, plain.width));
    }

    const vectorOnly = await chromium.rgba(withoutPictures(svg), plain.width, plain.height);
    const kept = solidKept(reference, vectorOnly);
    expect(svg.match(/<path /g)?.length ?? 0).toBeGreaterThan(Array.from(TEXTS.logotext).length);
    if (PICTURE_STYLES.has(key)) expect(kept).toBeLessThan(0.6);
    else expect({ key, kept: kept >= 0.6 ? 'most' : kept }).toEqual({ key, kept: 'most' });

    expect(svg).toContain('<title>星火&lt;燎原&gt;&amp;</title>');
    expect(svg).not.toMatch(/<script|<foreignObject|\son[a-z]+=/i);
    for (const [, target] of svg.matchAll(/href="([^"]*)"/g)) expect(target).toMatch(/^(#|data:image\/png;base64,)/);
  });
});
