import { Alert, Modal, Tabs } from 'antd';
import { Messages } from '../../../../contract/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { loginDialogClosed, selectLoginDialogOpen } from '../loginDialogSlice';
import { AccountLoginForm } from './AccountLoginForm';
import { QrLoginPanel } from './QrLoginPanel';

/**
 * The login dialog, mounted once at the app root. Generation flows open it with `loginDialog/opened`
 * and wait for `auth/loggedIn` (it then closes itself) or `loginDialog/closed`. Only QR login works
 * here; the account pane says so (spec section 6).
 */
export default function LoginDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectLoginDialogOpen);

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
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
