import { Button, Form, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { Messages } from '../../../../contract/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { passwordResetRequested, selectPasswordResetStatus } from '../accountFormsSlice';
import { AccountFields, type AccountFieldValues } from '../components/AccountFields';
import { CaptchaDialog } from '../components/CaptchaDialog';
import { ACCOUNT_LOGIN_PATH, withRedirect } from '../redirect';

/** Spec screen 3: a new password, proved by an SMS code to the account's phone; `redirect` travels on to the login. */
export default function ForgetPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectPasswordResetStatus);
  const redirect = useSearchParams()[0].get('redirect') ?? undefined;

  const submit = ({ mobile, password, verifyCode }: AccountFieldValues) => {
    dispatch(passwordResetRequested({ mobile, password, verifyCode, ...(redirect ? { redirect } : {}) }));
  };

  return (
    <>
      <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 0 }}>
        忘记密码
      </Typography.Title>
      <Form<AccountFieldValues> name="forget" layout="vertical" onFinish={submit}>
        <AccountFields smsForm="forget" purpose="resetPassword" emptyMessage={Messages.accountPasswordRequired} />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={status === 'loading'}>
            修改密码
          </Button>
        </Form.Item>
        <div>
          想起密码了？<Link to={withRedirect(ACCOUNT_LOGIN_PATH, redirect)}>去登录</Link>
        </div>
      </Form>
      <CaptchaDialog />
    </>
  );
}
