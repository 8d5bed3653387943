/** Inline SVG icons (no files, no fonts): platform marks, play, music and arrows. */
import type { ReactNode } from 'react';

const svg = (viewBox: string, body: ReactNode, className = 'ico'): ReactNode => (
  <svg className={className} viewBox={viewBox} aria-hidden="true" focusable="false">
    {body}
  </svg>
);

export const AppleIcon = (): ReactNode =>
  svg(
    '0 0 24 24',
    <path
      fill="currentColor"
      d="M16.4 12.6c0-2.5 2-3.7 2.1-3.8-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.8-1.7 0-3.3 1-4.1 2.5-1.8 3.1-.5 7.6 1.3 10.1.8 1.2 1.8 2.6 3.1 2.5 1.3-.1 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.5-1-2.4-4.2zM14 5.2c.7-.8 1.1-1.9 1-3.1-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.9-1 3 1.1.1 2.2-.6 2.9-1.4z"
    />,
  );

export const AndroidIcon = (): ReactNode =>
  svg(
    '0 0 24 24',
    <path
      fill="currentColor"
      d="M6 18a1 1 0 0 0 1 1h1v3a1.5 1.5 0 0 0 3 0v-3h2v3a1.5 1.5 0 0 0 3 0v-3h1a1 1 0 0 0 1-1V8H6v10zM3.5 8A1.5 1.5 0 0 0 2 9.5v7a1.5 1.5 0 0 0 3 0v-7A1.5 1.5 0 0 0 3.5 8zm17 0A1.5 1.5 0 0 0 19 9.5v7a1.5 1.5 0 0 0 3 0v-7A1.5 1.5 0 0 0 20.5 8zM15.5 2.2l1.3-1.3a.4.4 0 0 0-.6-.6l-1.5 1.5A6 6 0 0 0 12 1.2c-1 0-1.9.2-2.7.6L7.8.3a.4.4 0 0 0-.6.6l1.3 1.3A5.9 5.9 0 0 0 6 7h12a5.9 5.9 0 0 0-2.5-4.8zM10 5H9V4h1v1zm5 0h-1V4h1v1z"
    />,
  );

export const WindowsIcon = (): ReactNode =>
  svg('0 0 24 24', <path fill="currentColor" d="M2 4.3 10 3.2v7.7H2V4.3zm0 15.4 8 1.1v-7.6H2v6.5zm9 1.3 11 1.5v-9.3H11V21zM11 3v7.9h11V1.5L11 3z" />);

export const PlayIcon = (): ReactNode => svg('0 0 24 24', <path fill="currentColor" d="M8 5.1v13.8a.6.6 0 0 0 .9.5l10.7-6.9a.6.6 0 0 0 0-1L8.9 4.6a.6.6 0 0 0-.9.5z" />);

export const MusicIcon = (): ReactNode =>
  svg(
    '0 0 24 24',
    <path fill="currentColor" d="M20 3v12.5a3.5 3.5 0 1 1-2-3.2V7.2l-8 1.9v8.4A3.5 3.5 0 1 1 8 14.3V5l12-2z" />,
    'ico ico-music',
  );

export const ArrowIcon = (): ReactNode =>
  svg('0 0 24 24', <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M5 12h14m-6-6 6 6-6 6" />);

export const ShieldIcon = (): ReactNode =>
  svg('0 0 24 24', <path fill="currentColor" d="M12 2 4 5v6c0 5 3.4 9.6 8 11 4.6-1.4 8-6 8-11V5l-8-3zm-1 14-4-4 1.4-1.4 2.6 2.6 5.6-5.6L18 9l-7 7z" />);
