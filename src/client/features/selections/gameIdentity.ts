import { GenerationLimits, textLength, type BannerTexts, type LogoTexts } from '../../../contract/generation';

/**
 * The game's identity: what a studio types once and every form starts from (the site forms' keys).
 * Only the studio's own facts: the game's name and slogan, its companies and licence numbers, its
 * download links. Never a sample value: a key is kept only once the user typed it.
 */
export const IDENTITY_KEYS = ['game_name', 'slogan', 'publisher', 'copyright_owner', 'isbn', 'approval', 'icp', 'copyright', 'qr_url', 'ios_url', 'android_url', 'pc_url'] as const;

export type IdentityKey = (typeof IDENTITY_KEYS)[number];
export type GameIdentity = Partial<Record<IdentityKey, string>>;

export function isIdentityKey(key: string): key is IdentityKey {
  return (IDENTITY_KEYS as readonly string[]).includes(key);
}

/** The builder's name for the game (网站名称) is the identity's game_name. */
export const BUILDER_NAME_KEY = 'web_name';

/** A logo's name from the game's name, when the whole name fits a logo (1 to 6 characters); else null. */
export function logoTextOfName(name: string | undefined): string | null {
  const text = (name ?? '').trim();
  const length = textLength(text);
  return length >= GenerationLimits.logoTextMin && length <= GenerationLimits.logoTextMax ? text : null;
}

/** The slogan's phrases: '群星之下 王者归来' and '群星之下，王者归来！' both give 群星之下 and 王者归来. */
function phrasesOf(text: string): string[] {
  return text.split(/[\s,.!?;:|/，。！？、；：·～~…—]+/u).filter(Boolean);
}

/** As many of the phrases, from the first, as fit in `max` characters joined by `separator`; '' when the first does not. */
function fitPhrases(phrases: readonly string[], max: number, separator = ' '): string {
  let line = '';
  for (const phrase of phrases) {
    const next = line ? `${line}${separator}${phrase}` : phrase;
    if (textLength(next) > max) break;
    line = next;
  }
  return line;
}

/** The slogan as typed when it fits in `max` characters, else as many of its first phrases as fit. */
function fitSlogan(slogan: string, max: number): string {
  return textLength(slogan) <= max ? slogan : fitPhrases(phrasesOf(slogan), max);
}

const inBannerRange = (line: string): boolean => {
  const length = textLength(line);
  return length >= GenerationLimits.bannerTextMin && length <= GenerationLimits.bannerTextMax;
};

/**
 * The logo's and banner's lines from the game's own name and slogan, each shaped to its field's
 * limits: 底部标语 is the slogan (up to 40 characters), the banner's upper line the slogan, after
 * the name when it alone is too short for 15 to 30 characters, and its lower line hashtags of the
 * name and the slogan's phrases. A line nothing of the game's own fits is '' (both banner lines
 * are optional): no other game's sample stands in for it. Null without a name or a slogan: the
 * samples show what each field is for.
 */
export function gameLinesOf(identity: GameIdentity): (Pick<LogoTexts, 'bottomtext'> & BannerTexts) | null {
  const name = (identity.game_name ?? '').trim();
  const typed = (identity.slogan ?? '').trim().replace(/\s+/g, ' ');
  const phrases = phrasesOf(typed);
  if (!name && phrases.length === 0) return null;
  const slogan = fitSlogan(typed, GenerationLimits.bannerTextMax);
  const upper = [slogan, name && slogan ? `《${name}》${slogan}` : ''].find((line) => line && inBannerRange(line)) ?? '';
  const tags = [...new Set([name, ...phrases].filter(Boolean))].map((tag) => `#${tag}#`);
  const lower = fitPhrases(tags, GenerationLimits.bannerTextMax);
  return {
    bottomtext: fitSlogan(typed, GenerationLimits.bottomTextMax),
    bannertextup: upper,
    bannertextdown: inBannerRange(lower) ? lower : '',
  };
}
