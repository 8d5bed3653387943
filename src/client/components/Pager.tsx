import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import './pager.css';

export type PagerItem = number | 'jump-prev' | 'jump-next';

/** How far the ••• items jump, as in antd. */
const JUMP = 5;
/** Pages shown either side of the current one, as in antd. */
const BUFFER = 2;

/**
 * The items between 上一页 and 下一页, chosen as antd's Pagination chooses them (at most nine: the
 * first and last page, five around the current one and a ••• jump on either side), so that the
 * pager keeps the spec's pager count.
 */
export function pagerItems(current: number, pageCount: number): PagerItem[] {
  if (pageCount <= 3 + BUFFER * 2) return Array.from({ length: pageCount }, (_, index) => index + 1);
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(current + BUFFER, pageCount);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pageCount - current <= BUFFER) left = pageCount - BUFFER * 2;
  const jumpPrev = current - 1 >= BUFFER * 2 && current !== 1 + 2;
  const jumpNext = pageCount - current >= BUFFER * 2 && current !== pageCount - 2;
  if (jumpPrev && right !== pageCount) left += 1;
  if (jumpNext && left !== 1) right -= 1;
  const items: PagerItem[] = [];
  for (let page = left; page <= right; page += 1) items.push(page);
  if (jumpPrev) items.unshift('jump-prev');
  if (jumpNext) items.push('jump-next');
  if (left !== 1) items.unshift(1);
  if (right !== pageCount) items.push(pageCount);
  return items;
}

interface PagerProps {
  current: number;
  total: number;
  pageSize: number;
  onChange(page: number): void;
}

/**
 * A centred pager that looks and counts like antd's Pagination (titles 上一页, 下一页, 向前 5 页...),
 * and like it is hidden when everything fits on one page. antd's own imports its Select for the
 * page-size changer, about 50 KiB gzip (Select, Form, a virtual list) that a template list, a public
 * page's first load, would carry for a control it never shows.
 */
export default function Pager({ current, total, pageSize, onChange }: PagerProps) {
  const pageCount = Math.ceil(total / pageSize);
  if (pageCount <= 1) return null;
  const go = (page: number) => {
    const target = Math.min(Math.max(page, 1), pageCount);
    if (target !== current) onChange(target);
  };
  return (
    <nav aria-label="分页" className="wpg-pager">
      <ul>
        <li>
          <button type="button" title="上一页" aria-label="上一页" disabled={current <= 1} onClick={() => go(current - 1)}>
            <LeftOutlined />
          </button>
        </li>
        {pagerItems(current, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button type="button" title={String(item)} aria-current={item === current ? 'page' : undefined} onClick={() => go(item)}>
                {item}
              </button>
            </li>
          ) : (
            <li key={item}>
              <button type="button" className="wpg-pager-jump" title={item === 'jump-prev' ? `向前 ${JUMP} 页` : `向后 ${JUMP} 页`} onClick={() => go(item === 'jump-prev' ? current - JUMP : current + JUMP)}>
                •••
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" title="下一页" aria-label="下一页" disabled={current >= pageCount} onClick={() => go(current + 1)}>
            <RightOutlined />
          </button>
        </li>
      </ul>
    </nav>
  );
}
