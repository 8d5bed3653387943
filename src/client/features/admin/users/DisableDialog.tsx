import { Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Messages } from '../../../../contract/messages';
import { OperatorLimits, type ConsoleUser } from '../../../../contract/operators';

interface DisableDialogProps {
  user: ConsoleUser | null;
  busy: boolean;
  onSubmit(reason: string): void;
  onCancel(): void;
}

/** 停用账号: the reason is required, and is what the account's owner is told when they try to log in. */
export default function DisableDialog({ user, busy, onSubmit, onCancel }: DisableDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  // Each account starts with an empty reason; a failed stop keeps what was typed.
  useEffect(() => {
    setReason('');
    setError('');
  }, [user?.id]);
  const submit = () => {
    if (!reason.trim()) {
      setError(Messages.disableReasonRequired);
      return;
    }
    onSubmit(reason.trim());
  };
  return (
    <Modal open={user !== null} title={`停用账号：${user?.name ?? ''}`} okText="停用" okButtonProps={{ danger: true, loading: busy }} cancelText="取消" onOk={submit} onCancel={onCancel} destroyOnHidden>
      <Typography.Paragraph type="secondary">停用后该账号立即退出登录、不能再登录；登录时会看到下面填写的原因。</Typography.Paragraph>
      <Input.TextArea
        aria-label="停用原因"
        value={reason}
        maxLength={OperatorLimits.reasonMaxLength}
        showCount
        rows={3}
        placeholder="例如：发布违规内容"
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
