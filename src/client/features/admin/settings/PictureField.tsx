import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Progress, Space, Upload } from 'antd';
import { SETTINGS_UPLOAD_TYPES, type SettingKey } from '../../../../contract/siteSettings';
import type { UploadState } from '../../upload/upload.types';

interface PictureFieldProps {
  settingKey: SettingKey;
  /** Given by Form.Item. */
  value?: string;
  onChange?: (value: string) => void;
  upload: UploadState | undefined;
  onPick(file: File): void;
}

/** A picture setting: its thumbnail, an upload with its progress, and the address (empty hides the picture). */
export default function PictureField({ settingKey, value = '', onChange, upload, onPick }: PictureFieldProps) {
  const loading = upload?.status === 'loading';
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap align="center">
        <div style={{ width: 120, height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fafafa', border: '1px dashed #d9d9d9', borderRadius: 6 }}>
          {value ? <img src={value} alt="" style={{ maxWidth: 112, maxHeight: 56 }} /> : <span style={{ color: 'rgba(0,0,0,0.45)' }}>不显示</span>}
        </div>
        <Upload
          accept={SETTINGS_UPLOAD_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            onPick(file);
            // The saga sends it: antd's own request is not used.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={loading} data-testid={`upload-${settingKey}`}>
            上传图片
          </Button>
        </Upload>
        {value ? (
          <Button type="link" onClick={() => onChange?.('')}>
            不显示
          </Button>
        ) : null}
      </Space>
      {loading ? <Progress percent={upload.percent} size="small" aria-label={`正在上传 ${upload.fileName}`} /> : null}
      <Input value={value} onChange={(event) => onChange?.(event.target.value)} placeholder="上传后自动填写" aria-label="图片地址" />
    </Space>
  );
}
