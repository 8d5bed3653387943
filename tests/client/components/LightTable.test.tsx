import { render, screen, within } from '@testing-library/react';
import LightTable, { type LightColumn } from '../../../src/client/components/LightTable';

interface Fruit {
  id: number;
  name: string;
  count: number;
}

const columns: Array<LightColumn<Fruit>> = [
  { key: 'name', title: '名称', ellipsis: true, width: 120, render: ({ name }) => name },
  { key: 'count', title: '数量', render: ({ count }) => count },
  { key: 'actions', title: '操作', stickyEnd: true, render: ({ name }) => <button type="button">{`删除${name}`}</button> },
];

const fruits: Fruit[] = [
  { id: 1, name: '苹果', count: 3 },
  { id: 2, name: '香蕉', count: 0 },
];

describe('LightTable', () => {
  it('draws a header cell per column and a row per item, each cell from its column', () => {
    render(<LightTable columns={columns} rows={fruits} rowKey={({ id }) => id} />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['名称', '数量', '操作']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-row-key'))).toEqual(['1', '2']);
    expect(within(rows[1]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['香蕉', '0', '删除香蕉']);
    // A column with ellipsis keeps the widths given; the actions stay at the right edge.
    expect(screen.getByRole('table')).toHaveStyle({ tableLayout: 'fixed' });
    expect(within(rows[0]).getByRole('button', { name: '删除苹果' }).closest('td')).toHaveClass('wpg-table-sticky');
    expect(screen.getAllByRole('cell', { name: '苹果' })[0]).toHaveClass('wpg-table-ellipsis');
  });

  it('scrolls sideways past the width it is given, and says when it is loading', () => {
    const { container, rerender } = render(<LightTable columns={columns} rows={fruits} rowKey={({ id }) => id} scrollX={1020} loading />);
    expect(screen.getByRole('table')).toHaveStyle({ width: '1020px' });
    expect(container.querySelector<HTMLElement>('.wpg-table')?.style.overflowX).toBe('auto');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('.ant-spin-spinning')).not.toBeNull();
    rerender(<LightTable columns={columns} rows={fruits} rowKey={({ id }) => id} />);
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
  });

  it('shows what it is told when empty, else antd\'s 暂无数据', () => {
    const { rerender } = render(<LightTable columns={columns} rows={[]} rowKey={({ id }) => id} empty="还没有水果" />);
    expect(screen.getByRole('cell', { name: '还没有水果' })).toHaveAttribute('colspan', '3');
    rerender(<LightTable columns={columns} rows={[]} rowKey={({ id }) => id} />);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
  });
});
