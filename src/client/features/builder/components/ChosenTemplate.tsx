import { SwapOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ComponentTemplate } from '../../../../contract/builder';
import { safeLinkHref } from '../../../../contract/links';
import RetryingImage from '../../../components/RetryingImage';

interface ChosenTemplateProps {
  template: ComponentTemplate | undefined;
  /** '切换模版', or '切换LOGO样式' for the logo. */
  switchLabel: string;
  disabled?: boolean;
  onSwitch(): void;
}

/** The template a tab uses: its picture, its name and the button that opens the picker. */
export default function ChosenTemplate({ template, switchLabel, disabled, onSwitch }: ChosenTemplateProps) {
  const src = safeLinkHref(template?.url);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, padding: 12, border: '1px solid #f0f0f0', borderRadius: 8, background: '#fafafa', marginBottom: 16 }}>
      <div style={{ position: 'relative', width: 120, height: 68, flex: '0 0 auto', borderRadius: 6, overflow: 'hidden', background: '#fff', border: '1px solid #f0f0f0' }}>
        {src ? <RetryingImage src={src} alt={template?.name ?? ''} style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} /> : null}
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}>当前模版</div>
        <div style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{template?.name ?? '未选择'}</div>
      </div>
      <Button icon={<SwapOutlined />} onClick={onSwitch} disabled={disabled}>
        {switchLabel}
      </Button>
    </div>
  );
}
