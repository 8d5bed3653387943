import { Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ModerationLimits, ModerationMessages } from '../../../../contract/moderation';

interface ReasonDialogProps {
  /** What is taken down, shown in the title; null while closed. */
  name: string | null;
  busy: boolean;
  onSubmit(reason: string): void;
  onCancel(): void;
}

/** 下线 with a reason: required, and what the page's owner reads in their site list. */
export default function ReasonDialog({ name, busy, onSubmit, onCancel }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  // Each page starts with an empty reason; a failed takedown keeps what was typed.
  useEffect(() => {
    setReason('');
    setError('');
  }, [name]);
  const submit = () => {
    if (!reason.trim()) {
      setError(ModerationMessages.takedownReasonRequired);
      return;
    }
    onSubmit(reason.trim());
  };
  return (
    <Modal open={name !== null} title={`下线页面：${name ?? ''}`} okText="下线" okButtonProps={{ danger: true, loading: busy }} cancelText="取消" onOk={submit} onCancel={onCancel} destroyOnHidden>
      <Typography.Paragraph type="secondary">下线后该链接只显示“该页面因违反相关规定已被下线”；发布者会在网站列表看到下面填写的原因，修改后可申请复审。</Typography.Paragraph>
      <Input.TextArea
        aria-label="下线原因"
        value={reason}
        maxLength={ModerationLimits.reasonMaxLength}
        showCount
        rows={3}
        placeholder="例如：页面含有虚假宣传内容"
        status={error ? 'error' : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setError('');
        }}
      />
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Modal>
  );
}
