import { GlobalOutlined, ReloadOutlined, ThunderboltOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Row, Skeleton, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { GenerationMessages, type BannerTemplate } from '../../../../contract/generation';
import { genreSamplePicture } from '../../../../contract/genrePictures';
import { MiniSiteMessages } from '../../../../contract/miniSite';
import FlowSteps from '../../../components/FlowSteps';
import MediaPreviewDialog, { type MediaPreview } from '../../../components/MediaPreviewDialog';
import Notice from '../../../components/Notice';
import PageHeading from '../../../components/PageHeading';
import SampleFieldsDialog from '../../../components/SampleFieldsDialog';
import { pageColumnStyle } from '../../../components/pageLayout';
import { useDelayedPreview } from '../../../components/useDelayedPreview';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { templatePreviewFailed } from '../../catalog/catalogSlice';
import ChosenTemplateCard from '../../generation/components/ChosenTemplateCard';
import GenerationTextFields from '../../generation/components/GenerationTextFields';
import KeyArtField from '../../generation/components/KeyArtField';
import { generationRequested, selectGenerationBusy, selectGenerationKind } from '../../generation/generationSlice';
import { useFlowConfigForm } from '../../generation/useFlowConfigForm';
import { useSampleLinesCheck } from '../../generation/useSampleLinesCheck';
import { flowTextKeyOf } from '../../selections/samples';
import {
  bannerInputsOf,
  logoTextsOf,
  miniSiteBannerChosen,
  selectLogoTemplate,
  selectMiniSiteBanner,
  selectMiniSiteBannerId,
  selectSiteTemplate,
  siteTemplateConfigEdited,
} from '../../selections/selectionsSlice';
import BannerPickerDialog from '../components/BannerPickerDialog';
import DynamicConfigForm, { type SiteFormValues } from '../components/DynamicConfigForm';
import GeneratedResults from '../components/GeneratedResults';
import { selectSiteFormGroups, selectSiteFormValues, selectSiteSampleFields } from '../miniSiteSelectors';
import { sitePagePreview } from '../sitePreview';
import {
  defaultBannerRequested,
  imageUploadRequested,
  musicRequested,
  selectCreationBusy,
  selectCreationStatus,
  selectMusic,
  selectTemplateConfig,
  selectUploads,
  siteCreationRequested,
  templateConfigRequested,
} from '../miniSiteSlice';

/** A group that opens for a failing field animates first; the scroll waits for it. */
const SCROLL_AFTER_OPEN_MS = 300;

/** /miniSite/config: the chosen templates, the logo and banner, the site's own form, and 生成网站 (spec screen 10). */
export default function SiteConfigPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const site = useAppSelector(selectSiteTemplate);
  const logo = useAppSelector((state) => selectLogoTemplate(state, 'miniSite'));
  const banner = useAppSelector(selectMiniSiteBanner);
  const bannerId = useAppSelector(selectMiniSiteBannerId);
  const templateConfig = useAppSelector(selectTemplateConfig);
  const groups = useAppSelector(selectSiteFormGroups);
  const values = useAppSelector(selectSiteFormValues);
  const sampleFields = useAppSelector(selectSiteSampleFields);
  const music = useAppSelector(selectMusic);
  const uploads = useAppSelector(selectUploads);
  const generating = useAppSelector(selectGenerationBusy);
  const generatingKind = useAppSelector(selectGenerationKind);
  const creationBusy = useAppSelector(selectCreationBusy);
  const creating = useAppSelector(selectCreationStatus) === 'creating';
  const { form: textForm, config, initialValues, onValuesChange, reset } = useFlowConfigForm('miniSite');
  const [siteForm] = Form.useForm<SiteFormValues>();
  const sampleLines = useSampleLinesCheck(textForm);
  const { preview, open, close } = useDelayedPreview<MediaPreview>();
  const [pickingBanner, setPickingBanner] = useState(false);
  const [checkingSamples, setCheckingSamples] = useState(false);
  const [reveal, setReveal] = useState<{ key: string; at: number } | null>(null);
  const siteId = site?.id ?? null;

  useEffect(() => {
    if (siteId !== null) dispatch(templateConfigRequested({ templateId: siteId }));
  }, [dispatch, siteId]);
  useEffect(() => {
    dispatch(musicRequested());
    // Arrived from further down a list: the page starts at its top, with the chosen templates.
    window.scrollTo?.(0, 0);
  }, [dispatch]);
  // The template's own banner style is known by id only: its picture and video come from the catalogue.
  const defaultBannerId = banner ? null : bannerId;
  useEffect(() => {
    if (defaultBannerId) dispatch(defaultBannerRequested({ bannerId: defaultBannerId }));
  }, [dispatch, defaultBannerId]);

  if (!site) {
    return (
      <div style={pageColumnStyle}>
        <FlowSteps flow="miniSite" current={0} />
        <Notice title={MiniSiteMessages.siteTemplateRequired} text="先挑选一款网站模版，再来配置网站。">
          <Link to="/miniSite/selectPage">去选择网站模版</Link>
        </Notice>
      </div>
    );
  }

  const generate = (kind: 'logo' | 'banner') => {
    // The fields show their own messages; the generation saga checks the same rules and says what stops it.
    textForm.validateFields().catch(() => undefined);
    const common = { ...logoTextsOf(config), logobg: logo?.id ?? 0 };
    sampleLines.check(kind, config, () =>
      dispatch(
        kind === 'logo'
          ? generationRequested({ kind, slot: 'miniSite', openPreview: false, payload: { ...common, module: 'tl' } })
          : generationRequested({ kind, slot: 'miniSite', openPreview: false, payload: { ...common, ...bannerInputsOf(config), banner: bannerId ?? 0, module: 'fsa' } }),
      ),
    );
  };

  const createSite = () => {
    // Ready to go but still holding sample texts or pictures: the user sees which before anything is made.
    if (groups && config.logoUrl && config.bannerUrl && sampleFields.length > 0) {
      siteForm.validateFields().then(
        () => setCheckingSamples(true),
        () => dispatch(siteCreationRequested()),
      );
      return;
    }
    // Marks the fields in the form (their groups open); the saga checks the same rules and says what stops it.
    if (groups) {
      siteForm.validateFields().catch((info: { errorFields?: { name: (string | number)[] }[] }) => {
        const first = info.errorFields?.[0];
        // Once the results are there, the form is what stops the site: show its first problem.
        if (first && config.logoUrl && config.bannerUrl) setTimeout(() => siteForm.scrollToField(first.name, { block: 'center' }), SCROLL_AFTER_OPEN_MS);
      });
    }
    dispatch(siteCreationRequested());
  };

  const chooseBanner = (template: BannerTemplate) => {
    dispatch(miniSiteBannerChosen({ template }));
    setPickingBanner(false);
  };

  return (
    <div style={pageColumnStyle}>
      <FlowSteps flow="miniSite" current={2} />
      <PageHeading title="网站配置" text="确认模版后，先生成LOGO和整屏动画，再填写网站内容，最后点击“生成网站”。" />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={9}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
            <ChosenTemplateCard
              title="网站模版"
              template={{ name: site.name, image: site.thumbnail }}
              backdrop="none"
              reselectLabel="重新选择"
              missingText={MiniSiteMessages.siteTemplateRequired}
              onPreview={() => open(sitePagePreview(site))}
              onReselect={() => navigate('/miniSite/selectPage')}
            />
            <ChosenTemplateCard
              title="LOGO模版"
              template={logo ? { name: logo.name, image: logo.preview_image1 } : null}
              backdrop="checkerboard"
              reselectLabel="重新选择"
              missingText={GenerationMessages.logoTemplateRequired}
              onPreview={() => logo && open({ kind: 'image', src: logo.preview_image1, title: logo.name })}
              onReselect={() => navigate('/logo/selectPage')}
            />
            <ChosenTemplateCard
              title="整屏动画模版"
              template={banner ? { name: banner.name, image: banner.preview_image } : null}
              backdrop="none"
              reselectLabel="重新选择"
              missingText={GenerationMessages.bannerTemplateRequired}
              onPreview={() => banner && open({ kind: 'video', src: banner.preview_video, title: banner.name })}
              onReselect={() => setPickingBanner(true)}
            />
          </div>
        </Col>
        <Col xs={24} lg={15}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
            <Card title="第一步：生成LOGO与整屏动画">
              <Form form={textForm} layout="vertical" initialValues={initialValues} onValuesChange={onValuesChange} requiredMark>
                <GenerationTextFields withBanner />
                <KeyArtField slot="miniSite" />
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
                  <Button icon={<ReloadOutlined />} onClick={reset} disabled={generating}>
                    重置参数
                  </Button>
                  <Button type="primary" icon={<ThunderboltOutlined />} loading={generating && generatingKind === 'logo'} disabled={generating} onClick={() => generate('logo')}>
                    生成LOGO
                  </Button>
                  <Button type="primary" icon={<VideoCameraOutlined />} loading={generating && generatingKind === 'banner'} disabled={generating} onClick={() => generate('banner')}>
                    生成整屏动画
                  </Button>
                </div>
              </Form>
              <GeneratedResults logoUrl={config.logoUrl} bannerUrl={config.bannerUrl} bannerArt={config.bannerArt} />
            </Card>
            <Card title="第二步：填写网站内容">
              {groups ? (
                <DynamicConfigForm
                  key={site.id}
                  form={siteForm}
                  groups={groups}
                  values={values}
                  music={music.items}
                  musicLoading={music.status === 'loading'}
                  uploads={uploads}
                  logoUrl={config.logoUrl}
                  bannerUrl={config.bannerUrl}
                  onValuesChange={(changes) => dispatch(siteTemplateConfigEdited({ changes }))}
                  onPickImage={(key, file) => dispatch(imageUploadRequested({ key, file }))}
                  reveal={reveal}
                  pictureOf={(value) => genreSamplePicture(value, { id: site.id, categoryId: site.category_id, bannerId: site.banner_id }, bannerId)}
                />
              ) : templateConfig.status === 'failed' ? (
                <Notice title="网站配置加载失败" text="请检查网络后重试。">
                  <Button onClick={() => dispatch(templateConfigRequested({ templateId: site.id }))}>重新加载</Button>
                </Notice>
              ) : (
                <Skeleton active paragraph={{ rows: 6 }} />
              )}
            </Card>
          </div>
        </Col>
      </Row>
      {/*
        The bar follows the viewport only once 生成网站 can go on (logo and banner made): before,
        a bar over the window's bottom covered 重置参数 / 生成LOGO / 生成整屏动画 at 1440x900.
      */}
      <div
        data-testid="create-site-bar"
        style={{
          position: config.logoUrl && config.bannerUrl ? 'sticky' : 'static',
          bottom: 0,
          zIndex: 10,
          marginTop: 24,
          padding: '10px 16px',
          background: 'rgba(255, 255, 255, 0.96)',
          borderTop: '1px solid #f0f0f0',
          boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.04)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
        }}
      >
        <span style={{ flex: '1 1 160px', minWidth: 0, fontSize: 13, color: 'rgba(0, 0, 0, 0.45)' }}>{siteHint(config.logoUrl, config.bannerUrl)}</span>
        <Button type="primary" size="large" icon={<GlobalOutlined />} loading={creationBusy} disabled={generating} onClick={createSite}>
          生成网站
        </Button>
      </div>
      <SampleFieldsDialog
        open={checkingSamples}
        fields={sampleFields}
        goLabel="生成网站"
        onGo={() => {
          setCheckingSamples(false);
          dispatch(siteCreationRequested());
        }}
        onEdit={(key) => {
          setCheckingSamples(false);
          // A line of the logo or banner is in the first step's form; any other key is the site's.
          const line = flowTextKeyOf(key);
          if (line) textForm.scrollToField(line, { block: 'center', focus: true });
          else setReveal({ key, at: Date.now() });
        }}
        onClose={() => setCheckingSamples(false)}
      />
      {sampleLines.dialog}
      <MediaPreviewDialog preview={preview} onClose={close} onError={(media) => dispatch(templatePreviewFailed({ media }))} />
      <BannerPickerDialog
        open={pickingBanner}
        selectedId={bannerId}
        onPreview={(template) => open({ kind: 'video', src: template.preview_video, title: template.name })}
        onSelect={chooseBanner}
        onClose={() => setPickingBanner(false)}
      />
      <Spin fullscreen spinning={creating} percent="auto" description="正在生成网站，请稍候…" />
    </div>
  );
}

/** What the bar at the bottom says is still missing before 生成网站. */
function siteHint(logoUrl: string, bannerUrl: string): string {
  if (!logoUrl) return '生成网站前，请先生成LOGO。';
  if (!bannerUrl) return '生成网站前，请先生成整屏动画。';
  return 'LOGO和整屏动画已就绪，填写网站内容后即可生成网站。';
}
