import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};

/** The best encoding the browser accepts, or null. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

export function contentTypeOf(file: string): string | null {
  return COMPRESSIBLE[path.extname(file).toLowerCase()] ?? null;
}

/**
 * Compressed copies of the build's content-hashed files, made once on first request: such a file
 * never changes, so the (slow, small) maximum-quality result can be kept for the process's life.
 * The key includes the mtime so that a rebuild that reuses a name cannot serve stale bytes.
 */
export class CompressedAssets {
  private readonly cache = new Map<string, Buffer>();

  get(fullPath: string, encoding: Encoding): Buffer {
    const { mtimeMs } = fs.statSync(fullPath);
    const key = `${encoding}:${mtimeMs}:${fullPath}`;
    let body = this.cache.get(key);
    if (!body) {
      const source = fs.readFileSync(fullPath);
      body =
        encoding === 'br'
          ? brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } })
          : gzipSync(source, { level: 9 });
      this.cache.set(key, body);
    }
    return body;
  }
}
