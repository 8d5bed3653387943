/**
 * The brand kit, checked by the files it returns: icons at their sizes on the style's scene, an ICO
 * with its three sizes, the logo on light and dark that is logo.png itself, a one-colour version
 * that keeps the letters apart, and a guide page that opens offline and escapes the studio's text.
 */
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { DEFAULT_LOGO_TEXTS } from '../../../../src/contract/generation';
import { renderBrandKit, renderLogoPng } from '../../../../src/server/render/logo';
import { DARK_BACKGROUND, LIGHT_BACKGROUND } from '../../../../src/server/render/logo/brandKit';
import { KIT_FILE_NOTES } from '../../../../src/server/render/logo/brandGuide';
import { icoEntries, icoOf } from '../../../../src/server/render/logo/ico';
import { FONT_FACES, type FontFaceName } from '../../../../src/server/render/fonts';
import { JOB_FILES } from '../../../../src/server/render/jobSpec';
import { holdThisThread } from '../../../../src/server/render/renderPause';
import { hashString, Rng } from '../../../../src/server/render/logo/prng';
import { styleById } from '../../../../src/server/render/logo/registry';
import sharp from 'sharp';
import { legibility } from './legibility';

jest.setTimeout(120_000);

const FILES = JOB_FILES['brand-kit'];
/** Styles of every kind of drawing: metal on wings, brush ink, neon tubes, a cartoon cloud. */
const STYLES = [1, 2, 6, 7];
const TEXTS = { ...DEFAULT_LOGO_TEXTS, logotext: '云海<b>仙途' };

