/**
 * The <head> of a generated site: title, description and share tags, the icon, the whole
 * stylesheet inline (a page of a few dozen KB of CSS paints sooner with it in the HTML than after
 * a second request on a phone's network) and the one deferred script. Every reference is relative
 * to the site folder.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export interface DocumentHeadProps {
  title: string;
  description: string;
  themeColor: string;
  favicon: string;
  share: string;
  /** The stylesheet's text (ours, never a user's: it goes into the page as it is). */
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
      <style dangerouslySetInnerHTML={{ __html: css }} />
      <script src={js} defer />
    </head>
  );
}

/** The whole page: the head of `head` and the body's markup (a <body> element). */
export function documentHtml(head: DocumentHeadProps, body: string): string {
  if (/<\/style/i.test(head.css)) throw new Error('A stylesheet may not close its own <style>');
  return `<!DOCTYPE html>\n<html lang="zh-CN">${renderToStaticMarkup(<DocumentHead {...head} />)}${body}</html>\n`;
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
