import { Button, Layout } from 'antd';
import { lazy, Suspense, type CSSProperties } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { selectIsLoggedIn } from '../../auth/authSlice';
import FeedbackGroup from './FeedbackGroup';
import SiteBrand from './SiteBrand';

/** The header's main links (spec section 1): the three generators and the video tutorial. */
export const publicNavLinks: readonly { label: string; to: string }[] = [
  { label: '建站', to: '/' },
  { label: '游戏LOGO', to: '/logo/selectPage?module=tl' },
  { label: '整屏动画', to: '/banner/selectPage?module=fsa' },
  { label: '视频教程', to: '/videoTutorial?type=1' },
];

// Only logged-in users see the dropdown (antd Dropdown + Menu): visitors do not download it.
const UserMenu = lazy(() => import(/* webpackChunkName: "user-menu" */ './UserMenu'));

const linkStyle = ({ isActive }: { isActive: boolean }): CSSProperties => ({
  color: isActive ? '#1677ff' : 'rgba(0, 0, 0, 0.88)',
  fontWeight: isActive ? 600 : 400,
});

export default function PublicHeader() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const navigate = useNavigate();
  return (
    <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 32, background: '#fff', boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)', padding: '0 24px' }}>
      <SiteBrand />
      <nav aria-label="主导航" style={{ display: 'flex', gap: 24, flex: 1, alignItems: 'center' }}>
        {publicNavLinks.map((link) => (
          <NavLink key={link.to} to={link.to} end style={linkStyle}>
            {link.label}
          </NavLink>
        ))}
        <FeedbackGroup />
      </nav>
      {loggedIn ? (
        <Suspense fallback={null}>
          <UserMenu showBackendLink />
        </Suspense>
      ) : (
        <div style={{ display: 'flex', gap: 8 }}>
          <Button type="primary" onClick={() => navigate('/auth/login')}>
            登录
          </Button>
          <Button onClick={() => navigate('/auth/register')}>注册</Button>
        </div>
      )}
    </Layout.Header>
  );
}
