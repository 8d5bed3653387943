import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { usePhoneLayout } from '../../layout/usePhoneLayout';
import { AccountLoginForm } from '../components/AccountLoginForm';
import { CaptchaDialog } from '../components/CaptchaDialog';
import { QrLoginPanel } from '../components/QrLoginPanel';
import { loginTabOf } from '../loginTab';

/**
 * Spec screen 1: the `handleType` query picks the tab (QR by default, the account form on a phone:
 * loginTabOf); `redirect` is where to go after.
 */
export default function LoginPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const phone = usePhoneLayout();
  const tab = loginTabOf(searchParams.get('handleType'), phone);
  const redirect = searchParams.get('redirect') ?? undefined;

  const switchTab = (key: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('handleType', key);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={switchTab}
        centered
        // The hidden pane unmounts: leaving the QR tab stops its polling.
        destroyOnHidden
        items={[
          { key: 'account', label: '账号登录', children: <AccountLoginForm redirect={redirect} /> },
          { key: 'qrcode', label: '扫码登录', children: <QrLoginPanel place="loginPage" redirect={redirect} /> },
        ]}
      />
      <CaptchaDialog />
    </>
  );
}
