import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// Result carries its 403/404/500 pictures (10 KiB gzip): pages show it only when something failed.
const ResultPanel = lazy(() => import(/* webpackChunkName: "result-panel" */ './ResultPanel'));

/** antd's Result, fetched the first time a page shows one rather than with the page. */
export default function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <ResultPanel {...props} />
    </Suspense>
  );
}
