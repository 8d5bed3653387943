/**
 * Text as our fonts can draw it. None of the bundled faces has emoji (nor does any fallback), so an
 * emoji would come out as an empty box in the middle of a title: those characters are left out.
 */
import type { LogoTexts } from '../../../contract/generation';

const NO_GLYPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u{FE0F}|\u{200D}|\u{20E3}|\p{Emoji_Modifier}|\p{Cc}/gu;

export function drawableText(text: string): string {
  return text.replace(NO_GLYPH, '');
}

/** The texts to draw. A title made only of emoji keeps them (boxes beat an empty logo). */
export function drawableTexts(texts: LogoTexts): LogoTexts {
  const title = drawableText(texts.logotext).trim();
  return {
    logotext: title || texts.logotext,
    rightsealtext: drawableText(texts.rightsealtext),
    bottomsealtext: drawableText(texts.bottomsealtext),
    bottomtext: drawableText(texts.bottomtext),
  };
}
