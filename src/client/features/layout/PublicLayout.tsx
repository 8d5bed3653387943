import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import PublicHeader from './components/PublicHeader';
import PublicFooter from './components/PublicFooter';

/** The layout of the public pages: header with the generators and login, footer with the site config. */
export default function PublicLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <PublicHeader />
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
      <PublicFooter />
    </Layout>
  );
}
