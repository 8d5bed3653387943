import type { MediaPreview } from '../../components/MediaPreviewDialog';
import type { SiteTemplate } from '../../../contract/miniSite';

/** The preview dialog's whole-page pictures of a site template: the desktop one, and the phone one for a phone-wide screen. */
export function sitePagePreview(template: SiteTemplate): MediaPreview {
  // A template kept in localStorage from before phone pictures existed has none: the desktop one stands in.
  return { kind: 'page', src: template.preview_image, phoneSrc: template.preview_image_phone || undefined, title: template.name };
}
