/**
 * The style catalogues: ids are stable (jobs, selections and URLs refer to them), names are what
 * the gallery shows. Each key has its own drawing in render/logo or render/banner.
 */
export interface StyleInfo {
  id: number;
  key: string;
  name: string;
}

export const LOGO_STYLES: readonly StyleInfo[] = [
  { id: 1, key: 'gold-metal', name: '鎏金战神' },
  { id: 2, key: 'ink-brush', name: '水墨江湖' },
  { id: 3, key: 'jade', name: '翡翠玉石' },
  { id: 4, key: 'flame', name: '烈焰燃烧' },
  { id: 5, key: 'ice', name: '冰霜寒晶' },
  { id: 6, key: 'neon', name: '霓虹赛博' },
  { id: 7, key: 'cartoon', name: '萌趣卡通' },
  { id: 8, key: 'pixel', name: '像素街机' },
  { id: 9, key: 'scifi', name: '机甲科幻' },
  { id: 10, key: 'blood-moon', name: '暗黑血月' },
  { id: 11, key: 'stone', name: '武侠金石' },
  { id: 12, key: 'sakura', name: '樱花物语' },
  { id: 13, key: 'thunder', name: '雷霆万钧' },
  { id: 14, key: 'steel', name: '钢铁熔铸' },
  { id: 15, key: 'celestial', name: '仙侠云霄' },
  { id: 16, key: 'candy', name: '糖果派对' },
  { id: 17, key: 'wasteland', name: '末日废土' },
  { id: 18, key: 'royal', name: '皇城紫金' },
  { id: 19, key: 'ocean', name: '深海秘境' },
  { id: 20, key: 'graffiti', name: '街头涂鸦' },
  { id: 21, key: 'synthwave', name: '复古霓光' },
  { id: 22, key: 'shadow', name: '暗影刺客' },
  { id: 23, key: 'crystal', name: '水晶幻彩' },
  { id: 24, key: 'bronze', name: '青铜古韵' },
  { id: 25, key: 'sports', name: '热血竞技' },
  { id: 26, key: 'galaxy', name: '星河璀璨' },
];

export const BANNER_STYLES: readonly StyleInfo[] = [
  { id: 1, key: 'battlefield', name: '烽火战场' },
  { id: 2, key: 'ink-mountains', name: '水墨山河' },
  { id: 3, key: 'cyber-city', name: '赛博都市' },
  { id: 4, key: 'warp', name: '星际穿越' },
  { id: 5, key: 'sakura-fall', name: '樱花飞舞' },
  { id: 6, key: 'storm', name: '雷暴天穹' },
  { id: 7, key: 'deep-sea', name: '深海幽光' },
  { id: 8, key: 'golden-palace', name: '金殿辉煌' },
  { id: 9, key: 'snowfield', name: '冰封雪原' },
  { id: 10, key: 'pixel-world', name: '像素冒险' },
  { id: 11, key: 'dark-portal', name: '暗黑魔域' },
  { id: 12, key: 'aurora', name: '极光之境' },
  { id: 13, key: 'mecha-hud', name: '机甲战线' },
  { id: 14, key: 'cloud-sea', name: '仙境云海' },
];

export const logoStyleById = (id: number): StyleInfo | undefined => LOGO_STYLES.find((style) => style.id === id);
export const bannerStyleById = (id: number): StyleInfo | undefined => BANNER_STYLES.find((style) => style.id === id);
