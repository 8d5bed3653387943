/**
 * The default pictures of the templates' image fields, made by code (npm run site-pictures writes
 * them into src/server/assets/site-templates/defaults/): screenshots are frames of the template's
 * banner scene without its texts, framed differently; character portraits are cards with the
 * character's initial in the theme's display face over a close crop of the same world.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { BANNER_STYLE_DEFS } from '../banner/styles';
import { DESIGN_HEIGHT, DESIGN_WIDTH } from '../banner/core/canvas';
import { createRng, hashString } from '../banner/core/prng';
import { makeTimeline } from '../banner/core/timeline';
import type { FrameTime, Scene } from '../banner/core/types';
import { font, type FontFaceName } from '../fonts';
import { bannerStyleById } from '../styles';
import { rgba } from './baseCss';
import type { DisplayFace, Theme } from './design';

export const SHOT_SIZE = { width: 960, height: 540 } as const;
export const PORTRAIT_SIZE = { width: 480, height: 640 } as const;
const WEBP_QUALITY = 74;

/** The canvas faces (render/fonts.ts) that match the site's display faces. */
const CANVAS_FACE: Record<DisplayFace, FontFaceName> = {
  blocky: 'display',
  round: 'cartoon',
  elegant: 'elegant',
  brush: 'brush',
  wildBrush: 'wildBrush',
  serif: 'serifBlack',
  sans: 'sansBlack',
};

const SCENE_SECONDS = 6;

/** A banner style's scene drawn at full design size, texts left out: frames at any time on demand. */
export class SceneCamera {
  private readonly scene: Scene;
  private readonly frame: Canvas;

  constructor(bannerId: number) {
    const style = bannerStyleById(bannerId);
    const def = style ? BANNER_STYLE_DEFS[style.key] : undefined;
    if (!style || !def) throw new Error(`Unknown banner style ${bannerId}`);
    const fps = 25;
    this.scene = def.build({
      scale: 1,
      seconds: SCENE_SECONDS,
      fps,
      rng: createRng(hashString(def.key)),
      cycles: (period) => Math.max(1, Math.round(SCENE_SECONDS / period)),
    });
    this.frame = createCanvas(DESIGN_WIDTH, DESIGN_HEIGHT);
  }

  /** The whole scene at time `t` (seconds). */
  draw(t: number): Canvas {
    const ctx = this.frame.getContext('2d');
    const time: FrameTime = { t, phase: t / SCENE_SECONDS, seconds: SCENE_SECONDS, fps: 25, timeline: makeTimeline(SCENE_SECONDS, 12) };
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'source-over';
    ctx.save();
    this.scene.background(ctx, time);
    ctx.restore();
    if (this.scene.foreground) {
      ctx.save();
      this.scene.foreground(ctx, time);
      ctx.restore();
    }
    return this.frame;
  }
}

export interface ShotFraming {
  /** Seconds into the scene's loop. */
  t: number;
  /** 1 = the whole scene, 2 = a quarter of it. */
  zoom: number;
  /** Centre of the crop in the scene, 0..1 each. */
  focusX: number;
  focusY: number;
}

/** Copies the crop of `frame` described by `framing` onto `ctx` (w x h), covering it. */
function drawCrop(ctx: SKRSContext2D, frame: Canvas, framing: ShotFraming, w: number, h: number): void {
  const cropH = DESIGN_HEIGHT / framing.zoom;
  const cropW = Math.min(DESIGN_WIDTH, (cropH * w) / h);
  const height = (cropW * h) / w;
  const x = Math.max(0, Math.min(DESIGN_WIDTH - cropW, framing.focusX * DESIGN_WIDTH - cropW / 2));
  const y = Math.max(0, Math.min(DESIGN_HEIGHT - height, framing.focusY * DESIGN_HEIGHT - height / 2));
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(frame, x, y, cropW, height, 0, 0, w, h);
}

/** A screenshot-like picture: a framed crop of the scene with a light grade and vignette. */
export function renderShot(camera: SceneCamera, framing: ShotFraming, theme: Theme): Promise<Buffer> {
  const { width, height } = SHOT_SIZE;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  drawCrop(ctx, camera.draw(framing.t), framing, width, height);
  const grade = ctx.createLinearGradient(0, 0, width, height);
  grade.addColorStop(0, rgba(theme.accent, 0.22));
  grade.addColorStop(1, rgba(theme.accent2, 0.3));
  ctx.globalCompositeOperation = 'soft-light';
  ctx.fillStyle = grade;
  ctx.fillRect(0, 0, width, height);
  // A light wash of the theme's hue makes neighbouring worlds read as one game.
  ctx.globalCompositeOperation = 'color';
  ctx.fillStyle = rgba(theme.accent2, 0.16);
  ctx.fillRect(0, 0, width, height);
  ctx.globalCompositeOperation = 'source-over';
  const vignette = ctx.createRadialGradient(width / 2, height / 2, height * 0.35, width / 2, height / 2, width * 0.62);
  vignette.addColorStop(0, 'rgba(0,0,0,0)');
  vignette.addColorStop(1, 'rgba(0,0,0,0.38)');
  ctx.fillStyle = vignette;
  ctx.fillRect(0, 0, width, height);
  return canvas.encode('webp', WEBP_QUALITY);
}

