import { Table, type TableProps } from 'antd';

interface ConsoleTableProps<Row> {
  rowKey: Extract<keyof Row, string>;
  columns: TableProps<Row>['columns'];
  rows: Row[];
  loading: boolean;
  /** What an empty list says (nothing yet, or nothing matching). */
  empty: string;
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}

/**
 * A list of the console: one page of the server's rows at a time. On a phone the table scrolls
 * sideways within its card, never the page.
 */
export default function ConsoleTable<Row extends object>({ rowKey, columns, rows, loading, empty, page, pageSize, total, onPage }: ConsoleTableProps<Row>) {
  return (
    <Table<Row>
      rowKey={rowKey}
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      pagination={{ current: page, pageSize, total, showSizeChanger: false, onChange: onPage }}
    />
  );
}
