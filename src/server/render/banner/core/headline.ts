/**
 * The `bannertextup` headline. Each character is drawn once into a sprite with its stroke, glow and
 * gradient; frames then copy one slice per character, so a per-character reveal costs a handful
 * of small copies instead of re-rendering text with blurred shadows every frame.
 */
import { font } from '../../fonts';
import { createLayer, type Ctx, type Layer } from './canvas';
import { drawResampled } from './resampled';
import { hash01, tintLayer } from './effects';
import { clamp, easeOutBack, easeOutBounce, easeOutCubic, easeOutExpo, progress, TAU } from './math';
import type { Timeline } from './timeline';
import type { OverlayTheme } from './types';

type HeadlineTheme = OverlayTheme['headline'];

const segmenter = new Intl.Segmenter('zh', { granularity: 'grapheme' });

/** User-perceived characters: an emoji with modifiers or a combined accent stays one unit. */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

const NO_GLYPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u{FE0F}|\u{200D}|\u{20E3}|\p{Emoji_Modifier}|\p{Cc}/u;

/**
 * The text without what none of our fonts can draw (emoji would come out as empty boxes) and with
 * runs of white space made single.
 */
export function drawableText(text: string): string {
  return graphemes(text.replace(/\s+/g, ' '))
    .filter((g) => !NO_GLYPH.test(g))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export interface Headline {
  sprite: Layer;
  /** Slice boundaries in sprite units: glyph i spans [cuts[i], cuts[i + 1]]. */
  cuts: number[];
  /** Glyph centres and right edges in sprite units. */
  centers: number[];
  ends: number[];
  count: number;
  /** Size of the text itself (without the glow padding). */
  textWidth: number;
  lineHeight: number;
  pad: number;
  theme: HeadlineTheme;
  /** Tinted copies some reveals flash or split into. */
  tints: { white?: Layer; cyan?: Layer; magenta?: Layer };
}

/** Lays the text out on one line that fits `maxWidth`, shrinking the font if it must. */
export function buildHeadline(text: string, theme: HeadlineTheme, scale: number, maxWidth: number): Headline | null {
  const glyphs = graphemes(drawableText(text));
  if (glyphs.length === 0) return null;
  const probe = createLayer(4, 4, 1).ctx;
  const layout = (size: number) => {
    probe.font = font(theme.face, size);
    const widths = glyphs.map((g) => probe.measureText(g).width);
    const gap = theme.spacing * size;
    const total = widths.reduce((sum, w) => sum + w, 0) + gap * (glyphs.length - 1);
    return { size, widths, gap, total };
  };
  let fit = layout(theme.size);
  if (fit.total > maxWidth) fit = layout(Math.max(18, (theme.size * maxWidth) / fit.total));
  const { size, widths, gap } = fit;
  const textWidth = Math.min(fit.total, maxWidth * 1.2);
  const glowReach = theme.glow ? theme.glow.blur * 1.6 : 0;
  const shadowReach = theme.shadow ? Math.max(Math.abs(theme.shadow.dx), Math.abs(theme.shadow.dy)) + (theme.shadow.blur ?? 0) * 1.5 : 0;
  const pad = Math.ceil(Math.max(glowReach, shadowReach, theme.stroke?.width ?? 0) + 10 + Math.abs(theme.skew ?? 0) * size);
  const lineHeight = size * 1.3;
  // Pixel styles draw the text coarse (one pixel per 3 design units) and scale it up unsmoothed.
  const sprite = createLayer(fit.total + pad * 2, lineHeight + pad * 2, theme.pixelated ? 1 / 3 : scale);
  const ctx = sprite.ctx;
  ctx.font = font(theme.face, size);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const mid = pad + lineHeight / 2;
  const starts: number[] = [];
  let x = pad;
  for (const w of widths) {
    starts.push(x);
    x += w + gap;
  }
  const each = (draw: (g: string, gx: number) => void) => glyphs.forEach((g, i) => draw(g, starts[i]));

  if (theme.glow) {
    ctx.save();
    ctx.shadowColor = theme.glow.color;
    ctx.shadowBlur = theme.glow.blur * sprite.scale;
    ctx.fillStyle = theme.glow.color;
    each((g, gx) => ctx.fillText(g, gx, mid));
    ctx.restore();
  }
  if (theme.shadow) {
    const { color, dx, dy, blur } = theme.shadow;
    ctx.save();
    ctx.fillStyle = color;
    ctx.strokeStyle = color;
    ctx.lineWidth = (theme.stroke?.width ?? 0) * 2;
    ctx.lineJoin = 'round';
    if (blur) {
      ctx.shadowColor = color;
      ctx.shadowBlur = blur * sprite.scale;
    }
    each((g, gx) => {
      if (theme.stroke) ctx.strokeText(g, gx + dx, mid + dy);
      ctx.fillText(g, gx + dx, mid + dy);
    });
    ctx.restore();
  }
  if (theme.stroke) {
    ctx.save();
    ctx.strokeStyle = theme.stroke.color;
    ctx.lineWidth = theme.stroke.width * 2;
    ctx.lineJoin = theme.pixelated ? 'miter' : 'round';
    each((g, gx) => ctx.strokeText(g, gx, mid));
    ctx.restore();
  }
  const gradient = ctx.createLinearGradient(0, mid - size * 0.5, 0, mid + size * 0.5);
  theme.fill.forEach((color, i) => gradient.addColorStop(theme.fill.length === 1 ? 0 : i / (theme.fill.length - 1), color));
  ctx.fillStyle = gradient;
  each((g, gx) => ctx.fillText(g, gx, mid));

  const cuts = [0];
  for (let i = 1; i < glyphs.length; i++) cuts.push(starts[i] - gap / 2);
  cuts.push(sprite.width);
  const centers = starts.map((s, i) => s + widths[i] / 2);
  const ends = starts.map((s, i) => s + widths[i]);
  const tints: Headline['tints'] = {};
  if (theme.reveal === 'frost' || theme.reveal === 'smoke' || theme.reveal === 'zoom') tints.white = tintLayer(sprite, '#ffffff');
  if (theme.reveal === 'glitch') {
    tints.cyan = tintLayer(sprite, '#00f0ff');
    tints.magenta = tintLayer(sprite, '#ff2bd6');
  }
  return { sprite, cuts, centers, ends, count: glyphs.length, textWidth, lineHeight, pad, theme, tints };
}

function slice(ctx: Ctx, layer: Layer, sx: number, sw: number, dx: number, dy: number, scaleX = 1, scaleY = scaleX): void {
  if (sw <= 0) return;
  const h = layer.height;
  drawResampled(ctx, layer, dx, dy, sw * scaleX, h * scaleY, { sx, sy: 0, sw, sh: h });
}

/**
 * Draws the headline centred on (cx, cy) at time t. `frame` seeds the per-frame randomness of the
 * glitch and flicker reveals, `loopPhase` drives idle motion that must loop.
 */
export function drawHeadline(ctx: Ctx, head: Headline, cx: number, cy: number, t: number, timeline: Timeline, frame: number, loopPhase: number, alpha: number): void {
  const { sprite, cuts, theme } = head;
  const left = cx - sprite.width / 2;
  const top = cy - sprite.height / 2;
  ctx.save();
  ctx.imageSmoothingEnabled = !theme.pixelated;
  if (theme.skew) {
    ctx.translate(cx, cy);
    ctx.transform(1, 0, theme.skew, 1, 0, 0);
    ctx.translate(-cx, -cy);
  }
  let lastShown = -1;
  for (let i = 0; i < head.count; i++) {
    const start = timeline.headStart + i * timeline.headStagger;
    const p = progress(t, start, start + timeline.headCharDuration);
    if (p <= 0) continue;
    lastShown = i;
    const sx = cuts[i];
    const sw = cuts[i + 1] - cuts[i];
    const gx = left + sx;
    const center = left + head.centers[i];
    const e = easeOutCubic(p);
    const a = alpha;
    switch (theme.reveal) {
      case 'rise':
        ctx.globalAlpha = a * e;
        slice(ctx, sprite, sx, sw, gx, top + (1 - e) * 46);
        break;
      case 'wave': {
        const bob = Math.sin(TAU * (loopPhase * Math.max(1, Math.round(timeline.seconds / 3)) - i * 0.07)) * 5 * e;
        ctx.globalAlpha = a * e;
        slice(ctx, sprite, sx, sw, gx, top + (1 - e) * 40 + bob);
        break;
      }
      case 'pop': {
        const k = 1 + 0.9 * (1 - easeOutBack(p, 2.2));
        ctx.globalAlpha = a * clamp(p * 2.5);
        slice(ctx, sprite, sx, sw, center - (center - gx) * k, cy - (sprite.height / 2) * k, k);
        break;
      }
      case 'zoom': {
        const k = 1 + 2.2 * (1 - easeOutExpo(p));
        ctx.globalAlpha = a * clamp(p * 2);
        slice(ctx, sprite, sx, sw, center - (center - gx) * k, cy - (sprite.height / 2) * k, k);
        if (head.tints.white && p < 1) {
          ctx.globalAlpha = a * (1 - p) * 0.8;
          slice(ctx, head.tints.white, sx, sw, center - (center - gx) * k, cy - (sprite.height / 2) * k, k);
        }
        break;
      }
      case 'drop':
        ctx.globalAlpha = a * clamp(p * 4);
        slice(ctx, sprite, sx, sw, gx, top - (1 - easeOutBounce(p)) * 70);
        break;
      case 'step': {
        // Whole-pixel jumps in a few steps: a sprite game's hop, not a smooth tween.
        const hop = Math.round((1 - easeOutBounce(p)) * 4) * 10;
        ctx.globalAlpha = a;
        slice(ctx, sprite, sx, sw, Math.round(gx), Math.round(top - hop));
        break;
      }
      case 'wipe': {
        // An ink brush: each glyph is painted from left to right.
        const shown = sw * clamp(p * 1.15);
        ctx.globalAlpha = a * clamp(p * 2);
        slice(ctx, sprite, sx, shown, gx, top);
        break;
      }
      case 'spread': {
        const offset = (i - (head.count - 1) / 2) * 26 * (1 - e);
        ctx.globalAlpha = a * e;
        slice(ctx, sprite, sx, sw, gx + offset, top);
        break;
      }
      case 'flicker': {
        const on = p >= 0.75 || hash01(frame, i, 7) < p * 0.9;
        ctx.globalAlpha = a * (on ? (p >= 0.75 ? 1 : 0.75) : 0.12);
        slice(ctx, sprite, sx, sw, gx, top);
        break;
      }
      case 'type':
        ctx.globalAlpha = a;
        slice(ctx, sprite, sx, sw, gx, top);
        break;
      case 'glitch': {
        const settle = p >= 1 ? 0 : 1 - p;
        const jitter = settle > 0 ? (hash01(frame, i, 3) - 0.5) * 60 * settle : 0;
        ctx.globalAlpha = a * (settle > 0 && hash01(frame, i, 5) < 0.3 * settle ? 0.25 : 1);
        if (settle > 0 && head.tints.cyan && head.tints.magenta) {
          ctx.globalCompositeOperation = 'lighter';
          slice(ctx, head.tints.cyan, sx, sw, gx + jitter - 10 * settle, top);
          slice(ctx, head.tints.magenta, sx, sw, gx + jitter + 10 * settle, top);
          ctx.globalCompositeOperation = 'source-over';
        }
        slice(ctx, sprite, sx, sw, gx + jitter, top);
        break;
      }
      case 'smoke': {
        const k = 1 + 0.25 * (1 - e);
        ctx.globalAlpha = a * e;
        slice(ctx, sprite, sx, sw, center - (center - gx) * k, cy - (sprite.height / 2) * k - (1 - e) * 20, k);
        if (head.tints.white && p < 1) {
          ctx.globalAlpha = a * (1 - e) * 0.5;
          slice(ctx, head.tints.white, sx, sw, center - (center - gx) * k, cy - (sprite.height / 2) * k - (1 - e) * 20, k);
        }
        break;
      }
      case 'frost':
        ctx.globalAlpha = a * e;
        slice(ctx, sprite, sx, sw, gx, top + (1 - e) * 14);
        if (head.tints.white && p < 1) {
          ctx.globalAlpha = a * (1 - e);
          slice(ctx, head.tints.white, sx, sw, gx, top + (1 - e) * 14);
        }
        break;
    }
  }
  if (theme.reveal === 'type' && lastShown >= 0) {
    // A block cursor follows the typing, then blinks twice and goes.
    const end = timeline.headStart + timeline.headStagger * (head.count - 1) + timeline.headCharDuration;
    const blinkOn = t < end || (t < end + 1.2 * timeline.k && Math.floor((t - end) / (0.3 * timeline.k)) % 2 === 1);
    if (blinkOn) {
      const x = left + head.ends[lastShown] + 8;
      const h = head.lineHeight * 0.62;
      ctx.globalAlpha = alpha * 0.9;
      ctx.fillStyle = theme.fill[0];
      ctx.fillRect(x, cy - h / 2, h * 0.45, h);
    }
  }
  ctx.restore();
}
