import { UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Upload } from 'antd';
import { BuilderLimits } from '../../../../contract/builder';
import { safeLinkHref } from '../../../../contract/links';
import type { BuilderUploadState } from '../builder.types';

interface BuilderImageFieldProps {
  /** The field's value (from the Form): an uploaded file's URL or the template's default picture. */
  value?: string;
  label: string;
  upload: BuilderUploadState | undefined;
  /** A picture was picked: the saga checks it (images only, 2 MB) and uploads it. */
  onPick(file: File): void;
}

const hintStyle = { fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' } as const;

/** A builder image field (spec section 5: required; images only, under 2 MB): its picture and an upload button. */
export default function BuilderImageField({ value, label, upload, onPick }: BuilderImageFieldProps) {
  const src = safeLinkHref(value);
  const uploading = upload?.status === 'loading';
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}>
      <div style={{ width: 128, height: 80, borderRadius: 6, overflow: 'hidden', background: '#f5f5f5', border: '1px solid #f0f0f0', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {src ? <img src={src} alt={`${label}预览`} style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} /> : <span style={hintStyle}>未上传</span>}
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 6, minWidth: 150 }}>
        <Upload
          accept={BuilderLimits.uploadMimeTypes.join(',')}
          showUploadList={false}
          maxCount={1}
          disabled={uploading}
          // The saga uploads it (checks, progress, the site's field); antd's own request is not used.
          beforeUpload={(file) => {
            onPick(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {src ? '更换图片' : '上传图片'}
          </Button>
        </Upload>
        {uploading ? (
          <div aria-live="polite">
            <Progress percent={upload.percent} size="small" status="active" />
            <span style={hintStyle}>正在上传 {upload.fileName}</span>
          </div>
        ) : (
          <span style={hintStyle}>支持 jpg、png、gif、webp，不超过2MB</span>
        )}
      </div>
    </div>
  );
}
