import { parseOptions } from '@node-rs/argon2';
import { Messages } from '../../../src/contract/messages';
import { ARGON2_OPTIONS, PasswordHasher, newPasswordProblem } from '../../../src/server/security/passwords';
import { commonPasswordCount, isCommonPassword } from '../../../src/server/security/commonPasswords';

describe('passwords', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id, m=19456 KiB, t=2, p=1 by default (OWASP)', async () => {
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const hash = await hasher.hash('Secret#2026');
    expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(parseOptions(hash)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    await expect(hasher.verify(hash, 'Secret#2026')).resolves.toBe(true);
    await expect(hasher.verify(hash, 'secret#2026')).resolves.toBe(false);
  });

  it('answers false without a stored hash, and for a malformed one', async () => {
    await expect(hasher.verify(null, 'whatever1')).resolves.toBe(false);
    await expect(hasher.verify('not-a-hash', 'whatever1')).resolves.toBe(false);
  });

  it('ships about a hundred common passwords and refuses them whatever the case', () => {
    expect(commonPasswordCount).toBeGreaterThanOrEqual(100);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('Secret#2026')).toBe(false);
    expect(newPasswordProblem('123456', '13800138000')).toBe(Messages.passwordTooCommon);
    expect(newPasswordProblem('woaini1314', '13800138000')).toBe(Messages.passwordTooCommon);
    expect(newPasswordProblem('12345', '13800138000')).toBe(Messages.passwordTooShort);
    expect(newPasswordProblem('', '13800138000')).toBe(Messages.passwordRequired);
    expect(newPasswordProblem('x'.repeat(65), '13800138000')).toBe(Messages.passwordTooLong);
    expect(newPasswordProblem('Secret#2026', '13800138000')).toBeNull();
  });
});
