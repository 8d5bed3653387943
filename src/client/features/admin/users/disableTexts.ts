import { Messages } from '../../../../contract/messages';
import { OperatorLimits } from '../../../../contract/operators';
import type { ReasonDialogTexts } from '../ReasonDialog';

/** 停用账号: the reason is what the account's owner is told when they try to log in. */
export const DISABLE_TEXTS: ReasonDialogTexts = {
  title: '停用账号',
  okText: '停用',
  hint: '停用后该账号立即退出登录、不能再登录；登录时会看到下面填写的原因。',
  label: '停用原因',
  placeholder: '例如：发布违规内容',
  required: Messages.disableReasonRequired,
  maxLength: OperatorLimits.reasonMaxLength,
};
