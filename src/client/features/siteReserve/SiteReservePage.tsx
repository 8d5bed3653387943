import { ArrowLeftOutlined, CloudUploadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Space, Statistic } from 'antd';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ReserveMessages } from '../../../contract/reservations';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sitePreviewPathOf } from '../miniSite/miniSite.types';
import GiftCodesCard from './GiftCodesCard';
import ReservationsTable from './ReservationsTable';
import ReserveSettingsForm from './ReserveSettingsForm';
import { siteRefOf } from './paths';
import '../../components/note.css';
import { reservePageOpened, selectReserveFailure, selectReserveOwner, selectReserveSaving, selectReserveStatus, settingsSaveRequested } from './siteReserveSlice';

/** /backend/siteReserve?builderId= or ?miniSiteDir= (预约): a site's 预约 settings, gift codes and players. */
export default function SiteReservePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const builderId = search.get('builderId');
  const miniSiteDir = search.get('miniSiteDir');
  const site = useMemo(() => siteRefOf(new URLSearchParams({ builderId: builderId ?? '', miniSiteDir: miniSiteDir ?? '' })), [builderId, miniSiteDir]);
  const status = useAppSelector(selectReserveStatus);
  const owner = useAppSelector(selectReserveOwner);
  const failure = useAppSelector(selectReserveFailure);
  const saving = useAppSelector(selectReserveSaving);

  useEffect(() => {
    if (site) dispatch(reservePageOpened(site));
  }, [dispatch, site]);

  const back = (
    <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate(site?.miniSiteDir ? '/backend/works' : '/backend/siteList')} style={{ paddingInline: 0 }}>
      {site?.miniSiteDir ? '我的作品' : '网站列表'}
    </Button>
  );
  // A mini site is published from its preview page, which nothing else in the back office leads to.
  const publishAt = site?.miniSiteDir ? (
    <Button icon={<CloudUploadOutlined />} onClick={() => navigate(sitePreviewPathOf(`/sites/${site.miniSiteDir}/index.html`, site.miniSiteDir ?? ''))}>
      预览与发布
    </Button>
  ) : null;
  const reload = site ? <Button icon={<ReloadOutlined />} aria-label="刷新" loading={status === 'loading'} onClick={() => dispatch(reservePageOpened(site))} /> : null;

  if (!site || !owner) {
    return (
      <Card title="预约" extra={reload}>
        {back}
        {site ? (
          <Skeleton active loading={status !== 'failed'}>
            <Alert type="error" showIcon message={failure} style={{ marginTop: 8 }} />
          </Skeleton>
        ) : (
          <Alert type="error" showIcon message={ReserveMessages.siteRequired} />
        )}
      </Card>
    );
  }
  const { settings, count, codes, campaignId } = owner;
  return (
    <Flex vertical gap={16}>
      <Card
        title="预约"
        extra={
          <Space>
            {publishAt}
            {reload}
          </Space>
        }
      >
        {back}
        <Row gutter={[16, 16]} style={{ marginTop: 8 }}>
          <Col xs={12} md={6}>
            <Statistic title="预约人数" value={count} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="状态" value={settings.enabled ? '已开启' : '未开启'} />
          </Col>
        </Row>
        <p className="wpg-note" style={{ marginTop: 12, marginBottom: 0 }}>
          人数为真实预约数，删除的记录不计入。开启后，已发布的网站立即在首屏之后显示预约模块；关闭后立即撤下。网站预览中也显示预约模块，仅供查看，不能提交预约。
        </p>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="预约设置">
            {/* Saved settings come back in the server's order: the form starts again from them. */}
            <ReserveSettingsForm key={JSON.stringify(settings)} settings={settings} saving={saving} onSave={(next) => dispatch(settingsSaveRequested(next))} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <GiftCodesCard codes={codes} saved={campaignId !== null} />
        </Col>
      </Row>
      <ReservationsTable />
    </Flex>
  );
}
