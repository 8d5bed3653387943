/**
 * Which default pictures a site shows where the user uploaded none: the template's own while the
 * game's banner is of the template's world, else those of the genre the banner belongs to. A
 * studio that picks 龙腾国战's layout for a sci-fi game with a star-field banner gets space
 * screenshots and armoured crews, not palaces and swordsmen, before it uploads its own.
 */
import { configFields } from '../../../contract/miniSite';
import type { SiteTemplateDefinition } from './types';

/**
 * The site category (catalog.ts: 1 角色扮演, 2 仙侠武侠, 3 策略战争, 4 休闲卡牌, 5 科幻射击, 6 二次元)
 * whose world each banner style (banner catalogue ids) draws.
 */
export const BANNER_GENRE: Readonly<Record<number, number>> = {
  1: 3, // 烽火战场
  2: 2, // 水墨山河
  3: 5, // 赛博都市
  4: 5, // 星际穿越
  5: 6, // 樱花飞舞
  6: 2, // 雷暴天穹
  7: 1, // 深海幽光
  8: 1, // 金殿辉煌
  9: 1, // 冰封雪原
  10: 4, // 像素冒险
  11: 1, // 暗黑魔域
  12: 6, // 极光之境
  13: 5, // 机甲战线
  14: 2, // 仙境云海
};

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

/** Per category, the template whose default pictures (character cards included) stand for its world. */
export const GENRE_PICTURES: Readonly<Record<number, number>> = { 1: 1, 2: 5, 3: 11, 4: 13, 5: 18, 6: 21 };

/** The figure a category's character cards show: a period hero with a blade, an armoured crew member, or a weaponless one. */
export type FigureKind = 'ancient' | 'armoured' | 'plain';
const FIGURES: Readonly<Record<number, FigureKind>> = { 1: 'ancient', 2: 'ancient', 3: 'ancient', 4: 'plain', 5: 'armoured', 6: 'plain' };

export function figureKindOf(categoryId: number): FigureKind {
  return FIGURES[categoryId] ?? 'plain';
}

/**
 * The template whose default pictures a site of `template` shows with a banner of style `bannerId`:
 * the template itself for its own banner, a banner of its own genre, or an unknown style.
 */
export function pictureTemplateId(template: Pick<SiteTemplateDefinition, 'id' | 'bannerId' | 'categoryId'>, bannerId: number | undefined): number {
  if (bannerId === undefined || bannerId === template.bannerId) return template.id;
  const genre = BANNER_GENRE[bannerId];
  if (genre === undefined || genre === template.categoryId) return template.id;
  return GENRE_PICTURES[genre] ?? template.id;
}

/** Field key -> default picture URL of `template`'s image fields. */
export function defaultPictureUrls(template: SiteTemplateDefinition): Map<string, string> {
  return new Map(configFields(template.config).filter((field) => field.type === 'image').map((field) => [field.key, field.value]));
}
