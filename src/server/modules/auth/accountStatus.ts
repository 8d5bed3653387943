import { accountDisabledMessage } from '../../../contract/messages';
import { invalid } from '../../http/envelope';
import type { UserRow } from './repository';

/**
 * Every way in (password, SMS code, QR scan, phone binding) asks this before it signs a token: an
 * account an operator stopped is refused with the reason, so its owner knows why. Asked only after
 * the caller proved the account theirs, so a stranger learns nothing of it.
 */
export function assertMayLogIn(user: UserRow): void {
  if (user.disabled_reason !== null) throw invalid(accountDisabledMessage(user.disabled_reason));
}
