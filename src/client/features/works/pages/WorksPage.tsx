import { Button, Card, Col, Empty, Pagination, Row, Segmented, Space, Spin, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { safeLinkHref } from '../../../../contract/links';
import { WORK_TYPES, WorkLimits, WorkMessages, workTypeLabels, type WorkRecord, type WorkType } from '../../../../contract/works';
import { checkerboardStyle } from '../../../components/checkerboard';
import LazyMediaPreviewDialog from '../../../components/LazyMediaPreviewDialog';
import type { MediaPreview } from '../../../components/MediaPreviewDialog';
import { useDelayedPreview } from '../../../components/useDelayedPreview';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { siteReservePath } from '../../siteReserve/paths';
import { siteStatsPath } from '../../../../contract/analytics';
import { templatePreviewFailed } from '../../catalog/catalogSlice';
import { usePhoneLayout } from '../../layout/usePhoneLayout';
import { selectWorkDownloading, selectWorksLoading } from '../worksSelectors';
import { downloadRequested, pageChanged, pageOpened, selectWorks, selectWorksQuery, selectWorksTotal, typeChosen } from '../worksSlice';

const MINI_SITE_KEY = 'site:';

const TYPE_OPTIONS = [{ label: '全部', value: '' }, ...WORK_TYPES.map((type) => ({ label: workTypeLabels[type], value: type }))];

const TYPE_COLORS: Record<WorkType, string> = { miniSite: 'blue', logo: 'gold', animatedLogo: 'orange', banner: 'purple' };

/** Where each kind of work is made, for the empty list. */
const MAKE_LINKS = [
  { label: '生成迷你站', to: '/miniSite/selectPage' },
  { label: '生成LOGO', to: '/logo/selectPage?module=tl' },
  { label: '生成整屏动画', to: '/banner/selectPage?module=fsa' },
];

const coverStyle: CSSProperties = { height: 160, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' };

/** Logos sit on squares that show their transparency; banners and sites fill a dark frame. */
function coverBackground(type: WorkType): CSSProperties {
  return type === 'logo' || type === 'animatedLogo' ? checkerboardStyle : { background: '#141414' };
}

function WorkCover({ work }: { work: WorkRecord }) {
  const fill = work.type === 'miniSite' || work.type === 'banner';
  return (
    <div style={{ ...coverStyle, ...coverBackground(work.type) }}>
      <img
        src={work.picture}
        alt={`${work.title} ${workTypeLabels[work.type]}`}
        loading="lazy"
        style={fill ? { width: '100%', height: '100%', objectFit: 'cover' } : { maxWidth: '90%', maxHeight: 140, objectFit: 'contain' }}
      />
    </div>
  );
}

/** What 查看 shows: a site opens in a new tab, a logo or banner in the preview dialog. */
function previewOf(work: WorkRecord): MediaPreview | null {
  if (work.type === 'miniSite') return null;
  return { kind: work.type === 'banner' ? 'video' : 'image', src: work.viewUrl, title: work.title };
}

function WorkCard({ work, onPreview }: { work: WorkRecord; onPreview(preview: MediaPreview): void }) {
  const dispatch = useAppDispatch();
  const downloading = useAppSelector((state) => selectWorkDownloading(state, work.key));
  const preview = previewOf(work);
  const siteHref = work.type === 'miniSite' ? safeLinkHref(work.viewUrl) : null;
  const navigate = useNavigate();
  // A mini site's key is `site:<its folder>`, the folder its 预约 is kept under.
  const miniSiteDir = work.type === 'miniSite' && work.key.startsWith(MINI_SITE_KEY) ? work.key.slice(MINI_SITE_KEY.length) : '';
  // A site opens in a tab of its own (a link styled as a button would take the card actions' grey).
  const view = (
    <Button key="view" type="link" onClick={() => (siteHref ? window.open(siteHref, '_blank', 'noopener,noreferrer') : preview && onPreview(preview))}>
      查看
    </Button>
  );
  return (
    <Card
      size="small"
      cover={<WorkCover work={work} />}
      actions={[
        view,
        <Button key="download" type="link" loading={downloading} onClick={() => dispatch(downloadRequested({ key: work.key }))}>
          下载
        </Button>,
        ...(miniSiteDir
          ? [
              <Button key="reserve" type="link" onClick={() => navigate(siteReservePath({ miniSiteDir }))}>
                预约
              </Button>,
            ]
          : []),
        ...(work.publishedSlug
          ? [
              <Button key="stats" type="link" onClick={() => navigate(siteStatsPath(work.publishedSlug ?? ''))}>
                数据
              </Button>,
            ]
          : []),
      ]}
      data-testid="work-card"
    >
      <Space size={8} style={{ width: '100%' }} align="center">
        <Tag color={TYPE_COLORS[work.type]} style={{ marginInlineEnd: 0 }}>
          {workTypeLabels[work.type]}
        </Tag>
        <Typography.Text strong ellipsis={{ tooltip: work.title }} style={{ maxWidth: 180 }}>
          {work.title || '未命名'}
        </Typography.Text>
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
        {work.maker ? (
          <>
            <span data-testid="work-maker">画面：{work.maker}</span>
            <br />
          </>
        ) : null}
        创建于 {work.create_time}
        <br />
        保留至 {work.expire_date}
      </Typography.Paragraph>
    </Card>
  );
}

function EmptyWorks({ filtered }: { filtered: boolean }) {
  const navigate = useNavigate();
  return (
    <Empty description={filtered ? '这一类还没有作品' : WorkMessages.empty} style={{ padding: '32px 0' }}>
      <Space wrap style={{ justifyContent: 'center' }}>
        {MAKE_LINKS.map((link) => (
          <Button key={link.to} onClick={() => navigate(link.to)}>
            {link.label}
          </Button>
        ))}
      </Space>
    </Empty>
  );
}

/** /backend/works: the mini sites, logos and banners the user generated, beside the builder's site list. */
export default function WorksPage() {
  const dispatch = useAppDispatch();
  const query = useAppSelector(selectWorksQuery);
  const works = useAppSelector(selectWorks);
  const total = useAppSelector(selectWorksTotal);
  const loading = useAppSelector(selectWorksLoading);
  const phone = usePhoneLayout();
  const { preview, open, close } = useDelayedPreview<MediaPreview>();

  useEffect(() => {
    dispatch(pageOpened());
  }, [dispatch]);

  return (
    <Card title="我的作品">
      <Typography.Paragraph type="secondary">在这里查看和重新下载生成过的迷你站、LOGO和整屏动画。到期未使用的作品会被自动清理，请及时下载保存。</Typography.Paragraph>
      <Segmented
        aria-label="作品类型"
        options={TYPE_OPTIONS}
        value={query.type}
        onChange={(type) => dispatch(typeChosen({ type: type as WorkType | '' }))}
        style={{ marginBottom: 16, maxWidth: '100%', overflowX: 'auto' }}
      />
      <Spin spinning={loading}>
        {works.length === 0 ? (
          loading ? (
            <div style={{ minHeight: 200 }} />
          ) : (
            <EmptyWorks filtered={query.type !== ''} />
          )
        ) : (
          <Row gutter={[16, 16]}>
            {works.map((work) => (
              <Col key={work.key} xs={24} sm={12} lg={8} xxl={6}>
                <WorkCard work={work} onPreview={open} />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {total > WorkLimits.pageSize ? (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={query.page}
          pageSize={WorkLimits.pageSize}
          total={total}
          simple={phone}
          showSizeChanger={false}
          showTotal={(count) => `共 ${count} 件`}
          onChange={(page) => dispatch(pageChanged({ page }))}
        />
      ) : null}
      <LazyMediaPreviewDialog preview={preview} onClose={close} onError={(media) => dispatch(templatePreviewFailed({ media }))} />
    </Card>
  );
}
