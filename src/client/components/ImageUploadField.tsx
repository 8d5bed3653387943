import { UploadOutlined } from '@ant-design/icons';
import { Progress } from 'antd';
import { safeLinkHref } from '../../contract/links';
import type { UploadState } from '../features/upload/upload.types';
import FilePickButton from './FilePickButton';

interface ImageUploadFieldProps {
  /** The field's value (from the Form): an upload's shortUrl or the template's default picture. */
  value?: string;
  label: string;
  upload: UploadState | undefined;
  /** What the file picker offers (extensions and MIME types), and the line that says so. */
  accept: string;
  hint: string;
  /** A picture was picked: the saga checks and uploads it, and the field's value follows the store. */
  onPick(file: File): void;
  /** The picture a value shows, where it is not the value itself (a sample that follows the banner's genre). */
  pictureOf?(value: string): string;
}

const hintStyle = { fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' } as const;

/**
 * An image field of a config form (spec section 5: required): its picture and an upload button.
 * The mini site and the builder differ only in what they accept (50 MB of five types, 2 MB images).
 */
export default function ImageUploadField({ value, label, upload, accept, hint, onPick, pictureOf }: ImageUploadFieldProps) {
  const src = safeLinkHref(value && pictureOf ? pictureOf(value) : value);
  const uploading = upload?.status === 'loading';
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16 }}>
      <div style={{ width: 160, height: 100, borderRadius: 6, overflow: 'hidden', background: '#f5f5f5', display: 'flex', alignItems: 'center', justifyContent: 'center', border: '1px solid #f0f0f0' }}>
        {src ? (
          <img src={src} alt={`${label}预览`} style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <span style={hintStyle}>未上传</span>
        )}
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 180 }}>
        {/* The saga uploads the file (with its checks and progress). */}
        <FilePickButton accept={accept} onPick={onPick} disabled={uploading} icon={<UploadOutlined />} loading={uploading}>
          {src ? '更换图片' : '上传图片'}
        </FilePickButton>
        {uploading ? (
          <div aria-live="polite">
            <Progress percent={upload.percent} size="small" status="active" />
            <span style={hintStyle}>正在上传 {upload.fileName}</span>
          </div>
        ) : (
          <span style={hintStyle}>{hint}</span>
        )}
      </div>
    </div>
  );
}
