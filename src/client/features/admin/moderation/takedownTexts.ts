import { ModerationLimits, ModerationMessages } from '../../../../contract/moderation';
import type { ReasonDialogTexts } from '../ReasonDialog';

/** 下线 with a reason: what the page's owner reads in their site list. */
export const TAKEDOWN_TEXTS: ReasonDialogTexts = {
  title: '下线页面',
  okText: '下线',
  hint: '下线后该链接只显示“该页面因违反相关规定已被下线”；发布者会在网站列表看到下面填写的原因，修改后可申请复审。',
  label: '下线原因',
  placeholder: '例如：页面含有虚假宣传内容',
  required: ModerationMessages.takedownReasonRequired,
  maxLength: ModerationLimits.reasonMaxLength,
};
