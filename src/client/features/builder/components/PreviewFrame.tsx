import UserPageFrame from '../../../components/UserPageFrame';
import { builderPreviewSrc } from '../builder.types';

interface PreviewFrameProps {
  previewUrl: string | null | undefined;
  height: string | number;
  /** A new number loads the same address again (the page changed without a new render: its 预约 block). */
  loads?: number;
}

/**
 * The site's preview. Its address carries `?v=<revision>`: every save, template switch or banner
 * changes it, and the frame loads the new render. Only our own `/sites/` folders go into it.
 */
export default function PreviewFrame({ previewUrl, height, loads = 0 }: PreviewFrameProps) {
  const src = builderPreviewSrc(previewUrl, window.location.origin);
  if (!src) {
    return <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'rgba(0, 0, 0, 0.45)', background: '#f5f5f5' }}>暂无预览</div>;
  }
  return <UserPageFrame key={loads} src={src} style={{ display: 'block', width: '100%', height, border: 'none', background: '#fff' }} />;
}
