/**
 * Moves the focus to the menu item at `index` among those in `menu`, round from the last to the
 * first and back (as antd's menus do): the sider's menu and the user's dropdown share it.
 */
export function focusMenuItem(menu: HTMLElement | null, index: number): void {
  const items = menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [];
  if (items.length) items[((index % items.length) + items.length) % items.length].focus();
}
