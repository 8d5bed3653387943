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

const TEXT_MAX_WIDTH = 1640;

export function buildOverlay(logoImage: Image, texts: BannerTexts, theme: OverlayTheme, scale: number): { overlay: Overlay; headlineLength: number } {
  const logo = buildLogo(logoImage, theme.logo, scale);
  const headline = buildHeadline(texts.bannertextup ?? '', theme.headline, scale, TEXT_MAX_WIDTH);
  const tags = buildTags(texts.bannertextdown ?? '', theme.tags, scale, TEXT_MAX_WIDTH);
  const backdrop = theme.backdrop ? createBackdrop(theme.backdrop.color, theme.backdrop.alpha) : null;

  const gapLogo = 56;
  const gapTags = 26;
  const headHeight = headline ? headline.lineHeight : 0;
  const tagsHeight = tags ? tags.height : 0;
  const blockHeight = logo.height + (headline ? gapLogo + headHeight : 0) + (tags ? (headline ? gapTags : gapLogo) + tagsHeight : 0);
  const top = (theme.centerY ?? 500) - blockHeight / 2;
  const logoY = top + logo.height / 2;
  const headY = top + logo.height + gapLogo + headHeight / 2;
  const tagsY = top + logo.height + (headline ? gapLogo + headHeight + gapTags : gapLogo) + tagsHeight / 2;
  const cx = DESIGN_WIDTH / 2;
  const textsTop = headline ? headY - headHeight / 2 : tagsY - tagsHeight / 2;
  const textsBottom = tags ? tagsY + tagsHeight / 2 : headY + headHeight / 2;
  const textsWidth = Math.max(headline?.textWidth ?? 0, tags?.width ?? 0);

  const overlay: Overlay = {
    draw(ctx, time, frame) {
      const { t, timeline } = time;
      const alpha = overlayAlpha(timeline, t);
      if (alpha <= 0) return;
      if (backdrop && (headline || tags)) {
        const shown = easeOutCubic(progress(t, timeline.headStart - 0.3 * timeline.k, timeline.headStart + 0.6 * timeline.k));
        backdrop(ctx, cx, (textsTop + textsBottom) / 2, textsWidth + 520, textsBottom - textsTop + 220, shown * alpha);
      }
      drawLogo(ctx, logo, cx, logoY, t, timeline, frame, time.phase, alpha);
      if (headline) drawHeadline(ctx, headline, cx, headY, t, timeline, frame, time.phase, alpha);
      if (tags) drawTags(ctx, tags, cx, tagsY, t, timeline, alpha);
    },
  };
  return { overlay, headlineLength: headline?.count ?? 0 };
}
