import { Form, Input } from 'antd';
import { configFieldProblem, fieldMaxLength, type ConfigField, type MusicItem } from '../../contract/miniSite';
import type { UploadState } from '../features/upload/upload.types';
import { ruleOf } from './formRules';
import ImageUploadField from './ImageUploadField';
import MusicField from './MusicField';

export interface ConfigFieldItemProps {
  field: ConfigField;
  music: MusicItem[];
  musicLoading: boolean;
  /** The field's upload under way, for image fields. */
  upload: UploadState | undefined;
  /** What an image field's picker offers, and the line that says so. */
  imageAccept: string;
  imageHint: string;
  /** The builder's narrow drawer: shorter text areas, no clear button on texts. */
  compact?: boolean;
  onPickImage(key: string, file: File): void;
  /** The picture an image field's value shows, where it is not the value itself. */
  pictureOf?(value: string): string;
}

/**
 * The form item of a field a user fills (spec section 5: text required max 100, textarea required
 * max 500, image required; music from the list; video an optional http(s) link; licence numbers
 * and links optional, with their format as the hint), shared by the
 * mini site's and the builder's config forms. Banner and logo fields are each form's own: null.
 */
export default function ConfigFieldItem({ field, music, musicLoading, upload, imageAccept, imageHint, compact = false, onPickImage, pictureOf }: ConfigFieldItemProps) {
  const rules = [ruleOf((value) => configFieldProblem(field, value ?? undefined))];
  const common = { label: field.name, extra: field.tips } as const;
  switch (field.type) {
    case 'text':
      return (
        <Form.Item {...common} name={field.key} required={!field.optional} rules={rules}>
          <Input maxLength={fieldMaxLength(field)} showCount allowClear={!compact} placeholder={field.placeholder ?? `请输入${field.name}`} />
        </Form.Item>
      );
    case 'textarea':
      return (
        <Form.Item {...common} name={field.key} required={!field.optional} rules={rules}>
          <Input.TextArea
            maxLength={fieldMaxLength(field)}
            showCount
            autoSize={compact ? { minRows: 2, maxRows: 6 } : { minRows: 3, maxRows: 8 }}
            placeholder={field.placeholder ?? `请输入${field.name}`}
          />
        </Form.Item>
      );
    case 'image':
      return (
        <Form.Item {...common} name={field.key} required rules={rules}>
          <ImageUploadField label={field.name} upload={upload} accept={imageAccept} hint={imageHint} onPick={(file) => onPickImage(field.key, file)} pictureOf={pictureOf} />
        </Form.Item>
      );
    case 'music':
      return (
        <Form.Item {...common} name={field.key}>
          <MusicField music={music} loading={musicLoading} />
        </Form.Item>
      );
    case 'video':
      return (
        <Form.Item {...common} name={field.key} rules={rules}>
          <Input allowClear placeholder="选填，以 http:// 或 https:// 开头的视频链接" />
        </Form.Item>
      );
    default:
      return null;
  }
}
