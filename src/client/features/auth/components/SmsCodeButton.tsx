import { Button, Form } from 'antd';
import { useEffect } from 'react';
import type { SmsCodePurpose } from '../../../../contract/auth';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { SmsFormId } from '../auth.types';
import { selectSmsButton, smsCodeRequested, smsCountdownCancelled } from '../smsSlice';

interface SmsCodeButtonProps {
  /** Which form's countdown this button shows. */
  form: SmsFormId;
  purpose: SmsCodePurpose;
  /** The field of the enclosing antd Form that holds the phone. */
  phoneField?: string;
}

/**
 * 获取验证码: sends the phone to the SMS saga (which checks it, asks for the graphic captcha and
 * sends), then shows the 60 s countdown. Must sit inside an antd Form.
 */
export function SmsCodeButton({ form, purpose, phoneField = 'mobile' }: SmsCodeButtonProps) {
  const dispatch = useAppDispatch();
  const formInstance = Form.useFormInstance();
  const { status, secondsLeft } = useAppSelector((state) => selectSmsButton(state, form));

  useEffect(
    () => () => {
      dispatch(smsCountdownCancelled({ form }));
    },
    [dispatch, form],
  );

  // The saga checks the phone (and says what is wrong) before it asks for the captcha.
  const request = () => {
    const phone = formInstance.getFieldValue(phoneField) as string | undefined;
    dispatch(smsCodeRequested({ form, phone, purpose }));
  };

  return (
    <Button onClick={request} disabled={status === 'countingDown'} loading={status === 'sending'} style={{ minWidth: 128 }}>
      {status === 'countingDown' ? `${secondsLeft}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
