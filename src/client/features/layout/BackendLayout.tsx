import { AppstoreAddOutlined, MenuOutlined, UnorderedListOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, Menu, type MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import AboutModal from './components/AboutModal';
import SiteBrand from './components/SiteBrand';
import UserMenu from './components/UserMenu';
import { backendMenuItems, backendMenuTarget, selectedBackendKey } from './backendMenu';
import { usePhoneLayout } from './usePhoneLayout';
import './backendLayout.css';

const icons: Record<string, ReactNode> = {
  '/backend/siteList': <UnorderedListOutlined />,
  '/createWeb': <AppstoreAddOutlined />,
  '/backend/personal': <UserOutlined />,
};

const menuItems: MenuProps['items'] = backendMenuItems.map(({ key, label }) => ({ key, label, icon: icons[key] }));

/** The top links: home, personal centre, and 关于我们 (a dialog, not a page). */
function TopLinks({ label, onAbout, onFollow }: { label: string; onAbout(): void; onFollow?(): void }) {
  return (
    <nav aria-label={label} className="wpg-backend-links">
      <Link to="/" onClick={onFollow}>
        首页
      </Link>
      <Link to="/backend/personal" onClick={onFollow}>
        个人中心
      </Link>
      <a
        href="#about"
        onClick={(event) => {
          event.preventDefault();
          onAbout();
        }}
      >
        关于我们
      </a>
    </nav>
  );
}

/**
 * The back office (spec screen 4): top links, the logout dropdown, and the three-item sider. On
 * phones (below 768 px) the sider and the top links move into a drawer behind a menu button, and
 * the content gets the whole width.
 */
export default function BackendLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const phone = usePhoneLayout();
  const [aboutOpen, setAboutOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // Any navigation (a menu item, a link, the back button) closes the drawer.
  const [menuLocation, setMenuLocation] = useState(location.key);
  if (menuLocation !== location.key) {
    setMenuLocation(location.key);
    setMenuOpen(false);
  }
  const selected = selectedBackendKey(location.pathname);

  const sideMenu = (
    <Menu
      mode="inline"
      items={menuItems}
      selectedKeys={selected ? [selected] : []}
      onClick={({ key }) => navigate(backendMenuTarget(key))}
      // The sider's full height; in the drawer, only as tall as its items, with the links below.
      style={phone ? { borderInlineEnd: 0 } : { height: '100%', borderInlineEnd: 0 }}
    />
  );
  const openAbout = () => {
    setMenuOpen(false);
    setAboutOpen(true);
  };

  return (
    <Layout className={phone ? 'wpg-backend wpg-backend--phone' : 'wpg-backend'}>
      <Layout.Header className="wpg-backend-header">
        {phone ? <Button type="text" icon={<MenuOutlined />} aria-label="菜单" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)} /> : null}
        <SiteBrand />
        {phone ? <span className="wpg-backend-spacer" /> : <TopLinks label="后台导航" onAbout={openAbout} />}
        <UserMenu />
      </Layout.Header>
      <Layout>
        {phone ? null : (
          <Layout.Sider width={200} theme="light">
            {sideMenu}
          </Layout.Sider>
        )}
        <Layout.Content className="wpg-backend-content">
          <Outlet />
        </Layout.Content>
      </Layout>
      {phone ? (
        <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} placement="left" size={240} title="菜单" styles={{ body: { padding: 0 } }}>
          {sideMenu}
          <TopLinks label="后台导航" onAbout={openAbout} onFollow={() => setMenuOpen(false)} />
        </Drawer>
      ) : null}
      <AboutModal open={aboutOpen} onClose={() => setAboutOpen(false)} />
    </Layout>
  );
}
