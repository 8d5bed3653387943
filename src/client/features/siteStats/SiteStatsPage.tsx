import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Row, Segmented, Skeleton, Statistic } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  ANALYTICS_RANGES,
  channelLabel,
  DeviceLabels,
  referrerLabel,
  type AnalyticsRange,
  type ChannelFigures,
  type DeviceFigures,
  type ReferrerFigures,
} from '../../../contract/analytics';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import DaysChart from '../../components/DaysChart';
import LightTable, { type LightColumn } from '../../components/LightTable';
import ChannelQrCard from './ChannelQrCard';
import '../../components/note.css';
import { selectSiteStats, selectSiteStatsDays, selectSiteStatsSlug, selectSiteStatsStatus, siteStatsRequested } from './siteStatsSlice';

const DAY_SERIES = [
  { key: 'views', label: '浏览量', color: '#1677ff' },
  { key: 'visitors', label: '访客', color: '#52c41a' },
] as const;

const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);
const orDash = (value: number | null) => (value === null ? '—' : value);

const channelColumns: Array<LightColumn<ChannelFigures>> = [
  { key: 'channel', title: '渠道', render: ({ channel }) => channelLabel(channel) },
  { key: 'views', title: '浏览量', render: ({ views }) => views },
  { key: 'visitors', title: '访客', render: ({ visitors }) => visitors },
  { key: 'reservations', title: '预约', render: ({ reservations }) => orDash(reservations) },
  { key: 'conversion', title: '转化率', render: ({ conversion }) => percent(conversion) },
];

const referrerColumns: Array<LightColumn<ReferrerFigures>> = [
  { key: 'host', title: '来源网站', render: ({ host }) => referrerLabel(host) },
  { key: 'views', title: '浏览量', render: ({ views }) => views },
];

const deviceColumns: Array<LightColumn<DeviceFigures>> = [
  { key: 'device', title: '设备', render: ({ device }) => DeviceLabels[device] },
  { key: 'views', title: '浏览量', render: ({ views }) => views },
  { key: 'visitors', title: '访客', render: ({ visitors }) => visitors },
];

/** Two statistics a row on a phone, four on a wide screen. */
const cell = { xs: 12, md: 6 } as const;

/** /backend/siteStats/:slug (数据): a published site's visits over the last 7 or 30 days, counted without cookies. */
export default function SiteStatsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const slug = useParams().slug ?? '';
  const shownSlug = useAppSelector(selectSiteStatsSlug);
  const shownDays = useAppSelector(selectSiteStatsDays);
  const status = useAppSelector(selectSiteStatsStatus);
  const stats = useAppSelector(selectSiteStats);
  const days = shownSlug === slug ? shownDays : 7;

  useEffect(() => {
    dispatch(siteStatsRequested({ slug, days: 7 }));
  }, [dispatch, slug]);

  const ask = (range: AnalyticsRange) => dispatch(siteStatsRequested({ slug, days: range }));
  const extra = (
    <Flex gap={8} wrap>
      <Segmented<AnalyticsRange> value={days} options={ANALYTICS_RANGES.map((range) => ({ value: range, label: `近${range}天` }))} onChange={ask} />
      <Button icon={<ReloadOutlined />} aria-label="刷新" loading={status === 'loading'} onClick={() => ask(days)} />
    </Flex>
  );
  const back = (
    <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate('/backend/siteList')} style={{ paddingInline: 0 }}>
      网站列表
    </Button>
  );

  if (!stats) {
    return (
      <Card title="网站数据" extra={extra}>
        {back}
        <Skeleton active loading={status !== 'failed'}>
          数据读取失败，请刷新重试
        </Skeleton>
      </Card>
    );
  }
  const { totals, wechat } = stats;
  return (
    <Flex vertical gap={16}>
      <Card title="网站数据" extra={extra}>
        {back}
        <Row gutter={[16, 16]} style={{ marginTop: 8 }}>
          <Col {...cell}>
            <Statistic title="浏览量" value={totals.views} />
          </Col>
          <Col {...cell}>
            <Statistic title="访客" value={totals.visitors} />
          </Col>
          <Col {...cell}>
            <Statistic title="预约" value={orDash(totals.reservations)} />
          </Col>
          <Col {...cell}>
            <Statistic title="微信内打开" value={percent(totals.views ? wechat.views / totals.views : null)} />
          </Col>
        </Row>
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          message={`已排除机器人访问 ${stats.bots} 次（搜索引擎、爬虫和自动化工具，按浏览器标识识别），以上数据均不含这些访问。`}
          description="统计不使用 Cookie，不保存访客的 IP 地址或浏览器信息；同一访客一天内只计一次。"
        />
      </Card>
      <Card title={`近${stats.days}天`}>
        <DaysChart days={stats.series} series={DAY_SERIES} label={`近${stats.days}天浏览量与访客`} />
      </Card>
      <Card title="渠道">
        <p className="wpg-note">渠道来自链接的 ?from= 或 utm_source 参数，例如 …/?from=wechat。</p>
        <LightTable size="small" columns={channelColumns} rows={stats.channels} scrollX="max-content" rowKey={({ channel }) => channel} />
      </Card>
      <ChannelQrCard slug={stats.slug} name={stats.name} url={stats.url} />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title="来源网站">
            <LightTable size="small" columns={referrerColumns} rows={stats.referrers} rowKey={({ host }) => host} />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="设备">
            <LightTable size="small" columns={deviceColumns} rows={stats.devices} rowKey={({ device }) => device} />
            <p className="wpg-note" style={{ marginTop: 12, marginBottom: 0 }}>
              {`微信内打开：浏览量 ${wechat.views}，访客 ${wechat.visitors}`}
            </p>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
