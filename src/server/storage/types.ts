import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What the store knows of a file. */
export interface StoredFile {
  size: number;
  /** A strong validator for If-None-Match and If-Range (quoted, as HTTP sends it). */
  etag: string;
  modifiedAt: Date;
}

/** A file of a listing. */
export interface ListedFile {
  key: string;
  modifiedAt: Date;
  size: number;
}

/** Bytes `start` to `end`, both included (HTTP's Range), within the file. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where generated files live, by key: a relative path with `/` ('generated/<job>/logo.png',
 * 'sites/<dir>/index.html'). The local store keeps them under DATA_DIR (the default); the S3 store
 * in a bucket that every server and render worker shares (STORAGE_BACKEND=s3).
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Stores the file at `source` (a local path) under `key`; readers see the old file or the new one, whole. */
  putFile(key: string, source: string): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  /**
   * Stores every file under the local folder `dir` below `prefix` (`prefix/relative/path`) and
   * deletes what was below `prefix` before and is not in `dir`; answers the relative paths stored.
   */
  putFolder(prefix: string, dir: string): Promise<string[]>;
  /** The file under `key`, or null. */
  head(key: string): Promise<StoredFile | null>;
  /** The bytes of `key` (of `range` when given) as a stream, or null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<{ file: StoredFile; body: Readable } | null>;
  copy(from: string, to: string): Promise<void>;
  /** The keys below `prefix` (a folder: ends with '/'), in no promised order. */
  list(prefix: string): Promise<string[]>;
  /** The same, each with when it was stored and its bytes (housekeeping's age, a folder's size, without a request per file). */
  listWithTimes(prefix: string): Promise<ListedFile[]>;
  /** Deletes `key` and everything below `key/`; answers how many files went. */
  deletePrefix(prefix: string): Promise<number>;
  /** Bytes of everything stored (the console's 概览): a walk of the folder or a listing of the bucket, so not for every request. */
  usedBytes(): Promise<number>;
}

/** Copies the stored file `key` to the local path `destination`; false when there is no such file. */
export async function downloadFile(store: FileStore, key: string, destination: string): Promise<boolean> {
  const found = await store.read(key);
  if (!found) return false;
  await pipeline(found.body, fs.createWriteStream(destination));
  return true;
}

export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
}

// Any name a file of ours has (job ids, '龙腾天下.zip'), but no separator, control character or
// leading dot: no segment can be '.' or '..' or hide a file.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must not pass
const SEGMENT = /^(?!\.)[^/\\\u0000-\u001f\u007f]+$/u;

/**
 * Refuses a key that could leave its folder or mean two things: empty segments, '.', '..',
 * backslashes, a leading slash. Keys are made by the server, never taken from a request whole,
 * but a request's path names the file it serves: this is the last check before the disk or bucket.
 */
export function checkKey(key: string): string {
  const segments = key.split('/');
  if (!key || key.length > 1024 || segments.some((segment) => !SEGMENT.test(segment))) {
    throw new StorageKeyError(`Not a storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
  return key;
}

/** A prefix is a key, or '' for the whole store (list only); a trailing '/' is allowed. */
export function checkPrefix(prefix: string): string {
  const bare = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (bare) checkKey(bare);
  return bare;
}
