import type { LoginTab } from './auth.types';

/**
 * The tab a login opens on: the one the address names (`handleType`), else the QR code on a
 * desktop (the spec's default) and the account form on a phone, which cannot scan its own screen.
 */
export function loginTabOf(handleType: string | null | undefined, phone: boolean): LoginTab {
  if (handleType === 'account' || handleType === 'qrcode') return handleType;
  return phone ? 'account' : 'qrcode';
}
