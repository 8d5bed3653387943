import { Button, Modal, Tabs } from 'antd';
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePhoneLayout } from '../../layout/usePhoneLayout';
import type { LoginDialogView } from '../auth.types';
import { loginDialogClosed, loginDialogViewChanged, selectLoginDialogOpen, selectLoginDialogView } from '../loginDialogSlice';
import { loginTabOf, qrTabLabel } from '../loginTab';
import { wechatOneClickOffered } from '../wechatBrowser';
import { AccountLoginForm } from './AccountLoginForm';
import { CaptchaDialog } from './CaptchaDialog';
import { QrLoginPanel } from './QrLoginPanel';
import { RegisterForm } from './RegisterForm';

/**
 * The login dialog, mounted once at the app root. Generation flows open it with `loginDialog/opened`
 * and wait for `auth/loggedIn` (it then closes itself) or `loginDialog/closed`. QR, password and
 * SMS-code login, and registering, all happen here: the page behind it, its form as typed, stays,
 * and the generation it was opened for carries on once logged in.
 */
export default function LoginDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectLoginDialogOpen);
  const chosen = useAppSelector(selectLoginDialogView);
  const phone = usePhoneLayout();
  const { pathname, search } = useLocation();
  const oneClick = useMemo(() => wechatOneClickOffered(), []);
  const view = chosen ?? loginTabOf(null, phone, oneClick);
  const show = (next: LoginDialogView) => dispatch(loginDialogViewChanged(next));

  return (
    <Modal
      open={open}
      title={view === 'register' ? '注册' : '登录'}
      footer={null}
      onCancel={() => dispatch(loginDialogClosed())}
      // Closing unmounts the QR pane, which stops its polling.
      destroyOnHidden
      centered
      width={400}
    >
      {view === 'register' ? (
        <RegisterForm
          place="loginDialog"
          loginLink={
            <Button type="link" onClick={() => show('account')} style={{ padding: 0, height: 'auto' }}>
              去登录
            </Button>
          }
        />
      ) : (
        <Tabs
          activeKey={view}
          onChange={(key) => show(key === 'account' ? 'account' : 'qrcode')}
          centered
          destroyOnHidden
          items={[
            {
              key: 'qrcode',
              label: qrTabLabel(oneClick),
              // 微信一键登录 leaves the page: it comes back to this one, logged in.
              children: <QrLoginPanel place="loginDialog" redirect={`${pathname}${search}`} wechatOneClick={oneClick} onUsePhone={() => show('account')} />,
            },
            {
              key: 'account',
              label: '账号登录',
              // 忘记密码 leaves for its page, which comes back here through the login.
              children: <AccountLoginForm place="loginDialog" redirect={`${pathname}${search}`} onRegister={() => show('register')} />,
            },
          ]}
        />
      )}
      {open && <CaptchaDialog />}
    </Modal>
  );
}
