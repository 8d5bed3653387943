import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { logoutRequested, selectUserInfo } from '../../auth/authSlice';
import { focusMenuItem } from './menuFocus';
import './userMenu.css';

/** What a logged-in user is called: the name, else the phone, else a generic word. */
export function displayName(userInfo: { name?: string; mobile?: string } | null): string {
  return userInfo?.name || userInfo?.mobile || '用户';
}

/** As antd's Dropdown: the menu stays a moment after the pointer leaves, to be reached. */
const LEAVE_DELAY_MS = 100;

/**
 * The user's name with a dropdown: 进入后台 and 我的作品 (optional), 运营后台 (operators) and 退出登录.
 * Drawn in antd's Dropdown look and opened as it is (hover, click, Enter or the down arrow; Escape
 * or a click elsewhere closes it), without antd's Dropdown and Menu: about 25 KiB gzip on every
 * back-office page for three items.
 */
export default function UserMenu({ showBackendLink = false }: { showBackendLink?: boolean }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const userInfo = useAppSelector(selectUserInfo);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  const leaving = useRef<ReturnType<typeof setTimeout>>(undefined);

  const backendLinks = showBackendLink ? [{ key: 'backend', label: '进入后台' }, { key: 'works', label: '我的作品' }] : [];
  // The people who run the service find their console here, on every page that shows the user.
  const consoleLink = userInfo?.operator ? [{ key: 'console', label: '运营后台' }] : [];
  const items = [...backendLinks, ...consoleLink, { key: 'logout', label: '退出登录' }];
  const choose = (key: string) => {
    setOpen(false);
    if (key === 'backend') navigate('/backend');
    if (key === 'works') navigate('/backend/works');
    if (key === 'console') navigate('/admin');
    // The auth saga clears the login; a public page stays, any other goes to the login page, coming back here afterwards.
    if (key === 'logout') dispatch(logoutRequested({ redirect: `${location.pathname}${location.search}` }));
  };

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  useEffect(() => () => clearTimeout(leaving.current), []);

  const focusItem = (index: number) => focusMenuItem(root.current, index);
  const onTriggerKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      // The items exist after this render.
      setTimeout(() => focusItem(0));
    }
  };
  const onItemKey = (event: KeyboardEvent, index: number, key: string) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(index + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(key);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      setOpen(false);
      if (event.key === 'Escape') trigger.current?.focus();
    }
  };

  return (
    <span
      ref={root}
      className="wpg-user-menu"
      onMouseEnter={() => {
        clearTimeout(leaving.current);
        setOpen(true);
      }}
      onMouseLeave={() => {
        leaving.current = setTimeout(() => setOpen(false), LEAVE_DELAY_MS);
      }}
    >
      <a
        ref={trigger}
        role="button"
        tabIndex={0}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        onKeyDown={onTriggerKey}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
      >
        <UserOutlined />
        <span className="wpg-user-name" data-testid="user-name">
          {displayName(userInfo)}
        </span>
        <DownOutlined style={{ fontSize: 10 }} />
      </a>
      {open ? (
        <ul role="menu" className="wpg-user-menu-popup">
          {items.map(({ key, label }, index) => (
            <li key={key} role="menuitem" tabIndex={-1} onClick={() => choose(key)} onKeyDown={(event) => onItemKey(event, index, key)}>
              {label}
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}
