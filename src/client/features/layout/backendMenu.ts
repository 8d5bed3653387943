/**
 * The back office sider (spec screen 4): its three items and 我的作品, keyed by the path that highlights them, and
 * `to`, where they lead (立即搭建 tells the builder to start a new site, not reopen the last one).
 */
export const backendMenuItems: readonly { key: string; label: string; to: string }[] = [
  { key: '/backend/siteList', label: '网站列表', to: '/backend/siteList' },
  // Not in the spec: what the user generated outside the builder, beside the builder's sites.
  { key: '/backend/works', label: '我的作品', to: '/backend/works' },
  { key: '/createWeb', label: '立即搭建', to: '/createWeb?new=1' },
  { key: '/backend/personal', label: '个人中心', to: '/backend/personal' },
];

/**
 * The item to highlight for a path: the one whose path the current one is or starts with. A site's
 * 预约 page is part of the list it was opened from: 我的作品 for a mini site, 网站列表 for the builder's.
 */
export function selectedBackendKey(pathname: string, search = ''): string | undefined {
  if (pathname === '/backend/siteReserve') return new URLSearchParams(search).has('miniSiteDir') ? '/backend/works' : '/backend/siteList';
  return backendMenuItems.find((item) => pathname === item.key || pathname.startsWith(`${item.key}/`))?.key;
}

/** Where the item keyed `key` leads. */
export function backendMenuTarget(key: string): string {
  return backendMenuItems.find((item) => item.key === key)?.to ?? key;
}
