/**
 * Brotli and gzip copies beside a site's text files (index.html.br, index.html.gz...), for the
 * servers that send a stored copy to a browser that accepts it (nginx's brotli_static and
 * gzip_static, our own /sites/): the page travels at a fifth of its size with no work per request.
 * A folder opened from disk ignores them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller than this, a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;
const TEXT = new Set(['.html', '.css', '.js', '.svg', '.json']);

/** Writes the copies of the text files among `files` (relative to `dir`); answers the names written. */
export async function writeCompressedCopies(dir: string, files: readonly string[]): Promise<string[]> {
  const written: string[] = [];
  for (const name of files) {
    if (!TEXT.has(path.extname(name).toLowerCase())) continue;
    const data = await fs.promises.readFile(path.join(dir, name));
    if (data.length < MIN_BYTES) {
      // A folder rendered again in place (a builder preview) keeps no copy of an older text.
      await Promise.all(['.br', '.gz'].map((ext) => fs.promises.rm(path.join(dir, name + ext), { force: true })));
      continue;
    }
    const [br, gz] = await Promise.all([
      brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      gzip(data, { level: 9 }),
    ]);
    await fs.promises.writeFile(path.join(dir, `${name}.br`), br);
    await fs.promises.writeFile(path.join(dir, `${name}.gz`), gz);
    written.push(`${name}.br`, `${name}.gz`);
  }
  return written;
}
