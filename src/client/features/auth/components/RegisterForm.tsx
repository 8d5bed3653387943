import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { Messages } from '../../../../contract/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { registerRequested, selectRegisterStatus } from '../accountFormsSlice';
import type { LoginPlace } from '../auth.types';
import { AccountFields, type AccountFieldValues } from './AccountFields';

interface RegisterFormProps {
  place: LoginPlace;
  /** Where the register page goes once the new account is logged in. */
  redirect?: string;
  invite?: string | null;
  /** 去登录: a link to the login page, or the dialog's own login pane. */
  loginLink: ReactNode;
}

/** Spec screen 2's form, on the register page and in the login dialog. */
export function RegisterForm({ place, redirect, invite, loginLink }: RegisterFormProps) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectRegisterStatus);

  const submit = ({ mobile, password, verifyCode }: AccountFieldValues) => {
    dispatch(registerRequested({ mobile, password, verifyCode, ...(invite ? { invite } : {}), place, ...(redirect ? { redirect } : {}) }));
  };

  return (
    <Form<AccountFieldValues> name="register" layout="vertical" onFinish={submit}>
      <AccountFields smsForm="register" purpose="register" emptyMessage={Messages.accountPasswordRequired} />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={status === 'loading'}>
          注册
        </Button>
      </Form.Item>
      <div>已有账号？{loginLink}</div>
    </Form>
  );
}
