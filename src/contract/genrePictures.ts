/**
 * Which sample pictures a mini site shows where the user uploaded none (server and client alike:
 * the form's thumbnails are the site's pictures): the template's own while the game's banner is of
 * the template's world, else those of the genre the banner belongs to. A studio that picks
 * 龙腾国战's layout for a sci-fi game with a star-field banner gets space screenshots and armoured
 * crews, not palaces and swordsmen, before it uploads its own.
 */

/**
 * The site category (1 角色扮演, 2 仙侠武侠, 3 策略战争, 4 休闲卡牌, 5 科幻射击, 6 二次元) whose world
 * each banner style (banner catalogue ids) draws.
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

/** Per category, the template whose sample pictures (character cards included) stand for its world. */
export const GENRE_PICTURES: Readonly<Record<number, number>> = { 1: 1, 2: 5, 3: 11, 4: 13, 5: 18, 6: 21 };

export interface PictureTemplate {
  id: number;
  categoryId: number;
  /** The banner style the template is designed around. */
  bannerId: number;
}

/**
 * The template whose sample pictures a site of `template` shows with a banner of style `bannerId`:
 * the template itself for its own banner, a banner of its own genre, or none or an unknown style.
 */
export function pictureTemplateId(template: PictureTemplate, bannerId: number | null | undefined): number {
  if (!bannerId || bannerId === template.bannerId) return template.id;
  const genre = BANNER_GENRE[bannerId];
  if (genre === undefined || genre === template.categoryId) return template.id;
  return GENRE_PICTURES[genre] ?? template.id;
}

const SAMPLE_PICTURE = /^\/site-templates\/defaults\/t(\d+)-((?:gallery|feature|role)-\d+\.webp)$/;

/** `url` when it is no sample picture of `template`; else the same picture of the template `pictureTemplateId` names. */
export function genreSamplePicture(url: string, template: PictureTemplate, bannerId: number | null | undefined): string {
  const sample = SAMPLE_PICTURE.exec(url);
  if (!sample || Number(sample[1]) !== template.id) return url;
  return `/site-templates/defaults/t${pictureTemplateId(template, bannerId)}-${sample[2]}`;
}
