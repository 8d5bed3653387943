import { hasDownloads, type SiteContent } from '../content';
import type { SiteDesign } from '../design';

/** What every page of a layout family is given. */
export interface PageProps {
  content: SiteContent;
  design: SiteDesign;
}

/** The page's sections in order, as the navigations list them. */
export interface NavItem {
  href: string;
  label: string;
  en: string;
}

export function navItems(content: SiteContent): NavItem[] {
  const items: NavItem[] = [
    { href: '#top', label: '官网首页', en: 'HOME' },
    { href: '#news', label: '新闻资讯', en: 'NEWS' },
    { href: '#features', label: '游戏特色', en: 'FEATURES' },
  ];
  if (content.roles.length) items.push({ href: '#roles', label: '角色介绍', en: 'CHARACTERS' });
  items.push({ href: '#gallery', label: '精彩截图', en: 'GALLERY' });
  if (hasDownloads(content)) items.push({ href: '#download', label: '下载游戏', en: 'DOWNLOAD' });
  return items;
}
