import { ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Row } from 'antd';
import { useNavigate } from 'react-router-dom';
import { GenerationMessages } from '../../../../contract/generation';
import FlowSteps from '../../../components/FlowSteps';
import LazyMediaPreviewDialog from '../../../components/LazyMediaPreviewDialog';
import type { MediaPreview } from '../../../components/MediaPreviewDialog';
import PageHeading from '../../../components/PageHeading';
import { pageColumnStyle } from '../../../components/pageLayout';
import { useDelayedPreview } from '../../../components/useDelayedPreview';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { templatePreviewFailed } from '../../catalog/catalogSlice';
import ChosenTemplateCard from '../../generation/components/ChosenTemplateCard';
import GenerationTextFields from '../../generation/components/GenerationTextFields';
import KeyArtField from '../../generation/components/KeyArtField';
import { generationRequested, selectGenerationBusy } from '../../generation/generationSlice';
import { previewPathOf } from '../../generation/previewPaths';
import { useFlowConfigForm } from '../../generation/useFlowConfigForm';
import { useSampleLinesCheck } from '../../generation/useSampleLinesCheck';
import { bannerInputsOf, logoTextsOf, selectBannerSelection, selectLogoTemplate } from '../../selections/selectionsSlice';

/** /banner/config?module=fsa: both chosen styles, the logo and banner texts, and 生成整屏动画 (spec screen 16). */
export default function BannerConfigPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const banner = useAppSelector(selectBannerSelection)?.template ?? null;
  const logo = useAppSelector((state) => selectLogoTemplate(state, 'fsa'));
  const busy = useAppSelector(selectGenerationBusy);
  const { form, config, initialValues, onValuesChange, reset } = useFlowConfigForm('banner');
  const { preview, open, close } = useDelayedPreview<MediaPreview>();
  const sampleLines = useSampleLinesCheck(form);

  const submit = () => {
    // The fields show their own messages; the saga checks the same rules and says what stops it.
    form.validateFields().catch(() => undefined);
    sampleLines.check('banner', config, () =>
      dispatch(
        generationRequested({
          kind: 'banner',
          slot: 'banner',
          openPreview: true,
          payload: { ...logoTextsOf(config), ...bannerInputsOf(config), logobg: logo?.id ?? 0, banner: banner?.id ?? 0, module: 'fsa' },
        }),
      ),
    );
  };

  return (
    <div style={pageColumnStyle}>
      <FlowSteps flow="banner" current={2} />
      <PageHeading title="整屏动画配置" text="确认动画与LOGO样式，填写文字后点击生成，完成后将自动打开预览并下载。" />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
            <ChosenTemplateCard
              title="整屏动画模版"
              template={banner ? { name: banner.name, image: banner.preview_image } : null}
              backdrop="none"
              reselectLabel="重新选择动画"
              missingText={GenerationMessages.bannerTemplateRequired}
              onPreview={() => banner && open({ kind: 'video', src: banner.preview_video, title: banner.name })}
              onReselect={() => navigate('/banner/selectPage?module=fsa')}
            />
            <ChosenTemplateCard
              title="LOGO模版"
              template={logo ? { name: logo.name, image: logo.preview_image1 } : null}
              backdrop="checkerboard"
              reselectLabel="重新选择LOGO"
              missingText={GenerationMessages.logoTemplateRequired}
              onPreview={() => logo && open({ kind: 'image', src: logo.preview_image1, title: logo.name })}
              onReselect={() => navigate('/logo/selectPage?module=fsa')}
            />
          </div>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="动画参数">
            <Form form={form} layout="vertical" initialValues={initialValues} onValuesChange={onValuesChange} requiredMark>
              <GenerationTextFields withBanner />
              <KeyArtField slot="banner" />
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
                <Button icon={<ReloadOutlined />} onClick={reset}>
                  重置参数
                </Button>
                <Button type="primary" icon={<ThunderboltOutlined />} loading={busy} onClick={submit}>
                  生成整屏动画
                </Button>
                {config.logoUrl && config.bannerUrl ? (
                  <Button type="link" onClick={() => navigate(previewPathOf({ module: 'fsa', logotext: config.logotext, logoUrl: config.logoUrl, bannerUrl: config.bannerUrl }))}>
                    查看上次生成的动画
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
