import type { CSSProperties } from 'react';
import { logoFlowOf } from '../../selections/selections.types';

export type PublicNavKey = 'site' | 'logo' | 'banner' | 'tutorial';

/** The header's main links (spec section 1): the three generators and the video tutorial. */
export const publicNavLinks: readonly { key: PublicNavKey; label: string; to: string }[] = [
  { key: 'site', label: '建站', to: '/' },
  { key: 'logo', label: '游戏LOGO', to: '/logo/selectPage?module=tl' },
  { key: 'banner', label: '整屏动画', to: '/banner/selectPage?module=fsa' },
  { key: 'tutorial', label: '视频教程', to: '/videoTutorial?type=1' },
];

/**
 * The flow a page belongs to, for the header's mark: every step of a flow keeps its link marked.
 * The logo style list serves three flows, told apart by `module` (logoFlowOf): the mini site's
 * logo step (no module) is 建站's, the banner's (module=fsa) 整屏动画's.
 */
export function activeNavOf(pathname: string, search: string): PublicNavKey | null {
  const section = pathname.split('/')[1] ?? '';
  if (section === '' || section === 'miniSite') return 'site';
  if (section === 'banner') return 'banner';
  if (section === 'videoTutorial') return 'tutorial';
  if (section !== 'logo') return null;
  const flow = logoFlowOf(new URLSearchParams(search).get('module'));
  if (flow === 'fsa') return 'banner';
  return flow === 'miniSite' && pathname.startsWith('/logo/selectPage') ? 'site' : 'logo';
}

/** A header link's style: the current flow's link in the brand colour. */
export const navLinkStyle = (isActive: boolean): CSSProperties => ({
  color: isActive ? '#1677ff' : 'rgba(0, 0, 0, 0.88)',
  fontWeight: isActive ? 600 : 400,
});
