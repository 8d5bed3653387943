import { Outlet } from 'react-router-dom';
import PublicHeader from './components/PublicHeader';
import PublicFooter from './components/PublicFooter';
import './publicLayout.css';

/** The layout of the public pages: header with the generators and login, footer with the site config. */
export default function PublicLayout() {
  return (
    <div className="wpg-public">
      <PublicHeader />
      <main className="wpg-public-main">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
