import { CheckOutlined, EyeOutlined, InboxOutlined } from '@ant-design/icons';
import { TEMPLATE_PAGE_SIZE } from '../../contract/generation';
import LightButton from './LightButton';
import Pager from './Pager';
import RetryingImage from './RetryingImage';
import './templateGrid.css';

export interface GridTemplate {
  id: number;
  name: string;
  thumbnail: string;
}

interface TemplateGridProps<T extends GridTemplate> {
  items: T[];
  loading: boolean;
  page: number;
  total: number;
  /** The id of the style this flow has chosen: its button says 已选择. */
  selectedId: number | null;
  /** Logo thumbnails are transparent: they sit on a light backdrop; banner frames fill theirs. */
  coverFit: 'contain' | 'cover';
  /** The thumbnail box's height over its width (16:10 unless said). */
  coverRatio?: number;
  /** Site templates are pages: fewer, larger cards a row, so that their pictures can be read. */
  cardSize?: 'small' | 'large';
  /** The empty state's text. */
  emptyText?: string;
  onPageChange(page: number): void;
  onPreview(template: T): void;
  onSelect(template: T): void;
}

const coverBox = { position: 'relative', background: 'linear-gradient(135deg, #f0f4ff 0%, #fafafa 100%)', overflow: 'hidden' } as const;

/**
 * A page of styles as cards (thumbnail, name, 预览 and 选择), the pager below (spec screens 12 and
 * 15: 12 a page), and an empty state when there is nothing to show.
 */
export default function TemplateGrid<T extends GridTemplate>({
  items,
  loading,
  page,
  total,
  selectedId,
  coverFit,
  coverRatio = 0.625,
  cardSize = 'small',
  emptyText = '暂无模板数据',
  onPageChange,
  onPreview,
  onSelect,
}: TemplateGridProps<T>) {
  // Columns by width (templateGrid.css): small cards 2, 3, 4 and 6 a row, large ones 1, 2, 3 and 4.
  const gridClass = `wpg-template-grid wpg-template-grid--${cardSize}`;
  if (loading && items.length === 0) {
    return (
      <div className={gridClass} aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="wpg-template-card wpg-template-card-skeleton">
            <div className="wpg-skeleton-line" style={{ width: '40%' }} />
            <div className="wpg-skeleton-line" />
            <div className="wpg-skeleton-line" style={{ width: '60%' }} />
          </div>
        ))}
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="wpg-template-empty">
        <InboxOutlined style={{ fontSize: 48, color: 'rgba(0, 0, 0, 0.15)' }} />
        <p>{emptyText}</p>
      </div>
    );
  }

  return (
    <>
      <div className={gridClass} aria-busy={loading}>
        {items.map((template) => {
          const chosen = template.id === selectedId;
          return (
            <div
              key={template.id}
              className="wpg-template-card"
              data-testid={`template-${template.id}`}
              style={{ borderColor: chosen ? '#1677ff' : undefined, boxShadow: chosen ? '0 0 0 2px rgba(22, 119, 255, 0.2)' : undefined }}
            >
              <div style={{ ...coverBox, paddingTop: `${coverRatio * 100}%` }} onClick={() => onPreview(template)}>
                <RetryingImage
                  src={template.thumbnail}
                  alt={template.name}
                  loading="lazy"
                  style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: coverFit, padding: coverFit === 'contain' ? 8 : 0, boxSizing: 'border-box' }}
                />
              </div>
              <div className="wpg-template-card-body">
                <div title={template.name} style={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', marginBottom: 8 }}>
                  {template.name}
                </div>
                <div style={{ display: 'flex', gap: 8 }}>
                  <LightButton size="small" icon={<EyeOutlined />} onClick={() => onPreview(template)} style={{ flex: 1 }}>
                    预览
                  </LightButton>
                  <LightButton size="small" variant={chosen ? 'default' : 'primary'} icon={chosen ? <CheckOutlined /> : undefined} onClick={() => onSelect(template)} style={{ flex: 1 }}>
                    {chosen ? '已选择' : '选择'}
                  </LightButton>
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <Pager current={page} total={total} pageSize={TEMPLATE_PAGE_SIZE} onChange={onPageChange} />
    </>
  );
}
