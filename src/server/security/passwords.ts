import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { checkNewPassword } from '../../contract/validation';
import { Messages } from '../../contract/messages';
import { isCommonPassword } from './commonPasswords';

/**
 * argon2id with OWASP's m = 19 MiB, t = 2, p = 1 (DESIGN.md section 8, ASVS 11.4.2). The numbers
 * are written into every PHC hash string, so raising them later still verifies old hashes.
 * The package's `Algorithm` is a const enum that isolatedModules cannot read: 2 is Argon2id.
 */
export const ARGON2_OPTIONS: Options = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  constructor(private readonly options: Options = ARGON2_OPTIONS) {}

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  /**
   * Verifies against the stored hash; with none (unknown phone, QR-only account) it still runs one
   * verification against a dummy hash, so the answer time does not tell whether the phone exists.
   */
  async verify(stored: string | null, password: string): Promise<boolean> {
    if (!stored) {
      this.dummy ??= this.hash('dummy password that no account has');
      await verify(await this.dummy, password);
      return false;
    }
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
}

/** The rules for a new password: the contract's rules (the SPA's too), then the common-password list. */
export function newPasswordProblem(value: string | undefined | null, phone: string): string | null {
  return checkNewPassword(value, phone) ?? (isCommonPassword(value ?? '') ? Messages.passwordTooCommon : null);
}
