import { Card, Typography, type TableProps } from 'antd';
import ConsoleTable from '../ConsoleTable';
import { useEffect } from 'react';
import { OperatorActionLabels, OperatorLimits, type OperatorActionEntry } from '../../../../contract/operators';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatConsoleTime } from '../consoleTime';
import { logPageChanged, logPageOpened, selectLogEntries, selectLogPage, selectLogStatus, selectLogTotal } from './logSlice';

/** A value of the log as the operator reads it: text as it is, anything else as compact JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const columns: TableProps<OperatorActionEntry>['columns'] = [
  { title: '时间', dataIndex: 'createdAt', width: 150, render: (at: number) => formatConsoleTime(at) },
  { title: '操作人', dataIndex: 'operatorName', render: (name: string, entry) => (entry.operatorId === null ? name : `${name}（ID ${entry.operatorId}）`) },
  { title: '操作', dataIndex: 'action', render: (action: string) => OperatorActionLabels[action] ?? action },
  { title: '对象', dataIndex: 'target' },
  {
    title: '修改前 → 修改后',
    key: 'change',
    render: (_, entry) => (
      <Typography.Text style={{ wordBreak: 'break-all' }}>
        {shown(entry.before)} → {shown(entry.after)}
      </Typography.Text>
    ),
  },
];

/** 操作日志: every operator action, who, when, what, before and after; nothing here can be changed. */
export default function LogPage() {
  const dispatch = useAppDispatch();
  const page = useAppSelector(selectLogPage);
  const status = useAppSelector(selectLogStatus);
  const entries = useAppSelector(selectLogEntries);
  const total = useAppSelector(selectLogTotal);
  useEffect(() => {
    dispatch(logPageOpened());
  }, [dispatch]);
  return (
    <Card title="操作日志">
      <ConsoleTable<OperatorActionEntry>
        rowKey="id"
        columns={columns}
        rows={entries}
        loading={status === 'loading'}
        empty={'还没有操作记录'}
        page={page}
        pageSize={OperatorLimits.pageSize}
        total={total}
        onPage={(next) => dispatch(logPageChanged({ page: next }))}
      />
    </Card>
  );
}
