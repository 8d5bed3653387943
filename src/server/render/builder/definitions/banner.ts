/** The first screens (banner): six arrangements of logo, titles and buttons over the picture, two finishes each. */
import type { ConfigGroup } from '../../../../contract/miniSite';
import { BuilderLimits } from '../../../../contract/builder';
import { artStyleOf } from '../../../../contract/artPrompt';
import { BANNER_SCENES, defaultUrl, type BannerScene } from '../defaults';
import { generic, link, logoField, text, textarea } from '../fields';
import type { BannerDefinition, BannerDesign } from '../types';

export const bannerKeys = {
  banner: 'banner',
  prompt: 'prompt',
  title: 'title',
  subtitle: 'subtitle',
  buttonText: 'button_text',
  buttonLink: 'button_link',
  video: 'video',
} as const;

interface Entry {
  name: string;
  design: BannerDesign;
  scene: BannerScene;
  prompt: string;
  title: string;
  subtitle: string;
}

const ENTRIES: readonly Entry[] = [
  { name: '云海居中', design: { layout: 'center', finish: 'fade' }, scene: 'cloudsea', prompt: '云海之上的仙山楼阁，金色晨光', title: '御剑九天 问道长生', subtitle: '全新资料片「太虚幻境」今日开启' },
  { name: '金殿左列', design: { layout: 'left', finish: 'tint' }, scene: 'palace', prompt: '金碧辉煌的宫殿大殿，红色帷幔与灯火', title: '王城再启 群雄逐鹿', subtitle: '百人同屏国战，与兄弟共守王城' },
  { name: '暗域右列', design: { layout: 'right', finish: 'fade' }, scene: 'dark', prompt: '血月下的暗黑城堡，紫色魔法阵与火焰', title: '暗夜降临 唯你执剑', subtitle: '深渊副本开放，传说装备等你来取' },
  { name: '水墨卷轴', design: { layout: 'bottom', finish: 'ornate' }, scene: 'ink', prompt: '水墨山水之间的亭台与孤舟，远山淡雾', title: '一剑江湖 快意恩仇', subtitle: '水墨国风武侠，侠客行走天下' },
  { name: '霓虹分屏', design: { layout: 'split', finish: 'tint' }, scene: 'cyber', prompt: '霓虹闪烁的未来都市夜景，雨中高楼', title: '未来已来 全面开战', subtitle: '赛博都市争夺战，小队协作制霸全城' },
  { name: '樱花画框', design: { layout: 'framed', finish: 'ornate' }, scene: 'sakura', prompt: '樱花飘落的校园小径，温暖午后阳光', title: '与你相遇 在樱花季', subtitle: '全语音剧情，开启温暖的冒险' },
  { name: '星河居中', design: { layout: 'center', finish: 'ornate' }, scene: 'warp', prompt: '穿越星云的飞船，蓝紫色星河与光轨', title: '星海远征 即刻启航', subtitle: '开放宇宙探索，舰队自由编成' },
  { name: '机甲左列', design: { layout: 'left', finish: 'fade' }, scene: 'mecha', prompt: '废墟战场上的巨型机甲，橙色警示灯光', title: '钢铁意志 守护防线', subtitle: '百种机甲自由改装，赛季排位开启' },
  { name: '樱语右列', design: { layout: 'right', finish: 'tint' }, scene: 'sakura', prompt: '夜色中的樱花神社，灯笼与花瓣', title: '繁花之约 星夜启程', subtitle: '限定角色「夜樱」登场' },
  { name: '金殿卷轴', design: { layout: 'bottom', finish: 'fade' }, scene: 'palace', prompt: '夕阳下的皇城城楼，旌旗猎猎', title: '帝国荣耀 万世一统', subtitle: '运筹帷幄，决胜千里' },
  { name: '云海分屏', design: { layout: 'split', finish: 'fade' }, scene: 'cloudsea', prompt: '仙鹤掠过云海中的浮空仙岛', title: '云海仙途 逍遥自在', subtitle: '灵宠相伴，携手同游三界' },
  { name: '霓虹画框', design: { layout: 'framed', finish: 'tint' }, scene: 'cyber', prompt: '霓虹灯牌林立的街头，紫色与青色光', title: '霓虹突击 火力全开', subtitle: '硬核射击，赛季通行证开放' },
];

function bannerConfig(entry: Entry): ConfigGroup[] {
  const k = bannerKeys;
  return [
    {
      name: '首屏画面',
      children: [
        { key: k.banner, name: '首屏图片', type: 'banner', value: defaultUrl.banner(entry.scene), tips: '点击“生成banner”按画面描述生成，也可直接上传' },
        textarea(k.prompt, '画面描述', entry.prompt, BuilderLimits.promptMax, '描述想要的画面：场景、光线、色调'),
        logoField(),
      ],
    },
    {
      name: '首屏文字',
      children: [
        text(k.title, '主标题', entry.title, 20),
        text(k.subtitle, '副标题', entry.subtitle, 40),
        generic(text(k.buttonText, '按钮文字', '立即下载', 6)),
        link(k.buttonLink, '按钮链接'),
        { key: k.video, name: '宣传视频链接', type: 'video', value: '', tips: '选填：以 http:// 或 https:// 开头的视频链接，首屏会出现“观看视频”按钮' },
      ],
    },
  ];
}

export const BANNERS: readonly BannerDefinition[] = ENTRIES.map((entry, i) => ({
  id: i + 1,
  type: 'banner',
  name: entry.name,
  config: bannerConfig(entry),
  design: entry.design,
}));

/**
 * The banner style (its key in ART_STYLES) whose scene a builder banner template shows, '' for
 * none: the AI key art's prompt paints in that style (BuilderSite.bannerStyle).
 */
export function bannerArtStyleOf(templateId: number): string {
  const entry = ENTRIES[templateId - 1];
  return entry ? (artStyleOf(BANNER_SCENES[entry.scene])?.key ?? '') : '';
}
