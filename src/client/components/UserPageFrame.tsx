import type { CSSProperties } from 'react';

/**
 * What a frame showing a user's page allows: its own script (banner video, music switch, menu) and
 * links that open new tabs outside the sandbox. Never allow-same-origin: the page would then share
 * the app's origin and could reach the login token in localStorage, or the SPA through
 * window.parent. The server sends the same sandbox in the page's Content-Security-Policy.
 */
export const USER_PAGE_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

interface UserPageFrameProps {
  /** One of our own /sites/ addresses (the caller checks it). */
  src: string;
  style: CSSProperties;
}

/** A site's preview (the builder's, the mini site's), sandboxed: the page runs in an opaque origin of its own. */
export default function UserPageFrame({ src, style }: UserPageFrameProps) {
  return <iframe title="网站预览" src={src} sandbox={USER_PAGE_SANDBOX} style={style} />;
}
