import { Form } from 'antd';
import { useMemo } from 'react';
import type { ComponentType } from '../../../../contract/builder';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectMusic } from '../../miniSite/miniSiteSlice';
import { selectBuilderSite, selectBuilderUploads } from '../builderSelectors';
import { withShownBannerPrompt } from '../builderRules';
import { fieldEdited, imageUploadRequested, musicChosen } from '../builderSlice';
import type { FieldReveal } from '../builder.types';
import BuilderConfigForm, { type BuilderFormValues } from './BuilderConfigForm';

interface TypeConfigFormProps {
  type: ComponentType;
  /** Whether banner_logo fields say they are generated in the banner tab. */
  logoReadOnly: boolean;
  validateRequest: number;
  reveal?: FieldReveal | null;
}

const EMPTY: BuilderFormValues = {};

/** The form of the site's chosen template of `type`, wired to the store (edits, uploads, music). */
export default function TypeConfigForm({ type, logoReadOnly, validateRequest, reveal = null }: TypeConfigFormProps) {
  const dispatch = useAppDispatch();
  const site = useAppSelector(selectBuilderSite);
  const uploads = useAppSelector(selectBuilderUploads);
  const music = useAppSelector(selectMusic);
  const [form] = Form.useForm<BuilderFormValues>();
  // The banner's 画面描述 as the user should see it: theirs, or the one written from their game.
  const shown = useMemo(() => (site && type === 'banner' ? withShownBannerPrompt(site) : site), [site, type]);
  const groups = site?.configData[type] ?? [];
  if (!site || groups.length === 0) return <p style={{ color: 'rgba(0, 0, 0, 0.45)', margin: 0 }}>该模版没有可配置的内容。</p>;
  return (
    <BuilderConfigForm
      // A switched template is another form: its fields start from the new values.
      key={site.selectedComponents[type]?.id ?? 0}
      form={form}
      type={type}
      groups={groups}
      values={shown?.formData[type] ?? EMPTY}
      logoReadOnly={logoReadOnly}
      keyArt={site.bannerKeyArt}
      music={music.items}
      musicLoading={music.status === 'loading'}
      uploads={uploads}
      validateRequest={validateRequest}
      reveal={reveal?.type === type ? reveal : null}
      onEdit={(key, value) => dispatch(fieldEdited({ type, key, value }))}
      onMusic={(key, value) => dispatch(musicChosen({ type, key, value }))}
      onPickImage={(key, file) => dispatch(imageUploadRequested({ type, key, file }))}
    />
  );
}
