import { AppstoreAddOutlined, PictureOutlined, UnorderedListOutlined, UserOutlined } from '@ant-design/icons';
import { lazy, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import MountOnce from '../../components/MountOnce';
import { backendMenuItems, backendMenuTarget, selectedBackendKey } from './backendMenu';
import SiderFrame from './SiderFrame';
import type { SiderMenuItem } from './components/SiderMenu';

// 关于我们 and its Modal load when first asked for, not with every back-office page.
const AboutModal = lazy(() => import(/* webpackChunkName: "about-dialog" */ './components/AboutModal'));

const icons: Record<string, ReactNode> = {
  '/backend/siteList': <UnorderedListOutlined />,
  '/backend/works': <PictureOutlined />,
  '/createWeb': <AppstoreAddOutlined />,
  '/backend/personal': <UserOutlined />,
};

const menuItems: SiderMenuItem[] = backendMenuItems.map(({ key, label }) => ({ key, label, icon: icons[key] }));

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
 * The back office (spec screen 4): top links, the logout dropdown, and the three-item sider (in a
 * drawer on phones).
 */
export default function BackendLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const [aboutOpen, setAboutOpen] = useState(false);
  return (
    <>
      <SiderFrame
        menuItems={menuItems}
        selectedKey={selectedBackendKey(location.pathname, location.search)}
        onSelect={(key) => navigate(backendMenuTarget(key))}
        links={(close) => (
          <TopLinks
            label="后台导航"
            onFollow={close}
            onAbout={() => {
              close();
              setAboutOpen(true);
            }}
          />
        )}
      >
        <Outlet />
      </SiderFrame>
      <MountOnce wanted={aboutOpen}>
        <AboutModal open={aboutOpen} onClose={() => setAboutOpen(false)} />
      </MountOnce>
    </>
  );
}
