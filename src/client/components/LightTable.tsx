import { Empty, Spin } from 'antd';
import type { CSSProperties, Key, ReactNode } from 'react';
import './lightTable.css';

export interface LightColumn<Row> {
  key: string;
  title: ReactNode;
  render(row: Row): ReactNode;
  width?: number;
  /** Kept in view at the right edge while a narrow screen scrolls the table sideways. */
  stickyEnd?: boolean;
  /** One line, cut with … (the table then keeps the widths it is given, as antd's does). */
  ellipsis?: boolean;
}

interface LightTableProps<Row> {
  columns: ReadonlyArray<LightColumn<Row>>;
  rows: readonly Row[];
  rowKey(row: Row): Key;
  /** antd's `small` (8px cells) or `middle`-less default (16px cells). */
  size?: 'small' | 'default';
  /**
   * As antd's `scroll.x`: the table's least width (a number, or 'max-content' for unwrapped cells)
   * beyond which it scrolls sideways inside its box rather than squeezing its columns.
   */
  scrollX?: number | 'max-content';
  loading?: boolean;
  /** What an empty table shows; antd's 暂无数据 unless told. */
  empty?: ReactNode;
}

/**
 * A table drawn as a plain <table> in antd's Table look (default theme tokens), for the read-only
 * lists of the back office and the console: antd's Table brings about 40 KiB gzip (its table
 * engine, a virtual list, filters and sorters) that a list without sorting or selection never uses.
 * Paging, where a list has it, stays with antd's Pagination under the table.
 */
export default function LightTable<Row>({ columns, rows, rowKey, size = 'default', scrollX, loading = false, empty }: LightTableProps<Row>) {
  const cellClass = (column: LightColumn<Row>) => [column.stickyEnd && 'wpg-table-sticky', column.ellipsis && 'wpg-table-ellipsis'].filter(Boolean).join(' ') || undefined;
  const style: CSSProperties = {
    ...(scrollX ? { width: scrollX, minWidth: '100%' } : {}),
    ...(columns.some((column) => column.ellipsis) ? { tableLayout: 'fixed' } : {}),
  };
  return (
    <Spin spinning={loading}>
      <div className={`wpg-table wpg-table-${size}`} style={{ overflowX: 'auto' }}>
        <table style={style} aria-busy={loading || undefined}>
          {columns.some((column) => column.width) && (
            <colgroup>
              {columns.map((column) => (
                <col key={column.key} style={column.width ? { width: column.width } : undefined} />
              ))}
            </colgroup>
          )}
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={cellClass(column)}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length ? (
              rows.map((row) => (
                <tr key={rowKey(row)} data-row-key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={cellClass(column)}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              ))
            ) : (
              <tr className="wpg-table-empty">
                <td colSpan={columns.length}>{empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </Spin>
  );
}
