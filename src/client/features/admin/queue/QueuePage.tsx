import { Button, Card, Popconfirm, Segmented, Space, Tag, Typography, type TableProps } from 'antd';
import ConsoleTable from '../ConsoleTable';
import { useEffect } from 'react';
import { ConsoleQueueLimits, type ConsoleJob, type ConsoleJobStatus } from '../../../../contract/consoleQueue';
import { jobKindLabel } from '../../../../contract/operators';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDuration } from '../consoleFormat';
import { formatConsoleTime } from '../consoleTime';
import {
  jobActionRequested,
  queueListChanged,
  queuePageChanged,
  queuePageClosed,
  queuePageOpened,
  selectJobAction,
  selectJobs,
  selectJobsNow,
  selectJobsTotal,
  selectQueueQuery,
  selectQueueStatus,
} from './queueSlice';

const LISTS: Array<{ value: ConsoleJobStatus; label: string }> = [
  { value: 'waiting', label: '排队中' },
  { value: 'running', label: '生成中' },
  { value: 'failed', label: '失败' },
];

const EMPTY: Record<ConsoleJobStatus, string> = { waiting: '没有排队的任务', running: '没有正在生成的任务', failed: '没有失败的任务' };

function userOf(job: ConsoleJob): string {
  if (!job.user) return '—';
  return `${job.user.name}${job.user.mobile && job.user.mobile !== job.user.name ? `（${job.user.mobile}）` : ''} ID ${job.user.id}`;
}

/** 任务队列: the jobs waiting, rendering and failed, read again every few seconds; cancel one, retry a failed one. */
export default function QueuePage() {
  const dispatch = useAppDispatch();
  const query = useAppSelector(selectQueueQuery);
  const status = useAppSelector(selectQueueStatus);
  const jobs = useAppSelector(selectJobs);
  const total = useAppSelector(selectJobsTotal);
  const now = useAppSelector(selectJobsNow);
  const acting = useAppSelector(selectJobAction);
  // Opened: the list is read now and every few seconds; left: the reading stops.
  useEffect(() => {
    dispatch(queuePageOpened());
    return () => {
      dispatch(queuePageClosed());
    };
  }, [dispatch]);

  const busy = (id: string) => acting?.id === id;
  const columns: TableProps<ConsoleJob>['columns'] = [
    {
      title: '任务',
      key: 'job',
      render: (_, job) => (
        <Space orientation="vertical" size={0}>
          <span>{job.title || '—'}</span>
          <Typography.Text type="secondary" copyable={{ text: job.id }} style={{ fontSize: 12 }}>
            {job.id.slice(0, 8)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '类型',
      key: 'kind',
      render: (_, job) => (
        <Space size={4} wrap>
          <Tag>{jobKindLabel(job.kind)}</Tag>
          {job.style ? <span>样式 {job.style}</span> : null}
        </Space>
      ),
    },
    { title: '用户', key: 'user', render: (_, job) => userOf(job) },
    ...(query.status === 'waiting'
      ? ([
          { title: '前面', dataIndex: 'ahead', render: (ahead: number | null) => (ahead === null ? '—' : `${ahead} 个`) },
          { title: '已排队', key: 'age', render: (_, job) => formatDuration(now - job.queuedAt) },
        ] satisfies TableProps<ConsoleJob>['columns'])
      : []),
    ...(query.status === 'running'
      ? ([
          { title: '已生成', key: 'age', render: (_, job) => (job.startedAt === null ? '—' : formatDuration(now - job.startedAt)) },
          { title: '排队用时', key: 'wait', render: (_, job) => (job.startedAt === null ? '—' : formatDuration(job.startedAt - job.queuedAt)) },
        ] satisfies TableProps<ConsoleJob>['columns'])
      : []),
    ...(query.status === 'failed'
      ? ([
          { title: '失败时间', dataIndex: 'finishedAt', render: (at: number | null) => (at === null ? '—' : formatConsoleTime(at)) },
          { title: '原因', dataIndex: 'error', render: (error: string) => <Typography.Text type="danger">{error || '—'}</Typography.Text> },
        ] satisfies TableProps<ConsoleJob>['columns'])
      : []),
    {
      title: '操作',
      key: 'actions',
      render: (_, job) =>
        query.status === 'failed' ? (
          <Button size="small" loading={busy(job.id)} onClick={() => dispatch(jobActionRequested({ id: job.id, kind: 'retry' }))}>
            重试
          </Button>
        ) : (
          <Popconfirm
            title="取消这个任务？"
            description="用户会看到“任务已被管理员取消”。"
            okText="取消任务"
            cancelText="不取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => dispatch(jobActionRequested({ id: job.id, kind: 'cancel' }))}
          >
            <Button size="small" danger loading={busy(job.id)}>
              取消
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card title="任务队列" extra={<Typography.Text type="secondary">每 {ConsoleQueueLimits.refreshMs / 1000} 秒刷新</Typography.Text>}>
      <Segmented<ConsoleJobStatus>
        options={LISTS}
        value={query.status}
        onChange={(value) => dispatch(queueListChanged({ status: value }))}
        style={{ marginBottom: 16 }}
      />
      <ConsoleTable<ConsoleJob>
        rowKey="id"
        columns={columns}
        rows={jobs}
        loading={status === 'loading'}
        empty={EMPTY[query.status]}
        page={query.page}
        pageSize={ConsoleQueueLimits.pageSize}
        total={total}
        onPage={(page) => dispatch(queuePageChanged({ page }))}
      />
    </Card>
  );
}
