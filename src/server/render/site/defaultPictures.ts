/**
 * The default pictures of the templates' image fields, made by code (npm run site-pictures writes
 * them into src/server/assets/site-templates/defaults/): screenshots are frames of the template's
 * banner scene without its texts, framed differently; character portraits are cards with the
 * character's initial in the theme's display face over a close crop of the same world.
 */
import { createCanvas, Path2D, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { BANNER_STYLE_DEFS } from '../banner/styles';
import { DESIGN_HEIGHT, DESIGN_WIDTH } from '../banner/core/canvas';
import { createRng, hashString } from '../banner/core/prng';
import { makeTimeline } from '../banner/core/timeline';
import type { FrameTime, Scene } from '../banner/core/types';
import { bannerStyleById } from '../styles';
import { rgba } from './baseCss';
import type { Theme } from './design';
import type { FigureKind } from './genrePictures';

export const SHOT_SIZE = { width: 960, height: 540 } as const;
export const PORTRAIT_SIZE = { width: 480, height: 640 } as const;
const WEBP_QUALITY = 74;

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
      view: { x: 0, y: 0, width: DESIGN_WIDTH, height: DESIGN_HEIGHT },
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
 * A character card: a close crop of the world washed in the theme's colours, a halo, a figure's
 * silhouette lit from behind in the genre's dress (figureKindOf: a period hero with a weapon, an
 * armoured crew member, or a weaponless one), a thin inner frame with corner marks. No lettering:
 * the card's name is set over it by the page and must stay legible.
 */
