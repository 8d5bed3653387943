import { Button, Modal } from 'antd';
import { GenerationMessages } from '../../contract/generation';
import { SITE_PHONE_PREVIEW } from '../../contract/miniSite';
import { usePhoneLayout } from '../features/layout/usePhoneLayout';
import { checkerboardStyle } from './checkerboard';
import { useRetryingSource } from './useRetryingSource';

export interface MediaPreview {
  /** A picture, a video, or a page: a tall picture of a whole web page, scrolled inside the dialog. */
  kind: 'image' | 'video' | 'page';
  src: string;
  /**
   * A page only: the same page as a phone shows it, shown instead of `src` on a phone-wide screen
   * (a desktop picture shrunk to a phone's width makes its text unreadable).
   */
  phoneSrc?: string;
  title: string;
}

interface MediaPreviewDialogProps {
  /** What to show; null keeps the dialog closed. */
  preview: MediaPreview | null;
  onClose(): void;
  /** The picture or video did not load (the caller tells the user; the dialog says so too). */
  onError(media: 'image' | 'video'): void;
  /** Chooses the previewed style (a 选择 button under it, as on its card); without it, no footer. */
  onChoose?(): void;
}

const mediaStyle = { display: 'block', maxWidth: '100%', maxHeight: '70vh', margin: '0 auto' } as const;

/**
 * On a phone a page's picture fills the screen: the dialog is the screen's size, and the picture
 * scrolls in what the title and the 选择 button leave of its height.
 */
const PHONE_PAGE_MODAL = {
  style: { maxWidth: '100vw', margin: 0, paddingBottom: 0 },
  styles: {
    container: { display: 'flex', flexDirection: 'column', height: '100dvh', padding: '12px 0', borderRadius: 0 },
    header: { flex: 'none', padding: '0 48px 0 16px' },
    body: { flex: 1, minHeight: 0, padding: 0 },
    footer: { flex: 'none', padding: '0 16px' },
  },
} as const;

function Media({ preview, phone, onError }: { preview: MediaPreview; phone: boolean; onError: MediaPreviewDialogProps['onError'] }) {
  const shown = phone && preview.kind === 'page' ? (preview.phoneSrc ?? preview.src) : preview.src;
  // A gallery preview not rendered yet is asked for again before the dialog says it failed.
  const media = useRetryingSource(shown, () => onError(preview.kind === 'video' ? 'video' : 'image'));
  if (media.waiting || media.failed) {
    const failure = preview.kind === 'video' ? GenerationMessages.videoDialog : GenerationMessages.previewImageDialog;
    return (
      <p role={media.failed ? 'alert' : 'status'} style={{ textAlign: 'center', padding: '48px 0', color: 'rgba(0, 0, 0, 0.45)', margin: 0 }}>
        {media.failed ? failure : GenerationMessages.galleryPictureRendering}
      </p>
    );
  }
  if (preview.kind === 'video') {
    // Muted, or browsers refuse to autoplay; playsInline keeps iOS from going full screen.
    return <video src={media.src} autoPlay muted loop playsInline onError={media.onError} style={{ ...mediaStyle, width: '100%', background: '#000' }} data-testid="preview-video" />;
  }
  if (preview.kind === 'page' && phone) {
    // The phone picture at the width a phone shows the page itself; the desktop one (a template
    // kept from before phone pictures existed) at the screen's width.
    const width = preview.phoneSrc ? SITE_PHONE_PREVIEW.cssWidth : '100%';
    return (
      <div style={{ height: '100%', overflowY: 'auto', overscrollBehavior: 'contain', borderBlock: '1px solid #f0f0f0' }} data-testid="page-preview-scroll">
        <img src={media.src} alt={`${preview.title} 预览图`} onError={media.onError} style={{ display: 'block', width, maxWidth: '100%', margin: '0 auto' }} />
      </div>
    );
  }
  if (preview.kind === 'page') {
    return (
      <div style={{ maxHeight: '75vh', overflowY: 'auto', borderRadius: 8, border: '1px solid #f0f0f0' }} data-testid="page-preview-scroll">
        <img src={media.src} alt={`${preview.title} 预览图`} onError={media.onError} style={{ display: 'block', width: '100%' }} />
      </div>
    );
  }
  return (
    <div style={{ ...checkerboardStyle, padding: 16, borderRadius: 8 }}>
      <img src={media.src} alt={`${preview.title} 预览图`} onError={media.onError} style={mediaStyle} />
    </div>
  );
}

/** The preview dialog of a style: its picture, or its video playing on a loop (spec screens 12 and 15). */
export default function MediaPreviewDialog({ preview, onClose, onError, onChoose }: MediaPreviewDialogProps) {
  const phone = usePhoneLayout();
  const phonePage = phone && preview?.kind === 'page';
  const footer = onChoose ? (
    <Button type="primary" block={phonePage} onClick={onChoose}>
      选择
    </Button>
  ) : null;
  return (
    <Modal
      open={preview !== null}
      title={preview?.title ?? '预览'}
      footer={footer}
      onCancel={onClose}
      destroyOnHidden
      centered
      width={phonePage ? '100%' : preview?.kind === 'image' ? 720 : 960}
      {...(phonePage ? PHONE_PAGE_MODAL : {})}
    >
      {/* Keyed by the source: a new picture gets a new chance to load. */}
      {preview ? <Media key={preview.src} preview={preview} phone={phone} onError={onError} /> : null}
    </Modal>
  );
}
