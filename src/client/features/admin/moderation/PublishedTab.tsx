import { Button, Input, Popconfirm, Select, Space, Tag, Typography, type TableProps } from 'antd';
import ConsoleTable from '../ConsoleTable';
import { useEffect, useState } from 'react';
import { ModerationLimits, type ConsolePublishedPage, type PublishedStatus } from '../../../../contract/moderation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { safeLinkHref } from '../../../../contract/links';
import { formatConsoleTime } from '../consoleTime';
import { changeRequested, pagesOpened, pagesPageChanged, pagesSearched, selectModerationChange, selectModerationChangesDone, selectPages } from './moderationSlice';
import ReasonDialog from '../ReasonDialog';
import { TAKEDOWN_TEXTS } from './takedownTexts';

const STATUS_TAGS: Record<PublishedStatus, { color: string; label: string }> = {
  online: { color: 'green', label: '在线' },
  down: { color: 'red', label: '已下线' },
  review: { color: 'orange', label: '申请复审' },
};

const STATUS_OPTIONS = [
  { value: '', label: '全部状态' },
  { value: 'online', label: '在线' },
  { value: 'down', label: '已下线' },
  { value: 'review', label: '申请复审' },
];

/** 已发布页面: every published page with owner, link, dates and views; 下线 with a reason, 恢复. */
export default function PublishedTab() {
  const dispatch = useAppDispatch();
  const { query, status, list, total } = useAppSelector(selectPages);
  const changing = useAppSelector(selectModerationChange);
  const changesDone = useAppSelector(selectModerationChangesDone);
  const [takingDown, setTakingDown] = useState<ConsolePublishedPage | null>(null);
  const [q, setQ] = useState(query.q);

  useEffect(() => {
    dispatch(pagesOpened());
  }, [dispatch]);
  useEffect(() => {
    setTakingDown(null);
  }, [changesDone]);

  const busy = (slug: string) => changing !== null && 'slug' in changing && changing.slug === slug;
  const columns: TableProps<ConsolePublishedPage>['columns'] = [
    {
      title: '页面',
      key: 'page',
      render: (_, row) => {
        const href = safeLinkHref(row.url);
        return (
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{row.name || '（未命名）'}</Typography.Text>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                打开链接
              </a>
            ) : null}
            <Typography.Text type="secondary">{row.kind === 'builder' ? '搭建网站' : '一键小站'}</Typography.Text>
          </Space>
        );
      },
    },
    {
      title: '发布者',
      key: 'owner',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.owner.name}</span>
          <Typography.Text type="secondary">{row.owner.mobile || `ID ${row.owner.id}`}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '状态',
      key: 'status',
      render: (_, row) => (
        <Space orientation="vertical" size={2}>
          <Tag color={STATUS_TAGS[row.status].color}>{STATUS_TAGS[row.status].label}</Tag>
          {row.reason ? <Typography.Text type="secondary">原因：{row.reason}</Typography.Text> : null}
          {row.openReports ? <Tag color="volcano">{row.openReports} 条待处理举报</Tag> : null}
        </Space>
      ),
    },
    { title: '访问量', dataIndex: 'visits', width: 80 },
    {
      title: '发布 / 更新',
      key: 'dates',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{formatConsoleTime(row.publishedAt)}</span>
          <Typography.Text type="secondary">{formatConsoleTime(row.updatedAt)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) => (
        <Space size={4} wrap>
          {row.status !== 'online' ? (
            <Popconfirm title="恢复上线？链接将重新显示该页面。" okText="恢复" cancelText="取消" onConfirm={() => dispatch(changeRequested({ kind: 'restore', slug: row.slug }))}>
              <Button size="small" type="primary" loading={busy(row.slug) && changing?.kind === 'restore'}>
                恢复
              </Button>
            </Popconfirm>
          ) : null}
          <Button size="small" danger onClick={() => setTakingDown(row)}>
            {row.status === 'online' ? '下线' : '维持下线'}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="搜索已发布页面"
          placeholder="页面名称、发布者手机号/名称/ID"
          allowClear
          enterButton="搜索"
          maxLength={ModerationLimits.searchMaxLength}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          onSearch={(value) => dispatch(pagesSearched({ q: value, status: query.status }))}
          style={{ maxWidth: 360 }}
        />
        <Select
          aria-label="页面状态"
          value={query.status}
          options={STATUS_OPTIONS}
          onChange={(value: PublishedStatus | '') => dispatch(pagesSearched({ q, status: value }))}
          style={{ width: 130 }}
        />
      </Space>
      <ConsoleTable<ConsolePublishedPage>
        rowKey="slug"
        columns={columns}
        rows={list}
        loading={status === 'loading'}
        empty={query.q || query.status ? '没有找到匹配的页面' : '还没有已发布的页面'}
        page={query.page}
        pageSize={ModerationLimits.pageSize}
        total={total}
        onPage={(page) => dispatch(pagesPageChanged({ page }))}
      />
      <ReasonDialog
        texts={TAKEDOWN_TEXTS}
        subject={takingDown ? takingDown.name || takingDown.slug : null}
        busy={takingDown !== null && busy(takingDown.slug)}
        onCancel={() => setTakingDown(null)}
        onSubmit={(reason) => takingDown && dispatch(changeRequested({ kind: 'takedown', slug: takingDown.slug, reason }))}
      />
    </>
  );
}
