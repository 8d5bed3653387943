import { EyeOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Empty } from 'antd';
import { checkerboardStyle } from '../../../components/checkerboard';
import RetryingImage from '../../../components/RetryingImage';

interface ChosenTemplateCardProps {
  /** What the card is about, e.g. 'LOGO模版'. */
  title: string;
  /** The chosen style, or null when none is chosen yet. */
  template: { name: string; image: string } | null;
  /** The transparent logo sits on squares; a banner frame fills the box. */
  backdrop: 'checkerboard' | 'none';
  reselectLabel: string;
  /** Shown in place of the picture when nothing is chosen. */
  missingText: string;
  onPreview(): void;
  onReselect(): void;
}

/** A chosen style on a config page, with 预览 and a way back to the list (spec screens 13 and 16). */
export default function ChosenTemplateCard({ title, template, backdrop, reselectLabel, missingText, onPreview, onReselect }: ChosenTemplateCardProps) {
  if (!template) {
    return (
      <Card title={title} size="small">
        <Empty description={missingText} image={Empty.PRESENTED_IMAGE_SIMPLE}>
          <Button type="primary" onClick={onReselect}>
            去选择
          </Button>
        </Empty>
      </Card>
    );
  }
  return (
    <Card
      title={title}
      size="small"
      extra={<span style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{template.name}</span>}
      actions={[
        <Button key="preview" type="link" icon={<EyeOutlined />} onClick={onPreview}>
          预览
        </Button>,
        <Button key="reselect" type="link" icon={<SwapOutlined />} onClick={onReselect}>
          {reselectLabel}
        </Button>,
      ]}
    >
      <div style={{ ...(backdrop === 'checkerboard' ? checkerboardStyle : { background: '#000' }), position: 'relative', borderRadius: 6, overflow: 'hidden', display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 160 }}>
        <RetryingImage src={template.image} alt={`${title}：${template.name}`} style={{ display: 'block', maxWidth: '100%', maxHeight: 280, objectFit: 'contain' }} />
      </div>
    </Card>
  );
}
