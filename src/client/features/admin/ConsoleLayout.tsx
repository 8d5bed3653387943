import { AuditOutlined, DashboardOutlined, SafetyCertificateOutlined, SettingOutlined, TeamOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Messages } from '../../../contract/messages';
import { useAppSelector } from '../../app/hooks';
import { selectUserInfo } from '../auth/authSlice';
import LazyResult from '../../components/LazyResult';
import SiderFrame from '../layout/SiderFrame';
import { consolePageOf, consolePages } from './consolePages';
import type { SiderMenuItem } from '../layout/components/SiderMenu';

const icons: Record<string, ReactNode> = {
  overview: <DashboardOutlined />,
  queue: <UnorderedListOutlined />,
  users: <TeamOutlined />,
  moderation: <SafetyCertificateOutlined />,
  settings: <SettingOutlined />,
  log: <AuditOutlined />,
};

const menuItems: SiderMenuItem[] = consolePages.map(({ path, title }) => ({ key: path, label: title, icon: icons[path] }));

function Links({ close }: { close(): void }) {
  return (
    <nav aria-label="运营后台导航" className="wpg-backend-links">
      <strong>运营后台</strong>
      <Link to="/backend" onClick={close}>
        返回我的后台
      </Link>
    </nav>
  );
}

/**
 * The operator console (运营后台, /user/admin): its own menu in the back office's frame. Someone
 * who is not an operator sees only a refusal; the server refuses their calls as well (HTTP 403).
 */
export default function ConsoleLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const userInfo = useAppSelector(selectUserInfo);
  if (!userInfo?.operator) {
    return <LazyResult status="403" title="403" subTitle={Messages.operatorOnly} extra={<Link to="/backend">返回我的后台</Link>} />;
  }
  return (
    <SiderFrame menuItems={menuItems} selectedKey={consolePageOf(location.pathname)?.path} onSelect={(key) => navigate(`/admin/${key}`)} links={(close) => <Links close={close} />}>
      <Outlet />
    </SiderFrame>
  );
}
