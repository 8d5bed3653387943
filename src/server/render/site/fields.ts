/**
 * The fields of a site template (spec section 3, "Template config"): every template has the same
 * groups for the parts all its pages share, plus the sections its design shows. Keys are what the
 * create call's `config` and the renderer use; names and tips are what the form shows.
 */
import type { ConfigField, ConfigGroup } from '../../../contract/miniSite';
import { SITE_TEMPLATE_ASSETS_URL_PREFIX } from './assets';
import { HEALTH_ADVICE, type GameCopy } from './copy';
import type { SiteDesign } from './design';

export const NEWS_COUNT = 4;
export const FEATURE_COUNT = 3;
export const ROLE_COUNT = 4;
export const GALLERY_COUNT = 4;

/** The keys of numbered items (news, features, roles, gallery): the builder's content areas use them too. */
export const NUMBERED_KEYS = {
  newsTag: (n: number) => `news${n}_tag`,
  newsTitle: (n: number) => `news${n}_title`,
  newsDate: (n: number) => `news${n}_date`,
  featureTitle: (n: number) => `feature${n}_title`,
  featureDesc: (n: number) => `feature${n}_desc`,
  featureImage: (n: number) => `feature${n}_image`,
  roleName: (n: number) => `role${n}_name`,
  roleTitle: (n: number) => `role${n}_title`,
  roleDesc: (n: number) => `role${n}_desc`,
  roleImage: (n: number) => `role${n}_image`,
  gallery: (n: number) => `gallery${n}`,
} as const;

export const FIELD_KEYS = {
  gameName: 'game_name',
  slogan: 'slogan',
  intro: 'intro',
  trailer: 'trailer',
  banner: 'banner',
  bannerLogo: 'banner_logo',
  music: 'music',
  downloadNote: 'download_note',
  qrUrl: 'qr_url',
  iosUrl: 'ios_url',
  androidUrl: 'android_url',
  pcUrl: 'pc_url',
  ...NUMBERED_KEYS,
  publisher: 'publisher',
  copyrightOwner: 'copyright_owner',
  isbn: 'isbn',
  approval: 'approval',
  icp: 'icp',
  healthAdvice: 'health_advice',
  copyright: 'copyright',
} as const;

/** The default pictures of a template: files under the assets' `defaults/` folder. */
export const defaultPictureName = {
  gallery: (templateId: number, n: number) => `t${templateId}-gallery-${n}.webp`,
  feature: (templateId: number, n: number) => `t${templateId}-feature-${n}.webp`,
  role: (templateId: number, n: number) => `t${templateId}-role-${n}.webp`,
};

const defaultPictureUrl = (name: string): string => `${SITE_TEMPLATE_ASSETS_URL_PREFIX}defaults/${name}`;

export const LINK_TIPS = '以 http:// 或 https:// 开头的链接，其他内容不会生成链接';

/**
 * A text the site can do without: empty by default, with an example of its format as a grey hint,
 * and left out of the site while empty (a licence number or link is never invented for the user).
 */
export const optionalText = (key: string, name: string, len: number, placeholder: string, tips: string): ConfigField => ({
  key,
  name,
  type: 'text',
  value: '',
  len,
  tips,
  optional: true,
  placeholder,
});

/**
 * A field whose sample any game keeps on purpose (a news tag, a button's or a link's label, the
 * fixed health advice): never listed as another game's content before generating.
 */
export const generic = (field: ConfigField): ConfigField => ({ ...field, generic: true });

export const text = (key: string, name: string, value: string, len: number, tips?: string): ConfigField => ({ key, name, type: 'text', value, len, ...(tips ? { tips } : {}) });
export const textarea = (key: string, name: string, value: string, len: number, tips?: string): ConfigField => ({ key, name, type: 'textarea', value, len, ...(tips ? { tips } : {}) });
const image = (key: string, name: string, pictureName: string, tips: string): ConfigField => ({ key, name, type: 'image', value: defaultPictureUrl(pictureName), tips });

