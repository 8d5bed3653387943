/**
 * The complete site configurations (the main tab): a component of every other type and a palette,
 * chosen to belong together. Choosing one sets every other tab; each tab can then be changed
 * alone and the site still matches, because every component draws with the palette's variables.
 */
import { BuilderLimits } from '../../../../contract/builder';
import type { ConfigGroup } from '../../../../contract/miniSite';
import { THEMES } from '../../site/themes';
import { text, textarea } from '../fields';
import type { MainPreset } from '../types';

export const mainKeys = { webName: 'web_name', description: 'description', music: 'music' } as const;

export type ThemeName = keyof typeof THEMES;

interface Entry {
  name: string;
  theme: ThemeName;
  webName: string;
  description: string;
  /** head, banner, content, sidebar, footer, logo */
  parts: readonly [number, number, number, number, number, number];
}

const ENTRIES: readonly Entry[] = [
  { name: '龙腾国战', theme: 'imperialGold', webName: '龙腾天下', description: '东方大陆风云再起，百人同屏国战、自由交易、师徒传承，与兄弟再续热血征程。', parts: [1, 2, 14, 1, 1, 1] },
  { name: '云海仙途', theme: 'celestial', webName: '云海仙途', description: '御剑九天，问道长生。灵宠相伴，携手同游三界的国风仙侠大作。', parts: [4, 1, 13, 5, 7, 15] },
  { name: '水墨江湖', theme: 'inkWash', webName: '水墨江湖', description: '一剑江湖，快意恩仇。水墨画卷中的武侠世界，侠客行走天下。', parts: [8, 4, 4, 11, 2, 2] },
  { name: '暗黑魔域', theme: 'bloodMoon', webName: '魔域纪元', description: '血月升起，魔域之门再度开启。穿越深渊地牢，收集传说装备，夺回最后的光明。', parts: [2, 3, 1, 3, 4, 10] },
  { name: '霓虹突击', theme: 'neon', webName: '霓虹突击', description: '赛博都市争夺战全面打响，硬核射击，小队协作，赛季通行证开放。', parts: [10, 12, 9, 6, 10, 6] },
  { name: '樱之约定', theme: 'sakura', webName: '樱之约定', description: '与你相遇在樱花季。全语音剧情，温暖治愈的校园冒险。', parts: [5, 6, 3, 9, 8, 12] },
  { name: '星海远征', theme: 'deepSpace', webName: '星海远征', description: '开放宇宙探索，舰队自由编成，驶向未知星域的太空史诗。', parts: [11, 7, 5, 4, 11, 26] },
  { name: '机甲纪元', theme: 'mecha', webName: '机甲纪元', description: '百种机甲自由改装，钢铁意志守护最后防线，赛季排位火热开启。', parts: [3, 8, 10, 13, 3, 9] },
  { name: '帝国荣耀', theme: 'royalPurple', webName: '帝国荣耀', description: '运筹帷幄决胜千里，建立你的帝国，书写万世荣耀。', parts: [6, 10, 2, 10, 5, 18] },
  { name: '甜心消消', theme: 'candy', webName: '甜心消消', description: '轻松一刻快乐无限，和好友一起闯关赢大奖的甜蜜消除游戏。', parts: [9, 9, 7, 14, 9, 16] },
  { name: '萌宠物语', theme: 'mint', webName: '萌宠物语', description: '收集上百种萌宠，打造专属家园，每天都有新惊喜。', parts: [12, 11, 8, 7, 12, 7] },
  { name: '星穹旅人', theme: 'starlight', webName: '星穹旅人', description: '繁星之下的旅途，与伙伴一起揭开星穹的秘密。', parts: [7, 5, 12, 8, 6, 23] },
];

function mainConfig(entry: Entry): ConfigGroup[] {
  const k = mainKeys;
  return [
    {
      name: '网站信息',
      children: [
        text(k.webName, '网站名称', entry.webName, BuilderLimits.webNameMax, '显示在浏览器标签与分享卡片上，也是下载的压缩包名'),
        textarea(k.description, '网站简介', entry.description, 200, '搜索引擎与分享卡片显示的简介'),
      ],
    },
    { name: '背景音乐', children: [{ key: k.music, name: '背景音乐', type: 'music', value: '', tips: '导航栏有音乐开关；浏览器禁止自动播放时，访客第一次点击页面后开始播放' }] },
  ];
}

export const MAIN_PRESETS: readonly MainPreset[] = ENTRIES.map((entry, i) => {
  const [head, banner, content, sidebar, footer, logo] = entry.parts;
  return { id: i + 1, type: 'main', name: entry.name, config: mainConfig(entry), components: { head, banner, content, sidebar, footer, logo }, theme: entry.theme };
});

export function isThemeName(name: string): name is ThemeName {
  return Object.prototype.hasOwnProperty.call(THEMES, name);
}
