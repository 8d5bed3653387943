/**
 * The sidebars: a panel fixed to one side of the page on desktop that folds away, and a bar along
 * the bottom of the screen on phones. Five kinds (download, section nav, official accounts, gift
 * pack, player services) on either side and on three surfaces.
 */
import type { ConfigGroup } from '../../../../contract/miniSite';
import { defaultUrl } from '../defaults';
import { generic, image, link, optionalText, text, textarea } from '../fields';
import type { SidebarDefinition, SidebarDesign } from '../types';

export const sidebarKeys = {
  title: 'title',
  note: 'note',
  qrUrl: 'qr_url',
  iosUrl: 'ios_url',
  androidUrl: 'android_url',
  pcUrl: 'pc_url',
  downloadLink: 'download_link',
  wechatQr: 'wechat_qr',
  wechatName: 'wechat_name',
  weiboUrl: 'weibo_url',
  bilibiliUrl: 'bilibili_url',
  qqGroup: 'qq_group',
  communityUrl: 'community_url',
  giftDesc: 'gift_desc',
  giftCode: 'gift_code',
  buttonText: 'button_text',
  buttonLink: 'button_link',
  serviceText: (n: number) => `service${n}_text`,
  serviceUrl: (n: number) => `service${n}_url`,
} as const;

export const SERVICE_ITEMS = 4;

const SERVICES: readonly string[] = ['客服中心', '充值中心', '家长监护', '账号安全'];

function sidebarConfig(design: SidebarDesign): ConfigGroup[] {
  const k = sidebarKeys;
  switch (design.layout) {
    case 'download':
      return [
        {
          name: '扫码下载',
          children: [
            generic(text(k.title, '标题', '扫码下载', 8)),
            text(k.note, '提示语', '下载即送新手礼包', 12),
            link(k.qrUrl, '二维码内容'),
            link(k.iosUrl, 'iOS 下载地址'),
            link(k.androidUrl, '安卓下载地址'),
            link(k.pcUrl, 'PC 下载地址'),
          ],
        },
      ];
    case 'nav':
      return [{ name: '快速导航', children: [generic(text(k.title, '标题', '快速导航', 8)), generic(text(k.buttonText, '按钮文字', '下载游戏', 6)), link(k.downloadLink, '按钮链接')] }];
    case 'social':
      return [
        {
          name: '官方社群',
          children: [
            generic(text(k.title, '标题', '关注我们', 8)),
            image(k.wechatQr, '公众号二维码', defaultUrl.wechatQr(), '上传公众号或社群的二维码图片'),
            generic(text(k.wechatName, '公众号名称', '官方公众号', 12)),
            link(k.weiboUrl, '微博地址'),
            link(k.bilibiliUrl, 'B站地址'),
            optionalText(k.qqGroup, '玩家QQ群', 12, '如：12345678', '留空则不显示'),
            link(k.communityUrl, '玩家社区地址'),
          ],
        },
      ];
    case 'gift':
      return [
        {
          name: '礼包领取',
          children: [
            generic(text(k.title, '标题', '新手礼包', 8)),
            textarea(k.giftDesc, '礼包内容', '钻石×888、限定称号、七日坐骑体验卡', 40),
            optionalText(k.giftCode, '礼包码', 16, '如：VIP2026', '玩家在游戏内兑换的礼包码；留空则不显示'),
            generic(text(k.buttonText, '按钮文字', '立即领取', 6)),
            link(k.buttonLink, '按钮链接'),
          ],
        },
      ];
    case 'service':
      return [
        {
          name: '玩家服务',
          children: [
            generic(text(k.title, '标题', '玩家服务', 8)),
            ...SERVICES.flatMap((label, i) => [generic(text(k.serviceText(i + 1), `服务${i + 1} 名称`, label, 6)), link(k.serviceUrl(i + 1), `服务${i + 1} 链接`)]),
          ],
        },
      ];
  }
}

const ENTRIES: ReadonlyArray<readonly [string, SidebarDesign]> = [
  ['扫码下载·右', { layout: 'download', side: 'right', surface: 'solid' }],
  ['扫码下载·主题色', { layout: 'download', side: 'left', surface: 'accent' }],
  ['扫码下载·通透', { layout: 'download', side: 'right', surface: 'glass' }],
  ['悬浮目录·右', { layout: 'nav', side: 'right', surface: 'solid' }],
  ['悬浮目录·通透', { layout: 'nav', side: 'left', surface: 'glass' }],
  ['悬浮目录·主题色', { layout: 'nav', side: 'right', surface: 'accent' }],
  ['官方社群·右', { layout: 'social', side: 'right', surface: 'solid' }],
  ['官方社群·通透', { layout: 'social', side: 'left', surface: 'glass' }],
  ['官方社群·主题色', { layout: 'social', side: 'right', surface: 'accent' }],
  ['礼包领取·主题色', { layout: 'gift', side: 'right', surface: 'accent' }],
  ['礼包领取·左', { layout: 'gift', side: 'left', surface: 'solid' }],
  ['礼包领取·通透', { layout: 'gift', side: 'right', surface: 'glass' }],
  ['玩家服务·右', { layout: 'service', side: 'right', surface: 'solid' }],
  ['玩家服务·主题色', { layout: 'service', side: 'left', surface: 'accent' }],
];

export const SIDEBARS: readonly SidebarDefinition[] = ENTRIES.map(([name, design], i) => ({ id: i + 1, type: 'sidebar', name, config: sidebarConfig(design), design }));