/**
 * A character card: a close crop of the world washed in the theme's colours, a halo, the
 * character's initial large in the display face, a thin inner frame with corner marks.
 */
export function renderPortrait(camera: SceneCamera, framing: ShotFraming, theme: Theme, name: string, index: number): Promise<Buffer> {
  const { width, height } = PORTRAIT_SIZE;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  drawCrop(ctx, camera.draw(framing.t), framing, width, height);
  const wash = ctx.createLinearGradient(0, 0, 0, height);
  wash.addColorStop(0, rgba(theme.accent2, 0.55));
  wash.addColorStop(0.55, rgba(theme.bg, 0.35));
  wash.addColorStop(1, rgba('#000000', 0.75));
  ctx.fillStyle = wash;
  ctx.fillRect(0, 0, width, height);

  const cx = width / 2;
  const cy = height * 0.4;
  const halo = ctx.createRadialGradient(cx, cy, 0, cx, cy, width * 0.55);
  halo.addColorStop(0, rgba(theme.accent, 0.75));
  halo.addColorStop(0.35, rgba(theme.accent, 0.25));
  halo.addColorStop(1, rgba(theme.accent, 0));
  ctx.fillStyle = halo;
  ctx.fillRect(0, 0, width, height);

  // Rays behind the initial, turned a little per character so the four cards differ.
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate((index * Math.PI) / 9);
  ctx.fillStyle = rgba('#ffffff', 0.07);
  for (let i = 0; i < 12; i++) {
    ctx.rotate((Math.PI * 2) / 12);
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(width, -22);
    ctx.lineTo(width, 22);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();

  const initial = Array.from(name)[0] ?? '?';
  ctx.font = font(CANVAS_FACE[theme.display], width * 0.56);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.shadowColor = rgba(theme.accent, 0.9);
  ctx.shadowBlur = 36;
  const fill = ctx.createLinearGradient(0, cy - width * 0.3, 0, cy + width * 0.3);
  fill.addColorStop(0, '#ffffff');
  fill.addColorStop(1, theme.dark ? theme.accent : '#f4f4f4');
  ctx.fillStyle = fill;
  ctx.fillText(initial, cx, cy);
  ctx.shadowBlur = 0;
  ctx.lineWidth = 3;
  ctx.strokeStyle = rgba('#000000', 0.35);
  ctx.strokeText(initial, cx, cy);

  const inset = 18;
  ctx.strokeStyle = rgba('#ffffff', 0.55);
  ctx.lineWidth = 1.5;
  ctx.strokeRect(inset, inset, width - inset * 2, height - inset * 2);
  ctx.strokeStyle = theme.accent;
  ctx.lineWidth = 4;
  const mark = 34;
  for (const [x, y, dx, dy] of [
    [inset, inset, 1, 1],
    [width - inset, inset, -1, 1],
    [inset, height - inset, 1, -1],
    [width - inset, height - inset, -1, -1],
  ]) {
    ctx.beginPath();
    ctx.moveTo(x, y + dy * mark);
    ctx.lineTo(x, y);
    ctx.lineTo(x + dx * mark, y);
    ctx.stroke();
  }
  return canvas.encode('webp', WEBP_QUALITY + 6);
}

/** Screenshot framings: wide views at different moments, then closer crops for the feature pictures. */
export const GALLERY_FRAMINGS: readonly ShotFraming[] = [
  { t: 1.2, zoom: 1, focusX: 0.5, focusY: 0.5 },
  { t: 2.6, zoom: 1.45, focusX: 0.28, focusY: 0.58 },
  { t: 3.9, zoom: 1.45, focusX: 0.74, focusY: 0.48 },
  { t: 5.1, zoom: 1.2, focusX: 0.5, focusY: 0.7 },
];
export const FEATURE_FRAMINGS: readonly ShotFraming[] = [
  { t: 0.6, zoom: 1.9, focusX: 0.2, focusY: 0.4 },
  { t: 2.2, zoom: 2.1, focusX: 0.55, focusY: 0.62 },
  { t: 4.4, zoom: 1.9, focusX: 0.84, focusY: 0.35 },
];
export const PORTRAIT_FRAMINGS: readonly ShotFraming[] = [
  { t: 0.9, zoom: 1.6, focusX: 0.15, focusY: 0.55 },
  { t: 2.1, zoom: 1.6, focusX: 0.38, focusY: 0.45 },
  { t: 3.3, zoom: 1.6, focusX: 0.62, focusY: 0.55 },
  { t: 4.5, zoom: 1.6, focusX: 0.85, focusY: 0.45 },
];
