/** Lays out the logo and both texts as one block and draws them frame by frame. */
import type { Image } from '@napi-rs/canvas';
import type { BannerTexts } from '../../../../contract/generation';
import { DESIGN_WIDTH, type Ctx } from './canvas';
import { createBackdrop } from './effects';
import { buildHeadline, drawHeadline } from './headline';
import { buildLogo, drawLogo } from './logo';
import { overlayAlpha } from './timeline';
import { buildTags, drawTags } from './tags';
import type { FrameTime, OverlayTheme } from './types';
import { easeOutCubic, progress } from './math';

export interface Overlay {
  draw(ctx: Ctx, time: FrameTime, frame: number): void;
}

/**
 * Where the logo and texts are laid out: the design frame they are centred across (a frame of
 * `width` design units, drawn at `scale` output pixels each).
 */
export interface OverlayFrame {
  width: number;
  /** The block's horizontal centre; the frame's middle when absent. */
  centerX?: number;
  /** The block's vertical centre. */
  centerY: number;
  textMaxWidth: number;
  /** The logo's largest box here; null for the theme's own. */
  logoMax: { width: number; height: number } | null;
  /** A phone's narrow frame sets a long headline in two lines rather than in small type. */
  headlineLines: 1 | 2;
}

/** The 1920x1080 banner: the theme's own layout. */
export const landscapeFrame = (theme: OverlayTheme): OverlayFrame => ({ width: DESIGN_WIDTH, centerY: theme.centerY ?? 500, textMaxWidth: 1640, logoMax: null, headlineLines: 1 });

/** The phone cut's design frame: 1080 units across 1920 down, the block a little above the middle. */
export const PORTRAIT_DESIGN = { width: 1080, height: 1920 } as const;
export const portraitFrame = (): OverlayFrame => ({ width: PORTRAIT_DESIGN.width, centerY: 860, textMaxWidth: 920, logoMax: { width: 880, height: 440 }, headlineLines: 2 });

/** Characters after which a headline may break: a comma, a stop, a space. */
const BREAK_AFTER = /[，,。！!？?、；;：:·\s]/;

/**
 * A headline in `lines` lines: broken after the punctuation nearest the middle (within its middle
 * two fifths), else in the middle. Short ones stay on one line.
 */
export function headlineLines(text: string, lines: 1 | 2): string[] {
  const glyphs = Array.from(text.trim());
  if (lines === 1 || glyphs.length <= 10) return glyphs.length ? [glyphs.join('')] : [];
  const middle = glyphs.length / 2;
  let cut = Math.ceil(middle);
  let best = Infinity;
  for (let i = Math.floor(glyphs.length * 0.3); i <= Math.ceil(glyphs.length * 0.7); i += 1) {
    if (BREAK_AFTER.test(glyphs[i - 1] ?? '') && Math.abs(i - middle) < best) {
      best = Math.abs(i - middle);
      cut = i;
    }
  }
  return [glyphs.slice(0, cut).join('').trim(), glyphs.slice(cut).join('').trim()].filter(Boolean);
}

export function buildOverlay(
  logoImage: Image,
  texts: BannerTexts,
  theme: OverlayTheme,
  scale: number,
  frame: OverlayFrame = landscapeFrame(theme),
): { overlay: Overlay; headlineLength: number } {
  const logoTheme = frame.logoMax ? { ...theme.logo, maxWidth: Math.min(theme.logo.maxWidth ?? frame.logoMax.width, frame.logoMax.width), maxHeight: frame.logoMax.height } : theme.logo;
  const logo = buildLogo(logoImage, logoTheme, scale);
  const heads = headlineLines(texts.bannertextup ?? '', frame.headlineLines)
    .map((line) => buildHeadline(line, theme.headline, scale, frame.textMaxWidth))
    .filter((line): line is NonNullable<typeof line> => line !== null);
  const tags = buildTags(texts.bannertextdown ?? '', theme.tags, scale, frame.textMaxWidth);

  const gapLogo = 56;
  const gapTags = 26;
  const lineHeight = heads[0]?.lineHeight ?? 0;
  const headHeight = heads.length ? lineHeight * (1 + (heads.length - 1) * 1.1) : 0;
  const tagsHeight = tags ? tags.height : 0;
  const hasHead = heads.length > 0;
  const blockHeight = logo.height + (hasHead ? gapLogo + headHeight : 0) + (tags ? (hasHead ? gapTags : gapLogo) + tagsHeight : 0);
  const top = frame.centerY - blockHeight / 2;
  const logoY = top + logo.height / 2;
  const headTop = top + logo.height + gapLogo;
  const lineYs = heads.map((_, i) => headTop + lineHeight / 2 + i * lineHeight * 1.1);
  const tagsY = top + logo.height + (hasHead ? gapLogo + headHeight + gapTags : gapLogo) + tagsHeight / 2;
  const cx = frame.centerX ?? frame.width / 2;
  const textsTop = hasHead ? headTop : tagsY - tagsHeight / 2;
  const textsBottom = tags ? tagsY + tagsHeight / 2 : headTop + headHeight;
  const textsWidth = Math.max(...heads.map((line) => line.textWidth), tags?.width ?? 0);
  const backdrop =
    theme.backdrop && (hasHead || tags)
      ? createBackdrop(theme.backdrop.color, theme.backdrop.alpha, Math.min(textsWidth + 520, frame.width + 200), textsBottom - textsTop + 220, scale)
      : null;

  const overlay: Overlay = {
    draw(ctx, time, frameIndex) {
      const { t, timeline } = time;
      const alpha = overlayAlpha(timeline, t);
      if (alpha <= 0) return;
      if (backdrop) {
        const shown = easeOutCubic(progress(t, timeline.headStart - 0.3 * timeline.k, timeline.headStart + 0.6 * timeline.k));
        backdrop(ctx, cx, (textsTop + textsBottom) / 2, shown * alpha);
      }
      drawLogo(ctx, logo, cx, logoY, t, timeline, frameIndex, time.phase, alpha);
      heads.forEach((line, i) => drawHeadline(ctx, line, cx, lineYs[i], t, timeline, frameIndex, time.phase, alpha));
      if (tags) drawTags(ctx, tags, cx, tagsY, t, timeline, alpha);
    },
  };
  return { overlay, headlineLength: Math.max(0, ...heads.map((line) => line.count)) };
}
