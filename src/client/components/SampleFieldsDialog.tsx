import { Button, Modal } from 'antd';
import { useRef } from 'react';

/** A field that still holds its template's sample, and the part of the form it is in. */
export interface SampleField {
  /** What onEdit is given back: the field's key (in the builder, with its component type). */
  key: string;
  name: string;
  group: string;
}

interface SampleFieldsDialogProps {
  open: boolean;
  fields: readonly SampleField[];
  /** What going on makes: 生成网站, 生成并下载, 生成LOGO or 生成整屏动画. */
  goLabel: string;
  /** Where the samples would appear: 网站 (the default), LOGO, 整屏动画. */
  target?: string;
  onGo(): void;
  /**
   * The user chose a field to change: called once the dialog has closed (and given the focus back
   * to the button that opened it), so that the form's field can take the focus.
   */
  onEdit(key: string): void;
  onClose(): void;
}

/**
 * Before a site is made: the fields that still hold the template's sample texts and pictures, each
 * a link to its field, so that nothing of a sample game ships unseen. Going on anyway is allowed.
 */
export default function SampleFieldsDialog({ open, fields, goLabel, target = '网站', onGo, onEdit, onClose }: SampleFieldsDialogProps) {
  const groups = [...new Set(fields.map((field) => field.group))];
  const chosen = useRef<string | null>(null);
  return (
    <Modal
      open={open}
      title="以下内容仍是模版示例"
      onCancel={onClose}
      afterClose={() => {
        const key = chosen.current;
        chosen.current = null;
        if (key !== null) onEdit(key);
      }}
      footer={[
        <Button key="edit" onClick={onClose}>
          返回修改
        </Button>,
        <Button key="go" type="primary" onClick={onGo}>
          {`仍然${goLabel}`}
        </Button>,
      ]}
    >
      <p style={{ marginTop: 0, color: 'rgba(0, 0, 0, 0.65)' }}>这些内容还是模版自带的示例（另一款游戏的名称、文字或图片），生成后会原样出现在{target}上。点击名称前往修改，也可以直接{goLabel}。</p>
      <div style={{ maxHeight: '50vh', overflowY: 'auto' }}>
        {groups.map((group) => (
          <div key={group} style={{ marginBottom: 8 }}>
            <div style={{ fontWeight: 600, marginBottom: 2 }}>{group}</div>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0 4px' }}>
              {fields
                .filter((field) => field.group === group)
                .map((field) => (
                  <Button
                    key={field.key}
                    type="link"
                    size="small"
                    style={{ paddingInline: 4 }}
                    onClick={() => {
                      chosen.current = field.key;
                      onClose();
                    }}
                  >
                    {field.name}
                  </Button>
                ))}
            </div>
          </div>
        ))}
      </div>
    </Modal>
  );
}
