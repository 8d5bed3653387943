import { GenerationLimits, textLength } from '../../../contract/generation';

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
