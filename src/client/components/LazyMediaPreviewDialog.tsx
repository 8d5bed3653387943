import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type MediaPreviewDialog from './MediaPreviewDialog';

// Its Modal is fetched on the first 预览, not with the page: the home page's first load stays lighter.
const Dialog = lazy(() => import(/* webpackChunkName: "media-preview" */ './MediaPreviewDialog'));

/** MediaPreviewDialog, loaded the first time there is something to preview and kept after (its closing animation). */
export default function LazyMediaPreviewDialog(props: ComponentProps<typeof MediaPreviewDialog>) {
  const [needed, setNeeded] = useState(props.preview !== null);
  if (props.preview !== null && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
