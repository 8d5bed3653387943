import { Card } from 'antd';
import { Outlet } from 'react-router-dom';
import SiteBrand from './components/SiteBrand';

/** Login, register and forgot password: one centred card under the site logo. */
export default function AuthLayout() {
  return (
    // border-box: the padding inside the screen's height, or every auth page scrolls by 48 px for nothing.
    <div style={{ minHeight: '100vh', boxSizing: 'border-box', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', padding: 24, gap: 24 }}>
      <SiteBrand />
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Outlet />
      </Card>
    </div>
  );
}
