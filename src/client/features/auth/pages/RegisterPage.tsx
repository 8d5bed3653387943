import { Button, Form, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { Messages } from '../../../../contract/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { registerRequested, selectRegisterStatus } from '../accountFormsSlice';
import { AccountFields, type AccountFieldValues } from '../components/AccountFields';
import { CaptchaDialog } from '../components/CaptchaDialog';
import { ACCOUNT_LOGIN_PATH } from '../redirect';

/** Spec screen 2. An `invite` query is sent along with the registration. */
export default function RegisterPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectRegisterStatus);
  const [searchParams] = useSearchParams();
  const invite = searchParams.get('invite');

  const submit = ({ mobile, password, verifyCode }: AccountFieldValues) => {
    dispatch(registerRequested(invite ? { mobile, password, verifyCode, invite } : { mobile, password, verifyCode }));
  };

  return (
    <>
      <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 0 }}>
        注册
      </Typography.Title>
      <Form<AccountFieldValues> name="register" layout="vertical" onFinish={submit}>
        <AccountFields smsForm="register" purpose="register" emptyMessage={Messages.accountPasswordRequired} />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={status === 'loading'}>
            注册
          </Button>
        </Form.Item>
        <div>
          已有账号？<Link to={ACCOUNT_LOGIN_PATH}>去登录</Link>
        </div>
      </Form>
      <CaptchaDialog />
    </>
  );
}
