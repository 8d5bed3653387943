import { Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';

export interface ReasonDialogTexts {
  /** The title before the subject's name: '停用账号'. */
  title: string;
  okText: string;
  /** What the action does, and who reads the reason. */
  hint: string;
  label: string;
  placeholder: string;
  /** Said when the operator gives no reason. */
  required: string;
  maxLength: number;
}

interface ReasonDialogProps {
  texts: ReasonDialogTexts;
  /** What the action is on, shown in the title; null while closed. */
  subject: string | null;
  busy: boolean;
  onSubmit(reason: string): void;
  onCancel(): void;
}

/**
 * A console action that must say why (停用 an account, 下线 a page): the reason is required and is
 * what its owner reads. Each subject starts with an empty reason; one the server refused keeps
 * what was typed.
 */
export default function ReasonDialog({ texts, subject, busy, onSubmit, onCancel }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    setReason('');
    setError('');
  }, [subject]);
  const submit = () => {
    if (!reason.trim()) {
      setError(texts.required);
      return;
    }
    onSubmit(reason.trim());
  };
  return (
    <Modal open={subject !== null} title={`${texts.title}：${subject ?? ''}`} okText={texts.okText} okButtonProps={{ danger: true, loading: busy }} cancelText="取消" onOk={submit} onCancel={onCancel} destroyOnHidden>
      <Typography.Paragraph type="secondary">{texts.hint}</Typography.Paragraph>
      <Input.TextArea
        aria-label={texts.label}
        value={reason}
        maxLength={texts.maxLength}
        showCount
        rows={3}
        placeholder={texts.placeholder}
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
