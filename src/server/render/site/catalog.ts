/**
 * The site template catalogue (spec screen 9; DESIGN.md section 7): categories, and the templates
 * with their fields and defaults. Ids are stable: selections, created sites and picture file names
 * refer to them. Plain data: the API loads it without React or canvas.
 */
import type { SiteCategory } from '../../../contract/miniSite';
import { COPY, newsFor, type GameCopy } from './copy';
import type { FeatureStyle, GalleryStyle, LayoutFamily, NewsStyle, RoleStyle, SiteDesign, Theme } from './design';
import { buildConfig } from './fields';
import { THEMES } from './themes';
import type { SiteTemplateDefinition } from './types';

export const siteCategories: readonly SiteCategory[] = [
  { id: 1, name: '角色扮演' },
  { id: 2, name: '仙侠武侠' },
  { id: 3, name: '策略战争' },
  { id: 4, name: '休闲卡牌' },
  { id: 5, name: '科幻射击' },
  { id: 6, name: '二次元' },
];

interface Entry {
  id: number;
  name: string;
  categoryId: number;
  bannerId: number;
  family: LayoutFamily;
  theme: Theme;
  heroAlign: SiteDesign['heroAlign'];
  news: NewsStyle;
  features: FeatureStyle;
  gallery: GalleryStyle;
  roles: RoleStyle | null;
}

const T = THEMES;

/* Banner ids: 1 烽火战场, 2 水墨山河, 3 赛博都市, 4 星际穿越, 5 樱花飞舞, 6 雷暴天穹, 7 深海幽光,
   8 金殿辉煌, 9 冰封雪原, 10 像素冒险, 11 暗黑魔域, 12 极光之境, 13 机甲战线, 14 仙境云海. */
