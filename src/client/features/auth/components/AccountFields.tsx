import { Flex, Form, Input } from 'antd';
import type { SmsPurpose } from '../../../../contract/auth';
import { Limits } from '../../../../contract/limits';
import { checkPhone, checkSmsCode } from '../../../../contract/validation';
import { newPasswordRule, ruleOf, sameAs, withEmptyMessage } from '../../../components/formRules';
import type { SmsFormId } from '../auth.types';
import { SmsCodeButton } from './SmsCodeButton';

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
      <Form.Item label="手机号" name="mobile" required rules={[ruleOf(phoneCheck)]}>
        <Input placeholder="请输入手机号" maxLength={11} inputMode="numeric" autoComplete="tel" readOnly={phoneReadOnly} />
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <Flex gap={8}>
          <Form.Item name="verifyCode" noStyle rules={[ruleOf(checkSmsCode)]}>
            <Input placeholder="请输入验证码" maxLength={Limits.smsCodeLength} inputMode="numeric" autoComplete="one-time-code" aria-label="短信验证码" />
          </Form.Item>
          <SmsCodeButton form={smsForm} purpose={purpose} />
        </Flex>
      </Form.Item>
      <Form.Item label={passwordLabel} name="password" required dependencies={['mobile']} rules={[newPasswordRule('mobile', emptyMessage)]}>
        <Input.Password placeholder="请输入密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="确认密码" name="confirm" required dependencies={['password']} rules={[sameAs('password')]}>
        <Input.Password placeholder="请再次输入密码" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
