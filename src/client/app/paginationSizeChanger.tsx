import type { SelectProps } from 'antd';
import { lazy, Suspense } from 'react';

const SizeChangerSelect = lazy(() => import(/* webpackChunkName: "antd-select" */ './SizeChangerSelect'));

/**
 * Stands in for antd's Select where Pagination imports it (webpack.config.ts swaps the module for
 * Pagination only). Pagination renders a Select only for its page-size changer, yet its static
 * import put the whole Select (25 KiB gzip) on every page with a table or a pager: now the Select
 * loads when a size changer is first shown.
 */
export default function PaginationSizeChanger(props: SelectProps) {
  return (
    <Suspense fallback={null}>
      <SizeChangerSelect {...props} />
    </Suspense>
  );
}