/** The config groups of template `templateId` with `copy` as the defaults. */
export function buildConfig(templateId: number, copy: GameCopy, design: SiteDesign): ConfigGroup[] {
  const k = FIELD_KEYS;
  const groups: ConfigGroup[] = [
    {
      name: '基础信息',
      children: [
        text(k.gameName, '游戏名称', copy.game, 20, '显示在网页标题、导航与页脚'),
        text(k.slogan, '宣传语', copy.slogan, 40, '首屏LOGO下方的一句话'),
        textarea(k.intro, '游戏简介', copy.intro, 300),
        { key: k.trailer, name: '宣传视频链接', type: 'video', value: '', tips: '选填：以 http:// 或 https:// 开头的视频链接，首屏会出现“观看视频”按钮' },
      ],
    },
    {
      name: '首屏动画与LOGO',
      children: [
        { key: k.banner, name: '首屏动画', type: 'banner', value: '', tips: '使用上方生成的整屏动画' },
        { key: k.bannerLogo, name: '网站LOGO', type: 'banner_logo', value: '', tips: '使用上方生成的LOGO，同时用作网站图标与分享图' },
      ],
    },
    { name: '背景音乐', children: [{ key: k.music, name: '背景音乐', type: 'music', value: '', tips: '网页右上角有音乐开关；浏览器禁止自动播放时，访客第一次点击页面后开始播放' }] },
    {
      name: '下载信息',
      children: [
        text(k.downloadNote, '下载区提示语', copy.downloadNote, 30),
        optionalText(k.qrUrl, '扫码下载地址', 100, 'https://', `二维码的内容；${LINK_TIPS}；留空则不显示二维码`),
        optionalText(k.iosUrl, 'iOS 下载地址', 100, 'https://', `${LINK_TIPS}；留空则不显示此按钮`),
        optionalText(k.androidUrl, '安卓下载地址', 100, 'https://', `${LINK_TIPS}；留空则不显示此按钮`),
        optionalText(k.pcUrl, 'PC 下载地址', 100, 'https://', `${LINK_TIPS}；留空则不显示此按钮`),
      ],
    },
    {
      name: '新闻资讯',
      children: copy.news.slice(0, NEWS_COUNT).flatMap((item, i) => [
        generic(text(k.newsTag(i + 1), `新闻${i + 1} 标签`, item.tag, 4, '如 公告、活动、新闻、攻略')),
        text(k.newsTitle(i + 1), `新闻${i + 1} 标题`, item.title, 40),
        text(k.newsDate(i + 1), `新闻${i + 1} 日期`, item.date, 10, '如 2025-06-18'),
      ]),
    },
    {
      name: '游戏特色',
      children: copy.features.slice(0, FEATURE_COUNT).flatMap(([title, desc], i) => [
        text(k.featureTitle(i + 1), `特色${i + 1} 标题`, title, 12),
        textarea(k.featureDesc(i + 1), `特色${i + 1} 介绍`, desc, 120),
        image(k.featureImage(i + 1), `特色${i + 1} 配图`, defaultPictureName.feature(templateId, i + 1), '建议 16:9，宽 960 像素以上'),
      ]),
    },
  ];
  if (design.roles && copy.roles) {
    groups.push({
      name: '角色介绍',
      children: copy.roles.slice(0, ROLE_COUNT).flatMap(([name, title, desc], i) => [
        text(k.roleName(i + 1), `角色${i + 1} 名字`, name, 8),
        text(k.roleTitle(i + 1), `角色${i + 1} 身份`, title, 16),
        textarea(k.roleDesc(i + 1), `角色${i + 1} 介绍`, desc, 100),
        image(k.roleImage(i + 1), `角色${i + 1} 立绘`, defaultPictureName.role(templateId, i + 1), '建议 3:4 竖图，透明或纯色背景均可'),
      ]),
    });
  }
  groups.push(
    {
      name: '游戏截图',
      children: Array.from({ length: GALLERY_COUNT }, (_, i) =>
        image(k.gallery(i + 1), `截图${i + 1}`, defaultPictureName.gallery(templateId, i + 1), '建议 16:9，宽 1280 像素以上'),
      ),
    },
    complianceGroup(),
  );
  return groups;
}

const LEAVE_OUT = '尚未取得可留空，留空的项不会出现在网站上';

/**
 * The compliance block every Chinese game site carries (the same keys in the mini sites and the
 * builder's footers). Only the health advice, a fixed official text, has a value: the numbers and
 * company names are the studio's own, so they start empty with their format as a hint.
 */
export function complianceGroup(): ConfigGroup {
  const k = FIELD_KEYS;
  return {
    name: '版号与备案',
    children: [
      optionalText(k.publisher, '出版单位', 40, '如：某某出版社有限公司', `游戏版号上的出版单位；${LEAVE_OUT}`),
      optionalText(k.copyrightOwner, '著作权人', 40, '如：某某网络科技有限公司', LEAVE_OUT),
      optionalText(k.isbn, '出版物号', 40, '如：ISBN 978-7-XXXX-XXXX-X', `以版号批复为准；${LEAVE_OUT}`),
      optionalText(k.approval, '审批文号', 40, '如：国新出审〔XXXX〕XXXX号', `以版号批复为准；${LEAVE_OUT}`),
      optionalText(k.icp, '备案号', 40, '如：京ICP备XXXXXXXX号-1', `网站的 ICP 备案号；${LEAVE_OUT}`),
      // Fixed regulatory text every Chinese game site carries word for word.
      generic(textarea(k.healthAdvice, '健康游戏忠告', HEALTH_ADVICE, 100)),
      optionalText(k.copyright, '版权信息', 60, '如：© 2026 某某网络科技有限公司 版权所有', LEAVE_OUT),
    ],
  };
}
