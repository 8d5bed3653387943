import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../http/html';
import { writeCompressedCopies } from '../../render/site/compressedCopies';
import { REPORT_PATH } from './pages';

/** Where a published page's 举报 link leads: the app's report form (on PUBLIC_ORIGIN when pages are served apart). */
export const reportUrl = (appOrigin: string, slug: string): string => `${appOrigin}${REPORT_PATH}?site=${slug}`;

/** Small, in a corner, above the page's own content; styled inline (the sites' policy allows inline styles, no script). */
export function reportLinkHtml(href: string): string {
  return (
    `<a href="${escapeHtml(href)}" rel="nofollow noopener" data-report-link ` +
    'style="position:fixed;right:8px;bottom:8px;z-index:2147483647;padding:2px 8px;border-radius:10px;' +
    'background:rgba(0,0,0,.35);color:#fff;font:12px/20px sans-serif;text-decoration:none">举报</a>'
  );
}

/** Whether a published page already carries its 举报 link (the attribute only our link has: a page's own text is escaped). */
export const hasReportLink = (html: string): boolean => /<a\b[^>]*\sdata-report-link[\s>]/i.test(html);

/**
 * Adds the 举报 link to the index.html of a published copy (never to the site itself, nor to its
 * zip), and writes its compressed copies again.
 */
export async function stampReportLink(dir: string, href: string): Promise<void> {
  const file = path.join(dir, 'index.html');
  const html = await fs.promises.readFile(file, 'utf8');
  const link = reportLinkHtml(href);
  const end = html.search(/<\/body\s*>(?![\s\S]*<\/body\s*>)/i);
  await fs.promises.writeFile(file, end < 0 ? `${html}${link}` : `${html.slice(0, end)}${link}${html.slice(end)}`);
  await writeCompressedCopies(dir, ['index.html']);
}
