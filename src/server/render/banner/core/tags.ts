/**
 * The `bannertextdown` slogan. Hashtag-style text ('#热血国战# #兄弟同心#') becomes separate tags,
 * anything else one line; each is drawn once into a sprite in the style's treatment.
 */
import { font } from '../../fonts';
import { createLayer, type Ctx, type Layer } from './canvas';
import { drawableText, graphemes } from './headline';
import { clamp, easeOutBack, easeOutCubic, progress } from './math';
import type { Timeline } from './timeline';
import type { OverlayTheme } from './types';

type TagsTheme = OverlayTheme['tags'];

/** '#a# #b#' -> ['a', 'b']; text that is not only hashtags stays whole. */
export function splitTags(text: string): string[] {
  const normalized = text.replace(/\s+/g, ' ').trim();
  const tags = [...normalized.matchAll(/#([^#]+)#/g)].map((m) => drawableText(m[1]));
  const rest = drawableText(normalized.replace(/#([^#]+)#/g, '')).replace(/[\s#]/g, '');
  if (tags.length > 0 && rest === '') return tags.filter(Boolean);
  const line = drawableText(normalized);
  return line ? [line] : [];
}

export interface TagsBlock {
  items: Array<{ sprite: Layer; x: number }>;
  width: number;
  height: number;
  theme: TagsTheme;
}

function roundedRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** The outline of a box with its corners cut at 45 degrees (plaques, HUD boxes). */
function cutCornerPath(ctx: Ctx, x: number, y: number, w: number, h: number, c: number): void {
  ctx.beginPath();
  ctx.moveTo(x + c, y);
  ctx.lineTo(x + w - c, y);
  ctx.lineTo(x + w, y + c);
  ctx.lineTo(x + w, y + h - c);
  ctx.lineTo(x + w - c, y + h);
  ctx.lineTo(x + c, y + h);
  ctx.lineTo(x, y + h - c);
  ctx.lineTo(x, y + c);
  ctx.closePath();
}

function drawDiamond(ctx: Ctx, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x, y - r);
  ctx.lineTo(x + r, y);
  ctx.lineTo(x, y + r);
  ctx.lineTo(x - r, y);
  ctx.closePath();
  ctx.fill();
}

function renderTag(label: string, theme: TagsTheme, size: number, scale: number, single: boolean): Layer {
  const probe = createLayer(4, 4, 1).ctx;
  probe.font = font(theme.face, size);
  const spacing = theme.kind === 'line' ? size * 0.12 : size * 0.06;
  const glyphs = graphemes(label);
  const textWidth = glyphs.reduce((sum, g) => sum + probe.measureText(g).width, 0) + spacing * Math.max(0, glyphs.length - 1);
  const padX = theme.kind === 'line' ? (single ? size * 4.2 : 0) : size * 0.9;
  const h = size * 1.9;
  const w = textWidth + padX * 2;
  const margin = 6;
  const layer = createLayer(w + margin * 2, h + margin * 2, theme.kind === 'pixel' ? 1 / 2 : scale);
  const ctx = layer.ctx;
  ctx.translate(margin, margin);
  const midY = h / 2;
  switch (theme.kind) {
    case 'pill':
      roundedRect(ctx, 1, 1, w - 2, h - 2, h / 2);
      ctx.fillStyle = theme.fill;
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = theme.border;
      ctx.stroke();
      break;
    case 'plaque':
      cutCornerPath(ctx, 1, 1, w - 2, h - 2, h * 0.28);
      ctx.fillStyle = theme.fill;
      ctx.fill();
      ctx.lineWidth = 2.5;
      ctx.strokeStyle = theme.border;
      ctx.stroke();
      cutCornerPath(ctx, 6, 6, w - 12, h - 12, h * 0.22);
      ctx.lineWidth = 1;
      ctx.stroke();
      break;
    case 'seal':
      roundedRect(ctx, 2, 2, w - 4, h - 4, 6);
      ctx.fillStyle = theme.fill;
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = theme.border;
      roundedRect(ctx, 6, 6, w - 12, h - 12, 3);
      ctx.stroke();
      break;
    case 'bracket': {
      ctx.fillStyle = theme.fill;
      ctx.fillRect(0, 0, w, h);
      ctx.strokeStyle = theme.border;
      ctx.lineWidth = 3;
      const arm = h * 0.35;
      ctx.beginPath();
      ctx.moveTo(arm, 1.5);
      ctx.lineTo(1.5, 1.5);
      ctx.lineTo(1.5, h - 1.5);
      ctx.lineTo(arm, h - 1.5);
      ctx.moveTo(w - arm, 1.5);
      ctx.lineTo(w - 1.5, 1.5);
      ctx.lineTo(w - 1.5, h - 1.5);
      ctx.lineTo(w - arm, h - 1.5);
      ctx.stroke();
      break;
    }
    case 'hud': {
      const slant = h * 0.35;
      ctx.beginPath();
      ctx.moveTo(slant, 0);
      ctx.lineTo(w, 0);
      ctx.lineTo(w - slant, h);
      ctx.lineTo(0, h);
      ctx.closePath();
      ctx.fillStyle = theme.fill;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = theme.border;
      ctx.stroke();
      ctx.fillStyle = theme.accent;
      ctx.beginPath();
      ctx.moveTo(slant * 0.25, h * 0.25);
      ctx.lineTo(slant * 0.25 + 8, h * 0.25);
      ctx.lineTo(8, h * 0.75);
      ctx.lineTo(0, h * 0.75);
      ctx.closePath();
      ctx.fill();
      break;
    }
    case 'pixel': {
      // Stepped corners and a hard 4-unit border: the box of a sprite game's menu.
      const u = 4;
      ctx.fillStyle = theme.border;
      ctx.fillRect(u, 0, w - 2 * u, h);
      ctx.fillRect(0, u, w, h - 2 * u);
      ctx.fillStyle = theme.fill;
      ctx.fillRect(u * 2, u, w - 4 * u, h - 2 * u);
      ctx.fillRect(u, u * 2, w - 2 * u, h - 4 * u);
      ctx.fillStyle = 'rgba(255,255,255,0.35)';
      ctx.fillRect(u * 2, u, w - 4 * u, u);
      break;
    }
    case 'line':
      if (single) {
        ctx.fillStyle = theme.accent;
        ctx.strokeStyle = theme.accent;
        ctx.lineWidth = 1.5;
        const reach = padX - size * 0.7;
        for (const dir of [-1, 1]) {
          const x0 = dir < 0 ? padX - size * 0.6 : w - padX + size * 0.6;
          ctx.beginPath();
          ctx.moveTo(x0, midY);
          ctx.lineTo(x0 + dir * reach, midY);
          ctx.stroke();
          drawDiamond(ctx, x0, midY, size * 0.16);
          drawDiamond(ctx, x0 + dir * reach, midY, size * 0.09);
        }
      }
      break;
  }
  ctx.font = font(theme.face, size);
  ctx.textBaseline = 'middle';
  ctx.fillStyle = theme.color;
  if (theme.kind === 'line' || theme.kind === 'pixel') {
    ctx.save();
    ctx.shadowColor = theme.kind === 'pixel' ? 'rgba(0,0,0,0.6)' : 'rgba(0,0,0,0.55)';
    ctx.shadowBlur = theme.kind === 'pixel' ? 0 : 8 * layer.scale;
    ctx.shadowOffsetY = (theme.kind === 'pixel' ? 4 : 1) * layer.scale;
    ctx.shadowOffsetX = (theme.kind === 'pixel' ? 4 : 0) * layer.scale;
  }
  let x = padX;
  for (const g of glyphs) {
    ctx.fillText(g, x, midY + size * 0.04);
    x += probe.measureText(g).width + spacing;
  }
  if (theme.kind === 'line' || theme.kind === 'pixel') ctx.restore();
  return layer;
}

export function buildTags(text: string, theme: TagsTheme, scale: number, maxWidth: number): TagsBlock | null {
  const labels = splitTags(text);
  if (labels.length === 0) return null;
  // A 'line' is one row between ornaments, its tags set apart by dots rather than boxes.
  const shown = theme.kind === 'line' ? [labels.join('  ·  ')] : labels;
  const single = shown.length === 1;
  const build = (size: number) => {
    const sprites: Layer[] = [];
    for (const label of shown) sprites.push(renderTag(label, theme, size, scale, single));
    const gap = theme.kind === 'line' ? 0 : size * 0.55;
    const width = sprites.reduce((sum, s) => sum + s.width, 0) + gap * (sprites.length - 1);
    return { sprites, gap, width };
  };
  let fit = build(theme.size);
  if (fit.width > maxWidth) fit = build(Math.max(14, (theme.size * maxWidth) / fit.width));
  let x = -fit.width / 2;
  const items = fit.sprites.map((sprite) => {
    const item = { sprite, x };
    x += sprite.width + fit.gap;
    return item;
  });
  return { items, width: fit.width, height: Math.max(...fit.sprites.map((s) => s.height)), theme };
}

export function drawTags(ctx: Ctx, block: TagsBlock, cx: number, cy: number, t: number, timeline: Timeline, alpha: number): void {
  const n = block.items.length;
  const span = timeline.tagsEnd - timeline.tagsStart;
  const stagger = n > 1 ? (span * 0.5) / (n - 1) : 0;
  const each = span - stagger * (n - 1);
  ctx.save();
  ctx.imageSmoothingEnabled = block.theme.kind !== 'pixel';
  block.items.forEach((item, i) => {
    const p = progress(t, timeline.tagsStart + stagger * i, timeline.tagsStart + stagger * i + each);
    if (p <= 0) return;
    const { sprite } = item;
    const x = cx + item.x;
    const y = cy - sprite.height / 2;
    switch (block.theme.kind) {
      case 'seal': {
        // A stamp: comes down large and lands.
        const k = 1 + 0.6 * (1 - easeOutBack(p, 1.2));
        ctx.globalAlpha = alpha * clamp(p * 3);
        ctx.drawImage(sprite.canvas, x + (sprite.width * (1 - k)) / 2, y + (sprite.height * (1 - k)) / 2, sprite.width * k, sprite.height * k);
        break;
      }
      case 'pixel':
        ctx.globalAlpha = alpha;
        ctx.drawImage(sprite.canvas, Math.round(x), Math.round(y + Math.round((1 - p) * 3) * 12), sprite.width, sprite.height);
        break;
      case 'hud':
        ctx.globalAlpha = alpha * (p < 0.6 && Math.floor(p * 20) % 2 === 0 ? 0.3 : clamp(p * 1.5));
        ctx.drawImage(sprite.canvas, x - (1 - easeOutCubic(p)) * 40, y, sprite.width, sprite.height);
        break;
      case 'line': {
        // Opens from the centre outwards.
        const e = easeOutCubic(p);
        const visible = sprite.width * e;
        const s = sprite.scale;
        ctx.globalAlpha = alpha * e;
        ctx.drawImage(sprite.canvas, ((sprite.width - visible) / 2) * s, 0, visible * s, sprite.height * s, x + (sprite.width - visible) / 2, y, visible, sprite.height);
        break;
      }
      default: {
        const e = easeOutCubic(p);
        ctx.globalAlpha = alpha * e;
        ctx.drawImage(sprite.canvas, x, y + (1 - e) * 24, sprite.width, sprite.height);
      }
    }
  });
  ctx.restore();
}
