import { AppstoreAddOutlined, UnorderedListOutlined, UserOutlined } from '@ant-design/icons';
import { Layout, Menu, type MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import AboutModal from './components/AboutModal';
import SiteBrand from './components/SiteBrand';
import UserMenu from './components/UserMenu';
import { backendMenuItems, selectedBackendKey } from './backendMenu';

const icons: Record<string, ReactNode> = {
  '/backend/siteList': <UnorderedListOutlined />,
  '/createWeb': <AppstoreAddOutlined />,
  '/backend/personal': <UserOutlined />,
};

const menuItems: MenuProps['items'] = backendMenuItems.map((item) => ({ ...item, icon: icons[item.key] }));

/** The back office (spec screen 4): top links, the logout dropdown, and the three-item sider. */
export default function BackendLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [aboutOpen, setAboutOpen] = useState(false);
  const selected = selectedBackendKey(pathname);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24, background: '#fff', boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)', padding: '0 24px' }}>
        <SiteBrand />
        <nav aria-label="后台导航" style={{ display: 'flex', gap: 24, flex: 1 }}>
          <Link to="/">首页</Link>
          <Link to="/backend/personal">个人中心</Link>
          <a
            href="#about"
            onClick={(event) => {
              event.preventDefault();
              setAboutOpen(true);
            }}
          >
            关于我们
          </a>
        </nav>
        <UserMenu />
      </Layout.Header>
      <Layout>
        <Layout.Sider width={200} theme="light" breakpoint="lg" collapsedWidth={0}>
          <Menu mode="inline" items={menuItems} selectedKeys={selected ? [selected] : []} onClick={({ key }) => navigate(key)} style={{ height: '100%', borderInlineEnd: 0 }} />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <AboutModal open={aboutOpen} onClose={() => setAboutOpen(false)} />
    </Layout>
  );
}
