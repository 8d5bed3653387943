import type { FormRule } from 'antd';
import { type Check, checkNewPassword, checkPasswordsMatch } from '../../contract/validation';

/**
 * antd Form rules built from the contract's checks, so a form shows exactly the message the API
 * would answer with. Mark the Form.Item `required` for the asterisk: a `required: true` rule would
 * show antd's own wording before the check's.
 */
export function ruleOf(check: Check): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const problem = check(typeof value === 'string' ? value : undefined);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

/** Like `check`, but an empty value gets `emptyMessage` (register and forget say '账号和密码不能为空'). */
export function withEmptyMessage(check: Check, emptyMessage: string): Check {
  return (value) => (value ? check(value) : emptyMessage);
}

/** The confirmation field must equal `field` (Messages.passwordMismatch). */
export function sameAs(field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      const problem = checkPasswordsMatch(getFieldValue(field) as string | undefined, value as string | undefined);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });
}

/**
 * A password being set: the contract's rules for a new password, checked against the phone in the
 * form's `phoneField` (a password may not contain it); `emptyMessage` as in withEmptyMessage.
 */
export function newPasswordRule(phoneField: string, emptyMessage?: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      const password = typeof value === 'string' ? value : '';
      const phone = getFieldValue(phoneField) as string | undefined;
      const problem = !password && emptyMessage ? emptyMessage : checkNewPassword(password, phone);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });
}
