/** The back office sider (spec screen 4): three items, keyed by the path they open. */
export const backendMenuItems: readonly { key: string; label: string }[] = [
  { key: '/backend/siteList', label: '网站列表' },
  { key: '/createWeb', label: '立即搭建' },
  { key: '/backend/personal', label: '个人中心' },
];

/** The item to highlight for a path: the one whose path the current one is or starts with. */
export function selectedBackendKey(pathname: string): string | undefined {
  return backendMenuItems.find((item) => pathname === item.key || pathname.startsWith(`${item.key}/`))?.key;
}
