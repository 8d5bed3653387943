/**
 * The <head> of a generated site: title, description and share tags, the icon, the stylesheet and
 * the one deferred script. Every reference is relative to the site folder.
 */
import type { ReactNode } from 'react';

export interface DocumentHeadProps {
  title: string;
  description: string;
  themeColor: string;
  favicon: string;
  share: string;
  css: string;
  js: string;
}

export function DocumentHead({ title, description, themeColor, favicon, share, css, js }: DocumentHeadProps): ReactNode {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="theme-color" content={themeColor} />
      <meta name="format-detection" content="telephone=no" />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={share} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image" content={share} />
      <link rel="icon" type="image/png" sizes="64x64" href={favicon} />
      <link rel="stylesheet" href={css} />
      <script src={js} defer />
    </head>
  );
}

/** At most this many characters go into the description meta tags. */
const DESCRIPTION_MAX = 120;

/** `text` on one line, cut to the description's length with an ellipsis. */
export function metaDescription(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > DESCRIPTION_MAX ? `${chars.slice(0, DESCRIPTION_MAX - 1).join('')}…` : chars.join('');
}

/** Drops indentation and blank lines: the stylesheets are written readable in the source. */
export function cssMinify(css: string): string {
  return css
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}
