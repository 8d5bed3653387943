import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from 'antd';
import Pager, { pagerItems, type PagerItem } from '../../../src/client/components/Pager';

/** The items antd's own Pagination shows, read from its rendering (what Pager replaces). */
function antdItems(current: number, pageCount: number): PagerItem[] {
  const { container, unmount } = render(<Pagination current={current} total={pageCount * 12} pageSize={12} showSizeChanger={false} />);
  const items = [...container.querySelectorAll('li')].flatMap((li): PagerItem[] => {
    if (li.classList.contains('ant-pagination-jump-prev')) return ['jump-prev'];
    if (li.classList.contains('ant-pagination-jump-next')) return ['jump-next'];
    return li.classList.contains('ant-pagination-item') ? [Number(li.getAttribute('title'))] : [];
  });
  unmount();
  return items;
}

describe('pagerItems: the pages antd would show', () => {
  it.each([2, 5, 7, 8, 9, 10, 11, 13, 20])('every page of %i, as antd shows them', (pageCount) => {
    for (let current = 1; current <= pageCount; current += 1) expect([current, pagerItems(current, pageCount)]).toEqual([current, antdItems(current, pageCount)]);
  });

  it('never shows more than nine items, the spec pager count', () => {
    for (let pageCount = 1; pageCount <= 40; pageCount += 1) {
      for (let current = 1; current <= pageCount; current += 1) expect(pagerItems(current, pageCount).length).toBeLessThanOrEqual(9);
    }
  });
});

describe('Pager', () => {
  function renderPager(current: number, total: number) {
    const onChange = jest.fn();
    render(<Pager current={current} total={total} pageSize={12} onChange={onChange} />);
    return { onChange, user: userEvent.setup({ delay: null }) };
  }

  it('is hidden when everything fits on one page', () => {
    renderPager(1, 12);
    expect(screen.queryByRole('navigation', { name: '分页' })).not.toBeInTheDocument();
  });

  it('marks the current page and moves with 上一页, 下一页 and a page number', async () => {
    const { onChange, user } = renderPager(2, 36);
    expect(screen.getByTitle('2')).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByTitle('上一页'));
    await user.click(screen.getByTitle('下一页'));
    await user.click(screen.getByTitle('3'));
    expect(onChange.mock.calls).toEqual([[1], [3], [3]]);
  });

  it('disables 上一页 on the first page and 下一页 on the last', () => {
    renderPager(1, 24);
    expect(screen.getByTitle('上一页')).toBeDisabled();
    expect(screen.getByTitle('下一页')).toBeEnabled();
  });

  it('does not report the page it is on', async () => {
    const { onChange, user } = renderPager(3, 36);
    await user.click(screen.getByTitle('3'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTitle('下一页')).toBeDisabled();
  });

  it('jumps five pages with •••, stopping at the ends', async () => {
    const { onChange, user } = renderPager(10, 12 * 20);
    await user.click(screen.getByTitle('向前 5 页'));
    await user.click(screen.getByTitle('向后 5 页'));
    expect(onChange.mock.calls).toEqual([[5], [15]]);
  });

  it('jumps no further than the last page', async () => {
    const { onChange, user } = renderPager(1, 12 * 8);
    await user.click(screen.getByTitle('向后 5 页'));
    expect(onChange).toHaveBeenCalledWith(6);
    expect(screen.getByTitle('8')).toBeInTheDocument();
  });
});
