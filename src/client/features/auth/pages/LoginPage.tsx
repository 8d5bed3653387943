import { Tabs } from 'antd';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { usePhoneLayout } from '../../layout/usePhoneLayout';
import { AccountLoginForm } from '../components/AccountLoginForm';
import { CaptchaDialog } from '../components/CaptchaDialog';
import { QrLoginPanel } from '../components/QrLoginPanel';
import { loginTabOf, qrTabLabel } from '../loginTab';
import { wechatOneClickOffered } from '../wechatBrowser';
import { wechatWebLoginReturned } from '../wechatWebLoginSaga';

/**
 * Spec screen 1: the `handleType` query picks the tab (QR by default, the account form on a phone:
 * loginTabOf); `redirect` is where to go after.
 */
export default function LoginPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const phone = usePhoneLayout();
  const oneClick = useMemo(() => wechatOneClickOffered(), []);
  const tab = loginTabOf(searchParams.get('handleType'), phone, oneClick);
  const redirect = searchParams.get('redirect') ?? undefined;
  const wxLogin = searchParams.get('wxLogin') === '1';

  // Back from 微信一键登录: the server holds the proven login for this browser; take it once.
  useEffect(() => {
    if (!wxLogin) return;
    const next = new URLSearchParams(searchParams);
    next.delete('wxLogin');
    setSearchParams(next, { replace: true });
    dispatch(wechatWebLoginReturned({ redirect }));
  }, [wxLogin, searchParams, setSearchParams, dispatch, redirect]);

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
          {
            key: 'qrcode',
            label: qrTabLabel(oneClick),
            children: <QrLoginPanel place="loginPage" redirect={redirect} wechatOneClick={oneClick} onUsePhone={() => switchTab('account')} />,
          },
        ]}
      />
      <CaptchaDialog />
    </>
  );
}
