/**
 * The one place that calls the renderers: turns a queue spec into files in a folder. Runs inside a
 * render worker thread (queue/renderWorker.ts), never in the API's thread.
 */
import { createCanvas } from '@napi-rs/canvas';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, type BannerTexts, type LogoTexts } from '../../contract/generation';
import { BANNER_PORTRAIT_SIZE, BANNER_PREVIEW_LOGO_STYLE, BANNER_VIDEO_INPUT, CATALOG_SIZES, JOB_FILES, KEY_ART_INPUT, PORTRAIT_VIDEO_INPUT, paintsKeyArt, type RenderProgress, type RenderResult, type RenderSpec } from './jobSpec';
import { BANNER_ART_SIZE, bannerArtProviderFor, toBannerJpeg, type BannerArtProvider } from './aiBanner';
import { renderBannerVideo, transcodeToWebm, type BannerVideoOptions } from './banner';
import { FONT_FACES, font, type FontFaceName } from './fonts';
import { untilReleased } from './renderPause';
import { renderBrandKit, renderLogoAnimation, renderLogoPng, renderLogoShowcase } from './logo';
import { decodePicture } from './picture';

/** The renderers' entry points (render/logo and render/banner), as this module uses them. */
export interface Renderers {
  renderLogoPng(styleId: number, texts: LogoTexts, options?: { scale?: number }): Promise<Buffer>;
  renderLogoAnimation(
    styleId: number,
    texts: LogoTexts,
    options?: { scale?: number; signal?: AbortSignal; onProgress?: (share: number) => void },
  ): Promise<{ animation: Buffer; idle: Buffer; still: Buffer; frameCount: number; width: number; height: number }>;
  renderLogoShowcase(styleId: number, texts: LogoTexts, size: { width: number; height: number }): Promise<Buffer>;
  renderBrandKit(styleId: number, texts: LogoTexts): Promise<{ files: ReadonlyMap<string, Buffer> }>;
  renderBannerVideo(
    styleId: number,
    input: { logoPng: Buffer; texts: BannerTexts; keyArt?: Buffer },
    options: BannerVideoOptions,
  ): Promise<{ frameCount: number; durationSeconds: number; width: number; height: number }>;
  /** A banner's MP4 again as WebM; aborting kills ffmpeg. */
  transcodeToWebm(mp4: string, webm: string, signal: AbortSignal): Promise<void>;
  /**
   * The builder banner's art provider of a job id; by default the one the environment (BANNER_ART_*)
   * configures, read when the job runs: worker threads inherit the server's environment.
   */
  bannerArtProvider?(id: string): BannerArtProvider;
}

const providerFromEnv = (id: string): BannerArtProvider => bannerArtProviderFor(id, process.env);

const JPEG_QUALITY = 88;

/** Gallery pictures are opaque: JPEG is a fifth of the PNG's size and every browser shows it. */
async function toJpeg(image: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  const picture = await decodePicture(image, 'gallery picture');
  const canvas = createCanvas(size.width, size.height);
  canvas.getContext('2d').drawImage(picture, 0, 0, size.width, size.height);
  return canvas.encode('jpeg', JPEG_QUALITY);
}

/** An input the queue put into the output folder (queue/renderInputs.ts): read, then removed, so it is no result. */
async function takeInput(outDir: string, name: string): Promise<Buffer> {
  const file = path.join(outDir, name);
  const bytes = await fs.promises.readFile(file);
  await fs.promises.rm(file, { force: true });
  return bytes;
}

function checkAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('render aborted');
}

/**
 * Renders `spec` into `outDir` with the given renderers; answers the names of the files it wrote.
 * The renders that draw frames (animated logo, banner video) report the share done to `onProgress`.
 */
