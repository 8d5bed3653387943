import { LockOutlined, MessageOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Flex, Form, Input, Segmented } from 'antd';
import { Link } from 'react-router-dom';
import { Limits } from '../../../../contract/limits';
import { Messages } from '../../../../contract/messages';
import { checkPassword, checkPhone, checkSmsCode } from '../../../../contract/validation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ruleOf } from '../../../components/formRules';
import type { LoginMode, LoginPlace } from '../auth.types';
import {
  loginModeSwitched,
  loginRequested,
  selectLoginMode,
  selectLoginStatus,
  selectPasswordLockNotice,
  selectSavedUsername,
  smsLoginRequested,
} from '../authSlice';
import { withRedirect } from '../redirect';
import { SmsCodeButton } from './SmsCodeButton';
import './auth.css';

interface AccountLoginValues {
  username: string;
  password: string;
  verifyCode: string;
  remember: boolean;
}

interface AccountLoginFormProps {
  /** Where to go after logging in (the login page's query); the dialog's is its own page, for 忘记密码. */
  redirect?: string;
  place?: LoginPlace;
  /** The dialog's 注册 opens its own register form, which keeps the page (and the generation) behind it. */
  onRegister?: () => void;
}

const modeOptions: { value: LoginMode; label: string }[] = [
  { value: 'password', label: Messages.passwordLoginSwitch },
  { value: 'sms', label: Messages.smsLoginSwitch },
];

/**
 * Phone and password login, with 记住我 and the links to forget and register (spec screen 1), or
 * phone and SMS code: the way in while the phone's password logins are locked. Both modes share
 * the phone field, so switching (by hand or on answer 423) keeps what was typed.
 */
export function AccountLoginForm({ redirect, place = 'loginPage', onRegister }: AccountLoginFormProps) {
  const dispatch = useAppDispatch();
  const savedUsername = useAppSelector(selectSavedUsername);
  const status = useAppSelector(selectLoginStatus);
  const mode = useAppSelector(selectLoginMode);
  const lockNotice = useAppSelector(selectPasswordLockNotice);

  const submit = ({ username, password, verifyCode, remember }: AccountLoginValues) => {
    if (mode === 'sms') dispatch(smsLoginRequested({ mobile: username, verifyCode, remember, redirect, place }));
    else dispatch(loginRequested({ username, password, remember, redirect, place }));
  };

  return (
    <Form<AccountLoginValues>
      name="accountLogin"
      initialValues={{ username: savedUsername, remember: true }}
      onFinish={submit}
      size="large"
    >
      <Form.Item>
        <Segmented<LoginMode> block options={modeOptions} value={mode} onChange={(next) => dispatch(loginModeSwitched(next))} />
      </Form.Item>
      {mode === 'sms' && lockNotice && <Alert type="warning" showIcon title={lockNotice} style={{ marginBottom: 24 }} />}
      <Form.Item name="username" required rules={[ruleOf(checkPhone)]}>
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" maxLength={11} inputMode="numeric" autoComplete="username" aria-label="手机号" />
      </Form.Item>
      {mode === 'password' ? (
        <Form.Item name="password" required rules={[ruleOf(checkPassword)]}>
          <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" aria-label="密码" />
        </Form.Item>
      ) : (
        <Form.Item required>
          <Flex gap={8}>
            <Form.Item name="verifyCode" noStyle rules={[ruleOf(checkSmsCode)]}>
              <Input
                prefix={<MessageOutlined />}
                placeholder="请输入验证码"
                maxLength={Limits.smsCodeLength}
                inputMode="numeric"
                autoComplete="one-time-code"
                aria-label="短信验证码"
              />
            </Form.Item>
            <SmsCodeButton form="login" purpose="login" phoneField="username" />
          </Flex>
        </Form.Item>
      )}
      <Form.Item>
        <div className="auth-links">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>记住我</Checkbox>
          </Form.Item>
          {mode === 'password' && <Link to={withRedirect('/auth/forget', redirect)}>忘记密码</Link>}
        </div>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={status === 'loading'}>
          登录
        </Button>
      </Form.Item>
      <div>
        还没有账号？
        {onRegister ? (
          <Button type="link" onClick={onRegister} style={{ padding: 0, height: 'auto' }}>
            注册
          </Button>
        ) : (
          <Link to={withRedirect('/auth/register', redirect)}>注册</Link>
        )}
      </div>
    </Form>
  );
}
