import type { FastifyReply, FastifyRequest } from 'fastify';
import { text } from 'node:stream/consumers';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { staysInside } from '../../http/staticFiles';
import { acceptsEncoding } from '../../http/storedFiles';
import { withReserveBlock } from '../../render/site/reserveStamp';
import type { DataFiles } from '../../storage/dataFiles';
import { SITES_URL_PREFIX, sitesDir } from './paths';
import type { ReserveBlocks } from './reserveBlocks';

/** A site folder's name, as the renderers make them (32 lowercase hex). */
const FOLDER = '[0-9a-f]{32}';
const INDEX_URL = new RegExp(`^${SITES_URL_PREFIX}(${FOLDER})/(?:index\\.html)?(?:\\?[^#]*)?$`);

/**
 * The folder whose page `url` asks for, exactly as the previews ask (/sites/<dir>/ or
 * /sites/<dir>/index.html, with any query); null for every other URL, which is served from the
 * folder as it is (assets, other pages, any other spelling).
 */
export function previewPageFolder(url: string): string | null {
  return INDEX_URL.exec(url)?.[1] ?? null;
}

/**
 * A site's preview shows what its published page will: a site whose 预约 campaign is on gets the
 * block there, in preview mode (its buttons disabled, no script), added to the page read from the
 * folder as it is served. The folder itself never carries it, since zips and published copies are
 * made from it. Null when the folder's site has no enabled campaign (or it is no site's folder, or
 * has no page): the folder is then served as it always was.
 */
export async function previewPageOf(files: DataFiles, blocks: ReserveBlocks, dir: string): Promise<string | null> {
  const block = await blocks.previewBlockFor(dir);
  if (!block) return null;
  // As the static route: nothing reached through a link out of the sites' folder.
  if (!files.shared && !staysInside(sitesDir(files.dataDir), `${dir}/index.html`)) return null;
  const found = await files.store.read(`sites/${dir}/index.html`);
  return found && withReserveBlock(await text(found.body), block);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Sends a preview page made for this answer: compressed here when the browser takes it (the
 * folder's compressed copies are of the file, without the block), with no ETag or date of a file,
 * and `no-store`, so that the next load shows the studio's latest settings.
 */
export async function sendPreviewPage(request: FastifyRequest, reply: FastifyReply, page: string): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  // Quality 5: a page of some 50 KiB in about a millisecond, within a few percent of the best.
  if (acceptsEncoding(accepted, 'br')) return reply.header('content-encoding', 'br').send(await brotli(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (acceptsEncoding(accepted, 'gzip')) return reply.header('content-encoding', 'gzip').send(await gzip(page));
  return reply.send(page);
}
