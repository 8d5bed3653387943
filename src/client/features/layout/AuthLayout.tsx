import { Card } from 'antd';
import { Outlet } from 'react-router-dom';
import SiteBrand from './components/SiteBrand';

/** Login, register and forgot password: one centred card under the site logo. */
export default function AuthLayout() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', padding: 24, gap: 24 }}>
      <SiteBrand />
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Outlet />
      </Card>
    </div>
  );
}
