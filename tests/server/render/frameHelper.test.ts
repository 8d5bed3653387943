/**
 * Two threads drawing one banner (core/frameHelper.ts): a frame must be a function of its number
 * alone for every style, so a helper thread that draws every other frame gives the very video one
 * thread gives; a helper that cannot help leaves the render to draw every frame itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_BANNER_TEXTS } from '../../../src/contract/generation';
import { renderBannerVideo, type BannerVideoOptions } from '../../../src/server/render/banner';
import { createFrameRenderer, decodeKeyArt, defaultDrawThreads, decodeLogo, renderStyleVideo, type FrameRenderer } from '../../../src/server/render/banner/core/video';
import { BANNER_STYLE_DEFS } from '../../../src/server/render/banner/styles';
import { sunKeyArt } from '../../fixtures/keyArt';
import { titleLogoPng } from '../../fixtures/titleLogo';

jest.setTimeout(120_000);

const logoPng = titleLogoPng('龙腾天下', 600, 200);
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-frame-helper-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function target(name: string, extra: Partial<BannerVideoOptions> = {}): BannerVideoOptions {
  return { outFile: path.join(dir, `${name}.mp4`), posterFile: path.join(dir, `${name}.jpg`), width: 320, height: 180, seconds: 1.2, fps: 10, ...extra };
}

const FRAMES = { width: 240, height: 136, seconds: 1, fps: 8 };
const pixelsOf = (renderer: FrameRenderer, frame: number): Buffer => {
  renderer.draw(frame);
  return Buffer.from(renderer.canvas.data());
};

describe('a frame is a function of its number alone', () => {
  it.each(Object.keys(BANNER_STYLE_DEFS))('%s: frames drawn out of order, by a renderer that skipped the others, are the frames drawn in order', async (key) => {
    const logo = await decodeLogo(logoPng);
    const inOrder = createFrameRenderer(BANNER_STYLE_DEFS[key], logo, DEFAULT_BANNER_TEXTS, FRAMES);
    const expected = Array.from({ length: inOrder.frameCount }, (_, frame) => pixelsOf(inOrder, frame));
    const skipping = createFrameRenderer(BANNER_STYLE_DEFS[key], logo, DEFAULT_BANNER_TEXTS, FRAMES);
    for (const frame of [7, 1, 5, 3]) expect(pixelsOf(skipping, frame).equals(expected[frame])).toBe(true);
    // And the frames do move: a style frozen in time would pass the above for nothing.
    expect(expected[1].equals(expected[5])).toBe(false);
  });

  it('holds over key art too', async () => {
    const logo = await decodeLogo(logoPng);
    const keyArt = await decodeKeyArt(sunKeyArt(), FRAMES);
    const inOrder = createFrameRenderer(BANNER_STYLE_DEFS.aurora, logo, DEFAULT_BANNER_TEXTS, FRAMES, keyArt);
    const expected = Array.from({ length: inOrder.frameCount }, (_, frame) => pixelsOf(inOrder, frame));
    const skipping = createFrameRenderer(BANNER_STYLE_DEFS.aurora, logo, DEFAULT_BANNER_TEXTS, FRAMES, await decodeKeyArt(sunKeyArt(), FRAMES));
    for (const frame of [5, 3, 1]) expect(pixelsOf(skipping, frame).equals(expected[frame])).toBe(true);
  });
});

describe('a render drawn by two threads', () => {
  it('has the helper draw every other frame and writes the very video and poster of one thread', async () => {
    const one = target('one', { drawThreads: 1 });
    const two = target('two', { drawThreads: 2 });
    const alone = await renderBannerVideo(12, { logoPng, texts: DEFAULT_BANNER_TEXTS }, one);
    const helped = await renderBannerVideo(12, { logoPng, texts: DEFAULT_BANNER_TEXTS }, two);
    expect(alone.helperFrames).toBe(0);
    expect(helped).toEqual({ ...alone, helperFrames: 6 });
    expect(fs.readFileSync(two.outFile).equals(fs.readFileSync(one.outFile))).toBe(true);
    expect(fs.readFileSync(two.posterFile).equals(fs.readFileSync(one.posterFile))).toBe(true);
  });

  it('does the same over key art, which the helper decodes itself', async () => {
    const keyArt = sunKeyArt();
    const one = target('art-one', { drawThreads: 1, seconds: 0.6 });
    const two = target('art-two', { drawThreads: 2, seconds: 0.6 });
    await renderBannerVideo(3, { logoPng, texts: DEFAULT_BANNER_TEXTS, keyArt }, one);
    await expect(renderBannerVideo(3, { logoPng, texts: DEFAULT_BANNER_TEXTS, keyArt }, two)).resolves.toMatchObject({ helperFrames: 3 });
    expect(fs.readFileSync(two.outFile).equals(fs.readFileSync(one.outFile))).toBe(true);
  });

  it('draws every frame itself when the helper cannot build the scene, and the video is whole', async () => {
    // A style the helper's registry does not know: its scene fails to build there, not here.
    const unknown = { ...BANNER_STYLE_DEFS.warp, key: 'not-in-the-registry' };
    const known = target('known', { drawThreads: 1 });
    const fallback = target('fallback', { drawThreads: 2 });
    await renderStyleVideo(BANNER_STYLE_DEFS.warp, { logoPng, texts: DEFAULT_BANNER_TEXTS }, known);
    // The same drawing under another key: the scene's seed comes from the key, so only the count is compared.
    await expect(renderStyleVideo(unknown, { logoPng, texts: DEFAULT_BANNER_TEXTS }, fallback)).resolves.toMatchObject({ frameCount: 12, helperFrames: 0 });
    expect(fs.statSync(fallback.outFile).size).toBeGreaterThan(0);
  });

  it('leaves nothing behind when aborted mid-render, and the helper serves the next render', async () => {
    const controller = new AbortController();
    const aborted = target('aborted', { drawThreads: 2, width: 640, height: 360, seconds: 20, fps: 25, signal: controller.signal });
    const render = renderBannerVideo(6, { logoPng, texts: DEFAULT_BANNER_TEXTS }, aborted);
    const leftovers = () => fs.readdirSync(dir).filter((name) => name.startsWith('aborted'));
    const started = Date.now();
    while (leftovers().length === 0 && Date.now() - started < 30_000) await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort(new Error('user left'));
    await expect(render).rejects.toThrow('user left');
    expect(leftovers()).toEqual([]);
    await expect(renderBannerVideo(6, { logoPng, texts: DEFAULT_BANNER_TEXTS }, target('after', { drawThreads: 2, seconds: 0.4 }))).resolves.toMatchObject({ frameCount: 4, helperFrames: 2 });
  });

  it('uses the helper by default for frames of 1280x720 and up on more than two cores only', async () => {
    expect(defaultDrawThreads(1280 * 720, 4)).toBe(2);
    expect(defaultDrawThreads(1920 * 1080, 3)).toBe(2);
    expect(defaultDrawThreads(1920 * 1080, 2)).toBe(1);
    expect(defaultDrawThreads(1280 * 720 - 1, 8)).toBe(1);
    await expect(renderBannerVideo(1, { logoPng, texts: DEFAULT_BANNER_TEXTS }, target('small', { seconds: 0.2 }))).resolves.toMatchObject({ helperFrames: 0 });
    const helped = os.availableParallelism() > 2 ? 1 : 0;
    await expect(renderBannerVideo(1, { logoPng, texts: DEFAULT_BANNER_TEXTS }, target('large', { width: 1280, height: 720, seconds: 0.2 }))).resolves.toMatchObject({ helperFrames: helped });
  });
});
