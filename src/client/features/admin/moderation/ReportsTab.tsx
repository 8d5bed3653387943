import { Button, Popconfirm, Select, Space, Tag, Typography, type TableProps } from 'antd';
import ConsoleTable from '../ConsoleTable';
import { useEffect, useState } from 'react';
import { safeLinkHref } from '../../../../contract/links';
import { ModerationLimits, ReportCategoryLabels, type ConsoleReport, type ReportStatus } from '../../../../contract/moderation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatConsoleTime } from '../consoleTime';
import { changeRequested, reportsFiltered, reportsOpened, reportsPageChanged, selectModerationChange, selectModerationChangesDone, selectReports } from './moderationSlice';
import ReasonDialog from '../ReasonDialog';
import { TAKEDOWN_TEXTS } from './takedownTexts';

const FILTERS = [
  { value: 'open', label: '待处理' },
  { value: 'resolved', label: '已处理' },
  { value: '', label: '全部' },
];

const PAGE_STATUS: Record<ConsoleReport['pageStatus'], string> = { online: '在线', down: '已下线', review: '申请复审', gone: '已不存在' };

/** 举报: what visitors reported from published pages; 下线 the page (the reason goes to its owner) or 驳回. */
export default function ReportsTab() {
  const dispatch = useAppDispatch();
  const { query, status, list, total } = useAppSelector(selectReports);
  const changing = useAppSelector(selectModerationChange);
  const changesDone = useAppSelector(selectModerationChangesDone);
  const [takingDown, setTakingDown] = useState<ConsoleReport | null>(null);

  useEffect(() => {
    dispatch(reportsOpened());
  }, [dispatch]);
  useEffect(() => {
    setTakingDown(null);
  }, [changesDone]);

  const busy = (id: number) => changing?.kind === 'resolve' && changing.id === id;
  const columns: TableProps<ConsoleReport>['columns'] = [
    { title: '时间', dataIndex: 'createdAt', width: 140, render: (at: number) => formatConsoleTime(at) },
    {
      title: '页面',
      key: 'page',
      render: (_, row) => {
        const href = safeLinkHref(row.url);
        return (
          <Space orientation="vertical" size={0}>
            <Typography.Text>{row.siteName || row.slug.slice(0, 8)}</Typography.Text>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                打开链接
              </a>
            ) : null}
            <Typography.Text type="secondary">{PAGE_STATUS[row.pageStatus]}</Typography.Text>
          </Space>
        );
      },
    },
    { title: '原因', dataIndex: 'category', render: (category: ConsoleReport['category']) => <Tag>{ReportCategoryLabels[category] ?? category}</Tag> },
    {
      title: '说明',
      key: 'text',
      // Text as typed by anyone: React escapes it; it is never put into a page as HTML.
      render: (_, row) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: 320 }}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>{row.text}</Typography.Paragraph>
          {row.contact ? <Typography.Text type="secondary">联系方式：{row.contact}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: '处理',
      key: 'actions',
      render: (_, row) =>
        row.status === 'resolved' ? (
          <Space orientation="vertical" size={0}>
            <Tag color={row.resolution === 'takedown' ? 'red' : 'default'}>{row.resolution === 'takedown' ? '已下线' : '已驳回'}</Tag>
            <Typography.Text type="secondary">
              {row.resolvedBy}
              {row.note ? `：${row.note}` : ''}
            </Typography.Text>
          </Space>
        ) : (
          <Space size={4} wrap>
            <Button size="small" danger disabled={row.pageStatus === 'gone'} onClick={() => setTakingDown(row)}>
              下线
            </Button>
            <Popconfirm title="驳回这条举报？" okText="驳回" cancelText="取消" onConfirm={() => dispatch(changeRequested({ kind: 'resolve', id: row.id, action: 'dismiss', note: '' }))}>
              <Button size="small" loading={busy(row.id)}>
                驳回
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <>
      <Select
        aria-label="举报状态"
        value={query.status}
        options={FILTERS}
        onChange={(value: ReportStatus | '') => dispatch(reportsFiltered({ status: value }))}
        style={{ width: 130, marginBottom: 16 }}
      />
      <ConsoleTable<ConsoleReport>
        rowKey="id"
        columns={columns}
        rows={list}
        loading={status === 'loading'}
        empty={query.status === 'open' ? '没有待处理的举报' : '还没有举报'}
        page={query.page}
        pageSize={ModerationLimits.pageSize}
        total={total}
        onPage={(page) => dispatch(reportsPageChanged({ page }))}
      />
      <ReasonDialog
        texts={TAKEDOWN_TEXTS}
        subject={takingDown ? takingDown.siteName || takingDown.slug : null}
        busy={takingDown !== null && busy(takingDown.id)}
        onCancel={() => setTakingDown(null)}
        onSubmit={(reason) => takingDown && dispatch(changeRequested({ kind: 'resolve', id: takingDown.id, action: 'takedown', note: reason }))}
      />
    </>
  );
}
