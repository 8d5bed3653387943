import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { focusMenuItem } from './menuFocus';
import './siderMenu.css';

export interface SiderMenuItem {
  key: string;
  label: string;
  icon: ReactNode;
}

interface SiderMenuProps {
  items: readonly SiderMenuItem[];
  selectedKey: string | undefined;
  onSelect(key: string): void;
  /** The sider's full height (beside the content), or only its items' (in the phone's drawer). */
  fill?: boolean;
}

/**
 * The sider's menu in antd's inline Menu look and roles (a menu of menuitems, the current one
 * marked), kept by keyboard as antd's is: Tab reaches the current item, the arrows, Home and End
 * move between items, Enter or Space opens one. antd's Menu brings about 25 KiB gzip (submenus,
 * overflow, popups) to every back-office page for four or five plain items.
 */
export default function SiderMenu({ items, selectedKey, onSelect, fill = false }: SiderMenuProps) {
  const list = useRef<HTMLUListElement>(null);
  const focusable = items.some((item) => item.key === selectedKey) ? selectedKey : items[0]?.key;

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusMenuItem(list.current, moves[event.key]);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(items[index].key);
    }
  };

  return (
    <ul ref={list} role="menu" aria-orientation="vertical" className={fill ? 'wpg-menu wpg-menu--fill' : 'wpg-menu'}>
      {items.map((item, index) => (
        <li
          key={item.key}
          role="menuitem"
          tabIndex={item.key === focusable ? 0 : -1}
          aria-current={item.key === selectedKey ? 'page' : undefined}
          className={item.key === selectedKey ? 'wpg-menu-item wpg-menu-item-selected' : 'wpg-menu-item'}
          onClick={() => onSelect(item.key)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          <span className="wpg-menu-icon" aria-hidden>
            {item.icon}
          </span>
          <span>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}
