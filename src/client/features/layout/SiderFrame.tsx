import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { lazy, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import MountOnce from '../../components/MountOnce';
import SiderMenu, { type SiderMenuItem } from './components/SiderMenu';
import SiteBrand from './components/SiteBrand';
import UserMenu from './components/UserMenu';
import { usePhoneLayout } from './usePhoneLayout';
import './backendLayout.css';

// The Drawer is a phone's, opened from the menu button: a desktop never fetches it.
const SiderMenuDrawer = lazy(() => import(/* webpackChunkName: "sider-menu-drawer" */ './components/SiderMenuDrawer'));

export interface SiderFrameProps {
  menuItems: readonly SiderMenuItem[];
  selectedKey: string | undefined;
  onSelect(key: string): void;
  /** The header's links; `close` shuts the phone's drawer they also show in. */
  links(close: () => void): ReactNode;
  children: ReactNode;
}

/**
 * The frame of the back office and the operator console: the brand, links and user menu on top, a
 * menu on the side. On phones (below 768 px) the menu and the links move into a drawer behind a
 * menu button, and the content gets the whole width.
 */
export default function SiderFrame({ menuItems, selectedKey, onSelect, links, children }: SiderFrameProps) {
  const location = useLocation();
  const phone = usePhoneLayout();
  const [menuOpen, setMenuOpen] = useState(false);
  // Any navigation (a menu item, a link, the back button) closes the drawer.
  const [menuLocation, setMenuLocation] = useState(location.key);
  if (menuLocation !== location.key) {
    setMenuLocation(location.key);
    setMenuOpen(false);
  }
  const close = () => setMenuOpen(false);

  // The sider's full height; in the drawer, only as tall as its items, with the links below.
  const sideMenu = <SiderMenu items={menuItems} selectedKey={selectedKey} onSelect={onSelect} fill={!phone} />;

  return (
    <Layout className={phone ? 'wpg-backend wpg-backend--phone' : 'wpg-backend'}>
      <Layout.Header className="wpg-backend-header">
        {phone ? <Button type="text" icon={<MenuOutlined />} aria-label="菜单" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)} /> : null}
        <SiteBrand />
        {phone ? <span className="wpg-backend-spacer" /> : links(close)}
        <UserMenu />
      </Layout.Header>
      <Layout>
        {phone ? null : (
          <Layout.Sider width={200} theme="light">
            {sideMenu}
          </Layout.Sider>
        )}
        <Layout.Content className="wpg-backend-content">{children}</Layout.Content>
      </Layout>
      {phone ? (
        <MountOnce wanted={menuOpen}>
          <SiderMenuDrawer open={menuOpen} onClose={close}>
            {sideMenu}
            {links(close)}
          </SiderMenuDrawer>
        </MountOnce>
      ) : null}
    </Layout>
  );
}
