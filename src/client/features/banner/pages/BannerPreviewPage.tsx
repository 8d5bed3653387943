import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Col, Progress, Row, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { safeLinkHref } from '../../../../contract/links';
import { resultZipName } from '../../../../contract/works';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { checkerboardStyle } from '../../../components/checkerboard';
import FlowSteps from '../../../components/FlowSteps';
import Notice from '../../../components/Notice';
import PageHeading from '../../../components/PageHeading';
import { pageColumnStyle } from '../../../components/pageLayout';
import { useZipDownload } from '../../download/useZipDownload';
import { selectFlowConfig } from '../../selections/selectionsSlice';
import BannerArtNote from '../../generation/components/BannerArtNote';
import { cutsUnwatched, cutsWatched, selectBannerCuts } from '../bannerCutsSlice';

type Orientation = 'landscape' | 'portrait';

const videoStyle = { display: 'block', background: '#000', borderRadius: 6 } as const;
/** The phone cut as a phone shows it: 9:16, as tall as the window allows. */
const portraitBox = { height: 'min(70vh, 640px)', aspectRatio: '9 / 16', maxWidth: '100%', margin: '0 auto' } as const;

/** What the page says of the WebM videos under the phone cut, by how far they are. */
const WEBM_NOTE = {
  ready: '压缩包另含横屏与竖屏的 WebM 格式。',
  making: 'WebM 格式生成中，生成后点击“下载”即包含在压缩包中。',
  failed: 'WebM 格式暂未生成完成，请稍后点击“下载”，压缩包中会包含它。',
} as const;

/** The phone cut once made; meanwhile how far it is, or where it will be. */
function PortraitCut() {
  const { status, cuts, portraitProgress } = useAppSelector(selectBannerCuts);
  if (cuts?.portraitUrl) {
    return (
      <>
        <video src={cuts.portraitUrl} poster={cuts.portraitPosterUrl} controls autoPlay muted loop playsInline style={{ ...videoStyle, ...portraitBox }} data-testid="banner-portrait-video" />
        <p style={{ margin: '12px 0 0', textAlign: 'center', color: 'rgba(0, 0, 0, 0.45)' }}>{`1080×1920，手机竖屏播放；${WEBM_NOTE[status === 'idle' ? 'making' : status]}`}</p>
      </>
    );
  }
  const failed = status === 'failed';
  // 0 until its render starts: it waits while users' renders go first.
  const text = failed ? '手机竖屏版暂未生成完成，请稍后点击“下载”，压缩包中会包含它。' : portraitProgress > 0 ? '手机竖屏版生成中…' : '手机竖屏版即将开始生成…';
  return (
    <div style={{ ...portraitBox, boxSizing: 'border-box', display: 'grid', placeItems: 'center', background: '#f5f5f5', borderRadius: 6, padding: 16, textAlign: 'center' }} role="status">
      <div style={{ width: '80%' }}>
        {failed ? null : <Progress percent={portraitProgress} size="small" aria-label="手机竖屏版生成进度" />}
        <p style={{ margin: '12px 0 0', color: 'rgba(0, 0, 0, 0.65)' }}>{text}</p>
      </div>
    </div>
  );
}

/** /banner/preview?logoUrl&bannerUrl&fileName: the animation and its logo, and their zip (spec screen 17). */
export default function BannerPreviewPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The address is user input: only http(s) or same-site URLs are shown and packed.
  const logoUrl = safeLinkHref(params.get('logoUrl'));
  const bannerUrl = safeLinkHref(params.get('bannerUrl'));
  const config = useAppSelector((state) => selectFlowConfig(state, 'banner'));
  const { logotext } = config;
  const fileName = params.get('fileName') || resultZipName(logotext, 'fsa');
  const files = [logoUrl, bannerUrl].filter((url): url is string => url !== null);
  // The first zip comes at once; the phone cut and WebM follow on this page, and in the next 下载.
  const { download, downloading } = useZipDownload(fileName, files, { autoWithoutWaiting: true });
  const { status: cutsStatus, cuts } = useAppSelector(selectBannerCuts);
  const dispatch = useAppDispatch();
  const [orientation, setOrientation] = useState<Orientation>('landscape');

  // The phone cut is made after the MP4: asked for while this page shows the banner.
  useEffect(() => {
    if (!bannerUrl) return undefined;
    dispatch(cutsWatched({ bannerUrl }));
    return () => {
      dispatch(cutsUnwatched());
    };
  }, [bannerUrl, dispatch]);

  if (files.length === 0) {
    return (
      <Notice title="没有可预览的整屏动画" text="请先生成整屏动画。">
        <Link to="/banner/selectPage?module=fsa">去生成整屏动画</Link>
      </Notice>
    );
  }

  return (
    <div style={pageColumnStyle}>
      <FlowSteps flow="banner" current={3} />
      <PageHeading
        title="整屏动画预览"
        text={
          cutsStatus === 'ready'
            ? '整屏动画已生成，下载已自动开始。手机竖屏版与 WebM 格式也已生成：点击“下载”获取包含它们的压缩包。'
            : cuts?.portraitUrl
              ? '整屏动画已生成，下载已自动开始。手机竖屏版已生成（见“手机竖屏”），WebM 格式生成中，生成后点击“下载”即包含在压缩包中。'
              : '整屏动画已生成，下载已自动开始；如未开始，请点击“下载”。手机竖屏版与 WebM 格式在动画之后生成（可在“手机竖屏”中查看进度），生成后点击“下载”即包含在压缩包中。'
        }
        extra={
          <div style={{ display: 'flex', gap: 12 }}>
            <Button icon={<EditOutlined />} onClick={() => navigate('/banner/config?module=fsa')}>
              返回修改
            </Button>
            <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
              下载
            </Button>
          </div>
        }
      />
      <Row gutter={[24, 24]}>
        {bannerUrl ? (
          <Col xs={24} lg={16}>
            <Card
              title="整屏动画"
              size="small"
              extra={
                <Segmented<Orientation>
                  size="small"
                  value={orientation}
                  onChange={setOrientation}
                  options={[
                    { label: '电脑横屏', value: 'landscape' },
                    { label: '手机竖屏', value: 'portrait' },
                  ]}
                />
              }
            >
              {orientation === 'landscape' ? (
                <video src={bannerUrl} controls autoPlay muted loop playsInline style={{ ...videoStyle, width: '100%' }} data-testid="banner-video" />
              ) : (
                <PortraitCut />
              )}
              {/* The server's word once asked (cuts), the form's for the banner it just made until then. */}
              <BannerArtNote art={cuts ?? (config.bannerUrl === bannerUrl ? config.bannerArt : null)} />
            </Card>
          </Col>
        ) : null}
        {logoUrl ? (
          <Col xs={24} lg={bannerUrl ? 8 : 24}>
            <Card title="LOGO" size="small">
              <div style={{ ...checkerboardStyle, borderRadius: 6, display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 200, padding: 16 }}>
                <img src={logoUrl} alt="生成的LOGO" style={{ display: 'block', maxWidth: '100%', maxHeight: 320, objectFit: 'contain' }} />
              </div>
            </Card>
          </Col>
        ) : null}
      </Row>
    </div>
  );
}
