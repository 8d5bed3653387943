import { Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { CaptchaDialog } from '../components/CaptchaDialog';
import { RegisterForm } from '../components/RegisterForm';
import { ACCOUNT_LOGIN_PATH, withRedirect } from '../redirect';

/** Spec screen 2. An `invite` query is sent along with the registration; `redirect` is where to go after. */
export default function RegisterPage() {
  const [searchParams] = useSearchParams();
  const invite = searchParams.get('invite');
  const redirect = searchParams.get('redirect') ?? undefined;

  return (
    <>
      <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 0 }}>
        注册
      </Typography.Title>
      <RegisterForm place="loginPage" redirect={redirect} invite={invite} loginLink={<Link to={withRedirect(ACCOUNT_LOGIN_PATH, redirect)}>去登录</Link>} />
      <CaptchaDialog />
    </>
  );
}
