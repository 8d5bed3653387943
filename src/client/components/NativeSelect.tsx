import { DownOutlined, LoadingOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import './nativeSelect.css';

interface NativeSelectProps {
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange(value: string): void;
  loading?: boolean;
  style?: CSSProperties;
  /** Set by antd's Form.Item, so that its label names the select. */
  id?: string;
  'aria-label'?: string;
}

/**
 * The browser's own select in antd's Select look, for a short list of plain choices (the music of
 * a site): a phone opens its native picker, the keyboard works as everywhere, and the page does not
 * fetch antd's Select and its virtual list (about 30 KiB gzip) for one field.
 */
export default function NativeSelect({ value, options, onChange, loading = false, style, id, 'aria-label': label }: NativeSelectProps) {
  return (
    <span className="wpg-select" style={style}>
      <select id={id} aria-label={label} aria-busy={loading || undefined} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <span className="wpg-select-arrow" aria-hidden>
        {loading ? <LoadingOutlined /> : <DownOutlined />}
      </span>
    </span>
  );
}