const ENTRIES: readonly Entry[] = [
  { id: 1, name: '龙腾国战', categoryId: 1, bannerId: 8, family: 'classic', theme: T.imperialGold, heroAlign: 'center', news: 'list', features: 'rows', gallery: 'grid', roles: 'cards' },
  { id: 2, name: '暗黑魔域', categoryId: 1, bannerId: 11, family: 'classic', theme: T.bloodMoon, heroAlign: 'left', news: 'cards', features: 'cards', gallery: 'mosaic', roles: null },
  { id: 3, name: '冰原守望', categoryId: 1, bannerId: 9, family: 'split', theme: T.frost, heroAlign: 'left', news: 'list', features: 'cards', gallery: 'grid', roles: null },
  { id: 4, name: '深海秘境', categoryId: 1, bannerId: 7, family: 'classic', theme: T.abyss, heroAlign: 'center', news: 'timeline', features: 'rows', gallery: 'strip', roles: null },
  { id: 5, name: '水墨江湖', categoryId: 2, bannerId: 2, family: 'scroll', theme: T.inkWash, heroAlign: 'left', news: 'list', features: 'timeline', gallery: 'strip', roles: 'cards' },
  { id: 6, name: '云海仙途', categoryId: 2, bannerId: 14, family: 'scroll', theme: T.celestial, heroAlign: 'center', news: 'cards', features: 'rows', gallery: 'grid', roles: null },
  { id: 7, name: '青云志异', categoryId: 2, bannerId: 12, family: 'classic', theme: T.jadeNight, heroAlign: 'center', news: 'list', features: 'timeline', gallery: 'mosaic', roles: 'showcase' },
  { id: 8, name: '雷霆剑尊', categoryId: 2, bannerId: 6, family: 'split', theme: T.vermilion, heroAlign: 'left', news: 'timeline', features: 'rows', gallery: 'strip', roles: null },
  { id: 9, name: '烽火三国', categoryId: 3, bannerId: 1, family: 'split', theme: T.bronzeWar, heroAlign: 'left', news: 'cards', features: 'cards', gallery: 'mosaic', roles: null },
  { id: 10, name: '钢铁防线', categoryId: 3, bannerId: 13, family: 'hud', theme: T.ironFront, heroAlign: 'left', news: 'list', features: 'cards', gallery: 'grid', roles: null },
  { id: 11, name: '帝国荣耀', categoryId: 3, bannerId: 8, family: 'classic', theme: T.royalPurple, heroAlign: 'center', news: 'cards', features: 'rows', gallery: 'grid', roles: 'cards' },
  { id: 12, name: '王座之争', categoryId: 3, bannerId: 6, family: 'scroll', theme: T.stormSteel, heroAlign: 'left', news: 'timeline', features: 'cards', gallery: 'mosaic', roles: null },
  { id: 13, name: '甜心消消', categoryId: 4, bannerId: 5, family: 'cartoon', theme: T.candy, heroAlign: 'center', news: 'cards', features: 'cards', gallery: 'grid', roles: 'cards' },
  { id: 14, name: '像素冒险', categoryId: 4, bannerId: 10, family: 'cartoon', theme: T.pixel, heroAlign: 'center', news: 'list', features: 'rows', gallery: 'strip', roles: 'cards' },
  { id: 15, name: '萌宠物语', categoryId: 4, bannerId: 14, family: 'cartoon', theme: T.mint, heroAlign: 'center', news: 'timeline', features: 'cards', gallery: 'mosaic', roles: 'cards' },
  { id: 16, name: '秘境卡牌', categoryId: 4, bannerId: 11, family: 'split', theme: T.arcane, heroAlign: 'left', news: 'cards', features: 'timeline', gallery: 'grid', roles: null },
  { id: 17, name: '霓虹突击', categoryId: 5, bannerId: 3, family: 'hud', theme: T.neon, heroAlign: 'left', news: 'timeline', features: 'cards', gallery: 'mosaic', roles: null },
  { id: 18, name: '星海远征', categoryId: 5, bannerId: 4, family: 'hud', theme: T.deepSpace, heroAlign: 'center', news: 'list', features: 'rows', gallery: 'strip', roles: 'cards' },
  { id: 19, name: '机甲纪元', categoryId: 5, bannerId: 13, family: 'classic', theme: T.mecha, heroAlign: 'left', news: 'list', features: 'cards', gallery: 'grid', roles: null },
  { id: 20, name: '废土突围', categoryId: 5, bannerId: 1, family: 'hud', theme: T.wasteland, heroAlign: 'right', news: 'cards', features: 'timeline', gallery: 'grid', roles: null },
  { id: 21, name: '樱之约定', categoryId: 6, bannerId: 5, family: 'anime', theme: T.sakura, heroAlign: 'right', news: 'timeline', features: 'cards', gallery: 'grid', roles: 'showcase' },
  { id: 22, name: '星穹旅人', categoryId: 6, bannerId: 12, family: 'anime', theme: T.starlight, heroAlign: 'left', news: 'list', features: 'rows', gallery: 'mosaic', roles: 'showcase' },
  { id: 23, name: '蔚蓝学园', categoryId: 6, bannerId: 14, family: 'anime', theme: T.summer, heroAlign: 'right', news: 'cards', features: 'cards', gallery: 'strip', roles: 'cards' },
  { id: 24, name: '雪境回响', categoryId: 6, bannerId: 9, family: 'anime', theme: T.snowGirl, heroAlign: 'left', news: 'timeline', features: 'timeline', gallery: 'grid', roles: 'showcase' },
];

function designOf(entry: Entry): SiteDesign {
  const { family, theme, heroAlign, news, features, gallery, roles } = entry;
  return { family, theme, heroAlign, news, features, gallery, roles };
}

function copyOf(id: number): GameCopy {
  const copy = COPY[id];
  if (!copy) throw new Error(`Site template ${id} has no sample texts`);
  const { genre, ...rest } = copy;
  return { ...rest, news: newsFor(genre, copy.game) };
}

export const siteTemplates: readonly SiteTemplateDefinition[] = ENTRIES.map((entry) => ({
  id: entry.id,
  name: entry.name,
  categoryId: entry.categoryId,
  bannerId: entry.bannerId,
  config: buildConfig(entry.id, copyOf(entry.id), designOf(entry)),
}));

export function findSiteTemplate(id: number): SiteTemplateDefinition | undefined {
  return siteTemplates.find((template) => template.id === id);
}

/** How template `id` looks (the renderer's half of an entry); undefined for an unknown id. */
export function findSiteDesign(id: number): SiteDesign | undefined {
  const entry = ENTRIES.find((candidate) => candidate.id === id);
  return entry && designOf(entry);
}
