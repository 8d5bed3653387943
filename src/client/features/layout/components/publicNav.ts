import type { CSSProperties } from 'react';

/** The header's main links (spec section 1): the three generators and the video tutorial. */
export const publicNavLinks: readonly { label: string; to: string }[] = [
  { label: '建站', to: '/' },
  { label: '游戏LOGO', to: '/logo/selectPage?module=tl' },
  { label: '整屏动画', to: '/banner/selectPage?module=fsa' },
  { label: '视频教程', to: '/videoTutorial?type=1' },
];

/** NavLink's style: the current page's link in the brand colour. */
export const navLinkStyle = ({ isActive }: { isActive: boolean }): CSSProperties => ({
  color: isActive ? '#1677ff' : 'rgba(0, 0, 0, 0.88)',
  fontWeight: isActive ? 600 : 400,
});
