import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { logoutRequested, selectUserInfo } from '../../auth/authSlice';

/** What a logged-in user is called: the name, else the phone, else a generic word. */
export function displayName(userInfo: { name?: string; mobile?: string } | null): string {
  return userInfo?.name || userInfo?.mobile || '用户';
}

/** The user's name with a dropdown: 进入后台 and 我的作品 (optional), 运营后台 (operators) and 退出登录. */
export default function UserMenu({ showBackendLink = false }: { showBackendLink?: boolean }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const userInfo = useAppSelector(selectUserInfo);

  const backendLinks = showBackendLink ? [{ key: 'backend', label: '进入后台' }, { key: 'works', label: '我的作品' }] : [];
  // The people who run the service find their console here, on every page that shows the user.
  const consoleLink = userInfo?.operator ? [{ key: 'console', label: '运营后台' }] : [];
  const items: MenuProps['items'] = [...backendLinks, ...consoleLink, { key: 'logout', label: '退出登录' }];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'backend') navigate('/backend');
    if (key === 'works') navigate('/backend/works');
    if (key === 'console') navigate('/admin');
    // The auth saga clears the login; a public page stays, any other goes to the login page, coming back here afterwards.
    if (key === 'logout') dispatch(logoutRequested({ redirect: `${location.pathname}${location.search}` }));
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['hover', 'click']}>
      <a role="button" tabIndex={0} onClick={(event) => event.preventDefault()} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <UserOutlined />
        <span className="wpg-user-name" data-testid="user-name">{displayName(userInfo)}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </a>
    </Dropdown>
  );
}
