/**
 * A picture of the page: its WebP sizes with `sizes` telling the browser how wide the page shows
 * it, the source's width and height (so the page keeps its place before it loads), lazy below the
 * first screen, and high priority for the first screen's largest picture.
 */
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { NO_PICTURES, type PictureSet } from '../webPictures';

export const PicturesContext = createContext<PictureSet>(NO_PICTURES);

/** How wide the page shows a picture, for `sizes`: a phone below 900 px, a screen above. */
export const SHOWN = {
  /** Edge to edge. */
  full: '100vw',
  /** A column of a two-column row (edge to edge on a phone). */
  half: '(max-width: 900px) 100vw, 600px',
  /** A card of a three- or four-column grid (two columns on a phone at most). */
  card: '(max-width: 900px) 100vw, 400px',
  /** A portrait card. */
  portrait: '(max-width: 900px) 50vw, 300px',
  /** A logo in a bar (about 180 x 52). */
  barLogo: '(max-width: 900px) 120px, 180px',
  /** A logo set large in a panel or the first screen. */
  bigLogo: '(max-width: 900px) 280px, 460px',
  /** A small square (a QR code, an icon). */
  small: '140px',
} as const;

export interface PictureProps {
  /** The site path the plan gave the picture. */
  src: string;
  alt: string;
  shown: string;
  className?: string;
  /** Below the first screen: fetched when the visitor scrolls near it. */
  lazy?: boolean;
  /** The first screen's largest picture: fetched first. */
  first?: boolean;
  /** The place's own size, when the page fixes it (a QR code): else the picture's. */
  width?: number;
  height?: number;
}

/**
 * The picture's own width and shape as custom properties, for a logo that shows at its natural
 * size within a box (`--mw` x `--mh`): its CSS works out the width from them, so the logo's place
 * is kept before it loads (an <img> sized `auto` both ways has no size until then).
 */
function sizeProperties(width: number, height: number): CSSProperties {
  return { '--w': `${width}px`, '--ar': (width / height).toFixed(4) } as CSSProperties;
}

/** The largest file of a picture: what a link that opens it full size points at. */
export function useFullPicture(src: string): string {
  return useContext(PicturesContext).get(src)?.full ?? src;
}

export function Picture({ src, alt, shown, className, lazy = false, first = false, width, height }: PictureProps): ReactNode {
  const picture = useContext(PicturesContext).get(src);
  return (
    <img
      style={picture ? sizeProperties(picture.width, picture.height) : undefined}
      className={className}
      src={picture?.src ?? src}
      srcSet={picture?.srcSet || undefined}
      sizes={picture?.srcSet ? shown : undefined}
      width={width ?? picture?.width}
      height={height ?? picture?.height}
      alt={alt}
      loading={lazy ? 'lazy' : undefined}
      decoding={first ? undefined : 'async'}
      fetchPriority={first ? 'high' : undefined}
    />
  );
}

/** Another picture for the <picture> around a Picture, taken where `media` holds (a phone held upright). */
export function PictureSource({ src, media, shown }: { src: string; media: string; shown: string }): ReactNode {
  const picture = useContext(PicturesContext).get(src);
  return <source media={media} srcSet={picture?.srcSet || picture?.src || src} sizes={picture?.srcSet ? shown : undefined} width={picture?.width} height={picture?.height} />;
}
