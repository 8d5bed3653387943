import { Alert, Button, Card, Form, Input, Space, Spin, Tag } from 'antd';
import { lazy, useEffect, useMemo } from 'react';
import { useBlocker } from 'react-router-dom';
import { SETTING_KEYS, SettingKinds, SettingLabels, settingProblem, type SettingKey, type SettingsValues } from '../../../../contract/siteSettings';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import MountOnce from '../../../components/MountOnce';
import UploadField from './UploadField';
import SettingsPreview from './SettingsPreview';
import {
  editsDiscarded,
  fileUploadRequested,
  previewConfigOf,
  saveRequested,
  selectDraft,
  selectSaving,
  selectSettingsStatus,
  selectSettingsUploads,
  selectStoredSettings,
  settingEdited,
  settingsOpened,
  unsavedOf,
} from './settingsSlice';

// The leave warning and its Modal load the first time an operator leaves with edits not saved.
const LeaveEditsDialog = lazy(() => import(/* webpackChunkName: "console-leave-dialog" */ './LeaveEditsDialog'));

/** The form's sections, in order. */
const SECTIONS: { title: string; keys: SettingKey[]; note?: string }[] = [
  { title: '品牌', keys: ['logoUrl', 'copyright'] },
  { title: 'QQ群', keys: ['qq1', 'qq1_link', 'qq1_url', 'qq3', 'qq3_link', 'qq4', 'qq4_link'], note: '群号留空则不显示该群。反馈群的二维码默认由加群链接生成（保存后生效），也可上传自己的二维码图片。' },
  { title: '广告', keys: ['ad1_url', 'ad1_link', 'ad2_url', 'ad2_link'], note: '图片留空则不显示该广告；链接须是 http(s) 地址或本站路径（以 / 开头）。' },
  { title: '教程视频', keys: ['tutorial1', 'tutorial2', 'tutorial3', 'tutorial4'], note: '留空则播放内置的教程视频。请上传 H.264 编码的 MP4（最大 100MB）：页面只能播放本站提供的视频。' },
];

const PLACEHOLDERS: Partial<Record<SettingKey, string>> = { qq1: '如 123456789', qq3: '如 123456789', qq4: '如 123456789' };

/** Leaving with edits not saved: the browser asks when the tab closes or reloads. */
function useWarnOnUnload(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** 站点设置: everything the public pages show of the operator (logo, copyright, QQ groups, ads, tutorial videos), with a preview. */
export default function SettingsPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSettingsStatus);
  const stored = useAppSelector(selectStoredSettings);
  const draft = useAppSelector(selectDraft);
  const saving = useAppSelector(selectSaving);
  const uploads = useAppSelector(selectSettingsUploads);
  const [form] = Form.useForm<SettingsValues>();
  const unsaved = useMemo(() => unsavedOf(stored, draft), [stored, draft]);
  const dirty = Object.keys(unsaved).length > 0;
  const preview = useMemo(() => (draft && stored ? previewConfigOf(draft, stored.defaults) : null), [draft, stored]);

  useEffect(() => {
    dispatch(settingsOpened());
  }, [dispatch]);
  // The draft changes outside the inputs too (an upload, a save, a discard): the form follows it.
  useEffect(() => {
    if (draft) form.setFieldsValue(draft);
  }, [form, draft]);

  useWarnOnUnload(dirty);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  if (!stored || !draft) {
    return status === 'failed' ? (
      <Alert type="error" showIcon message="站点设置加载失败" action={<Button onClick={() => dispatch(settingsOpened())}>重试</Button>} />
    ) : (
      <Spin description="加载中…">
        <div style={{ height: 200 }} />
      </Spin>
    );
  }

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    dispatch(saveRequested());
  };

  const fieldOf = (key: SettingKey) => {
    const atDefault = draft[key] === stored.defaults[key];
    const label = (
      <Space size={4}>
        {SettingLabels[key]}
        {unsaved[key] !== undefined ? <Tag color="orange">未保存</Tag> : null}
        {atDefault ? <Tag>默认</Tag> : null}
      </Space>
    );
    const extra = atDefault ? undefined : (
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => dispatch(settingEdited({ key, value: stored.defaults[key] }))}>
        恢复默认{stored.defaults[key] ? '' : '（空）'}
      </Button>
    );
    const rules = [{ validator: (_: unknown, value: string | undefined) => { const problem = settingProblem(key, value ?? ''); return problem ? Promise.reject(new Error(problem)) : Promise.resolve(); } }];
    const kind = SettingKinds[key];
    return (
      <Form.Item key={key} name={key} label={label} extra={extra} rules={rules} validateFirst>
        {kind === 'picture' || kind === 'video' ? (
          <UploadField settingKey={key} kind={kind} upload={uploads[key]} onPick={(file) => dispatch(fileUploadRequested({ key, file }))} />
        ) : (
          <Input placeholder={PLACEHOLDERS[key] ?? (kind === 'text' ? '留空则不显示' : 'https://… 或 /…')} maxLength={kind === 'text' ? undefined : 500} allowClear />
        )}
      </Form.Item>
    );
  };

  return (
    <div className="wpg-admin-settings" style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 960 }}>
      <Card title="预览" size="small" extra={<span style={{ color: 'rgba(0,0,0,0.45)' }}>公开页面的页头和页脚</span>}>
        {preview ? <SettingsPreview config={preview} /> : null}
      </Card>
      <Form
        form={form}
        layout="vertical"
        initialValues={draft}
        onValuesChange={(changed: Partial<SettingsValues>) => {
          for (const key of SETTING_KEYS) {
            const value = changed[key];
            if (value !== undefined) dispatch(settingEdited({ key, value }));
          }
        }}
      >
        {SECTIONS.map((section) => (
          <Card key={section.title} title={section.title} size="small" style={{ marginBottom: 16 }}>
            {section.note ? <p style={{ color: 'rgba(0,0,0,0.45)', marginTop: 0 }}>{section.note}</p> : null}
            {section.keys.map(fieldOf)}
          </Card>
        ))}
        <div style={{ position: 'sticky', bottom: 0, background: '#fff', padding: '12px 0', borderTop: '1px solid #f0f0f0', zIndex: 2 }}>
          <Space wrap>
            <Button type="primary" onClick={() => void save()} loading={saving} disabled={!dirty}>
              保存并立即生效
            </Button>
            <Button onClick={() => dispatch(editsDiscarded())} disabled={!dirty || saving}>
              放弃修改
            </Button>
            <span style={{ color: 'rgba(0,0,0,0.45)' }}>{dirty ? `${Object.keys(unsaved).length} 项未保存` : '所有修改已保存'}</span>
          </Space>
        </div>
      </Form>
      <MountOnce wanted={blocker.state === 'blocked'}>
        <LeaveEditsDialog open={blocker.state === 'blocked'} onLeave={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} />
      </MountOnce>
    </div>
  );
}
