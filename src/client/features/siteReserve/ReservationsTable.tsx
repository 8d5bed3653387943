import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Table, type TableColumnsType } from 'antd';
import { ReserveLimits, ReservePlatformLabels, type ReservationRecord, type ReservePlatform } from '../../../contract/reservations';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
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

const columns: TableColumnsType<ReservationRecord> = [
  { title: '时间', dataIndex: 'createdAt', render: (ms: number) => formatConsoleTime(ms) },
  { title: '手机号', dataIndex: 'maskedPhone' },
  { title: '平台', dataIndex: 'platform', render: (platform: ReservePlatform) => ReservePlatformLabels[platform] },
  { title: '渠道', dataIndex: 'channel', render: (channel: string) => channel || '直接访问' },
  { title: '礼包码', dataIndex: 'giftCode', render: (code: string | null) => code ?? '待补发' },
  // Kept in view while a phone scrolls the table sideways.
  { title: '操作', key: 'actions', fixed: 'right', render: (_value: unknown, record: ReservationRecord) => <DeleteRecord record={record} /> },
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
      <Table<ReservationRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.records}
        loading={list.loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '还没有玩家预约' }}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: list.total,
          simple: phone,
          showSizeChanger: !phone,
          pageSizeOptions: [ReserveLimits.listPageSizeDefault, 50, ReserveLimits.listPageSizeMax],
          showTotal: (count) => `共 ${count} 条`,
          onChange: (page, pageSize) => dispatch(reserveListPageChanged({ page, pageSize })),
        }}
      />
    </Card>
  );
}
