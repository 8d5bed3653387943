import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../http/html';
import { writeCompressedCopies } from '../../render/site/compressedCopies';
import { REPORT_PATH } from './pages';

/** Where a published page's 举报 link leads: the app's report form (on PUBLIC_ORIGIN when pages are served apart). */
export const reportUrl = (appOrigin: string, slug: string): string => `${appOrigin}${REPORT_PATH}?site=${slug}`;

/** A quiet line of its own after the page's content (the sites' policy allows inline styles, no script). */
const REPORT_LINE_STYLE =
  'display:block;margin:0;padding:8px 0 calc(8px + env(safe-area-inset-bottom,0px));background:#111;' +
  'color:rgba(255,255,255,.6);font:12px/20px sans-serif;text-align:center;text-decoration:none';

/** Not pinned to a corner, as it first was: there it covered the last words of a phone's screen. */
export function reportLinkHtml(href: string): string {
  return `<a href="${escapeHtml(href)}" rel="nofollow noopener" data-report-link style="${REPORT_LINE_STYLE}">举报</a>`;
}

/** The link as the first pages carried it, a badge fixed in the corner. */
const CORNER_LINK = /(<a\b[^>]*\sdata-report-link\s+style=")position:fixed;[^"]*(")/i;

/** The page `html` with a corner 举报 badge made the line reportLinkHtml writes; any other page as it is. */
export const withReportLine = (html: string): string => html.replace(CORNER_LINK, `$1${REPORT_LINE_STYLE}$2`);

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
