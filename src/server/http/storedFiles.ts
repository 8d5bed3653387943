import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { contentTypeOf } from '../storage/contentTypes';
import type { ByteRange, FileStore, StoredFile } from '../storage/types';


export interface SendOptions {
  /** Cache-Control of the answer (the route's: a year for results, no-cache for previews...). */
  cacheControl: string;
  /** Content-Disposition, for downloads. */
  disposition?: string;
  /** Look for `<key>.br` / `<key>.gz` copies and send one the browser takes (sites' pages and scripts). */
  preCompressed?: boolean;
}

type RangeAnswer = { type: 'whole' } | { type: 'part'; range: ByteRange } | { type: 'unsatisfiable' };

/**
 * Reads one `bytes=` range as RFC 9110 has it: `a-b`, `a-` or `-n`. Several ranges, or a header in
 * another unit, are answered with the whole file (allowed); a range past the end is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { type: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return { type: 'whole' };
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return { type: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    if (match[2] && Number(match[2]) < start) return { type: 'whole' };
  }
  if (start >= size || !Number.isSafeInteger(start)) return { type: 'unsatisfiable' };
  return { type: 'part', range: { start, end } };
}

const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/** Whether an Accept-Encoding header takes `name` (named, and not with q=0). */
export const acceptsEncoding = (acceptEncoding: string, name: string): boolean => new RegExp(`(^|[,\\s])${name}(?![\\w-])(?!;q=0(\\.0*)?(,|$))`).test(acceptEncoding);

/** The pre-compressed copy of `key` the browser takes, if the store has one. */
async function compressedCopy(store: FileStore, key: string, acceptEncoding: string): Promise<{ key: string; encoding: string; file: StoredFile } | null> {
  for (const { name, extension } of ENCODINGS) {
    if (!acceptsEncoding(acceptEncoding, name)) continue;
    const file = await store.head(`${key}${extension}`);
    if (file) return { key: `${key}${extension}`, encoding: name, file };
  }
  return null;
}

/**
 * Sends the stored file `key` as a static file server would: ETag and Last-Modified, 304 for a
 * matching If-None-Match, one byte range with 206 (416 past the end; If-Range honoured), HEAD
 * without a body. Answers false, having sent nothing, when the store has no such file.
 */
export async function sendStored(request: FastifyRequest, reply: FastifyReply, store: FileStore, key: string, options: SendOptions): Promise<boolean> {
  const compressed = options.preCompressed ? await compressedCopy(store, key, String(request.headers['accept-encoding'] ?? '')) : null;
  const sentKey = compressed?.key ?? key;
  const file = compressed?.file ?? (await store.head(sentKey));
  if (!file) return false;

  reply
    .header('content-type', contentTypeOf(key))
    .header('etag', file.etag)
    .header('last-modified', file.modifiedAt.toUTCString())
    .header('cache-control', options.cacheControl);
  if (options.preCompressed) reply.header('vary', 'accept-encoding');
  if (compressed) reply.header('content-encoding', compressed.encoding);
  if (options.disposition) reply.header('content-disposition', options.disposition);
  // Ranges of a compressed copy would be ranges of other bytes than the file's: whole only.
  if (!compressed) reply.header('accept-ranges', 'bytes');

  const noneMatch = request.headers['if-none-match'];
  if (noneMatch && noneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) {
    reply.code(304).send();
    return true;
  }

  const ifRange = request.headers['if-range'];
  const rangeHeader = compressed || (ifRange && ifRange !== file.etag) ? undefined : request.headers.range;
  const wanted = parseRange(rangeHeader, file.size);
  if (wanted.type === 'unsatisfiable') {
    reply.code(416).header('content-range', `bytes */${file.size}`).send();
    return true;
  }
  const range = wanted.type === 'part' ? wanted.range : undefined;
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  reply.header('content-length', range ? range.end - range.start + 1 : file.size);
  if (request.method === 'HEAD') {
    // An empty stream: Fastify's HEAD handling keeps the length set above for streams only.
    reply.send(Readable.from([]));
    return true;
  }
  const found = await store.read(sentKey, range);
  // Deleted between the look and the read (housekeeping): as if it had never been there.
  if (!found) {
    reply.removeHeader('content-length');
    return false;
  }
  reply.send(found.body);
  return true;
}
