/**
 * The share metadata of a published copy: what a chat shows for the page's link. A site's own
 * folder and its zip refer to their files relatively (a zip is opened anywhere), but a crawler
 * reads og:image and og:url as they are, so the published copy gets them absolute, on the origin
 * it is served at. WeChat's link preview reads schema.org's itemprop name / description / image
 * and shows the picture in a square: the copy gets a square share picture too, the site's share
 * picture whole on black (its edges are shaded to black already), so the logo in its middle is
 * never cut by the square.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { escapeHtml } from '../../http/html';
import { writeCompressedCopies } from './compressedCopies';
import { WECHAT_SHARE_API_META, WECHAT_SHARE_SCRIPT, WECHAT_SHARE_SCRIPT_FILE } from './wechatShareScript';

/** The square picture beside the share picture, in published copies only. */
export const SQUARE_SHARE_FILE = 'assets/share-square.png';
const SQUARE_SIZE = 630;

const metaContent = (html: string, attribute: 'property' | 'name', key: string): string | null => {
  const tag = new RegExp(`<meta\\s+${attribute}="${key}"\\s+content="([^"]*)"\\s*/?>`, 'i').exec(html);
  return tag ? tag[1] : null;
};

/** Whether a page carries its absolute share metadata already. */
export const hasShareMeta = (html: string): boolean => metaContent(html, 'property', 'og:url') !== null;

/** What a page's share card shows, in absolute URLs (for the WeChat share card script too). */
export interface ShareCard {
  link: string;
  /** As they are in the page's <head>: escaped for an attribute. */
  titleHtml: string;
  descriptionHtml: string;
  image: string | null;
}

const unescapeAttribute = (value: string): string => value.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * The page `html` served at `pageUrl` with absolute og:image / twitter:image, og:url and WeChat's
 * itemprop tags; `squareImage` (site-relative) is the picture WeChat is given when the copy has it.
 */
export function withShareMeta(html: string, pageUrl: string, squareImage: string | null): string {
  if (hasShareMeta(html)) return html;
  const absolute = (relative: string): string => new URL(unescapeAttribute(relative), pageUrl).href;
  const image = metaContent(html, 'property', 'og:image');
  const title = metaContent(html, 'property', 'og:title') ?? '';
  const description = metaContent(html, 'property', 'og:description') ?? metaContent(html, 'name', 'description') ?? '';
  let out = html;
  if (image !== null) {
    const imageUrl = escapeHtml(absolute(image));
    out = out.replace(/(<meta\s+(?:property="og:image"|name="twitter:image")\s+content=")[^"]*(")/gi, `$1${imageUrl}$2`);
  }
  const wechatImage = squareImage ?? image;
  const tags = [
    `<meta property="og:url" content="${escapeHtml(pageUrl)}"/>`,
    `<meta itemprop="name" content="${title}"/>`,
    `<meta itemprop="description" content="${description}"/>`,
    wechatImage === null ? '' : `<meta itemprop="image" content="${escapeHtml(absolute(wechatImage))}"/>`,
  ].join('');
  const headEnd = out.search(/<\/head\s*>/i);
  return headEnd < 0 ? out : `${out.slice(0, headEnd)}${tags}${out.slice(headEnd)}`;
}

/** The share card of a page that carries its share metadata (withShareMeta). */
export function shareCardOf(html: string): ShareCard | null {
  const link = metaContent(html, 'property', 'og:url');
  if (link === null) return null;
  return {
    link: unescapeAttribute(link),
    titleHtml: metaContent(html, 'property', 'og:title') ?? '',
    descriptionHtml: metaContent(html, 'property', 'og:description') ?? '',
    image: (() => {
      const tag = /<meta\s+itemprop="image"\s+content="([^"]*)"/i.exec(html);
      return tag ? unescapeAttribute(tag[1]) : null;
    })(),
  };
}

/** The site's share picture whole, centred on a black square. */
async function writeSquareShare(dir: string, share: string): Promise<boolean> {
  const source = path.join(dir, share);
  if (path.relative(dir, source).startsWith('..') || !fs.existsSync(source)) return false;
  const square = await sharp(source)
    .resize(SQUARE_SIZE, SQUARE_SIZE, { fit: 'contain', background: '#000' })
    .flatten({ background: '#000' })
    .png({ compressionLevel: 6 })
    .toBuffer();
  await fs.promises.writeFile(path.join(dir, SQUARE_SHARE_FILE), square);
  return true;
}

/**
 * Gives the copy in `dir` (about to be published at `pageUrl`, never the site's own folder) its
 * absolute share metadata and square share picture; rewrites the page's compressed copies.
 */
export async function stampShareMeta(dir: string, pageUrl: string): Promise<void> {
  const page = path.join(dir, 'index.html');
  const html = await fs.promises.readFile(page, 'utf8');
  if (hasShareMeta(html)) return;
  const share = metaContent(html, 'property', 'og:image');
  const square = share !== null && !/^[a-z][a-z0-9+.-]*:/i.test(share) && (await writeSquareShare(dir, unescapeAttribute(share))) ? SQUARE_SHARE_FILE : null;
  await fs.promises.writeFile(page, withShareMeta(html, pageUrl, square));
  await writeCompressedCopies(dir, ['index.html']);
}

/**
 * With the WeChat account configured: the copy in `dir` sets WeChat's share card through the
 * JS-SDK, signed at `signUrl` (the app's WECHAT_JS_CONFIG_PATH). After stampShareMeta: the script
 * reads the card from the share tags.
 */
export async function stampWechatShare(dir: string, signUrl: string): Promise<void> {
  const page = path.join(dir, 'index.html');
  const html = await fs.promises.readFile(page, 'utf8');
  if (html.includes(WECHAT_SHARE_SCRIPT_FILE)) return;
  const tags = `<meta name="${WECHAT_SHARE_API_META}" content="${escapeHtml(signUrl)}"/><script src="${WECHAT_SHARE_SCRIPT_FILE}" defer></script>`;
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd < 0) return;
  await fs.promises.mkdir(path.join(dir, path.dirname(WECHAT_SHARE_SCRIPT_FILE)), { recursive: true });
  await fs.promises.writeFile(path.join(dir, WECHAT_SHARE_SCRIPT_FILE), WECHAT_SHARE_SCRIPT);
  await fs.promises.writeFile(page, `${html.slice(0, headEnd)}${tags}${html.slice(headEnd)}`);
  await writeCompressedCopies(dir, ['index.html', WECHAT_SHARE_SCRIPT_FILE]);
}
