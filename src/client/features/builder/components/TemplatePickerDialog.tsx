import { CheckCircleFilled } from '@ant-design/icons';
import { Empty, Modal, Spin, Tag } from 'antd';
import { COMPONENT_TYPE_LABELS, componentPageSize, type ComponentTemplate } from '../../../../contract/builder';
import { safeLinkHref } from '../../../../contract/links';
import Pager from '../../../components/Pager';
import RetryingImage from '../../../components/RetryingImage';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectBuilderSite, selectPicker } from '../builderSelectors';
import { pickerClosed, pickerConfirmed, pickerPageRequested, pickerSelected } from '../builderSlice';

function Card({ template, current, selected, onSelect }: { template: ComponentTemplate; current: boolean; selected: boolean; onSelect(): void }) {
  const src = safeLinkHref(template.url);
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      aria-label={`${template.name}${current ? '（当前使用）' : ''}`}
      style={{
        position: 'relative',
        display: 'block',
        width: '100%',
        padding: 0,
        textAlign: 'left',
        cursor: 'pointer',
        background: '#fff',
        borderRadius: 8,
        overflow: 'hidden',
        border: selected ? '2px solid #1677ff' : '2px solid #f0f0f0',
        boxShadow: selected ? '0 0 0 3px rgba(22, 119, 255, 0.15)' : 'none',
      }}
    >
      <div style={{ position: 'relative', aspectRatio: '16 / 9', background: '#f5f5f5' }}>{src ? <RetryingImage src={src} alt="" loading="lazy" style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} /> : null}</div>
      <div style={{ padding: '6px 10px', fontSize: 13, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{template.name}</div>
      {current ? (
        <Tag color="blue" style={{ position: 'absolute', top: 6, left: 6, margin: 0 }}>
          当前使用
        </Tag>
      ) : null}
      {selected ? <CheckCircleFilled style={{ position: 'absolute', top: 8, right: 8, fontSize: 20, color: '#1677ff', background: '#fff', borderRadius: '50%' }} /> : null}
    </button>
  );
}

/** Spec screen 7: a type's templates as thumbnails with pages; OK needs a choice and switches the site to it. */
export default function TemplatePickerDialog() {
  const dispatch = useAppDispatch();
  const picker = useAppSelector(selectPicker);
  const site = useAppSelector(selectBuilderSite);
  const type = picker.type;
  const currentId = type ? (site?.selectedComponents[type]?.id ?? null) : null;
  return (
    <Modal
      open={type !== null}
      title={type ? `选择${COMPONENT_TYPE_LABELS[type]}模版` : ''}
      okText="确定"
      cancelText="取消"
      onOk={() => dispatch(pickerConfirmed())}
      onCancel={() => dispatch(pickerClosed())}
      okButtonProps={{ loading: picker.applying }}
      width={960}
      centered
      destroyOnHidden
    >
      <Spin spinning={picker.status === 'loading'}>
        {picker.items.length === 0 && picker.status !== 'loading' ? (
          <Empty description="暂无模版数据" />
        ) : (
          <div role="list" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 12, minHeight: 160 }}>
            {picker.items.map((template) => (
              <div role="listitem" key={template.id}>
                <Card template={template} current={template.id === currentId} selected={template.id === picker.selectedId} onSelect={() => dispatch(pickerSelected({ id: template.id }))} />
              </div>
            ))}
          </div>
        )}
      </Spin>
      {type && picker.total > componentPageSize(type) ? (
        <div style={{ marginTop: 16, display: 'flex', justifyContent: 'center' }}>
          <Pager current={picker.page} total={picker.total} pageSize={componentPageSize(type)} onChange={(page) => dispatch(pickerPageRequested({ page }))} />
        </div>
      ) : null}
    </Modal>
  );
}