export async function runRenderJobWith(
  renderers: Renderers,
  spec: RenderSpec,
  outDir: string,
  signal: AbortSignal,
  onProgress?: RenderProgress,
): Promise<RenderResult> {
  const write = async (name: string, data: Buffer | Promise<Buffer>): Promise<string> => {
    const bytes = await data;
    checkAborted(signal);
    await fs.promises.writeFile(path.join(outDir, name), bytes);
    return name;
  };
  // A background render handed over held starts when released (renderPause.ts); a banner's video
  // waits again for a release before it builds its scene (banner/core/video.ts).
  await untilReleased();
  checkAborted(signal);
  switch (spec.kind) {
    case 'tl':
      return { files: [await write(JOB_FILES.tl.logo, renderers.renderLogoPng(spec.logoStyle, spec.texts))] };
    case 'al': {
      const { animation, idle, still } = await renderers.renderLogoAnimation(spec.logoStyle, spec.texts, { signal, onProgress });
      return { files: [await write(JOB_FILES.al.logo, animation), await write(JOB_FILES.al.idle, idle), await write(JOB_FILES.al.still, still)] };
    }
    case 'fsa': {
      const files: string[] = [];
      let keyArt: Buffer | undefined;
      if (paintsKeyArt(spec)) {
        // AI生成主视觉: painted first (a refusal then costs no logo), kept among the results, and
        // from here on the picture is the key art exactly as an upload would be.
        onProgress?.(0, 'painting');
        const { provider, prompt } = spec.aiKeyArt;
        const art = await (renderers.bannerArtProvider ?? providerFromEnv)(provider).paint({ prompt, title: spec.texts.logotext, ...BANNER_ART_SIZE, signal });
        checkAborted(signal);
        keyArt = await toBannerJpeg(art, BANNER_ART_SIZE);
        files.push(await write(JOB_FILES.fsa.keyArt, keyArt));
        onProgress?.(0, 'video');
      } else if (spec.keyArt) {
        keyArt = await takeInput(outDir, KEY_ART_INPUT);
      }
      // The banner carries the still logo of the chosen logo style; the zip gets it too.
      const logoPng = await renderers.renderLogoPng(spec.logoStyle, spec.texts);
      const logo = await write(JOB_FILES.fsa.logo, logoPng);
      await renderers.renderBannerVideo(
        spec.bannerStyle,
        { logoPng, texts: spec.bannerTexts, keyArt },
        { outFile: path.join(outDir, JOB_FILES.fsa.video), posterFile: path.join(outDir, JOB_FILES.fsa.poster), signal, onProgress },
      );
      return { files: [logo, JOB_FILES.fsa.video, JOB_FILES.fsa.poster, ...files] };
    }
    case 'ab': {
      // The art first: it may wait on a service, and a refusal there should cost no logo render.
      // The studio's key art, when it gave one, is the art.
      let art: Buffer;
      if (spec.keyArt) art = await takeInput(outDir, KEY_ART_INPUT);
      else art = await (renderers.bannerArtProvider ?? providerFromEnv)(spec.provider).paint({ prompt: spec.prompt, title: spec.logotext, ...BANNER_ART_SIZE, signal });
      checkAborted(signal);
      const banner = await write(JOB_FILES.ab.banner, toBannerJpeg(art, BANNER_ART_SIZE));
      const texts = { logotext: spec.logotext, rightsealtext: '', bottomsealtext: '', bottomtext: '' };
      const logo = await write(JOB_FILES.ab.logo, renderers.renderLogoPng(spec.logoStyle, texts));
      return { files: [banner, logo] };
    }
    case 'catalog-logo': {
      const files = JOB_FILES['catalog-logo'];
      const showcase = (size: { width: number; height: number }): Promise<Buffer> =>
        renderers.renderLogoShowcase(spec.styleId, DEFAULT_LOGO_TEXTS, size).then((png) => toJpeg(png, size));
      return {
        files: [
          await write(files.thumbnail, showcase(CATALOG_SIZES.logoThumbnail)),
          await write(files.preview1, showcase(CATALOG_SIZES.logoPreview1)),
          await write(files.preview, showcase(CATALOG_SIZES.logoPreview)),
        ],
      };
    }
    case 'brand-kit': {
      const kit = await renderers.renderBrandKit(spec.logoStyle, spec.texts);
      const names: string[] = [];
      for (const [name, bytes] of kit.files) names.push(await write(name, bytes));
      return { files: names };
    }
    case 'banner-cuts': {
      const files = JOB_FILES['banner-cuts'];
      const { banner } = spec;
      // A painted key art is staged from the banner's own results: the phone cut paints nothing.
      const keyArt = banner.keyArt || banner.aiKeyArt ? await takeInput(outDir, KEY_ART_INPUT) : undefined;
      const logoPng = await renderers.renderLogoPng(banner.logoStyle, banner.texts);
      await renderers.renderBannerVideo(
        banner.bannerStyle,
        { logoPng, texts: banner.bannerTexts, keyArt },
        { ...BANNER_PORTRAIT_SIZE, outFile: path.join(outDir, files.portrait), posterFile: path.join(outDir, files.portraitPoster), signal, onProgress },
      );
      return { files: [files.portrait, files.portraitPoster] };
    }
    case 'banner-webm': {
      // From the MP4s: the frames as the user saw them, without drawing them again.
      const files = JOB_FILES['banner-webm'];
      const made: string[] = [];
      for (const [input, output] of [
        [PORTRAIT_VIDEO_INPUT, files.portraitWebm],
        [BANNER_VIDEO_INPUT, files.webm],
      ] as const) {
        await renderers.transcodeToWebm(path.join(outDir, input), path.join(outDir, output), signal);
        await fs.promises.rm(path.join(outDir, input), { force: true });
        made.push(output);
        onProgress?.(made.length / 2);
      }
      return { files: made };
    }
    case 'catalog-banner': {
      const files = JOB_FILES['catalog-banner'];
      const logoPng = await renderers.renderLogoPng(BANNER_PREVIEW_LOGO_STYLE[spec.styleId] ?? 1, DEFAULT_LOGO_TEXTS);
      checkAborted(signal);
      const { width, height, seconds, fps } = CATALOG_SIZES.bannerVideo;
      const posterFile = path.join(outDir, files.poster);
      await renderers.renderBannerVideo(
        spec.styleId,
        { logoPng, texts: DEFAULT_BANNER_TEXTS },
        { outFile: path.join(outDir, files.video), posterFile, width, height, seconds, fps, signal },
      );
      const thumbnail = await write(files.thumbnail, toJpeg(await fs.promises.readFile(posterFile), CATALOG_SIZES.bannerThumbnail));
      return { files: [thumbnail, files.video, files.poster] };
    }
  }
}

const RENDERERS: Renderers = { renderLogoPng, renderLogoAnimation, renderLogoShowcase, renderBrandKit, renderBannerVideo, transcodeToWebm };

/** Renders `spec` into `outDir` with the real renderers (the worker thread's entry point). */
export function runRenderJob(spec: RenderSpec, outDir: string, signal: AbortSignal, onProgress?: RenderProgress): Promise<RenderResult> {
  return runRenderJobWith(RENDERERS, spec, outDir, signal, onProgress);
}

/**
 * Loads what a thread's first render would otherwise load while a user waits (every font face,
 * the canvas library's first drawing): 1.5 s on 2 cores, against 0.2 s for a warm logo.
 */
export async function warmUpRenderers(): Promise<void> {
  for (const name of Object.keys(FONT_FACES) as FontFaceName[]) font(name, 12);
  await renderLogoPng(1, DEFAULT_LOGO_TEXTS, { scale: 0.25 });
}
