import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Progress, Space, Upload } from 'antd';
import { SETTINGS_UPLOAD_TYPES, type SettingKey } from '../../../../contract/siteSettings';
import type { UploadState } from '../../upload/upload.types';

interface UploadFieldProps {
  settingKey: SettingKey;
  kind: 'picture' | 'video';
  /** Given by Form.Item. */
  value?: string;
  onChange?: (value: string) => void;
  upload: UploadState | undefined;
  onPick(file: File): void;
}

/**
 * A setting that names a file of ours: a picture (with its thumbnail; empty hides it) or a
 * tutorial video (empty plays the shipped one), uploaded here with its progress, or typed.
 */
export default function UploadField({ settingKey, kind, value = '', onChange, upload, onPick }: UploadFieldProps) {
  const loading = upload?.status === 'loading';
  const picture = kind === 'picture';
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap align="center">
        {picture ? (
          <div style={{ width: 120, height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fafafa', border: '1px dashed #d9d9d9', borderRadius: 6 }}>
            {value ? <img src={value} alt="" style={{ maxWidth: 112, maxHeight: 56 }} /> : <span style={{ color: 'rgba(0,0,0,0.45)' }}>不显示</span>}
          </div>
        ) : null}
        <Upload
          accept={picture ? SETTINGS_UPLOAD_TYPES.join(',') : 'video/mp4,.mp4'}
          showUploadList={false}
          beforeUpload={(file) => {
            onPick(file);
            // The saga sends it: antd's own request is not used.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={loading} data-testid={`upload-${settingKey}`}>
            {picture ? '上传图片' : '上传视频'}
          </Button>
        </Upload>
        {value ? (
          <Button type="link" onClick={() => onChange?.('')}>
            {picture ? '不显示' : '用内置视频'}
          </Button>
        ) : null}
      </Space>
      {loading ? <Progress percent={upload.percent} size="small" aria-label={`正在上传 ${upload.fileName}`} /> : null}
      <Input
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={picture ? '上传后自动填写' : '留空使用内置视频；或上传 MP4'}
        aria-label={picture ? '图片地址' : '视频地址'}
      />
    </Space>
  );
}
