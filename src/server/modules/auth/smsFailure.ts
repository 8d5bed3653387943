/**
 * Why an SMS provider did not send, in the two audiences' terms: `kind` decides what the user reads
 * (smsService.ts), `detail` tells the operator what to fix. Neither holds a key or a full phone.
 */
export type SmsFailureKind =
  /** The provider's own per-number or account flow control: the user should wait. */
  | 'tooFrequent'
  /** The provider refused the number (format, a number that cannot receive, a blocked number). */
  | 'badNumber'
  /** Anything only the operator can fix (keys, sign name, template, balance, permission) or a network failure. */
  | 'unavailable';

export class SmsSendError extends Error {
  override name = 'SmsSendError';
  constructor(
    readonly kind: SmsFailureKind,
    /** `aliyun` or `tencent`. */
    readonly provider: string,
    /** The provider's error code (isv.AMOUNT_NOT_ENOUGH, LimitExceeded.PhoneNumberDailyLimit...), or `network`. */
    readonly providerCode: string,
    /** For the operator, in English: what went wrong and where to look. */
    readonly detail: string,
  ) {
    super(detail);
  }
}

/**
 * A provider's free-text message, made safe for the log: it may quote the number it refused, so
 * every run of 7 or more digits (with or without +86) keeps only its first 3 and last 4.
 */
export function scrubDigits(text: string): string {
  return text.replace(/\+?\d{7,}/g, (digits) => `${digits.slice(0, digits.length - 8)}****${digits.slice(-4)}`).slice(0, 300);
}

/**
 * The part of a network error worth logging: its name and codes, never its message (the Aliyun SDK
 * puts the whole URL there, and the number is in its query). Read by shape, not `instanceof`:
 * Node's own errors may come from another realm.
 */
export function networkReason(error: unknown): string {
  const fields = (value: unknown): unknown[] => {
    if (typeof value !== 'object' || value === null) return [];
    const { name, code } = value as { name?: unknown; code?: unknown };
    return [name, code];
  };
  const cause = typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
  const parts = [...fields(error), ...fields(cause)].filter((part): part is string => typeof part === 'string' && /^[\w.-]{1,60}$/.test(part));
  return [...new Set(parts)].join(' ') || 'unknown error';
}
