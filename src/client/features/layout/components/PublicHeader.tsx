import { MenuOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { loginPath } from '../../../app/access';
import { useAppSelector } from '../../../app/hooks';
import LightButton from '../../../components/LightButton';
import { selectIsLoggedIn } from '../../auth/authSlice';
import { withRedirect } from '../../auth/redirect';
import FeedbackGroup from './FeedbackGroup';
import { activeNavOf, navLinkStyle, publicNavLinks } from './publicNav';
import SiteBrand from './SiteBrand';

// Only logged-in users see the dropdown (antd Dropdown + Menu): visitors do not download it.
const UserMenu = lazy(() => import(/* webpackChunkName: "user-menu" */ './UserMenu'));
// The narrow screens' menu (antd Drawer): fetched when the menu button is first pressed, or pointed at.
const loadMenuDrawer = () => import(/* webpackChunkName: "header-menu" */ './HeaderMenuDrawer');
const HeaderMenuDrawer = lazy(loadMenuDrawer);

/**
 * The public header: the brand, the generators' links with the feedback group, and login or the
 * user's menu. Below 992 px (publicLayout.css) the links and the group move into a drawer behind a
 * menu button, so that a phone shows the brand, the login entry and the button on one line.
 */
export default function PublicHeader() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const navigate = useNavigate();
  const location = useLocation();
  const active = activeNavOf(location.pathname, location.search);
  // Logging in or registering from here comes back to this page.
  const here = `${location.pathname}${location.search}`;
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  // Any navigation (a link, the back button) closes the menu.
  const [menuLocation, setMenuLocation] = useState(location.key);
  if (menuLocation !== location.key) {
    setMenuLocation(location.key);
    setMenuOpen(false);
  }

  return (
    <header className="wpg-public-header">
      <SiteBrand />
      <nav aria-label="主导航" className="wpg-public-nav">
        {publicNavLinks.map((link) => (
          <Link key={link.key} to={link.to} aria-current={link.key === active ? 'page' : undefined} style={navLinkStyle(link.key === active)}>
            {link.label}
          </Link>
        ))}
        <FeedbackGroup />
      </nav>
      <div className="wpg-public-account">
        {loggedIn ? (
          <Suspense fallback={null}>
            <UserMenu showBackendLink />
          </Suspense>
        ) : (
          <>
            <LightButton variant="primary" onClick={() => navigate(loginPath(here))}>
              登录
            </LightButton>
            <LightButton onClick={() => navigate(withRedirect('/auth/register', here))}>注册</LightButton>
          </>
        )}
      </div>
      <LightButton
        variant="text"
        className="wpg-public-menu-button"
        icon={<MenuOutlined />}
        aria-label="菜单"
        aria-expanded={menuOpen}
        onPointerEnter={() => void loadMenuDrawer()}
        onClick={() => {
          setMenuWanted(true);
          setMenuOpen(true);
        }}
      />
      {menuWanted ? (
        <Suspense fallback={null}>
          <HeaderMenuDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
