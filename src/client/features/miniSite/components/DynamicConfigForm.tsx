import { Col, Collapse, Form, Row, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { safeLinkHref } from '../../../../contract/links';
import { fieldMaxLength, MiniSiteLimits, type ConfigField, type ConfigGroup, type MusicItem } from '../../../../contract/miniSite';
import { checkerboardStyle } from '../../../components/checkerboard';
import ConfigFieldItem from '../../../components/ConfigFieldItem';
import type { UploadState } from '../../upload/upload.types';

/** What the file picker offers: the contract's types, by extension and by MIME type. */
const IMAGE_ACCEPT = [...MiniSiteLimits.uploadExtensions, ...MiniSiteLimits.uploadMimeTypes].join(',');

export type SiteFormValues = Record<string, string>;

interface DynamicConfigFormProps {
  form: FormInstance<SiteFormValues>;
  groups: ConfigGroup[];
  /** Each field's value (what the user put in over the template's defaults), as the store holds it. */
  values: SiteFormValues;
  music: MusicItem[];
  musicLoading: boolean;
  uploads: Record<string, UploadState>;
  /** The generated results the banner and banner_logo fields show. */
  logoUrl: string;
  bannerUrl: string;
  onValuesChange(changes: Partial<SiteFormValues>): void;
  onPickImage(key: string, file: File): void;
  /** A field to show (its group opens, the page scrolls to it); `at` tells one request from the next. */
  reveal?: { key: string; at: number } | null;
  /** The picture an image field's value shows: a sample follows the genre of the chosen banner, as in the site. */
  pictureOf?(value: string): string;
}

/** A group that opens animates first; the scroll waits for it. */
const SCROLL_AFTER_OPEN_MS = 300;

/** Groups open at first: the site's name and texts, and its banner and logo. The rest keep their sample values until opened. */
const OPEN_AT_FIRST = 2;

/** Short fields sit two a row; long ones, pictures and results take the whole row. */
function spanOf(field: ConfigField): number {
  if (field.type === 'text') return fieldMaxLength(field) <= 40 ? 12 : 24;
  return field.type === 'music' || field.type === 'video' ? 12 : 24;
}

const placeholderStyle = { color: 'rgba(0, 0, 0, 0.45)', fontSize: 13, padding: '12px 0' } as const;

/** A result the site will use: shown, not typed (its field is filled by 生成LOGO / 生成整屏动画). */
function GeneratedResult({ kind, url }: { kind: 'banner' | 'banner_logo'; url: string }) {
  const src = safeLinkHref(url);
  if (!src) return <div style={placeholderStyle}>{kind === 'banner' ? '生成整屏动画后自动使用' : '生成LOGO后自动使用'}</div>;
  if (kind === 'banner') {
    return <video src={src} muted loop playsInline controls style={{ display: 'block', width: 240, maxWidth: '100%', borderRadius: 6, background: '#000' }} />;
  }
  return (
    <div style={{ ...checkerboardStyle, display: 'inline-block', padding: 8, borderRadius: 6 }}>
      <img src={src} alt="网站LOGO" style={{ display: 'block', maxWidth: 200, maxHeight: 80, objectFit: 'contain' }} />
    </div>
  );
}

/**
 * The site template's form, built from its getTemplateConfig groups (spec section 3, "Template
 * config"; rules of section 5): text and textarea (required, with their lengths), image (required,
 * uploaded), music (from the music list), banner and banner_logo (the generated results), video
 * (an optional http(s) link). Every edit goes to the store as it is typed.
 */
export default function DynamicConfigForm({ form, groups, values, music, musicLoading, uploads, logoUrl, bannerUrl, onValuesChange, onPickImage, reveal = null, pictureOf }: DynamicConfigFormProps) {
  // The store can change a value the Form did not (an upload's shortUrl): the Form follows it.
  useEffect(() => {
    const changed = Object.entries(values).filter(([key, value]) => form.getFieldValue(key) !== value);
    if (changed.length > 0) form.setFields(changed.map(([name, value]) => ({ name, value, errors: [] })));
  }, [form, values]);

  const itemOf = (field: ConfigField) => {
    if (field.type === 'banner' || field.type === 'banner_logo') {
      return (
        <Form.Item label={field.name} extra={field.tips}>
          <GeneratedResult kind={field.type} url={field.type === 'banner' ? bannerUrl : logoUrl} />
        </Form.Item>
      );
    }
    return (
      <ConfigFieldItem
        field={field}
        music={music}
        musicLoading={musicLoading}
        upload={uploads[field.key]}
        imageAccept={IMAGE_ACCEPT}
        imageHint="支持 jpeg、png、gif、webp、bmp，不超过50MB"
        onPickImage={onPickImage}
        pictureOf={pictureOf}
      />
    );
  };

  // Which groups are open; a group whose field fails validation opens itself (see onFieldsChange).
  const [open, setOpen] = useState<string[]>(() => groups.slice(0, OPEN_AT_FIRST).map((_, index) => String(index)));
  const groupOfField = new Map(groups.flatMap((group, index) => group.children.map((field) => [field.key, String(index)] as const)));

  useEffect(() => {
    if (!reveal) return undefined;
    const group = groups.findIndex((candidate) => candidate.children.some((field) => field.key === reveal.key));
    if (group >= 0) setOpen((keys) => (keys.includes(String(group)) ? keys : [...keys, String(group)]));
    const timer = setTimeout(() => form.scrollToField(reveal.key, { block: 'center', focus: true }), SCROLL_AFTER_OPEN_MS);
    return () => clearTimeout(timer);
  }, [form, groups, reveal]);

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={values}
      onValuesChange={(changes: Partial<SiteFormValues>) => onValuesChange(changes)}
      onFieldsChange={(changed) => {
        const failing = changed.filter((field) => field.errors && field.errors.length > 0).map((field) => groupOfField.get(String(field.name.at(-1))));
        const toOpen = failing.filter((key): key is string => key !== undefined && !open.includes(key));
        if (toOpen.length > 0) setOpen([...open, ...toOpen]);
      }}
      requiredMark
    >
      <Collapse
        activeKey={open}
        onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
        items={groups.map((group, index) => ({
          key: String(index),
          label: group.name,
          extra: <span style={{ color: 'rgba(0, 0, 0, 0.45)', fontSize: 12 }}>{group.children.length} 项</span>,
          // Rendered while closed, so that every field is registered and validated.
          forceRender: true,
          children: (
            <Row gutter={16}>
              {group.children.map((field) => (
                <Col key={field.key} xs={24} md={spanOf(field)}>
                  {itemOf(field)}
                </Col>
              ))}
            </Row>
          ),
        }))}
      />
    </Form>
  );
}
