import { Button, Card, Empty, Input, Pagination, Popconfirm, Popover, Space, Tag } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { publishedSlugOf, siteStatsPath } from '../../../../contract/analytics';
import { BuilderLimits, SiteStatus } from '../../../../contract/builder';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import LightTable, { type LightColumn } from '../../../components/LightTable';
import MountOnce from '../../../components/MountOnce';
import { usePhoneLayout } from '../../layout/usePhoneLayout';
import { selectSiteListLoading, selectSiteRows, type SiteRow } from '../siteListSelectors';
import { UnpublishConfirm, usePublishing } from '../../publishing/usePublishing';
import { safeLinkHref } from '../../../../contract/links';
import { SiteDeletionMessages } from '../../../../contract/siteDeletion';
import { selectPublishing } from '../../publishing/publishingSlice';
import { selectSiteVersions, versionsOpened } from '../siteVersionsSlice';
import { siteReservePath } from '../../siteReserve/paths';
import {
  deleteRequested,
  downloadRequested,
  pageChanged,
  pageOpened,
  searchSubmitted,
  selectDeletingSiteId,
  selectDownloadingSiteId,
  selectSiteListQuery,
  selectSiteListTotal,
} from '../siteListSlice';

// The dialogs (and their Modal) load on first use: most visits to the list open neither.
const SiteVersionsDialog = lazy(() => import(/* webpackChunkName: "site-versions-dialog" */ '../components/SiteVersionsDialog'));
const PublishedDialog = lazy(() => import(/* webpackChunkName: "published-dialog" */ '../../publishing/PublishedDialog'));
// Only a site an operator took down shows these (and their Typography).
const TakenDownActions = lazy(() => import(/* webpackChunkName: "taken-down-actions" */ '../../publishing/TakenDownActions'));

/** Where 立即搭建 leads: the builder, told to start a new site rather than reopen the last one. */
export const NEW_SITE_PATH = '/createWeb?new=1';

export function editSitePath(id: number): string {
  return `/createWeb?id=${encodeURIComponent(String(id))}`;
}

/** The columns' widths add up to this: a window narrower than it (not a phone) scrolls the table sideways instead of squeezing it. */
const TABLE_MIN_WIDTH = 1020;

const STATUS_COLORS: Record<number, string> = { [SiteStatus.editing]: 'processing', [SiteStatus.completed]: 'success' };

/** 发布 a completed site; once published, 访问, 数据, 更新发布 and 下线 (asked first). */
function PublishActions({ row }: { row: SiteRow }) {
  const navigate = useNavigate();
  const target = { kind: 'builder' as const, id: row.id, name: row.web_name };
  const { busy, publish, unpublish } = usePublishing(target);
  const href = safeLinkHref(row.published_url);
  if (row.takedown) {
    return (
      <Suspense fallback={null}>
        <TakenDownActions target={target} takedown={row.takedown} compact />
      </Suspense>
    );
  }
  if (!href) {
    return (
      <Button type="link" size="small" loading={busy} onClick={publish}>
        发布
      </Button>
    );
  }
  return (
    <>
      <Button type="link" size="small" href={href} target="_blank" rel="noopener noreferrer">
        访问
      </Button>
      <Button type="link" size="small" onClick={() => navigate(siteStatsPath(publishedSlugOf(row.published_url)))}>
        数据
      </Button>
      <Button type="link" size="small" loading={busy} onClick={publish}>
        更新发布
      </Button>
      <UnpublishConfirm onConfirm={unpublish}>
        <Button type="link" size="small" danger disabled={busy}>
          下线
        </Button>
      </UnpublishConfirm>
    </>
  );
}

/** What 删除 takes with the site, said before it goes. */
export const DELETE_SITE_WARNING = '网站的内容、历史版本、预览和生成的下载文件将一并删除，删除后无法恢复。';

/**
 * 删除, asked first. A published site's link goes through 下线 first (the server refuses it too), and
 * a page an operator took down stays for their review: its button says why instead.
 */
function DeleteAction({ row }: { row: SiteRow }) {
  const dispatch = useAppDispatch();
  const deletingId = useAppSelector(selectDeletingSiteId);
  const blocked = row.takedown ? SiteDeletionMessages.takenDown : row.published_url ? SiteDeletionMessages.published : '';
  if (blocked) {
    // A click (a tap on a phone, where a hover never comes) says why.
    return (
      <Popover title="暂不能删除" content={blocked} trigger="click">
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popover>
    );
  }
  return (
    <Popconfirm
      title={row.web_name ? `删除“${row.web_name}”？` : '删除这个网站？'}
      description={<div style={{ maxWidth: 260 }}>{DELETE_SITE_WARNING}</div>}
      okText="删除"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      onConfirm={() => dispatch(deleteRequested({ id: row.id }))}
    >
      <Button type="link" size="small" danger loading={deletingId === row.id} disabled={deletingId !== null && deletingId !== row.id}>
        删除
      </Button>
    </Popconfirm>
  );
}

