import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Pagination, Popconfirm } from 'antd';
import { ReserveLimits, ReservePlatformLabels, type ReservationRecord } from '../../../contract/reservations';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import LightTable, { type LightColumn } from '../../components/LightTable';
import { formatConsoleTime } from '../admin/consoleTime';
import { usePhoneLayout } from '../layout/usePhoneLayout';
import { exportRequested, recordDeleteRequested, reserveListPageChanged, selectDeletingRecordId, selectReserveExporting, selectReserveList } from './siteReserveSlice';

/** What 删除 does, said before it is done. */
export const DELETE_RECORD_WARNING = '删除后不再计入预约人数；该记录的礼包码不会再发放给其他玩家。';

function DeleteRecord({ record }: { record: ReservationRecord }) {
  const dispatch = useAppDispatch();
  const deletingId = useAppSelector(selectDeletingRecordId);
  return (
    <Popconfirm
      title={`删除 ${record.maskedPhone} 的预约？`}
      description={<div style={{ maxWidth: 240 }}>{DELETE_RECORD_WARNING}</div>}
      okText="删除"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      onConfirm={() => dispatch(recordDeleteRequested({ id: record.id }))}
    >
      <Button type="link" size="small" danger loading={deletingId === record.id} disabled={deletingId !== null && deletingId !== record.id}>
        删除
      </Button>
    </Popconfirm>
  );
}

const columns: Array<LightColumn<ReservationRecord>> = [
  { key: 'createdAt', title: '时间', render: ({ createdAt }) => formatConsoleTime(createdAt) },
  { key: 'maskedPhone', title: '手机号', render: ({ maskedPhone }) => maskedPhone },
  { key: 'platform', title: '平台', render: ({ platform }) => ReservePlatformLabels[platform] },
  { key: 'channel', title: '渠道', render: ({ channel }) => channel || '直接访问' },
  { key: 'giftCode', title: '礼包码', render: ({ giftCode }) => giftCode ?? '待补发' },
  // Kept in view while a phone scrolls the table sideways.
  { key: 'actions', title: '操作', stickyEnd: true, render: (record) => <DeleteRecord record={record} /> },
];

/** The 预约 list, a page at a time, with 导出CSV of the whole list (full phones). */
export default function ReservationsTable() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectReserveList);
  const exporting = useAppSelector(selectReserveExporting);
  const phone = usePhoneLayout();
  return (
    <Card
      title="预约名单"
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} disabled={!list.total} onClick={() => dispatch(exportRequested())}>
          导出CSV
        </Button>
      }
    >
      <LightTable size="small" columns={columns} rows={list.records} rowKey={({ id }) => id} loading={list.loading} scrollX="max-content" empty="还没有玩家预约" />
      {list.total > 0 && (
        <Pagination
          align="end"
          style={{ marginTop: 16 }}
          current={list.page}
          pageSize={list.pageSize}
          total={list.total}
          simple={phone}
          showSizeChanger={!phone}
          pageSizeOptions={[ReserveLimits.listPageSizeDefault, 50, ReserveLimits.listPageSizeMax]}
          showTotal={(count) => `共 ${count} 条`}
          onChange={(page, pageSize) => dispatch(reserveListPageChanged({ page, pageSize }))}
        />
      )}
    </Card>
  );
}
