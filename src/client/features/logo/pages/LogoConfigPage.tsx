import { ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Row, Segmented } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { GenerationMessages } from '../../../../contract/generation';
import FlowSteps from '../../../components/FlowSteps';
import LazyMediaPreviewDialog from '../../../components/LazyMediaPreviewDialog';
import type { MediaPreview } from '../../../components/MediaPreviewDialog';
import Notice from '../../../components/Notice';
import PageHeading from '../../../components/PageHeading';
import { pageColumnStyle } from '../../../components/pageLayout';
import { useDelayedPreview } from '../../../components/useDelayedPreview';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { templatePreviewFailed } from '../../catalog/catalogSlice';
import ChosenTemplateCard from '../../generation/components/ChosenTemplateCard';
import GenerationTextFields from '../../generation/components/GenerationTextFields';
import { generationRequested, selectGenerationBusy } from '../../generation/generationSlice';
import { logoModuleOf } from '../../generation/moduleQuery';
import { previewPathOf } from '../../generation/previewPaths';
import { useFlowConfigForm } from '../../generation/useFlowConfigForm';
import { useSampleLinesCheck } from '../../generation/useSampleLinesCheck';
import { logoTextsOf, selectLogoTemplate } from '../../selections/selectionsSlice';

const moduleOptions = [
  { label: '透明LOGO', value: 'tl' },
  { label: '动态LOGO', value: 'al' },
] as const;

/** /logo/config?module=tl|al: the chosen logo style, the texts, and 生成LOGO (spec screen 13). */
export default function LogoConfigPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const module = logoModuleOf(params.get('module'));
  const template = useAppSelector((state) => selectLogoTemplate(state, 'alone'));
  const busy = useAppSelector(selectGenerationBusy);
  const { form, config, initialValues, onValuesChange, reset } = useFlowConfigForm('alone');
  const { preview, open, close } = useDelayedPreview<MediaPreview>();
  const sampleLines = useSampleLinesCheck(form);
  const selectPath = `/logo/selectPage?module=${module}`;

  if (!template) {
    return (
      <div style={pageColumnStyle}>
        <FlowSteps flow="logo" current={0} />
        <Notice title={GenerationMessages.logoTemplateRequired} text="先挑选一款LOGO样式，再来填写文字。">
          <Link to={selectPath}>去选择LOGO样式</Link>
        </Notice>
      </div>
    );
  }

  const submit = () => {
    // The fields show their own messages; the saga checks the same rules and says what stops it.
    form.validateFields().catch(() => undefined);
    sampleLines.check('logo', config, () =>
      dispatch(generationRequested({ kind: 'logo', slot: 'alone', openPreview: true, payload: { ...logoTextsOf(config), logobg: template.id, module } })),
    );
  };

  return (
    <div style={pageColumnStyle}>
      <FlowSteps flow="logo" current={1} />
      <PageHeading
        title="LOGO配置"
        text="填写LOGO文字后点击生成，生成完成后将自动打开预览并下载。"
        extra={
          <Segmented
            aria-label="LOGO类型"
            options={[...moduleOptions]}
            value={module}
            onChange={(value) => setParams({ module: value }, { replace: true, preventScrollReset: true })}
          />
        }
      />
      <Row gutter={[24, 24]}>
        <Col xs={24} md={10}>
          <ChosenTemplateCard
            title="LOGO模版"
            template={{ name: template.name, image: template.preview_image1 }}
            backdrop="checkerboard"
            reselectLabel="重新选择LOGO"
            missingText={GenerationMessages.logoTemplateRequired}
            onPreview={() => open({ kind: 'image', src: template.preview_image1, title: template.name })}
            onReselect={() => navigate(selectPath)}
          />
        </Col>
        <Col xs={24} md={14}>
          <Card title={module === 'al' ? '动态LOGO参数' : '透明LOGO参数'}>
            <Form form={form} layout="vertical" initialValues={initialValues} onValuesChange={onValuesChange} requiredMark>
              <GenerationTextFields withBanner={false} />
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
                <Button icon={<ReloadOutlined />} onClick={reset}>
                  重置参数
                </Button>
                <Button type="primary" icon={<ThunderboltOutlined />} loading={busy} onClick={submit}>
                  生成LOGO
                </Button>
                {config.logoUrl ? (
                  <Button type="link" onClick={() => navigate(previewPathOf({ module: logoModuleOf(config.module), logotext: config.logotext, logoUrl: config.logoUrl, bannerUrl: '' }))}>
                    查看上次生成的LOGO
                  </Button>
                ) : null}
              </div>
            </Form>
          </Card>
        </Col>
      </Row>
      {sampleLines.dialog}
      <LazyMediaPreviewDialog preview={preview} onClose={close} onError={(media) => dispatch(templatePreviewFailed({ media }))} />
    </div>
  );
}