async function pixels(png: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

const opaque = (data: Uint8ClampedArray): boolean => data.every((value, at) => at % 4 !== 3 || value === 255);

describe.each(STYLES)('the brand kit of style %i', (styleId) => {
  let kit: Awaited<ReturnType<typeof renderBrandKit>>;
  let logo: Buffer;

  beforeAll(async () => {
    kit = await renderBrandKit(styleId, TEXTS);
    logo = await renderLogoPng(styleId, TEXTS);
  });

  it('holds every file of the kit', () => {
    expect([...kit.files.keys()].sort()).toEqual(Object.values(FILES).sort());
  });

  it('has the icons and the avatar at their sizes, opaque, on the style\'s scene', async () => {
    for (const [name, side] of [[FILES.appIcon, 1024], [FILES.icon512, 512], [FILES.icon192, 192], [FILES.appleTouch, 180], [FILES.avatar, 400]] as const) {
      const picture = await pixels(kit.files.get(name)!);
      expect([name, picture.width, picture.height]).toEqual([name, side, side]);
      expect(opaque(picture.data)).toBe(true);
    }
  });

  it('shows the square mark on its icons: the first character tall in the square, not the wordmark shrunk', async () => {
    const { key, style } = styleById(styleId);
    const canvas = createCanvas(1024, 1024);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, 1024, 1024);
    style.backdrop(ctx, 1024, 1024, new Rng(hashString(`backdrop:${key}`)));
    const scene = await sharp(await canvas.encode('png')).resize(180, 180, { kernel: 'lanczos3' }).png().toBuffer();
    const measured = await legibility(kit.files.get(FILES.appleTouch)!, scene);
    // A wordmark's band is about a third of the side tall (wings and slogan included); the character
    // takes most of it (a wide one like 云 a little less).
    expect(measured.height).toBeGreaterThanOrEqual(0.5);
    expect(measured.strokes).toBeGreaterThanOrEqual(1.5);
    expect(kit.facts.markCharacter).toBe('云');
    expect(kit.files.get(FILES.guide)!.toString('utf8')).toContain('标题首字「云」');
  });

  it('has a favicon.ico with 16, 32 and 48 px pictures', async () => {
    const entries = icoEntries(kit.files.get(FILES.favicon)!);
    expect(entries.map((entry) => entry.size)).toEqual([16, 32, 48]);
    for (const entry of entries) {
      const picture = await pixels(entry.png);
      expect([picture.width, picture.height]).toEqual([entry.size, entry.size]);
    }
  });

  it('puts logo.png itself on light and on dark, with the clear space around it', async () => {
    const original = await pixels(logo);
    const pad = kit.facts.clearSpace;
    expect(kit.facts.logoSize).toEqual({ width: original.width, height: original.height });
    for (const [name, background] of [[FILES.onLight, LIGHT_BACKGROUND], [FILES.onDark, DARK_BACKGROUND]] as const) {
      const version = await pixels(kit.files.get(name)!);
      expect([version.width, version.height]).toEqual([original.width + pad * 2, original.height + pad * 2]);
      const bg = [1, 3, 5].map((at) => Number.parseInt(background.slice(at, at + 2), 16));
      // logo.png laid over the background by hand: the version differs by rounding at most.
      let difference = 0;
      for (let y = 0; y < original.height; y += 1) {
        for (let x = 0; x < original.width; x += 1) {
          const from = (y * original.width + x) * 4;
          const to = ((y + pad) * version.width + x + pad) * 4;
          const alpha = original.data[from + 3] / 255;
          for (let channel = 0; channel < 3; channel += 1) {
            difference += Math.abs(original.data[from + channel] * alpha + bg[channel] * (1 - alpha) - version.data[to + channel]);
          }
        }
      }
      expect(difference / (original.width * original.height * 3)).toBeLessThan(1.5);
      expect(Array.from(version.data.subarray(0, 3))).toEqual(bg);
    }
  });

  it('has a one-colour version in one ink that keeps the letters apart (not a silhouette)', async () => {
    const mono = await pixels(kit.files.get(FILES.oneColour)!);
    const original = await pixels(logo);
    expect([mono.width, mono.height]).toEqual([original.width, original.height]);
    let solid = 0;
    let inked = 0;
    // Counted, then checked once: an expect per pixel took ten seconds a style.
    let otherInks = 0;
    for (let at = 0; at < mono.data.length; at += 4) {
      if (mono.data[at + 3] > 0 && (mono.data[at] | mono.data[at + 1] | mono.data[at + 2]) !== 0) otherInks += 1;
      if (original.data[at + 3] >= 200) {
        solid += 1;
        if (mono.data[at + 3] >= 128) inked += 1;
      }
    }
    expect(otherInks).toBe(0);
    // A silhouette inks every solid pixel; the letters need some left clear, and some inked.
    expect(inked / solid).toBeGreaterThan(0.1);
    expect(inked / solid).toBeLessThan(0.9);
  });

  it('writes a guide that opens offline, names only kit files, and escapes the studio\'s text', () => {
    const html = kit.files.get(FILES.guide)!.toString('utf8');
    expect(html).toContain('<title>云海&lt;b&gt;仙途 · 品牌规范</title>');
    expect(html).not.toContain('<b>仙途');
    expect(html).not.toMatch(/<script|https?:\/\//i);
    const referenced = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(referenced.length).toBeGreaterThan(0);
    for (const file of referenced) expect(Object.values(FILES)).toContain(file);
    for (const colour of kit.facts.colours) expect(html).toContain(colour.hex.toUpperCase());
    expect(kit.facts.colours.length).toBeGreaterThan(0);
    for (const font of kit.facts.fonts) expect(html).toContain(font.family.replace(/</g, '&lt;'));
    expect(html).toContain(`${kit.facts.clearSpace} px`);
    expect(html).toContain(`${kit.facts.minWidthPx} px`);
    expect(html).toContain(`${kit.facts.minWidthMm} mm`);
    for (const note of KIT_FILE_NOTES) expect(html).toContain(`>${note.file}<`);
  });
});

it('is deterministic: the same style and texts give the same bytes', async () => {
  const [a, b] = [await renderBrandKit(3, DEFAULT_LOGO_TEXTS), await renderBrandKit(3, DEFAULT_LOGO_TEXTS)];
  for (const [name, bytes] of a.files) expect([name, bytes.equals(b.files.get(name)!)]).toEqual([name, true]);
});

it('stands still while its thread is held (a user job renders), then comes out as it would have', async () => {
  holdThisThread(true);
  try {
    let ended = false;
    const held = renderBrandKit(3, DEFAULT_LOGO_TEXTS).then((kit) => ((ended = true), kit));
    // A whole kit takes about a second of drawing.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(ended).toBe(false);
    holdThisThread(false);
    const [kit, unheld] = [await held, await renderBrandKit(3, DEFAULT_LOGO_TEXTS)];
    expect([...kit.files.keys()]).toEqual([...unheld.files.keys()]);
    for (const [name, bytes] of kit.files) expect([name, bytes.equals(unheld.files.get(name)!)]).toEqual([name, true]);
  } finally {
    holdThisThread(false);
  }
});

it('names only fonts whose packages still declare the licence the guide states', () => {
  for (const face of Object.keys(FONT_FACES) as FontFaceName[]) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- reading a package's own manifest
    expect(require(`@fontsource/${FONT_FACES[face].pkg}/package.json`).license).toBe('OFL-1.1');
  }
});

it('writes ICO files that a reader takes apart into the pictures put in', () => {
  const pictures = [16, 256].map((size) => ({ size, png: createCanvas(size, size).encodeSync('png') }));
  const entries = icoEntries(icoOf(pictures));
  expect(entries.map((entry) => [entry.size, entry.png.equals(pictures.find((picture) => picture.size === entry.size)!.png)])).toEqual([
    [16, true],
    [256, true],
  ]);
  expect(() => icoOf([{ size: 300, png: Buffer.alloc(1) }])).toThrow();
});
