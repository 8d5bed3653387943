/**
 * Puts the 预约 block into a site's page when its campaign is enabled. A site is rendered long
 * before its studio turns 预约 on (and the campaign's count moves every day), so the block is not
 * part of the render: it is added to the copy that goes out, the published copy at each 发布 and
 * the zip when the campaign's `zipForm` says so, the same way for mini sites and builder sites
 * (one block, blocks/ReserveBlock.tsx, two kinds of page). The site's own folder never has it,
 * so a zip made without it has no dead form; its preview gets the block in preview mode as the
 * page is served (siteFiles/previewPage.ts).
 *
 * Where: in the first screen's wake, before the page's first content section (each family and
 * each builder content starts its sections with `<section ... class="sec ...">`; the hero is not
 * one), else at the end of <main>. User texts are escaped by React, so no user text can look like
 * either.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { ReserveLimits } from '../../../contract/reservations';
import { cssMinify } from './blocks/DocumentHead';
import { ReserveBlock, reserveCss, reservePreviewCss, type ReserveBlockInput } from './blocks/ReserveBlock';
import { writeCompressedCopies } from './compressedCopies';
import { RESERVE_SCRIPT } from './reserveScript';

export type { ReserveBlockInput };

/** The block's script, beside the page's own (assets/site.js) in both kinds of site. */
export const RESERVE_SCRIPT_FILE = 'assets/reserve.js';

const FIRST_SECTION = /<section\b[^>]*\sclass="sec[\s"]/i;
const MAIN_END = /<\/main\s*>/i;
const BODY_END = /<\/body\s*>(?![\s\S]*<\/body\s*>)/i;

/** Whether a page carries the block already (the attribute only the block has: a page's own text is escaped). */
export const hasReserveBlock = (html: string): boolean => /<section\b[^>]*\sdata-reserve=""/i.test(html);

/** `raw` as a plain http(s) origin ('http://localhost:80' -> 'http://localhost'); anything with more than an origin throws. */
function apiOriginOf(raw: string): string {
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password || raw.endsWith('/')) {
    throw new Error(`The 预约 block needs an http(s) origin, not ${JSON.stringify(raw)}`);
  }
  return url.origin;
}

function checkedInput({ apiOrigin, campaign, preview }: ReserveBlockInput): ReserveBlockInput {
  if (!ReserveLimits.campaignIdPattern.test(campaign.campaignId)) throw new Error('The 预约 block needs a campaign id');
  if (preview) return { apiOrigin: '', campaign, preview };
  return { apiOrigin: apiOriginOf(apiOrigin), campaign };
}

/**
 * The block's markup: its stylesheet (the page's theme variables dress it), the section and its
 * script. A preview's block has no script: drawn with the count and tiers of the moment it is
 * served, it needs none, and without one nothing in it can call the 预约 routes.
 */
export function reserveBlockHtml(input: ReserveBlockInput): string {
  const checked = checkedInput(input);
  const section = renderToStaticMarkup(<ReserveBlock reserve={checked} />);
  if (checked.preview) return `<style>${cssMinify(reserveCss + reservePreviewCss)}</style>${section}`;
  return `<style>${cssMinify(reserveCss)}</style>${section}<script src="${RESERVE_SCRIPT_FILE}" defer></script>`;
}

/** The page `html` with the block in its place; a page that has it already is answered as it is. */
export function withReserveBlock(html: string, input: ReserveBlockInput): string {
  if (hasReserveBlock(html)) return html;
  const block = reserveBlockHtml(input);
  for (const place of [FIRST_SECTION, MAIN_END, BODY_END]) {
    const at = html.search(place);
    if (at >= 0) return `${html.slice(0, at)}${block}${html.slice(at)}`;
  }
  return `${html}${block}`;
}

/**
 * The files of a site that change when it carries the block, by their path in the site folder:
 * its page and the block's script. For the zip writer, which reads the rest from the folder.
 */
export function reserveFiles(indexHtml: string, input: ReserveBlockInput): Record<string, string> {
  return { 'index.html': withReserveBlock(indexHtml, input), [RESERVE_SCRIPT_FILE]: RESERVE_SCRIPT };
}

/**
 * The block as reserveBlockHtml writes it: its style, its section and its script, one after the
 * other. Nothing else of a page can look like this run (a page's own text is escaped).
 */
const STAMPED_BLOCK = /<style>[^<]*<\/style><section\b[^>]*\sdata-reserve=""[\s\S]*?<\/section><script src="assets\/reserve\.js" defer><\/script>/i;

/** The page `html` without the block; one that has none is answered as it is. */
export const withoutReserveBlock = (html: string): string => html.replace(STAMPED_BLOCK, '');

/**
 * Sets the block of the site copy in `dir` (a copy about to be published or a live published
 * page, never the site's own folder) to `input`, or takes it away (null): an old block goes first,
 * so that the platforms and notice the page shows are the campaign's now. Writes the compressed
 * copies of the files it changed and answers the files written, none when the page is as it was.
 */
export async function stampReserveBlock(dir: string, input: ReserveBlockInput | null): Promise<string[]> {
  const page = path.join(dir, 'index.html');
  const html = await fs.promises.readFile(page, 'utf8');
  const without = withoutReserveBlock(html);
  const files: Record<string, string> = input ? reserveFiles(without, input) : { 'index.html': without };
  if (files['index.html'] === html) return [];
  for (const [name, text] of Object.entries(files)) {
    await fs.promises.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.promises.writeFile(path.join(dir, name), text);
  }
  const names = Object.keys(files);
  return [...names, ...(await writeCompressedCopies(dir, names))];
}
