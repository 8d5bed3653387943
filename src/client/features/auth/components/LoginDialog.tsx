import { Alert, Modal, Tabs } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { Messages } from '../../../../contract/messages';
import { loginPath } from '../../../app/access';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { loginDialogClosed, selectLoginDialogOpen } from '../loginDialogSlice';
import { AccountLoginForm } from './AccountLoginForm';
import { QrLoginPanel } from './QrLoginPanel';

/**
 * The login dialog, mounted once at the app root. Generation flows open it with `loginDialog/opened`
 * and wait for `auth/loggedIn` (it then closes itself) or `loginDialog/closed`. Only QR login works
 * here; the account pane says so (spec section 6), and leads to the login page, which comes back
 * to this page after logging in (the forms are kept in storage, so they are as they were).
 */
export default function LoginDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectLoginDialogOpen);
  const { pathname, search } = useLocation();

  return (
    <Modal
      open={open}
      title="登录"
      footer={null}
      onCancel={() => dispatch(loginDialogClosed())}
      // Closing unmounts the QR pane, which stops its polling.
      destroyOnHidden
      centered
      width={400}
    >
      <Tabs
        defaultActiveKey="qrcode"
        centered
        destroyOnHidden
        items={[
          { key: 'qrcode', label: '扫码登录', children: <QrLoginPanel place="loginDialog" /> },
          {
            key: 'account',
            label: '账号登录',
            children: (
              <>
                <Alert type="info" showIcon title={Messages.loginDialogUseQr} style={{ marginBottom: 16 }} />
                <AccountLoginForm disabled />
                <p style={{ margin: '8px 0 0', textAlign: 'center' }}>
                  <Link to={loginPath(`${pathname}${search}`)} onClick={() => dispatch(loginDialogClosed())}>
                    去登录页用账号密码登录，登录后回到本页
                  </Link>
                </p>
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
