/** What every component knows of the whole site besides its own fields. */
import type { ContentSection } from '../types';

export interface NavLink {
  href: string;
  label: string;
  en: string;
}

export interface SiteFrame {
  name: string;
  /** The page's places: the first screen and the content area's sections. */
  nav: NavLink[];
  music: string | null;
}

const SECTION_LINKS: Record<ContentSection['kind'], NavLink> = {
  intro: { href: '#intro', label: '游戏简介', en: 'ABOUT' },
  news: { href: '#news', label: '新闻资讯', en: 'NEWS' },
  features: { href: '#features', label: '游戏特色', en: 'FEATURES' },
  roles: { href: '#roles', label: '角色介绍', en: 'CHARACTERS' },
  gallery: { href: '#gallery', label: '精彩截图', en: 'GALLERY' },
  events: { href: '#events', label: '精彩活动', en: 'EVENTS' },
};

export function sectionLink(kind: ContentSection['kind']): NavLink {
  return SECTION_LINKS[kind];
}

export function navLinks(sections: readonly ContentSection[]): NavLink[] {
  return [{ href: '#top', label: '官网首页', en: 'HOME' }, ...sections.map((section) => SECTION_LINKS[section.kind])];
}