export function renderPortrait(camera: SceneCamera, framing: ShotFraming, theme: Theme, index: number, figure: FigureKind): Promise<Buffer> {
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

  // Rays behind the figure, turned a little per character so the four cards differ.
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

  drawFigure(ctx, { width, height, rim: theme.accent, index, figure });

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

interface FigureSpec {
  width: number;
  height: number;
  rim: string;
  index: number;
  figure: FigureKind;
}

/** Where a figure's parts sit on the card. */
interface FigureFrame {
  cx: number;
  headY: number;
  head: number;
  shoulderY: number;
  shoulder: number;
}

const SHADOW = rgba('#0b0b0f', 0.92);

/**
 * What the figure holds behind its shoulder, drawn before it: a period hero's sword, staff with an
 * orb, bow or spear; an armoured one's rifle, energy blade, antenna or shoulder drone; nothing for
 * a plain one.
 */
function drawGear(ctx: SKRSContext2D, spec: FigureSpec, f: FigureFrame): void {
  if (spec.figure === 'plain') return;
  const { cx, headY, head, shoulderY, shoulder } = f;
  const { height, rim } = spec;
  const kind = spec.index % 4;
  ctx.save();
  ctx.lineCap = 'round';
  ctx.strokeStyle = SHADOW;
  ctx.fillStyle = SHADOW;
  ctx.shadowColor = rgba(rim, 0.9);
  ctx.shadowBlur = 18;
  ctx.lineWidth = spec.width * 0.025;
  ctx.beginPath();
  if (spec.figure === 'ancient') {
    if (kind === 0) {
      ctx.moveTo(cx + shoulder * 0.55, shoulderY + head * 1.2);
      ctx.lineTo(cx + shoulder * 1.2, headY - head * 2.6);
    } else if (kind === 1) {
      ctx.moveTo(cx - shoulder * 0.9, height * 0.95);
      ctx.lineTo(cx - shoulder * 0.9, headY - head * 1.6);
    } else if (kind === 2) {
      ctx.arc(cx + shoulder * 0.25, shoulderY, shoulder * 1.05, -Math.PI * 0.42, Math.PI * 0.42);
    } else {
      ctx.moveTo(cx - shoulder * 1.25, height * 0.9);
      ctx.lineTo(cx + shoulder * 1.1, headY - head * 2.4);
    }
    ctx.stroke();
    if (kind === 1) {
      ctx.fillStyle = rgba(rim, 0.95);
      ctx.beginPath();
      ctx.arc(cx - shoulder * 0.9, headY - head * 2, head * 0.55, 0, Math.PI * 2);
      ctx.fill();
    }
    if (kind === 3) {
      const tipX = cx + shoulder * 1.1;
      const tipY = headY - head * 2.4;
      ctx.beginPath();
      ctx.moveTo(tipX + head * 0.35, tipY - head * 0.7);
      ctx.lineTo(tipX - head * 0.45, tipY + head * 0.1);
      ctx.lineTo(tipX + head * 0.15, tipY + head * 0.45);
      ctx.closePath();
      ctx.fill();
    }
  } else if (kind === 0) {
    // A rifle across the back: a long barrel and a boxy body.
    ctx.translate(cx + shoulder * 0.2, shoulderY);
    ctx.rotate(-Math.PI / 4.2);
    ctx.fillRect(-shoulder * 0.4, -head * 0.35, shoulder * 1.3, head * 0.7);
    ctx.fillRect(shoulder * 0.9, -head * 0.16, shoulder * 0.9, head * 0.32);
    ctx.fillStyle = rgba(rim, 0.95);
    ctx.fillRect(shoulder * 0.05, -head * 0.08, shoulder * 0.5, head * 0.16);
  } else if (kind === 1) {
    // An energy blade held upright: a bright core in a dark hilt.
    ctx.lineWidth = spec.width * 0.018;
    ctx.strokeStyle = rgba(rim, 0.95);
    ctx.moveTo(cx - shoulder * 1.05, shoulderY + head * 0.6);
    ctx.lineTo(cx - shoulder * 1.05, headY - head * 2.4);
    ctx.stroke();
    ctx.fillRect(cx - shoulder * 1.05 - head * 0.3, shoulderY + head * 0.6, head * 0.6, head * 1.2);
  } else if (kind === 2) {
    // A drone at the shoulder: a ring around a lit eye.
    const x = cx + shoulder * 1.05;
    const y = headY - head * 1.4;
    ctx.lineWidth = spec.width * 0.014;
    ctx.ellipse(x, y, head * 1.1, head * 0.42, -0.2, 0, Math.PI * 2);
    ctx.stroke();
    ctx.fillStyle = rgba(rim, 0.95);
    ctx.beginPath();
    ctx.arc(x, y, head * 0.38, 0, Math.PI * 2);
    ctx.fill();
  } else {
    // A comms antenna rising from the back plate.
    ctx.lineWidth = spec.width * 0.012;
    ctx.moveTo(cx - shoulder * 0.55, shoulderY);
    ctx.lineTo(cx - shoulder * 0.75, headY - head * 2.8);
    ctx.stroke();
    ctx.fillStyle = rgba(rim, 0.95);
    ctx.beginPath();
    ctx.arc(cx - shoulder * 0.75, headY - head * 2.8, head * 0.18, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/** The head and what crowns it: hair tied up for a period hero, a helmet for an armoured one, loose hair for a plain one. */
function headPath(spec: FigureSpec, f: FigureFrame): Path2D {
  const { cx, headY, head } = f;
  const face = new Path2D();
  if (spec.figure === 'armoured') {
    // A rounded helmet a little wider than a head, with a chin guard.
    face.moveTo(cx - head * 1.05, headY + head * 0.2);
    face.bezierCurveTo(cx - head * 1.1, headY - head * 1.5, cx + head * 1.1, headY - head * 1.5, cx + head * 1.05, headY + head * 0.2);
    face.lineTo(cx + head * 0.7, headY + head * 1.15);
    face.lineTo(cx - head * 0.7, headY + head * 1.15);
    face.closePath();
    return face;
  }
  face.ellipse(cx, headY, head * 0.92, head * 1.1, 0, 0, Math.PI * 2);
  if (spec.figure === 'ancient') {
    const bunX = cx + (spec.index % 2 ? head * 0.3 : -head * 0.2);
    const bunY = headY - head * 1.15;
    face.moveTo(bunX + head * 0.45, bunY);
    face.ellipse(bunX, bunY, head * 0.45, head * 0.4, 0, 0, Math.PI * 2);
    return face;
  }
  // Loose hair: a fringe over the crown and, per card, a bob, twin tails, a ponytail or short hair.
  face.moveTo(cx + head * 1.12, headY - head * 0.1);
  face.ellipse(cx, headY - head * 0.25, head * 1.12, head * 1.05, 0, 0, Math.PI * 2);
  const style = spec.index % 4;
  const lock = (x: number, y: number, rx: number, ry: number, turn: number): void => {
    face.moveTo(x + rx, y);
    face.ellipse(x, y, rx, ry, turn, 0, Math.PI * 2);
  };
  if (style === 0) {
    lock(cx - head * 0.95, headY + head * 0.55, head * 0.38, head * 0.95, 0.1);
    lock(cx + head * 0.95, headY + head * 0.55, head * 0.38, head * 0.95, -0.1);
  } else if (style === 1) {
    lock(cx - head * 1.35, headY + head * 0.3, head * 0.35, head * 1.2, 0.35);
    lock(cx + head * 1.35, headY + head * 0.3, head * 0.35, head * 1.2, -0.35);
  } else if (style === 2) {
    lock(cx + head * 1.2, headY + head * 0.2, head * 0.4, head * 1.3, -0.25);
  }
  return face;
}

/**
 * A standing figure from the waist up, in shadow with a rim of the theme's accent: head, shoulders
 * and a cloak (or, armoured, shoulder plates) reaching the card's foot, with the genre's gear
 * behind the shoulder. Drawn in the card's upper two thirds so the lower third, where the name
 * goes, is dark and calm.
 */
function drawFigure(ctx: SKRSContext2D, spec: FigureSpec): void {
  const { width, height, rim } = spec;
  const cx = width / 2;
  const headY = height * 0.27;
  const head = width * 0.095;
  const frame: FigureFrame = { cx, headY, head, shoulderY: headY + head * 2.4, shoulder: width * 0.25 };
  const { shoulderY, shoulder } = frame;
  drawGear(ctx, spec, frame);

  const body = new Path2D();
  // Neck, rounded shoulders and a cloak falling to the card's foot, a little wider at the hem.
  body.moveTo(cx - head * 0.45, headY + head * 0.8);
  body.lineTo(cx - head * 0.5, shoulderY - head * 0.7);
  body.bezierCurveTo(cx - shoulder * 0.6, shoulderY - head * 0.6, cx - shoulder, shoulderY - head * 0.2, cx - shoulder, shoulderY + head * 0.8);
  body.bezierCurveTo(cx - shoulder * 1.02, height * 0.72, cx - shoulder * 1.12, height * 0.88, cx - shoulder * 1.2, height);
  body.lineTo(cx + shoulder * 1.2, height);
  body.bezierCurveTo(cx + shoulder * 1.12, height * 0.88, cx + shoulder * 1.02, height * 0.72, cx + shoulder, shoulderY + head * 0.8);
  body.bezierCurveTo(cx + shoulder, shoulderY - head * 0.2, cx + shoulder * 0.6, shoulderY - head * 0.6, cx + head * 0.5, shoulderY - head * 0.7);
  body.lineTo(cx + head * 0.45, headY + head * 0.8);
  body.closePath();
  if (spec.figure === 'armoured') {
    // Shoulder plates standing out over the outline.
    for (const side of [-1, 1]) {
      body.moveTo(cx + side * shoulder * 0.55, shoulderY - head * 0.75);
      body.lineTo(cx + side * shoulder * 1.22, shoulderY - head * 0.35);
      body.lineTo(cx + side * shoulder * 1.18, shoulderY + head * 0.9);
      body.lineTo(cx + side * shoulder * 0.6, shoulderY + head * 0.55);
      body.closePath();
    }
  }
  // The head apart from the body, so that where they overlap the windings do not cancel into a hole.
  const face = headPath(spec, frame);

  // The rim light first, then the shadow over its inner half: only the outline glows, not the
  // seams where head, neck and cloak meet.
  ctx.save();
  ctx.shadowColor = rgba(rim, 0.95);
  ctx.shadowBlur = 28;
  ctx.lineWidth = 5;
  ctx.strokeStyle = rgba(rim, 0.9);
  ctx.stroke(body);
  ctx.stroke(face);
  ctx.restore();
  const shade = ctx.createLinearGradient(0, headY - head, 0, height);
  shade.addColorStop(0, '#15151c');
  shade.addColorStop(1, '#050507');
  ctx.fillStyle = shade;
  ctx.fill(body, 'nonzero');
  ctx.fill(face, 'nonzero');
  if (spec.figure === 'armoured') {
    // The visor: a lit band across the helmet, the one bright thing on the figure.
    ctx.save();
    ctx.shadowColor = rgba(rim, 1);
    ctx.shadowBlur = 16;
    ctx.fillStyle = rgba(rim, 0.95);
    ctx.beginPath();
    ctx.moveTo(cx - head * 0.85, headY - head * 0.2);
    ctx.lineTo(cx + head * 0.85, headY - head * 0.2);
    ctx.lineTo(cx + head * 0.65, headY + head * 0.25);
    ctx.lineTo(cx - head * 0.65, headY + head * 0.25);
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  }
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
