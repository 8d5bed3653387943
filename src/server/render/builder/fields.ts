/**
 * Field builders and the field groups several components share. Keys are what the builder's
 * formData and the renderer use (the server module and the SPA rely on the conventions below);
 * names and tips are what the form shows.
 */
import type { ConfigField, ConfigGroup } from '../../../contract/miniSite';
import { COPY, newsFor, type GameCopy } from '../site/copy';
import { complianceGroup, FIELD_KEYS, generic, LINK_TIPS, NUMBERED_KEYS, optionalText, text, textarea } from '../site/fields';
import { defaultUrl, FEATURES_PER_SET, GALLERY_PER_SET, ROLES_PER_SET, type PictureSet } from './defaults';

export { complianceGroup, generic, optionalText, text, textarea };

/** The logo field of every head, banner and footer: the builder fills it with the logo made in the banner tab. */
export const LOGO_KEY = 'banner_logo';

export const NEWS_ITEMS = 4;

export function logoField(): ConfigField {
  return { key: LOGO_KEY, name: '网站LOGO', type: 'banner_logo', value: defaultUrl.logo(), tips: '在 BANNER 菜单中与首屏图片一起生成，全站的LOGO同步更换' };
}

export function image(key: string, name: string, value: string, tips?: string): ConfigField {
  return { key, name, type: 'image', value, ...(tips ? { tips } : {}) };
}

/**
 * A link: http(s) addresses, or a place in the page such as #news. It starts empty (a sample
 * address would ship a dead link), and whatever it belongs to is left out while it is.
 */
export function link(key: string, name: string): ConfigField {
  return optionalText(key, name, 200, 'https://', `${LINK_TIPS}；也可填写页面内位置，如 #news；留空则不显示`);
}

/** A sample game's texts (the site templates' copy), with its news written for the game. */
export function gameCopy(siteTemplateId: number): GameCopy {
  const copy = COPY[siteTemplateId];
  if (!copy) throw new Error(`No sample texts for site template ${siteTemplateId}`);
  const { genre, ...rest } = copy;
  return { ...rest, news: newsFor(genre, copy.game) };
}

export const contentKeys = {
  introTitle: 'intro_title',
  introText: 'intro_text',
  introImage: 'intro_image',
  newsImage: 'news_image',
  newsMore: 'news_more',
  ...NUMBERED_KEYS,
  eventTitle: (n: number) => `event${n}_title`,
  eventDesc: (n: number) => `event${n}_desc`,
  eventLink: (n: number) => `event${n}_link`,
} as const;

const k = contentKeys;

export function introGroup(copy: GameCopy, set: PictureSet, withPicture: boolean): ConfigGroup {
  return {
    name: '游戏简介',
    children: [
      text(k.introTitle, '简介标题', copy.slogan, 20),
      textarea(k.introText, '简介正文', copy.intro, 300),
      ...(withPicture ? [image(k.introImage, '简介配图', defaultUrl.gallery(set, 1), '建议 16:9，宽 960 像素以上')] : []),
    ],
  };
}

export function newsGroup(copy: GameCopy, set: PictureSet, withPicture: boolean): ConfigGroup {
  return {
    name: '新闻资讯',
    children: [
      ...(withPicture ? [image(k.newsImage, '头条配图', defaultUrl.gallery(set, 2), '建议 16:9')] : []),
      ...copy.news.slice(0, NEWS_ITEMS).flatMap((item, i) => [
        generic(text(k.newsTag(i + 1), `新闻${i + 1} 标签`, item.tag, 4, '如 公告、活动、新闻、攻略')),
        text(k.newsTitle(i + 1), `新闻${i + 1} 标题`, item.title, 40),
        text(k.newsDate(i + 1), `新闻${i + 1} 日期`, item.date, 10, '如 2025-06-18'),
      ]),
      link(k.newsMore, '“更多资讯”链接'),
    ],
  };
}

export function featuresGroup(copy: GameCopy, set: PictureSet): ConfigGroup {
  return {
    name: '游戏特色',
    children: copy.features.slice(0, FEATURES_PER_SET).flatMap(([title, desc], i) => [
      text(k.featureTitle(i + 1), `特色${i + 1} 标题`, title, 12),
      textarea(k.featureDesc(i + 1), `特色${i + 1} 介绍`, desc, 120),
      image(k.featureImage(i + 1), `特色${i + 1} 配图`, defaultUrl.feature(set, i + 1), '建议 16:9，宽 960 像素以上'),
    ]),
  };
}

export function rolesGroup(copy: GameCopy, set: PictureSet): ConfigGroup {
  const roles = copy.roles ?? [];
  return {
    name: '角色介绍',
    children: roles.slice(0, ROLES_PER_SET).flatMap(([name, title, desc], i) => [
      text(k.roleName(i + 1), `角色${i + 1} 名字`, name, 8),
      text(k.roleTitle(i + 1), `角色${i + 1} 身份`, title, 16),
      textarea(k.roleDesc(i + 1), `角色${i + 1} 介绍`, desc, 100),
      image(k.roleImage(i + 1), `角色${i + 1} 立绘`, defaultUrl.role(set, i + 1), '建议 3:4 竖图'),
    ]),
  };
}

export function galleryGroup(set: PictureSet): ConfigGroup {
  return {
    name: '游戏截图',
    children: Array.from({ length: GALLERY_PER_SET }, (_, i) => image(k.gallery(i + 1), `截图${i + 1}`, defaultUrl.gallery(set, i + 1), '建议 16:9，宽 1280 像素以上')),
  };
}

const EVENTS: ReadonlyArray<readonly [string, string]> = [
  ['新手七日礼', '登录即领限定称号与成长礼包，七天不断签'],
  ['限时双倍', '周末活动副本掉落翻倍，组队再享额外加成'],
  ['好友召回', '邀请好友回归，双方共享丰厚回归奖励'],
];

export function eventsGroup(): ConfigGroup {
  return {
    name: '精彩活动',
    children: EVENTS.flatMap(([title, desc], i) => [
      text(k.eventTitle(i + 1), `活动${i + 1} 标题`, title, 12),
      text(k.eventDesc(i + 1), `活动${i + 1} 说明`, desc, 40),
      link(k.eventLink(i + 1), `活动${i + 1} 链接`),
    ]),
  };
}

export const footerKeys = {
  publisher: FIELD_KEYS.publisher,
  copyrightOwner: FIELD_KEYS.copyrightOwner,
  isbn: FIELD_KEYS.isbn,
  approval: FIELD_KEYS.approval,
  icp: FIELD_KEYS.icp,
  healthAdvice: FIELD_KEYS.healthAdvice,
  copyright: FIELD_KEYS.copyright,
  linkText: (n: number) => `link${n}_text`,
  linkUrl: (n: number) => `link${n}_url`,
} as const;

export const FOOTER_LINKS = 4;

const DEFAULT_FOOTER_LINKS: readonly string[] = ['用户协议', '隐私政策', '家长监护', '联系我们'];

export function footerLinksGroup(): ConfigGroup {
  const f = footerKeys;
  return {
    name: '页脚链接',
    children: DEFAULT_FOOTER_LINKS.flatMap((label, i) => [generic(text(f.linkText(i + 1), `链接${i + 1} 文字`, label, 8)), link(f.linkUrl(i + 1), `链接${i + 1} 地址`)]),
  };
}
