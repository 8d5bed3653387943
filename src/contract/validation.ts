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

// eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * The rules for a password being set (register, reset, change): the length rules of the spec, then
 * what makes a password worthless whatever its length: nothing but spaces, one character repeated,
 * control characters (NUL among them, which some systems cut a password at), or the account's own
 * phone number. The server adds its list of the most common passwords.
 */
export function checkNewPassword(value: string | undefined | null, phone?: string): string | null {
  const problem = checkPassword(value);
  if (problem || !value) return problem;
  if (!value.trim()) return Messages.passwordBlank;
  if (CONTROL_CHARACTERS.test(value)) return Messages.passwordControlCharacters;
  const chars = [...value];
  if (chars.every((char) => char === chars[0])) return Messages.passwordAllSame;
  if (phone && value.includes(phone)) return Messages.passwordIsPhone;
  return null;
}

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
