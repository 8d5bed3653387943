import { AnswerCode } from '../../../contract/envelope';
import { Messages } from '../../../contract/messages';
import { BusinessError } from '../../http/envelope';
import type { UserRow } from '../auth/repository';

/**
 * 发布 (and 更新发布) needs a verified phone behind the account: information published in China
 * must be traceable to a real-name phone. A WeChat-only account is refused with its own code, on
 * which the SPA opens the bind dialog and then publishes again. 下线 needs no phone.
 */
export function assertPhoneBound(user: UserRow): void {
  if (!user.mobile) throw new BusinessError(AnswerCode.phoneRequired, Messages.publishNeedsPhone);
}
