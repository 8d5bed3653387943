import { BarChartOutlined, CloudUploadOutlined, DesktopOutlined, DownloadOutlined, EditOutlined, MobileOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Button, Card, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import FlowSteps from '../../../components/FlowSteps';
import Notice from '../../../components/Notice';
import PageHeading from '../../../components/PageHeading';
import UserPageFrame from '../../../components/UserPageFrame';
import { pageColumnStyle } from '../../../components/pageLayout';
import { useSiteZipDownload } from '../../download/useZipDownload';
import { sitePreviewSrc } from '../siteRules';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { safeLinkHref } from '../../../../contract/links';
import { publishedSlugOf, siteStatsPath } from '../../../../contract/analytics';
import PublishedDialog from '../../publishing/PublishedDialog';
import { miniSitePublishStateRequested, selectMiniSitePublishedUrl, selectMiniSiteTakedown } from '../../publishing/publishingSlice';
import TakenDownActions from '../../publishing/TakenDownActions';
import { UnpublishConfirm, usePublishing } from '../../publishing/usePublishing';
import PhonePreviewDialog from '../../phonePreview/PhonePreviewDialog';
import { phonePreviewRequested } from '../../phonePreview/phonePreviewSlice';

type Device = 'desktop' | 'phone';

/** 发布 the created site at a link; once published, 访问 it, its 数据 (with its channel QR codes), or 下线 it (asked first). */
function PublishButtons({ webSiteDir }: { webSiteDir: string }) {
  const navigate = useNavigate();
  const url = useAppSelector((state) => selectMiniSitePublishedUrl(state, webSiteDir));
  const takedown = useAppSelector((state) => selectMiniSiteTakedown(state, webSiteDir));
  const target = { kind: 'miniSite' as const, webSiteDir, name: '' };
  const { busy, publish, unpublish } = usePublishing(target);
  const href = safeLinkHref(url);
  const slug = publishedSlugOf(url);
  if (takedown) return <TakenDownActions target={target} takedown={takedown} />;
  if (!href) {
    return (
      <Button icon={<CloudUploadOutlined />} loading={busy} onClick={publish}>
        发布
      </Button>
    );
  }
  return (
    <>
      <Button href={href} target="_blank" rel="noopener noreferrer">
        访问已发布网站
      </Button>
      {slug ? (
        <Button icon={<BarChartOutlined />} onClick={() => navigate(siteStatsPath(slug))}>
          数据
        </Button>
      ) : null}
      <UnpublishConfirm onConfirm={unpublish}>
        <Button danger loading={busy}>
          下线
        </Button>
      </UnpublishConfirm>
    </>
  );
}

/** How wide the frame is: the page's width, or a phone's. */
const FRAME_WIDTH: Record<Device, string | number> = { desktop: '100%', phone: 390 };

/** /miniSite/preview?previewUrl&webSiteDir: the created site in a frame, and its zip (spec screen 11). */
export default function SitePreviewPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [device, setDevice] = useState<Device>('desktop');
  // The address is user input: only our own site folders go into the frame and the zip call.
  const src = sitePreviewSrc(params.get('previewUrl'), params.get('webSiteDir'), window.location.origin);
  const webSiteDir = src ? params.get('webSiteDir') : null;
  const { download, downloading } = useSiteZipDownload(webSiteDir);
  const dispatch = useAppDispatch();
  // Arrived from the bottom of the long config page: the preview starts at its top. (A block
  // body: Chromium's scrollTo returns a promise, which React would take for a cleanup function.)
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, []);
  useEffect(() => {
    if (webSiteDir) dispatch(miniSitePublishStateRequested({ webSiteDir }));
  }, [dispatch, webSiteDir]);

  if (!src) {
    return (
      <Notice title="没有可预览的网站" text="请先配置并生成网站。">
        <Link to="/miniSite/config">去配置网站</Link>
      </Notice>
    );
  }

  // Back one step (spec screen 11); opened from elsewhere (a bookmark), there is no step to go back to.
  const modify = () => (location.key === 'default' ? navigate('/miniSite/config', { replace: true }) : navigate(-1));

  return (
    <div style={pageColumnStyle}>
      <FlowSteps flow="miniSite" current={3} />
      <PageHeading
        title="网站预览"
        text="网站已生成，压缩包已开始下载；如未开始，请点击“下载压缩包”。解压后打开 index.html 即可离线浏览。"
        extra={
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
            <Segmented<Device>
              aria-label="预览尺寸"
              value={device}
              onChange={setDevice}
              options={[
                { value: 'desktop', label: '电脑', icon: <DesktopOutlined /> },
                { value: 'phone', label: '手机', icon: <MobileOutlined /> },
              ]}
            />
            <Button icon={<QrcodeOutlined />} onClick={() => webSiteDir && dispatch(phonePreviewRequested({ kind: 'miniSite', webSiteDir }))}>
              手机预览
            </Button>
            {webSiteDir ? <PublishButtons webSiteDir={webSiteDir} /> : null}
            <Button icon={<EditOutlined />} onClick={modify}>
              修改配置
            </Button>
            <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
              下载压缩包
            </Button>
          </div>
        }
      />
      <Card styles={{ body: { padding: 0, background: '#f5f5f5', display: 'flex', justifyContent: 'center' } }}>
        <UserPageFrame src={src} style={{ display: 'block', width: FRAME_WIDTH[device], maxWidth: '100%', height: '75vh', minHeight: 480, border: 'none', background: '#fff' }} />
      </Card>
      <PhonePreviewDialog />
      <PublishedDialog />
    </div>
  );
}
