import { Limits } from './limits';
import { Messages } from './messages';

/** Each check returns the spec's Chinese message for a bad value, or null when the value is fine. */
export type Check = (value: string | undefined | null) => string | null;

export const checkPhone: Check = (value) => {
  if (!value) return Messages.phoneRequired;
  return Limits.phonePattern.test(value) ? null : Messages.phoneInvalid;
};

export const checkPassword: Check = (value) => {
  if (!value) return Messages.passwordRequired;
  if (value.length < Limits.passwordMin) return Messages.passwordTooShort;
  if (value.length > Limits.passwordMax) return Messages.passwordTooLong;
  return null;
};

export const checkSmsCode: Check = (value) => {
  if (!value) return Messages.smsCodeRequired;
  return /^\d{6}$/.test(value) ? null : Messages.smsCodeInvalid;
};

export const checkCaptchaInput: Check = (value) => {
  if (!value) return Messages.captchaRequired;
  return value.length > Limits.captchaMax ? Messages.captchaTooLong : null;
};

export const checkUserName: Check = (value) => {
  if (!value || !value.trim()) return Messages.userNameRequired;
  return [...value].length > Limits.userNameMax ? Messages.userNameTooLong : null;
};

export function checkPasswordsMatch(password: string | undefined, confirm: string | undefined): string | null {
  return password === confirm ? null : Messages.passwordMismatch;
}
