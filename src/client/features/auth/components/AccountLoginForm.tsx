import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input } from 'antd';
import { Link } from 'react-router-dom';
import { checkPassword, checkPhone } from '../../../../contract/validation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ruleOf } from '../../../components/formRules';
import { loginRequested, selectLoginStatus, selectSavedUsername } from '../authSlice';
import './auth.css';

interface AccountLoginValues {
  username: string;
  password: string;
  remember: boolean;
}

interface AccountLoginFormProps {
  redirect?: string;
  /** The login dialog shows the form but only allows QR login (spec section 6). */
  disabled?: boolean;
}

/** Phone and password login, with 记住我 and the links to forget and register (spec screen 1). */
export function AccountLoginForm({ redirect, disabled = false }: AccountLoginFormProps) {
  const dispatch = useAppDispatch();
  const savedUsername = useAppSelector(selectSavedUsername);
  const status = useAppSelector(selectLoginStatus);

  const submit = (values: AccountLoginValues) => {
    dispatch(loginRequested({ username: values.username, password: values.password, remember: values.remember, redirect }));
  };

  return (
    <Form<AccountLoginValues>
      name="accountLogin"
      initialValues={{ username: savedUsername, remember: true }}
      onFinish={submit}
      disabled={disabled}
      size="large"
    >
      <Form.Item name="username" required rules={[ruleOf(checkPhone)]}>
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" maxLength={11} inputMode="numeric" autoComplete="username" aria-label="手机号" />
      </Form.Item>
      <Form.Item name="password" required rules={[ruleOf(checkPassword)]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" aria-label="密码" />
      </Form.Item>
      <Form.Item>
        <div className="auth-links">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>记住我</Checkbox>
          </Form.Item>
          {!disabled && <Link to="/auth/forget">忘记密码</Link>}
        </div>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={status === 'loading'}>
          登录
        </Button>
      </Form.Item>
      {!disabled && (
        <div>
          还没有账号？<Link to="/auth/register">注册</Link>
        </div>
      )}
    </Form>
  );
}
