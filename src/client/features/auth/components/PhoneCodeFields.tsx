import { Flex, Form, Input } from 'antd';
import type { SmsCodePurpose } from '../../../../contract/auth';
import { Limits } from '../../../../contract/limits';
import { checkPhone, checkSmsCode } from '../../../../contract/validation';
import { ruleOf } from '../../../components/formRules';
import type { SmsFormId } from '../auth.types';
import { SmsCodeButton } from './SmsCodeButton';

interface PhoneCodeFieldsProps {
  smsForm: SmsFormId;
  purpose: SmsCodePurpose;
  phoneReadOnly?: boolean;
  /** The phone's check; a form may say its own words for an empty one. */
  phoneCheck?: typeof checkPhone;
}

/** A phone and the SMS code sent to it (with its button): the account forms and 绑定手机号. */
export function PhoneCodeFields({ smsForm, purpose, phoneReadOnly = false, phoneCheck = checkPhone }: PhoneCodeFieldsProps) {
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
    </>
  );
}