function SiteActions({ row }: { row: SiteRow }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const downloadingId = useAppSelector(selectDownloadingSiteId);
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => navigate(editSitePath(row.id))}>
        编辑
      </Button>
      <Button type="link" size="small" onClick={() => dispatch(versionsOpened({ id: row.id, name: row.web_name }))}>
        历史版本
      </Button>
      {row.downloadable ? (
        <Button type="link" size="small" loading={downloadingId === row.id} onClick={() => dispatch(downloadRequested({ id: row.id }))}>
          下载
        </Button>
      ) : null}
      <Button type="link" size="small" onClick={() => navigate(siteReservePath({ builderId: row.id }))}>
        预约
      </Button>
      {row.downloadable ? <PublishActions row={row} /> : null}
      <DeleteAction row={row} />
    </Space>
  );
}

const nameColumn: LightColumn<SiteRow> = { key: 'web_name', title: '网站名称', ellipsis: true, render: ({ web_name: name }) => name || '—' };

const statusColumn = (width: number): LightColumn<SiteRow> => ({
  key: 'status',
  title: '状态',
  width,
  render: (row) => <Tag color={STATUS_COLORS[row.status] ?? 'default'}>{row.statusLabel}</Tag>,
});

const actionsColumn = (width: number): LightColumn<SiteRow> => ({ key: 'actions', title: '操作', width, render: (row) => <SiteActions row={row} /> });

const columns: Array<LightColumn<SiteRow>> = [
  { key: 'id', title: 'ID', width: 80, render: ({ id }) => id },
  nameColumn,
  statusColumn(100),
  { key: 'create_time', title: '创建时间', width: 180, render: ({ create_time: time }) => time },
  { key: 'update_time', title: '更新时间', width: 180, render: ({ update_time: time }) => time },
  actionsColumn(300),
];

/**
 * A phone's width holds the name (with its last change under it), the status and the actions: the
 * id and the two times would push 编辑 and 下载 off the screen.
 */
const phoneColumns: Array<LightColumn<SiteRow>> = [
  {
    ...nameColumn,
    render: ({ web_name: name, update_time: time }) => (
      <>
        <div style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{name || '—'}</div>
        <div style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}>{time}</div>
      </>
    ),
  },
  statusColumn(76),
  actionsColumn(112),
];

function EmptySites({ searched }: { searched: string }) {
  const navigate = useNavigate();
  return (
    <Empty description={searched ? `没有名称包含“${searched}”的网站` : '还没有网站，马上搭建一个吧'}>
      <Button type="primary" onClick={() => navigate(NEW_SITE_PATH)}>
        立即搭建
      </Button>
    </Empty>
  );
}

/** /backend/siteList (spec screen 5): the user's builder sites, searched by name, a page at a time. */
export default function SiteListPage() {
  const dispatch = useAppDispatch();
  const query = useAppSelector(selectSiteListQuery);
  const rows = useAppSelector(selectSiteRows);
  const total = useAppSelector(selectSiteListTotal);
  const loading = useAppSelector(selectSiteListLoading);
  const phone = usePhoneLayout();
  const versionsOpen = useAppSelector(selectSiteVersions).siteId !== null;
  const publishedOpen = useAppSelector(selectPublishing).shown !== null;

  useEffect(() => {
    dispatch(pageOpened());
  }, [dispatch]);

  return (
    <Card title="网站列表">
      <Input.Search
        aria-label="网站名称"
        placeholder="请输入网站名称"
        defaultValue={query.name}
        maxLength={BuilderLimits.webNameMax}
        allowClear
        enterButton="搜索"
        // Search button, Enter, and clearing the box: each asks again from the first page.
        onSearch={(name) => dispatch(searchSubmitted({ name }))}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      <LightTable
        columns={phone ? phoneColumns : columns}
        rows={rows}
        rowKey={({ id }) => id}
        loading={loading}
        scrollX={phone ? undefined : TABLE_MIN_WIDTH}
        empty={loading ? ' ' : <EmptySites searched={query.name} />}
      />
      {total > 0 && (
        <Pagination
          align="end"
          style={{ marginTop: 16 }}
          current={query.page}
          pageSize={query.page_size}
          total={total}
          showSizeChanger
          // A phone's width holds the total, the size and "< 2 / 5 >", not a row of page buttons.
          simple={phone}
          pageSizeOptions={[...BuilderLimits.siteListPageSizes]}
          showTotal={(count) => `共 ${count} 条`}
          onChange={(page, pageSize) => dispatch(pageChanged({ page, page_size: pageSize }))}
        />
      )}
      <MountOnce wanted={versionsOpen}>
        <SiteVersionsDialog />
      </MountOnce>
      <MountOnce wanted={publishedOpen}>
        <PublishedDialog />
      </MountOnce>
    </Card>
  );
}
