import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Skeleton, Statistic } from 'antd';
import { useEffect } from 'react';
import type { KindFigures } from '../../../../contract/consoleQueue';
import { jobKindLabel } from '../../../../contract/operators';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import DaysChart from '../../../components/DaysChart';
import LightTable, { type LightColumn } from '../../../components/LightTable';
import { formatBytes, formatDuration } from '../consoleFormat';
import { formatConsoleTime } from '../consoleTime';
import { overviewOpened, overviewRefreshed, selectOverview, selectOverviewStatus } from './overviewSlice';

const kindColumns: Array<LightColumn<KindFigures>> = [
  { key: 'kind', title: '类型', render: ({ kind }) => jobKindLabel(kind) },
  { key: 'renders', title: '今日生成', render: ({ renders }) => renders },
  { key: 'failures', title: '今日失败', render: ({ failures }) => (failures ? <span style={{ color: '#ff4d4f' }}>{failures}</span> : 0) },
  { key: 'medianMs', title: '生成耗时（中位数）', render: ({ medianMs }) => (medianMs === null ? '—' : formatDuration(medianMs)) },
];

/** The chart's series, in the order of their bars within a day. */
const DAY_SERIES = [
  { key: 'newUsers', label: '新用户', color: '#1677ff' },
  { key: 'renders', label: '生成', color: '#52c41a' },
  { key: 'failures', label: '失败', color: '#ff4d4f' },
] as const;

/** Two statistics a row on a phone, four on a wide screen. */
const cell = { xs: 12, md: 6 } as const;

/** 概览: users, today's renders and their times, the queue now, published sites, storage, and the last two weeks. */
export default function OverviewPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectOverviewStatus);
  const figures = useAppSelector(selectOverview);
  useEffect(() => {
    dispatch(overviewOpened());
  }, [dispatch]);
  const refresh = (
    <Button icon={<ReloadOutlined />} loading={status === 'loading'} onClick={() => dispatch(overviewRefreshed())}>
      刷新
    </Button>
  );
  if (!figures) {
    return (
      <Card title="概览" extra={refresh}>
        <Skeleton active loading={status !== 'failed'}>
          数据读取失败，请刷新重试
        </Skeleton>
      </Card>
    );
  }
  const { users, kinds, queue, publishedSites, storage, days } = figures;
  return (
    <Flex vertical gap={16}>
      <Card title="概览" extra={refresh}>
        <Row gutter={[16, 16]}>
          <Col {...cell}>
            <Statistic title="今日新用户" value={users.today} />
          </Col>
          <Col {...cell}>
            <Statistic title="近7天新用户" value={users.lastSevenDays} />
          </Col>
          <Col {...cell}>
            <Statistic title="用户总数" value={users.total} />
          </Col>
          <Col {...cell}>
            <Statistic title="已发布网站" value={publishedSites} />
          </Col>
          <Col {...cell}>
            <Statistic title="排队中" value={queue.waiting} />
          </Col>
          <Col {...cell}>
            <Statistic title="生成中" value={queue.running} />
          </Col>
          <Col {...cell}>
            <Statistic
              title={`已用存储（${storage.where === 's3' ? '对象存储' : '本机磁盘'}）`}
              value={storage.bytes === null ? '读取失败' : formatBytes(storage.bytes)}
            />
            <div style={{ color: '#888', fontSize: 12 }}>{formatConsoleTime(storage.measuredAt)} 统计</div>
          </Col>
        </Row>
      </Card>
      <Card title="今日生成">
        <LightTable size="small" columns={kindColumns} rows={kinds} scrollX="max-content" rowKey={({ kind }) => kind} />
      </Card>
      <Card title="近14天">
        <DaysChart days={days} series={DAY_SERIES} label="近14天新用户、生成与失败" />
      </Card>
    </Flex>
  );
}
