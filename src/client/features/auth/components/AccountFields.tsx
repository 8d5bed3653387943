import { Form, Input } from 'antd';
import type { SmsPurpose } from '../../../../contract/auth';
import { checkPhone } from '../../../../contract/validation';
import { newPasswordRule, sameAs, withEmptyMessage } from '../../../components/formRules';
import type { SmsFormId } from '../auth.types';
import { PhoneCodeFields } from './PhoneCodeFields';

/** The values of a form built from AccountFields. */
export interface AccountFieldValues {
  mobile: string;
  verifyCode: string;
  password: string;
  confirm: string;
}

interface AccountFieldsProps {
  smsForm: SmsFormId;
  purpose: SmsPurpose;
  /** The personal centre shows the bound phone without letting it change. */
  phoneReadOnly?: boolean;
  passwordLabel?: string;
  /** Register and forget say '账号和密码不能为空' for an empty phone or password (spec section 5). */
  emptyMessage?: string;
}

/** Phone, SMS code (with its button), password and confirmation: register, forget and the personal centre. */
export function AccountFields({ smsForm, purpose, phoneReadOnly = false, passwordLabel = '密码', emptyMessage }: AccountFieldsProps) {
  const phoneCheck = emptyMessage ? withEmptyMessage(checkPhone, emptyMessage) : checkPhone;
  return (
    <>
      <PhoneCodeFields smsForm={smsForm} purpose={purpose} phoneReadOnly={phoneReadOnly} phoneCheck={phoneCheck} />
      <Form.Item label={passwordLabel} name="password" required dependencies={['mobile']} rules={[newPasswordRule('mobile', emptyMessage)]}>
        <Input.Password placeholder="请输入密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="确认密码" name="confirm" required dependencies={['password']} rules={[sameAs('password')]}>
        <Input.Password placeholder="请再次输入密码" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
