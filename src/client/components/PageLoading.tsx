import type { CSSProperties } from 'react';

const ring: CSSProperties = {
  width: 32,
  height: 32,
  borderRadius: '50%',
  border: '3px solid rgba(22, 119, 255, 0.2)',
  borderTopColor: '#1677ff',
  animation: 'wpg-spin 0.8s linear infinite',
};

/**
 * Shown while a route's code or data loads. Plain markup rather than antd's Spin: it is part of
 * the first load of every page, where every kilobyte counts (DESIGN.md section 10).
 */
export default function PageLoading() {
  return (
    <div role="status" aria-label="加载中" style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh' }}>
      <div style={ring} />
    </div>
  );
}
