import { DownOutlined, LoadingOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import './lazySelect.css';

const Select = lazy(() => import(/* webpackChunkName: "antd-select" */ '../app/SizeChangerSelect'));

interface LazySelectProps {
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange(value: string): void;
  loading?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
}

/**
 * antd's Select, fetched the first time it is used: until then the closed box it would draw, in its
 * look, is shown and reached as it is (a combobox in the tab order). A click opens the real one
 * with its list open; Tab to it hands the focus to the real one. antd's Select with its virtual
 * list is about 30 KiB gzip that a page showing one select closed (the builder's music) need not
 * fetch before it is touched.
 */
export default function LazySelect({ value, options, onChange, loading = false, style, 'aria-label': label }: LazySelectProps) {
  const [wanted, setWanted] = useState<'no' | 'focus' | 'open'>('no');
  const shown = options.find((option) => option.value === value)?.label ?? value;
  const closed = (
    <div
      role="combobox"
      tabIndex={0}
      aria-label={label}
      aria-expanded={false}
      aria-haspopup="listbox"
      className="wpg-select"
      style={style}
      onMouseDown={(event) => {
        event.preventDefault();
        setWanted('open');
      }}
      onFocus={() => setWanted((was) => (was === 'no' ? 'focus' : was))}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
          event.preventDefault();
          setWanted('open');
        }
      }}
    >
      <span className="wpg-select-value" title={shown}>
        {shown}
      </span>
      <span className="wpg-select-arrow" aria-hidden>
        {loading ? <LoadingOutlined /> : <DownOutlined />}
      </span>
    </div>
  );
  if (wanted === 'no') return closed;
  return (
    <Suspense fallback={closed}>
      <Select aria-label={label} value={value} onChange={(next: unknown) => onChange(String(next))} loading={loading} style={style} options={options} autoFocus defaultOpen={wanted === 'open'} />
    </Suspense>
  );
}
