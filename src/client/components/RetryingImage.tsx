import type { CSSProperties } from 'react';
import { GenerationMessages } from '../../contract/generation';
import { useRetryingSource } from './useRetryingSource';

interface RetryingImageProps {
  src: string;
  alt: string;
  style?: CSSProperties;
  loading?: 'lazy' | 'eager';
}

/** Over the picture's box, whatever its background (a light card, a checkerboard, black). */
const noteStyle: CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  pointerEvents: 'none',
};
const pillStyle: CSSProperties = { padding: '2px 8px', borderRadius: 10, background: 'rgba(255, 255, 255, 0.85)', color: 'rgba(0, 0, 0, 0.55)', fontSize: 12, lineHeight: '20px', whiteSpace: 'nowrap' };

/**
 * A gallery picture that asks again while the server is still rendering it (useRetryingSource),
 * saying so over its box instead of a broken image. The box it sits in must be positioned.
 */
export default function RetryingImage({ src, alt, style, loading }: RetryingImageProps) {
  const picture = useRetryingSource(src);
  const note = picture.failed ? GenerationMessages.previewImageFailed : picture.waiting ? GenerationMessages.galleryPictureRendering : null;
  return (
    <>
      <img src={picture.src} alt={alt} loading={loading} onError={picture.onError} style={note ? { ...style, visibility: 'hidden' } : style} />
      {note ? (
        <span style={noteStyle} role="status">
          <span style={pillStyle}>{note}</span>
        </span>
      ) : null}
    </>
  );
}
