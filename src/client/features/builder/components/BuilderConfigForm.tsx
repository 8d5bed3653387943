import { Alert, Col, Form, Row, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { BuilderLimits, BuilderMessages, type ComponentType } from '../../../../contract/builder';
import { safeLinkHref } from '../../../../contract/links';
import type { ConfigField, ConfigGroup, MusicItem } from '../../../../contract/miniSite';
import { checkerboardStyle } from '../../../components/checkerboard';
import ImageUploadField from '../../../components/ImageUploadField';
import ConfigFieldItem from '../../../components/ConfigFieldItem';
import type { UploadState } from '../../upload/upload.types';
import { uploadKeyOf, type FieldReveal } from '../builder.types';

const REVEAL_AFTER_MS = 200;

const IMAGE_ACCEPT = BuilderLimits.uploadMimeTypes.join(',');
/** Where the studio's own pictures live: a banner value there is key art, not a generated banner. */
const UPLOADS_PREFIX = '/uploads/';

export type BuilderFormValues = Record<string, string>;

export interface BuilderConfigFormProps {
  form: FormInstance<BuilderFormValues>;
  type: ComponentType;
  groups: ConfigGroup[];
  values: BuilderFormValues;
  /** banner_logo fields are filled by 生成banner: outside the banner tab they only say so. */
  logoReadOnly: boolean;
  /** The upload the banner picture was made from (BuilderSite.bannerKeyArt): still the 主视觉图 once generated. */
  keyArt?: string;
  music: MusicItem[];
  musicLoading: boolean;
  uploads: Record<string, UploadState>;
  /** Asks the form to show its problems (a counter: each change validates once). */
  validateRequest: number;
  /** A field to scroll to and focus (this form's type only). */
  reveal?: FieldReveal | null;
  onEdit(key: string, value: string): void;
  onMusic(key: string, value: string): void;
  onPickImage(key: string, file: File): void;
}

const mutedStyle = { color: 'rgba(0, 0, 0, 0.45)', fontSize: 13 } as const;

/** A generated picture (banner or logo): shown, not typed. */
function GeneratedPicture({ kind, url }: { kind: 'banner' | 'banner_logo'; url: string }) {
  const src = safeLinkHref(url);
  if (!src) return <div style={mutedStyle}>{kind === 'banner' ? '点击“生成banner”后自动使用' : '生成banner时一起生成LOGO'}</div>;
  return (
    <div style={{ ...(kind === 'banner_logo' ? checkerboardStyle : {}), display: 'inline-block', padding: kind === 'banner_logo' ? 8 : 0, borderRadius: 6 }}>
      <img src={src} alt={kind === 'banner' ? 'banner图片' : 'LOGO图片'} style={{ display: 'block', maxWidth: kind === 'banner' ? 280 : 180, maxHeight: kind === 'banner' ? 160 : 72, objectFit: 'contain', borderRadius: 4 }} />
    </div>
  );
}

/**
 * One component template's form, built from its config groups (spec section 3; rules of section
 * 5: text required max 100, textarea required max 500, image required). Each edit goes to the
 * store as it is typed; the builder saga saves it 1 s after the last one.
 */
export default function BuilderConfigForm(props: BuilderConfigFormProps) {
  const { form, type, groups, values, logoReadOnly, keyArt = '', music, musicLoading, uploads, validateRequest, reveal = null, onEdit, onMusic, onPickImage } = props;

  // The store can change a value the Form did not (an upload, a generated banner): the Form follows it.
  useEffect(() => {
    const changed = Object.entries(values).filter(([key, value]) => form.getFieldValue(key) !== value);
    if (changed.length > 0) form.setFields(changed.map(([name, value]) => ({ name, value })));
  }, [form, values]);

  useEffect(() => {
    if (validateRequest > 0) form.validateFields().catch(() => undefined);
  }, [form, validateRequest]);

  // The tab may have just opened: the scroll waits for it to be drawn.
  useEffect(() => {
    if (!reveal) return undefined;
    const timer = setTimeout(() => form.scrollToField(reveal.key, { block: 'center', focus: true }), REVEAL_AFTER_MS);
    return () => clearTimeout(timer);
  }, [form, reveal]);

  const fieldTypes = new Map(groups.flatMap((group) => group.children.map((field) => [field.key, field.type] as const)));

  const itemOf = (field: ConfigField) => {
    switch (field.type) {
      case 'banner':
        // Generated from the description, or the studio's own key art: an upload here is the art
        // 生成banner then uses (with the logo), instead of drawing the description.
        return (
          <Form.Item label={field.name} extra={field.tips}>
            <GeneratedPicture kind="banner" url={values[field.key] ?? ''} />
            <div style={{ marginTop: 8 }}>
              <ImageUploadField
                value={values[field.key]?.startsWith(UPLOADS_PREFIX) ? values[field.key] : keyArt || undefined}
                label="主视觉图"
                upload={uploads[uploadKeyOf(type, field.key)]}
                accept={IMAGE_ACCEPT}
                hint="选填：上传游戏主视觉图（角色或场景原画），“生成banner”将以它为底并配上LOGO；不上传则按画面描述生成。jpg、png、gif、webp，不超过2MB"
                onPick={(file) => onPickImage(field.key, file)}
              />
            </div>
          </Form.Item>
        );
      case 'banner_logo':
        return (
          <Form.Item label={field.name} extra={field.tips}>
            <GeneratedPicture kind="banner_logo" url={values[field.key] ?? ''} />
            {logoReadOnly ? <Alert type="info" showIcon title={BuilderMessages.logoInBannerTab} style={{ marginTop: 8 }} /> : null}
          </Form.Item>
        );
      default:
        return (
          <ConfigFieldItem
            field={field}
            music={music}
            musicLoading={musicLoading}
            upload={uploads[uploadKeyOf(type, field.key)]}
            imageAccept={IMAGE_ACCEPT}
            imageHint="支持 jpg、png、gif、webp，不超过2MB"
            compact
            onPickImage={onPickImage}
          />
        );
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={values}
      requiredMark
      onValuesChange={(changes: Partial<BuilderFormValues>) => {
        for (const [key, value] of Object.entries(changes)) {
          const text = typeof value === 'string' ? value : '';
          if (fieldTypes.get(key) === 'music') onMusic(key, text);
          else onEdit(key, text);
        }
      }}
    >
      {groups.map((group) => (
        <section key={group.name} aria-label={group.name}>
          <h4 style={{ margin: '4px 0 12px', fontSize: 14, fontWeight: 600, color: 'rgba(0, 0, 0, 0.75)' }}>{group.name}</h4>
          <Row gutter={12}>
            {group.children.map((field) => (
              <Col key={field.key} span={24}>
                {itemOf(field)}
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </Form>
  );
}
