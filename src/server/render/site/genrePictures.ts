/**
 * The worlds a mini site's sample pictures are drawn from. Which genre a banner belongs to and
 * which template stands for each genre are the contract's (src/contract/genrePictures.ts: the
 * form shows the pictures the site will); here, the worlds each template's pictures show and the
 * figure on its character cards.
 */
export { BANNER_GENRE, GENRE_PICTURES, genreSamplePicture, pictureTemplateId } from '../../../contract/genrePictures';

/**
 * The banner scenes each template's default pictures are taken from (npm run site-pictures): its
 * own banner's world first, then neighbouring worlds, so that four screenshots do not look like
 * one picture four times. A sci-fi or modern template's worlds are all of its age (city, space,
 * HUD, aurora, ice), never a period one: 烽火战场's pagodas made 废土突围 look like wuxia.
 */
export const PICTURE_SCENES: Readonly<Record<number, readonly number[]>> = {
  1: [8, 1, 14, 6], 2: [11, 6, 1, 9], 3: [9, 12, 6, 14], 4: [7, 12, 4, 14], 5: [2, 9, 14, 5], 6: [14, 2, 12, 8],
  7: [12, 14, 2, 11], 8: [6, 8, 2, 1], 9: [1, 8, 6, 9], 10: [13, 3, 9, 12], 11: [8, 1, 11, 14], 12: [6, 1, 9, 8],
  13: [5, 10, 14, 12], 14: [10, 5, 4, 3], 15: [14, 5, 10, 7], 16: [11, 4, 12, 8], 17: [3, 13, 4, 12], 18: [4, 12, 13, 3],
  19: [13, 3, 4, 12], 20: [13, 3, 9, 4], 21: [5, 14, 2, 12], 22: [12, 4, 5, 7], 23: [14, 7, 5, 12], 24: [9, 12, 5, 14],
};

/**
 * The banner scenes of another age: pagodas and palaces (烽火战场, 金殿辉煌), ink mountains, sakura
 * with a pagoda, castles (雷暴天穹, 暗黑魔域), sunken temples and floating pavilions.
 */
export const PERIOD_SCENES: ReadonlySet<number> = new Set([1, 2, 5, 6, 7, 8, 11, 14]);

/** The figure a category's character cards show: a period hero with a blade, an armoured crew member, or a weaponless one. */
export type FigureKind = 'ancient' | 'armoured' | 'plain';
const FIGURES: Readonly<Record<number, FigureKind>> = { 1: 'ancient', 2: 'ancient', 3: 'ancient', 4: 'plain', 5: 'armoured', 6: 'plain' };

export function figureKindOf(categoryId: number): FigureKind {
  return FIGURES[categoryId] ?? 'plain';
}
