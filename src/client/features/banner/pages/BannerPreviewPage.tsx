import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { safeLinkHref } from '../../../../contract/links';
import { checkerboardStyle } from '../../../components/checkerboard';
import FlowSteps from '../../../components/FlowSteps';
import Notice from '../../../components/Notice';
import PageHeading from '../../../components/PageHeading';
import { pageColumnStyle } from '../../../components/pageLayout';
import { useZipDownload } from '../../download/useZipDownload';
import { ZIP_FILE_NAME } from '../../generation/previewPaths';

/** /banner/preview?logoUrl&bannerUrl&fileName: the animation and its logo, and their zip (spec screen 17). */
export default function BannerPreviewPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The address is user input: only http(s) or same-site URLs are shown and packed.
  const logoUrl = safeLinkHref(params.get('logoUrl'));
  const bannerUrl = safeLinkHref(params.get('bannerUrl'));
  const fileName = params.get('fileName') || ZIP_FILE_NAME.banner;
  const files = [logoUrl, bannerUrl].filter((url): url is string => url !== null);
  const { download, downloading } = useZipDownload(fileName, files);

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
        text="整屏动画已生成，下载已自动开始；如未开始，请点击“下载”。压缩包另含手机竖屏版与 WebM 格式，它们在动画之后生成，如未包含，请稍后再点“下载”。"
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
            <Card title="整屏动画" size="small">
              <video src={bannerUrl} controls autoPlay muted loop playsInline style={{ display: 'block', width: '100%', background: '#000', borderRadius: 6 }} data-testid="banner-video" />
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
